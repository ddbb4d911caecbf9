import assert from "node:assert/strict";
import { melbourneInstant } from "../shared/melbourne-time.ts";
import { isSeriesDue, visitsToCreate } from "./planning.ts";
import type { PlannedVisit } from "./rules.ts";

const visit = (date: string): PlannedVisit => ({ date, startTime: melbourneInstant(date, 9), endTime: melbourneInstant(date, 12) });
const FRIDAYS = ["2026-12-04", "2026-12-11", "2026-12-18", "2026-12-25"].map(visit);
const none = new Set<string>();

Deno.test("a series is due while it is active and not decided through its horizon", () => {
  const today = "2026-11-22";
  // Eight weeks from today (its first visit is past), or from its first visit when that is later.
  const cases: [string, { status: "ACTIVE" | "PAUSED" | "ENDED"; anchorDate: string; generatedThrough: string | null }, boolean][] = [
    ["never planned", { status: "ACTIVE", anchorDate: "2026-11-27", generatedThrough: null }, true],
    ["planned through its first visit", { status: "ACTIVE", anchorDate: "2026-11-27", generatedThrough: "2026-11-27" }, true],
    ["a day short of its horizon", { status: "ACTIVE", anchorDate: "2026-11-27", generatedThrough: "2027-01-21" }, true],
    ["through its horizon (8 weeks after its first visit)", { status: "ACTIVE", anchorDate: "2026-11-27", generatedThrough: "2027-01-22" }, false],
    ["an old series, through 8 weeks after today", { status: "ACTIVE", anchorDate: "2026-01-02", generatedThrough: "2027-01-17" }, false],
    ["an old series, a week behind", { status: "ACTIVE", anchorDate: "2026-01-02", generatedThrough: "2027-01-10" }, true],
    ["paused", { status: "PAUSED", anchorDate: "2026-11-27", generatedThrough: null }, false],
    ["ended", { status: "ENDED", anchorDate: "2026-11-27", generatedThrough: null }, false],
  ];
  for (const [what, series, due] of cases) assert.equal(isSeriesDue(series, today, 8), due, what);
});

Deno.test("visits to create: every planned occurrence without a visit, placed like the first visit", () => {
  const pending = visitsToCreate(FRIDAYS, { taken: none, closed: none, firstVisitStatus: "PENDING" });
  assert.deepEqual(pending.map((v) => [v.visit.date, v.placedAs, v.unplacedAs]), [
    ["2026-12-04", "PENDING", "NEEDS_ATTENTION"],
    ["2026-12-11", "PENDING", "NEEDS_ATTENTION"],
    ["2026-12-18", "PENDING", "NEEDS_ATTENTION"],
    ["2026-12-25", "PENDING", "NEEDS_ATTENTION"],
  ]);
  assert.deepEqual(pending[0].visit, FRIDAYS[0]);
  for (const first of ["CONFIRMED", "DONE"] as const) {
    assert.ok(visitsToCreate(FRIDAYS, { taken: none, closed: none, firstVisitStatus: first }).every((v) => v.placedAs === "CONFIRMED"), first);
  }
  for (const first of ["CANCELLED", "NEEDS_ATTENTION", null] as const) {
    assert.ok(visitsToCreate(FRIDAYS, { taken: none, closed: none, firstVisitStatus: first }).every((v) => v.placedAs === "PENDING"), String(first));
  }
});

Deno.test("visits to create: an occurrence with a visit (even a skipped one) is left alone; a closed day is not tried", () => {
  const plan = visitsToCreate(FRIDAYS, { taken: new Set(["2026-12-11"]), closed: new Set(["2026-12-25"]), firstVisitStatus: "CONFIRMED" });
  assert.deepEqual(plan.map((v) => [v.visit.date, v.placedAs]), [
    ["2026-12-04", "CONFIRMED"],
    ["2026-12-18", "CONFIRMED"],
    ["2026-12-25", null],
  ]);
  assert.deepEqual(visitsToCreate([], { taken: none, closed: none, firstVisitStatus: "PENDING" }), []);
});

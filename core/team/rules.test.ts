import assert from "node:assert/strict";
import { booking } from "../notifications/test-fixtures.ts";
import {
  checkInOpensAt,
  decideCheckIn,
  decideCheckOut,
  decideCorrection,
  decideOnMyWay,
  isLateCheckIn,
  isMarkable,
  TEAM_JOB_ERRORS,
} from "./rules.ts";
import { attendanceCorrectionSchema, jobMarkInputSchema, teamJobsQuerySchema, timesheetsQuerySchema } from "./schemas.ts";
import { noMarks } from "./types.ts";

// 9:00 am Melbourne on Sat 28 Nov 2026 (22:00Z the day before); check-in opens at 7:00 am.
const job = booking({ status: "CONFIRMED" });
const start = job.startTime;
const at = (minutes: number) => new Date(start.getTime() + minutes * 60_000);
const none = noMarks(job._id, "c1");
const input = { note: "", lat: null, lng: null };

Deno.test("the check-in window opens 2 hours before the start, to the minute", () => {
  assert.equal(checkInOpensAt(job).toISOString(), at(-120).toISOString());
  const tooEarly = decideCheckIn(job, none, at(-121), input);
  assert.deepEqual(tooEarly, { ok: false, error: TEAM_JOB_ERRORS.tooEarly });
  assert.equal(TEAM_JOB_ERRORS.tooEarly.message, "Check-in opens 2 hours before the job starts.");
  const justOpen = decideCheckIn(job, none, at(-120), input);
  assert.ok(justOpen.ok);
  assert.equal(justOpen.value.checkInAt?.toISOString(), at(-120).toISOString());
  // Late is allowed: the time is recorded, whatever it is.
  assert.ok(decideCheckIn(job, none, at(300), input).ok);
  // A second before the window is still too early.
  assert.equal(decideCheckIn(job, none, new Date(at(-120).getTime() - 1000), input).ok, false);
});

Deno.test("only a booking holding its place takes marks", async (t) => {
  const cases: [string, Parameters<typeof isMarkable>[0], boolean][] = [
    ["PENDING", { type: "BOOKING", status: "PENDING" }, true],
    ["CONFIRMED", { type: "BOOKING", status: "CONFIRMED" }, true],
    ["DONE (the office was quicker)", { type: "BOOKING", status: "DONE" }, true],
    ["CANCELLED", { type: "BOOKING", status: "CANCELLED" }, false],
    ["NEEDS_ATTENTION", { type: "BOOKING", status: "NEEDS_ATTENTION" }, false],
    ["a quote", { type: "QUOTE", status: "QUOTE_REQUESTED" }, false],
  ];
  for (const [name, record, markable] of cases) {
    await t.step(name, () => {
      assert.equal(isMarkable(record), markable);
      const marked = { ...job, ...record };
      if (markable) return;
      assert.deepEqual(decideOnMyWay(marked, none, at(0)), { ok: false, error: TEAM_JOB_ERRORS.notActive });
      assert.deepEqual(decideCheckIn(marked, none, at(0), input), { ok: false, error: TEAM_JOB_ERRORS.notActive });
      assert.deepEqual(decideCheckOut(marked, { ...none, checkInAt: at(0) }, at(60), input), { ok: false, error: TEAM_JOB_ERRORS.notActive });
    });
  }
});

Deno.test("On my way → Check in → Check out, each once, in that order", () => {
  // On my way: once; the second tap changes nothing and is not `first`.
  const onTheWay = decideOnMyWay(job, none, at(-30));
  assert.ok(onTheWay.ok && onTheWay.value.first);
  assert.equal(onTheWay.value.marks.onMyWayAt?.toISOString(), at(-30).toISOString());
  const again = decideOnMyWay(job, onTheWay.value.marks, at(-20));
  assert.ok(again.ok && !again.value.first);
  assert.equal(again.value.marks.onMyWayAt?.toISOString(), at(-30).toISOString());
  assert.deepEqual(decideOnMyWay(job, none, at(-121)), { ok: false, error: TEAM_JOB_ERRORS.tooEarlyOnTheWay });

  // Check-out before check-in is refused.
  assert.deepEqual(decideCheckOut(job, onTheWay.value.marks, at(0), input), { ok: false, error: TEAM_JOB_ERRORS.notCheckedIn });

  const checkedIn = decideCheckIn(job, onTheWay.value.marks, at(-5), { note: "Side gate open", lat: -37.8, lng: 144.98 });
  assert.ok(checkedIn.ok);
  assert.deepEqual(
    [checkedIn.value.checkInNote, checkedIn.value.checkInLat, checkedIn.value.checkInLng, checkedIn.value.onMyWayAt?.toISOString()],
    ["Side gate open", -37.8, 144.98, at(-30).toISOString()],
  );
  assert.deepEqual(decideCheckIn(job, checkedIn.value, at(1), input), { ok: false, error: TEAM_JOB_ERRORS.alreadyCheckedIn });
  // On my way after arriving makes no sense (and e-mails nobody).
  assert.deepEqual(decideOnMyWay(job, checkedIn.value, at(1)), { ok: false, error: TEAM_JOB_ERRORS.alreadyCheckedIn });

  const out = decideCheckOut(job, checkedIn.value, at(185), { note: "Oven needs a new seal", lat: null, lng: null });
  assert.ok(out.ok);
  assert.equal(out.value.checkOutAt?.toISOString(), at(185).toISOString());
  assert.equal(out.value.checkOutNote, "Oven needs a new seal");
  assert.deepEqual(decideCheckOut(job, out.value, at(190), input), { ok: false, error: TEAM_JOB_ERRORS.alreadyCheckedOut });
  assert.deepEqual(decideCheckIn(job, out.value, at(190), input), { ok: false, error: TEAM_JOB_ERRORS.alreadyCheckedIn });

  // A clock set back never puts the check-out before the check-in.
  const backwards = decideCheckOut(job, checkedIn.value, at(-60), input);
  assert.ok(backwards.ok);
  assert.equal(backwards.value.checkOutAt?.toISOString(), checkedIn.value.checkInAt?.toISOString());
});

Deno.test("corrections: check-out after check-in, nothing in the future, null clears", async (t) => {
  const now = at(600);
  const stored = { ...none, checkInAt: at(-5), checkOutAt: at(180) };
  const by = { adminId: "a1", now };
  const fieldErrors = (result: ReturnType<typeof decideCorrection>) => result.ok ? null : result.error.fieldErrors;
  await t.step("a new check-in keeps the check-out", () => {
    const result = decideCorrection(stored, { checkInAt: at(0) }, by);
    assert.ok(result.ok);
    assert.deepEqual([result.value.checkInAt, result.value.checkOutAt, result.value.correctedByAdminId, result.value.correctedAt], [at(0), at(180), "a1", now]);
  });
  await t.step("both at once", () => {
    const result = decideCorrection(none, { checkInAt: at(0), checkOutAt: at(1) }, by);
    assert.ok(result.ok && result.value.checkOutAt?.getTime() === at(1).getTime());
  });
  await t.step("check-out at or before check-in", () => {
    assert.deepEqual(fieldErrors(decideCorrection(stored, { checkOutAt: at(-5) }, by)), { checkOutAt: ["Check-out must be after check-in."] });
    assert.deepEqual(fieldErrors(decideCorrection(stored, { checkInAt: at(200) }, by)), { checkOutAt: ["Check-out must be after check-in."] });
  });
  await t.step("a check-out needs a check-in", () => {
    assert.deepEqual(fieldErrors(decideCorrection(none, { checkOutAt: at(10) }, by)), { checkOutAt: ["Add the check-in time first."] });
    assert.deepEqual(fieldErrors(decideCorrection(stored, { checkInAt: null }, by)), { checkOutAt: ["Add the check-in time first."] });
  });
  await t.step("clearing both, or the check-out alone", () => {
    const cleared = decideCorrection(stored, { checkInAt: null, checkOutAt: null }, by);
    assert.ok(cleared.ok && cleared.value.checkInAt === null && cleared.value.checkOutAt === null);
    const reopened = decideCorrection(stored, { checkOutAt: null }, by);
    assert.ok(reopened.ok && reopened.value.checkInAt?.getTime() === at(-5).getTime() && reopened.value.checkOutAt === null);
  });
  await t.step("nothing in the future", () => {
    assert.deepEqual(fieldErrors(decideCorrection(stored, { checkInAt: at(601), checkOutAt: at(700) }, by)), {
      checkInAt: ["Times can’t be in the future."],
      checkOutAt: ["Times can’t be in the future."],
    });
    assert.ok(decideCorrection(stored, { checkOutAt: now }, by).ok);
  });
});

Deno.test("late on the timesheet: more than 5 minutes after the start", () => {
  assert.equal(isLateCheckIn(start, null), false);
  assert.equal(isLateCheckIn(start, at(-30)), false);
  assert.equal(isLateCheckIn(start, at(5)), false);
  assert.equal(isLateCheckIn(start, new Date(at(5).getTime() + 1000)), true);
});

const issues = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.success ? null : result.error!.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);

Deno.test("the schemas' 422s", async (t) => {
  await t.step("a tap's note and place", () => {
    assert.deepEqual(jobMarkInputSchema.parse({}), { note: "", lat: null, lng: null });
    assert.deepEqual(jobMarkInputSchema.parse({ note: "  Done  ", lat: -37.81, lng: 144.96 }), { note: "Done", lat: -37.81, lng: 144.96 });
    assert.deepEqual(issues(jobMarkInputSchema.safeParse({ lat: -37.8 })), ["lng: Send latitude and longitude together."]);
    assert.deepEqual(issues(jobMarkInputSchema.safeParse({ lat: 91, lng: 0 })), ["lat: Latitude must be a number from -90 to 90."]);
    assert.deepEqual(issues(jobMarkInputSchema.safeParse({ lat: 0, lng: "east" })), ["lng: Longitude must be a number from -180 to 180."]);
    assert.deepEqual(issues(jobMarkInputSchema.safeParse({ note: "x".repeat(1001) })), ["note: Keep the note to 1,000 characters or fewer."]);
    assert.deepEqual(issues(jobMarkInputSchema.safeParse({ note: 5 })), ["note: The note must be text."]);
  });
  await t.step("a cleaner's range of days: both or neither, at most 31", () => {
    assert.deepEqual(teamJobsQuerySchema.parse({}), {});
    assert.equal(issues(teamJobsQuerySchema.safeParse({ from: "2026-12-01", to: "2026-12-31" })), null);
    assert.deepEqual(issues(teamJobsQuerySchema.safeParse({ from: "2026-12-01", to: "2027-01-01" })), ["to: Ask for at most 31 days at a time."]);
    assert.deepEqual(issues(teamJobsQuerySchema.safeParse({ from: "2026-12-01" })), ["to: Send both from and to, or neither."]);
    assert.deepEqual(issues(teamJobsQuerySchema.safeParse({ from: "2026-12-02", to: "2026-12-01" })), ["to: The end date must be on or after the start date."]);
    assert.deepEqual(issues(teamJobsQuerySchema.safeParse({ from: "1 Dec", to: "2026-12-01" })), ["from: Use a date written YYYY-MM-DD."]);
  });
  await t.step("timesheets: at most 62 days", () => {
    assert.equal(issues(timesheetsQuerySchema.safeParse({ from: "2026-12-01", to: "2027-01-31" })), null);
    assert.deepEqual(issues(timesheetsQuerySchema.safeParse({ from: "2026-12-01", to: "2027-02-01" })), ["to: Ask for at most 62 days at a time."]);
    assert.deepEqual(issues(timesheetsQuerySchema.safeParse({ to: "2026-12-01" })), ["from: Use a date written YYYY-MM-DD."]);
  });
  await t.step("a correction: ISO times with an offset, or null; one at least", () => {
    assert.deepEqual(attendanceCorrectionSchema.parse({ checkInAt: "2026-11-28T08:55:00+11:00", checkOutAt: null }), {
      checkInAt: new Date("2026-11-27T21:55:00Z"),
      checkOutAt: null,
    });
    assert.deepEqual(issues(attendanceCorrectionSchema.safeParse({})), ["checkInAt: Send checkInAt or checkOutAt."]);
    assert.deepEqual(issues(attendanceCorrectionSchema.safeParse({ checkOutAt: "2026-11-28 12:00" })), [
      "checkOutAt: Use a date and time with its offset, e.g. 2026-11-28T09:00:00+11:00.",
    ]);
  });
});

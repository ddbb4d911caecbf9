import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { nextOccurrences, nthOccurrence, occurrenceDates, visitTimes } from "./occurrences.ts";

Deno.test("weekly and fortnightly occurrences step by 7 and 14 days from the anchor", () => {
  const weekly = { unit: "WEEK" as const, every: 1, anchorDate: "2026-11-27" };
  assertEquals(occurrenceDates(weekly, "2026-11-27", "2026-12-18"), ["2026-11-27", "2026-12-04", "2026-12-11", "2026-12-18"]);
  const fortnightly = { ...weekly, every: 2 };
  assertEquals(occurrenceDates(fortnightly, "2026-12-01", "2027-01-08"), ["2026-12-11", "2026-12-25", "2027-01-08"]);
});

Deno.test("monthly on the 31st keeps the month's last day when shorter, and the 31st again after", () => {
  const monthly = { unit: "MONTH" as const, every: 1, anchorDate: "2027-01-31" };
  assertEquals(occurrenceDates(monthly, "2027-01-01", "2027-06-30"), [
    "2027-01-31", "2027-02-28", "2027-03-31", "2027-04-30", "2027-05-31", "2027-06-30",
  ]);
  assertEquals(nthOccurrence({ unit: "MONTH", every: 1, anchorDate: "2028-01-31" }, 1), "2028-02-29");
  assertEquals(nthOccurrence({ unit: "MONTH", every: 3, anchorDate: "2026-11-30" }, 1), "2027-02-28");
});

Deno.test("a range far after the anchor starts near it and never returns dates before the anchor", () => {
  const weekly = { unit: "WEEK" as const, every: 1, anchorDate: "2026-01-05" };
  assertEquals(occurrenceDates(weekly, "2030-01-01", "2030-01-14"), ["2030-01-07", "2030-01-14"]);
  assertEquals(occurrenceDates(weekly, "2025-12-01", "2026-01-05"), ["2026-01-05"]);
});

Deno.test("the wall-clock start holds across the April and October daylight-saving changes", () => {
  const terms = { startMinutes: 9 * 60, durationMinutes: 180 };
  // 29 Mar 2026 is AEDT (+11), 5 Apr 2026 AEST (+10): same 9:00 in Melbourne.
  assertEquals(visitTimes(terms, "2026-03-29").startTime.toISOString(), "2026-03-28T22:00:00.000Z");
  assertEquals(visitTimes(terms, "2026-04-05").startTime.toISOString(), "2026-04-04T23:00:00.000Z");
  // 4 Oct 2026 is the first AEDT Sunday.
  assertEquals(visitTimes(terms, "2026-09-27").startTime.toISOString(), "2026-09-26T23:00:00.000Z");
  assertEquals(visitTimes(terms, "2026-10-04").startTime.toISOString(), "2026-10-03T22:00:00.000Z");
  assertEquals(visitTimes(terms, "2026-10-04").endTime.toISOString(), "2026-10-04T01:00:00.000Z");
});

Deno.test("next occurrences leave out the first visit", () => {
  const terms = { unit: "WEEK" as const, every: 1, anchorDate: "2026-11-27", startMinutes: 600, durationMinutes: 120 };
  assertEquals(nextOccurrences(terms, 3).map((o) => o.date), ["2026-12-04", "2026-12-11", "2026-12-18"]);
});

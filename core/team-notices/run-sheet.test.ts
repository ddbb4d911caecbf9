import assert from "node:assert/strict";
import { melbourneInstant } from "../shared/melbourne-time.ts";
import { runSheetDue, type RunSheetJob, runSheetsFor } from "./run-sheet.ts";

Deno.test("runSheetDue: off by default; from the hour to midnight, Melbourne time, for tomorrow", async (t) => {
  const CASES: Array<[string, number | null, Date, string | null]> = [
    ["off", null, melbourneInstant("2026-12-02", 20), null],
    ["before the hour", 18, melbourneInstant("2026-12-02", 17, 59), null],
    ["at the hour", 18, melbourneInstant("2026-12-02", 18), "2026-12-03"],
    ["later that evening", 18, melbourneInstant("2026-12-02", 23, 59), "2026-12-03"],
    ["after midnight: the next day's hour not yet come", 18, melbourneInstant("2026-12-03", 0, 30), null],
    ["hour 0: from midnight, for the day after", 0, melbourneInstant("2026-12-03", 0, 5), "2026-12-04"],
    ["across the spring change (Sat 3 Oct 2026 evening)", 19, melbourneInstant("2026-10-03", 19), "2026-10-04"],
  ];
  for (const [name, hour, now, day] of CASES) {
    await t.step(name, () => assert.equal(runSheetDue({ runSheetHour: hour }, now)?.day ?? null, day));
  }
  await t.step("the bounds are that day's Melbourne midnights (23 hours on the spring change)", () => {
    const due = runSheetDue({ runSheetHour: 19 }, melbourneInstant("2026-10-03", 19))!;
    assert.equal(due.from.toISOString(), "2026-10-03T14:00:00.000Z");
    assert.equal(due.to.toISOString(), "2026-10-04T13:00:00.000Z");
  });
});

Deno.test("runSheetsFor: one sheet per reachable cleaner with jobs that day, not sent yet, jobs by start", () => {
  const day = "2026-12-03";
  const sheetJob = (bookingId: string, cleanerId: string, hour: number, ymd = day): RunSheetJob => ({
    bookingId,
    cleanerId,
    reference: `YS-${bookingId}`,
    startTime: melbourneInstant(ymd, hour),
    endTime: melbourneInstant(ymd, hour + 2),
    address: "1 Any St, Kew VIC 3101",
    customerFirstName: "Al",
    service: "Hourly Cleaning, 2 hours",
  });
  const emails = new Map([["priya", "p@example.com"], ["tom", "t@example.com"], ["sofia", "s@example.com"], ["nomail", " "]]);
  const sheets = runSheetsFor(day, [
    sheetJob("b3", "tom", 14),
    sheetJob("b1", "tom", 8),
    sheetJob("b2", "priya", 10),
    sheetJob("b4", "sofia", 9),
    sheetJob("b5", "nomail", 9),
    sheetJob("b6", "priya", 9, "2026-12-04"),
  ], emails, new Set(["sofia"]));
  assert.deepEqual(sheets.map((s) => [s.cleanerId, s.to, s.jobs.map((j) => j.bookingId)]), [
    ["priya", "p@example.com", ["b2"]],
    ["tom", "t@example.com", ["b1", "b3"]],
  ]);
});

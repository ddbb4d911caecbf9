import assert from "node:assert/strict";
import fc from "fast-check";
import { SCHEDULING_DEFAULTS, type SchedulingSettings } from "../../settings/types.ts";
import { addDaysYmd, melbourneInstant } from "../../shared/melbourne-time.ts";
import { dayAvailability, type DayContext } from "./availability.ts";
import { capacityClaim, packVisits } from "./capacity.ts";
import type { Occupancy } from "../ports.ts";
import { slotHours, slotInstant, startTimeProblem, visitEnd } from "./scheduling.ts";

// Sunday 22 November 2026, 12:00 in Melbourne (AEDT).
const NOW = new Date("2026-11-22T01:00:00Z");
const MONTH_START = "2026-11-20";
const visitAt = (ymd: string, hour: number, minutes: number): Occupancy => {
  const start = melbourneInstant(ymd, hour);
  return { start, end: visitEnd(start, minutes) };
};
const context = (patch: Partial<DayContext> & { scheduling?: Partial<SchedulingSettings> } = {}): DayContext => ({
  now: NOW,
  holders: [],
  ...patch,
  scheduling: { ...SCHEDULING_DEFAULTS, ...patch.scheduling },
  visit: patch.visit ?? { closedDates: new Map(), lengthMinutes: 120 },
});

Deno.test("dayAvailability: the day reasons", async (t) => {
  await t.step("before the lead time (and past days)", () => {
    assert.deepEqual(dayAvailability("2026-11-24", context()), { date: "2026-11-24", open: false, reason: "BEFORE_LEAD_TIME" });
    assert.deepEqual(dayAvailability("2026-11-01", context()), { date: "2026-11-01", open: false, reason: "BEFORE_LEAD_TIME" });
  });
  await t.step("a closed weekday", () => {
    assert.deepEqual(dayAvailability("2026-11-29", context()), { date: "2026-11-29", open: false, reason: "CLOSED_DAY" });
  });
  await t.step("a closed date, with its label", () => {
    const visit = { closedDates: new Map([["2026-12-25", "Christmas Day"]]), lengthMinutes: 120 };
    assert.deepEqual(dayAvailability("2026-12-25", context({ visit })), {
      date: "2026-12-25",
      open: false,
      reason: "CLOSED_DATE",
      label: "Christmas Day",
    });
  });
  await t.step("beyond the horizon", () => {
    assert.deepEqual(dayAvailability("2027-11-23", context()), { date: "2027-11-23", open: false, reason: "BEYOND_HORIZON" });
    assert.equal(dayAvailability("2027-11-22", context()).open, true);
  });
  await t.step("full: every slot taken", () => {
    const holders = slotHours(SCHEDULING_DEFAULTS).filter((h) => h % 2 === 0).map((h) => visitAt("2026-12-01", h, 120));
    assert.deepEqual(dayAvailability("2026-12-01", context({ holders })), { date: "2026-12-01", open: false, reason: "FULL" });
  });
  await t.step("full: a visit too long for the working day", () => {
    const visit = { closedDates: new Map(), lengthMinutes: 11 * 60 };
    assert.deepEqual(dayAvailability("2026-12-01", context({ visit })), { date: "2026-12-01", open: false, reason: "FULL" });
  });
});

Deno.test("dayAvailability: slots that would end after the close are not offered; taken ones say so", () => {
  const visit = { closedDates: new Map(), lengthMinutes: 300 };
  const day = dayAvailability("2026-12-01", context({ visit, holders: [visitAt("2026-12-01", 8, 120)] }));
  assert.equal(day.open, true);
  // 5-hour visits end by 18:00 only from 13:00; the 8:00 visit blocks starts before 10:00 (buffer) .
  assert.deepEqual(
    day.slots?.map((slot) => [new Date(slot.startTimeISO).toISOString(), slot.available]),
    [8, 9, 10, 11, 12, 13].map((hour) => [melbourneInstant("2026-12-01", hour).toISOString(), hour >= 10]),
  );
});

/** The booking's own two rules, as create-booking and the store run them, for one start. */
function bookingAccepts(start: Date, ctx: DayContext, holders: ReadonlyArray<Occupancy>): boolean {
  if (startTimeProblem(start, ctx.now, ctx.scheduling, ctx.visit) !== null) return false;
  const claim = capacityClaim({ start, end: visitEnd(start, ctx.visit.lengthMinutes) }, ctx.scheduling);
  // What the store reads under its lock: the capacity holders starting in the window.
  const read = holders.filter((v) => v.start >= claim.window.from && v.start <= claim.window.to);
  return claim.decide(read).ok;
}

Deno.test("property: for every slot of a month, the calendar offers exactly what a booking accepts", () => {
  const day = fc.integer({ min: 0, max: 40 }).map((offset) => addDaysYmd(MONTH_START, offset));
  fc.assert(
    fc.property(
      fc.record({
        slotBufferMin: fc.integer({ min: 0, max: 300 }),
        maxConcurrentPerSlot: fc.integer({ min: 1, max: 3 }),
        enforceBuffer: fc.boolean(),
        leadDays: fc.integer({ min: 0, max: 6 }),
        horizonDays: fc.integer({ min: 6, max: 40 }),
        firstSlotHour: fc.integer({ min: 6, max: 10 }),
        lastSlotHour: fc.integer({ min: 11, max: 17 }),
        closedWeekdays: fc.uniqueArray(fc.integer({ min: 0, max: 6 }), { maxLength: 3 }),
        dayEndHour: fc.integer({ min: 12, max: 22 }),
        reminderHoursBefore: fc.constant(24),
        freeChangeCutoffHours: fc.constant(24),
        seriesHorizonWeeks: fc.constant(8),
        availabilityMode: fc.constant("SLOTS" as const),
        teamGapMin: fc.constant(30),
      }),
      fc.uniqueArray(day, { maxLength: 4 }),
      fc.integer({ min: 15, max: 600 }),
      fc.array(fc.tuple(day, fc.integer({ min: 6, max: 18 }), fc.integer({ min: 30, max: 480 })), { maxLength: 60 }),
      (scheduling, closed, lengthMinutes, booked) => {
        const holders = booked.map(([ymd, hour, minutes]) => visitAt(ymd, hour, minutes))
          .toSorted((a, b) => a.start.getTime() - b.start.getTime());
        const ctx: DayContext = {
          now: NOW,
          scheduling,
          holders,
          visit: { closedDates: new Map(closed.map((ymd) => [ymd, "Closed"])), lengthMinutes },
        };
        // The same visits packed, in the reverse of start order (the index sorts them).
        const packedCtx: DayContext = { ...ctx, holders: packVisits(holders.toReversed()) };
        for (let offset = 0; offset <= 40; offset++) {
          const ymd = addDaysYmd(MONTH_START, offset);
          const shown = dayAvailability(ymd, ctx);
          assert.deepEqual(dayAvailability(ymd, packedCtx), shown, `${ymd}, packed`);
          const free = new Set((shown.slots ?? []).filter((slot) => slot.available).map((slot) => slot.startTimeISO));
          for (const hour of slotHours(scheduling)) {
            const start = slotInstant(ymd, hour);
            assert.equal(free.has(start.toISOString()), bookingAccepts(start, ctx, holders), `${ymd} ${hour}:00`);
          }
          assert.equal(shown.open, free.size > 0, ymd);
        }
      },
    ),
    { numRuns: 60 },
  );
});

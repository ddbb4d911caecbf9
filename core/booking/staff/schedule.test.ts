import assert from "node:assert/strict";
import fc from "fast-check";
import { booking } from "../../notifications/test-fixtures.ts";
import { SCHEDULING_DEFAULTS, type SchedulingSettings } from "../../settings/types.ts";
import { addDaysYmd, melbourneInstant } from "../../shared/melbourne-time.ts";
import type { Cleaner } from "../../cleaners/types.ts";
import { dayAvailability } from "../capacity/availability.ts";
import { isSlotBlocked } from "../capacity/capacity.ts";
import type { Occupancy } from "../ports.ts";
import { isLate, type JobMarks, makeGetSchedule, placesTaken, scheduleDay, type ScheduleDayContext, scheduleJob, sizeLabel } from "./schedule.ts";
import { scheduleQuerySchema } from "./schedule-schemas.ts";
import { visitEnd } from "../capacity/scheduling.ts";

const visitAt = (ymd: string, hour: number, minutes: number): Occupancy => {
  const start = melbourneInstant(ymd, hour);
  return { start, end: visitEnd(start, minutes) };
};
const context = (patch: Partial<Omit<ScheduleDayContext, "scheduling">> & { scheduling?: Partial<SchedulingSettings> } = {}): ScheduleDayContext => ({
  closedDates: new Map(),
  holders: [],
  ...patch,
  scheduling: { ...SCHEDULING_DEFAULTS, ...patch.scheduling },
});
const hoursOf = (day: { slots: { startTimeISO: string }[] }) => day.slots.map((slot) => slot.startTimeISO);

Deno.test("scheduleDay: closed weekdays and closed dates, as the booking form judges them", async (t) => {
  await t.step("a closed weekday (Sunday by default): no slots", () => {
    assert.deepEqual(scheduleDay("2026-11-29", context()), { date: "2026-11-29", open: false, reason: "CLOSED_DAY", slots: [] });
  });
  await t.step("a closed date, with its label", () => {
    const closedDates = new Map([["2026-12-25", "Christmas Day"], ["2026-12-28", ""]]);
    assert.deepEqual(scheduleDay("2026-12-25", context({ closedDates })), {
      date: "2026-12-25",
      open: false,
      reason: "CLOSED_DATE",
      label: "Christmas Day",
      slots: [],
    });
    assert.deepEqual(scheduleDay("2026-12-28", context({ closedDates })), { date: "2026-12-28", open: false, reason: "CLOSED_DATE", slots: [] });
  });
  await t.step("a closed date on a closed weekday says CLOSED_DAY, as startTimeProblem does", () => {
    const closedDates = new Map([["2026-11-29", "Team day"]]);
    assert.equal(scheduleDay("2026-11-29", context({ closedDates })).reason, "CLOSED_DAY");
  });
  await t.step("past days and days inside the lead time are open: the office works them", () => {
    assert.equal(scheduleDay("2020-01-06", context()).open, true);
    assert.equal(scheduleDay("2026-11-23", context()).slots.length, 9);
  });
});

Deno.test("scheduleDay: slot starts are Melbourne hours across both daylight-saving changes", async (t) => {
  const everyDay = { closedWeekdays: [] };
  await t.step("spring forward, Sunday 4 Oct 2026: AEST the day before, AEDT from the day", () => {
    assert.equal(hoursOf(scheduleDay("2026-10-03", context({ scheduling: everyDay })))[0], "2026-10-02T22:00:00.000Z");
    const sunday = hoursOf(scheduleDay("2026-10-04", context({ scheduling: everyDay })));
    assert.deepEqual([sunday[0], sunday.at(-1)], ["2026-10-03T21:00:00.000Z", "2026-10-04T05:00:00.000Z"]);
  });
  await t.step("fall back, Sunday 4 Apr 2027: AEDT the day before, AEST from the day", () => {
    assert.equal(hoursOf(scheduleDay("2027-04-03", context({ scheduling: everyDay })))[0], "2027-04-02T21:00:00.000Z");
    const sunday = hoursOf(scheduleDay("2027-04-04", context({ scheduling: everyDay })));
    assert.deepEqual([sunday[0], sunday.at(-1)], ["2027-04-03T22:00:00.000Z", "2027-04-04T06:00:00.000Z"]);
  });
  await t.step("the slot hours follow the settings", () => {
    const day = scheduleDay("2026-11-23", context({ scheduling: { firstSlotHour: 7, lastSlotHour: 9 } }));
    assert.deepEqual(hoursOf(day), ["2026-11-22T20:00:00.000Z", "2026-11-22T21:00:00.000Z", "2026-11-22T22:00:00.000Z"]);
  });
});

Deno.test("scheduleDay: taken and free per slot, as the capacity rule counts", async (t) => {
  const ymd = "2026-12-01";
  const slot = (day: ReturnType<typeof scheduleDay>, hour: number) =>
    day.slots.find((s) => s.startTimeISO === melbourneInstant(ymd, hour).toISOString())!;
  await t.step("a 3-hour job at 9: starts within the 120-minute buffer count, and so does the job running at 11", () => {
    const day = scheduleDay(ymd, context({ holders: [visitAt(ymd, 9, 180)] }));
    assert.deepEqual(day.slots.map((s) => [s.taken, s.free]), [
      [1, 0], // 8: starts an hour later
      [1, 0], // 9
      [1, 0], // 10
      [1, 0], // 11: two hours after, but it is still running
      [0, 1], // 12: it ends as 12 starts
      [0, 1],
      [0, 1],
      [0, 1],
      [0, 1],
    ]);
  });
  await t.step("two places a slot: two jobs fill it, free never goes below 0", () => {
    const holders = [visitAt(ymd, 9, 120), visitAt(ymd, 10, 120), visitAt(ymd, 9, 60)];
    const day = scheduleDay(ymd, context({ holders, scheduling: { maxConcurrentPerSlot: 2 } }));
    assert.deepEqual([slot(day, 9).taken, slot(day, 9).free], [3, 0]);
    assert.deepEqual([slot(day, 11).taken, slot(day, 11).free], [1, 1]);
    assert.deepEqual([slot(day, 14).taken, slot(day, 14).free], [0, 2]);
  });
  await t.step("yesterday's and tomorrow's jobs count only where the rule reaches", () => {
    const holders = [visitAt(addDaysYmd(ymd, -1), 16, 120), visitAt(addDaysYmd(ymd, 1), 8, 120)];
    assert.deepEqual(scheduleDay(ymd, context({ holders })).slots.map((s) => s.taken), [0, 0, 0, 0, 0, 0, 0, 0, 0]);
    // Round the clock: a late job yesterday and an early one tomorrow reach across midnight.
    const night = [visitAt(addDaysYmd(ymd, -1), 23, 60), { start: melbourneInstant(addDaysYmd(ymd, 1), 0, 30), end: melbourneInstant(addDaysYmd(ymd, 1), 1, 30) }];
    const day = scheduleDay(ymd, context({ holders: night, scheduling: { firstSlotHour: 0, lastSlotHour: 23 } }));
    assert.deepEqual([slot(day, 0).taken, slot(day, 1).taken, slot(day, 22).taken, slot(day, 23).taken], [1, 0, 0, 1]);
  });
});

/** Visits of at most a day (the end-of-day rule keeps every booked visit so), around one start. */
const arbitraryVisits = fc.array(
  fc.tuple(fc.integer({ min: -2 * 1440, max: 2 * 1440 }), fc.integer({ min: 15, max: 1440 })),
  { maxLength: 15 },
);

Deno.test("placesTaken (property): a start is blocked exactly when taken reaches the places", () => {
  const start = melbourneInstant("2026-12-01", 10);
  fc.assert(
    fc.property(arbitraryVisits, fc.integer({ min: 1, max: 5 }), fc.integer({ min: 0, max: 1440 }), (offsets, places, buffer) => {
      const visits = offsets.map(([from, length]): Occupancy => {
        const begins = new Date(start.getTime() + from * 60_000);
        return { start: begins, end: visitEnd(begins, length) };
      });
      const settings = { slotBufferMin: buffer, maxConcurrentPerSlot: places, enforceBuffer: true };
      assert.equal(placesTaken(start, visits, settings) >= places, isSlotBlocked(start, visits, settings));
    }),
    { numRuns: 500 },
  );
});

Deno.test("scheduleDay agrees with the availability calendar on which slots have room", () => {
  // Two-hour visits and the 120-minute buffer: the calendar's visit and a bare start count the same jobs.
  const now = new Date("2026-11-22T01:00:00Z");
  const ymd = "2026-12-02";
  const holders = [visitAt(ymd, 8, 120), visitAt(ymd, 13, 60)];
  const calendar = dayAvailability(ymd, {
    now,
    scheduling: SCHEDULING_DEFAULTS,
    visit: { closedDates: new Map(), lengthMinutes: 120 },
    holders,
  });
  const schedule = scheduleDay(ymd, context({ holders }));
  assert.equal(calendar.open, true);
  const free = new Map(schedule.slots.map((s) => [s.startTimeISO, s.free > 0]));
  for (const slot of calendar.slots ?? []) assert.equal(free.get(slot.startTimeISO), slot.available, slot.startTimeISO);
  assert.deepEqual(schedule.slots.map((s) => s.free), [0, 0, 1, 1, 0, 0, 0, 1, 1]);
  assert.equal(calendar.slots?.length, schedule.slots.length);
});

Deno.test("sizeLabel: hours, bedrooms or a studio; nothing for a fixed price", async (t) => {
  const cases: [string, Parameters<typeof sizeLabel>[0], string][] = [
    ["3 hours", { pricingModel: "HOURLY", hours: 3, bedrooms: null }, "3 hours"],
    ["1 hour", { pricingModel: "HOURLY", hours: 1, bedrooms: null }, "1 hour"],
    ["2.5 hours", { pricingModel: "HOURLY", hours: 2.5, bedrooms: null }, "2.5 hours"],
    ["2 bedrooms", { pricingModel: "BEDROOMS", hours: null, bedrooms: 2 }, "2 bedrooms"],
    ["1 bedroom", { pricingModel: "BEDROOMS", hours: null, bedrooms: 1 }, "1 bedroom"],
    ["a studio", { pricingModel: "BEDROOMS", hours: null, bedrooms: 0 }, "Studio"],
    ["fixed", { pricingModel: "FIXED", hours: null, bedrooms: null }, ""],
  ];
  for (const [name, record, expected] of cases) await t.step(name, () => assert.equal(sizeLabel(record), expected));
});

Deno.test("scheduleJob: what the schedule shows of a booking", () => {
  const arrived = new Date("2026-11-27T21:55:00Z");
  const record = {
    ...booking({ status: "CONFIRMED", cleanerIds: ["c2", "c1"], seriesId: "s1" }),
    customerNotes: "Gate code 4821",
    // c1's marks, and those of someone taken off the job since (not shown).
    marks: [
      { cleanerId: "c1", onMyWayAt: new Date("2026-11-27T21:30:00Z"), checkInAt: arrived, checkOutAt: null },
      { cleanerId: "gone", onMyWayAt: null, checkInAt: arrived, checkOutAt: null },
    ],
  };
  assert.deepEqual(scheduleJob(record, new Date("2026-11-28T00:00:00Z")), {
    _id: record._id,
    reference: "YS-7K3F9Q",
    status: "CONFIRMED",
    startTime: "2026-11-27T22:00:00.000Z",
    endTime: "2026-11-28T01:00:00.000Z",
    createdAt: "2026-11-20T01:02:03.000Z",
    customerName: "Jane Citizen",
    phone: "0412345678",
    suburb: "Fitzroy",
    addressLine: "3/12 Smith St, Fitzroy VIC 3065",
    serviceName: "Hourly Cleaning",
    sizeLabel: "3 hours",
    extras: ["Inside oven × 2", "Balcony"],
    cleanerIds: ["c2", "c1"],
    seriesId: "s1",
    customerNotes: "Gate code 4821",
    attendance: [
      { cleanerId: "c2", onMyWayAt: null, checkInAt: null, checkOutAt: null },
      { cleanerId: "c1", onMyWayAt: "2026-11-27T21:30:00.000Z", checkInAt: "2026-11-27T21:55:00.000Z", checkOutAt: null },
    ],
    late: false,
  });
});

Deno.test("isLate: 30 minutes past the start, place-holding and not done, with cleaners, none checked in", async (t) => {
  // Starts 9:00 am Melbourne (22:00Z); late from 9:30 am on.
  const start = new Date("2026-11-27T22:00:00Z");
  const at = (minutes: number) => new Date(start.getTime() + minutes * 60_000);
  const job = { status: "CONFIRMED" as const, startTime: start, cleanerIds: ["c1", "c2"], marks: [] as JobMarks[] };
  const checkedIn = (cleanerId: string): JobMarks => ({ cleanerId, onMyWayAt: null, checkInAt: at(40), checkOutAt: null });
  const cases: [string, Parameters<typeof isLate>[0], Date, boolean][] = [
    ["30 minutes after the start: not yet", job, at(30), false],
    ["30 minutes and a second after", job, new Date(at(30).getTime() + 1000), true],
    ["an hour after, PENDING", { ...job, status: "PENDING" }, at(60), true],
    ["DONE is never late", { ...job, status: "DONE" }, at(60), false],
    ["waiting for a new time is never late", { ...job, status: "NEEDS_ATTENTION" }, at(60), false],
    ["no cleaners: nobody to be late", { ...job, cleanerIds: [] }, at(60), false],
    ["one of its cleaners checked in", { ...job, marks: [checkedIn("c2")] }, at(60), false],
    ["only someone taken off the job checked in", { ...job, marks: [checkedIn("gone")] }, at(60), true],
    ["on the way is not arrived", { ...job, marks: [{ cleanerId: "c1", onMyWayAt: at(-10), checkInAt: null, checkOutAt: null }] }, at(60), true],
  ];
  for (const [name, late, now, expected] of cases) await t.step(name, () => assert.equal(isLate(late, now), expected));
});

Deno.test("scheduleQuerySchema: Melbourne dates, in order, at most 31 days", () => {
  const errors = (query: Record<string, string>) => {
    const parsed = scheduleQuerySchema.safeParse(query);
    return parsed.success ? null : parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
  };
  assert.equal(errors({ from: "2026-12-01", to: "2026-12-31" }), null);
  assert.equal(errors({ from: "2026-12-01", to: "2026-12-01" }), null);
  assert.deepEqual(errors({ from: "2026-12-01", to: "2027-01-01" }), ["to: Ask for at most 31 days at a time."]);
  assert.deepEqual(errors({ from: "2026-12-02", to: "2026-12-01" }), ["to: The end date must be on or after the start date."]);
  assert.deepEqual(errors({ from: "2026-02-30", to: "2026-03-01" }), ["from: Use a date written YYYY-MM-DD."]);
  assert.deepEqual(errors({ to: "2026-03-01" }), ["from: Use a date written YYYY-MM-DD."]);
});

const cleaner = (id: string, name: string, active: boolean): Cleaner => ({
  _id: id,
  name,
  phone: "",
  email: "",
  colour: "#1f7a6d",
  active,
  createdAt: new Date("2026-01-01T00:00:00Z"),
});

Deno.test("makeGetSchedule: one read around the range; jobs in it; the team on it", async () => {
  const reads: { from: Date; to: Date }[] = [];
  // The week of the autumn change: Monday 29 Mar to Sunday 4 Apr 2027.
  const inRange = booking({ _id: "in", startTime: melbourneInstant("2027-04-01", 9), endTime: melbourneInstant("2027-04-01", 12), cleanerIds: ["gone"] });
  const dayBefore = booking({ _id: "before", startTime: melbourneInstant("2027-03-28", 16), endTime: melbourneInstant("2027-03-28", 18) });
  const dayAfter = booking({ _id: "after", startTime: melbourneInstant("2027-04-05", 8), endTime: melbourneInstant("2027-04-05", 10) });
  const getSchedule = makeGetSchedule({
    bookings: {
      jobsStartingBetween: (from, to) => {
        reads.push({ from, to });
        return Promise.resolve([dayBefore, inRange, dayAfter].map((b) => ({ ...b, customerNotes: "", marks: [] })));
      },
    },
    cleaners: {
      list: () => Promise.resolve([cleaner("active", "Priya", true), cleaner("gone", "Ex", false), cleaner("idle", "Old", false)]),
    },
    settings: { getScheduling: () => Promise.resolve({ ...SCHEDULING_DEFAULTS, closedWeekdays: [] }) },
    closedDates: { list: () => Promise.resolve([{ date: "2027-04-02", label: "Good Friday" }]) },
    clock: { now: () => melbourneInstant("2027-04-01", 10) },
  });
  const schedule = await getSchedule({ from: "2027-03-29", to: "2027-04-04" });
  assert.deepEqual(reads, [{
    from: new Date(melbourneInstant("2027-03-29", 0).getTime() - 24 * 3600_000),
    to: new Date(melbourneInstant("2027-04-05", 0).getTime() + 120 * 60_000),
  }]);
  assert.deepEqual(schedule.jobs.map((job) => job._id), ["in"]);
  // An hour past its start with no one checked in (issue 31).
  assert.deepEqual(schedule.jobs.map((job) => [job.late, job.attendance]), [[true, [{ cleanerId: "gone", onMyWayAt: null, checkInAt: null, checkOutAt: null }]]]);
  assert.deepEqual(schedule.cleaners.map((c) => [c._id, c.createdAt]), [["active", "2026-01-01T00:00:00.000Z"], ["gone", "2026-01-01T00:00:00.000Z"]]);
  assert.deepEqual(schedule.days.map((day) => [day.date, day.open, day.reason ?? ""]), [
    ["2027-03-29", true, ""],
    ["2027-03-30", true, ""],
    ["2027-03-31", true, ""],
    ["2027-04-01", true, ""],
    ["2027-04-02", false, "CLOSED_DATE"],
    ["2027-04-03", true, ""],
    ["2027-04-04", true, ""],
  ]);
  // The next day's 8 am job is within the buffer of nothing on Sunday; Thursday's job fills 8 to 11.
  assert.deepEqual(schedule.days[3].slots.slice(0, 5).map((s) => s.taken), [1, 1, 1, 1, 0]);
  assert.deepEqual(schedule.days[6].slots.map((s) => s.taken), [0, 0, 0, 0, 0, 0, 0, 0, 0]);
});

import { deepStrictEqual as assertEquals, equal } from "node:assert/strict";
import fc from "fast-check";
import { addDaysYmd, melbourneInstant, melbourneYmd } from "../shared/melbourne-time.ts";
import { toCents } from "../shared/money.ts";
import {
  bookedRevenue,
  cancelledValue,
  collected,
  customerCounts,
  hoursOf,
  isCancelledJob,
  isPlaceHolding,
  jobsInRange,
  meanRating,
  outstanding,
  type ReportJob,
  type ReportLedgerEntry,
  type ReportRecords,
  recurringRunRate,
  summarise,
  utilisationOf,
  visitsPerFourWeeks,
} from "./figures.ts";
import type { ReportRange } from "./schemas.ts";

const at = (ymd: string, hour: number, minute = 0) => melbourneInstant(ymd, hour, minute);
const hours = (n: number) => n * 3_600_000;
const SCHEDULING = { closedWeekdays: [0], firstSlotHour: 8, dayEndHour: 18 };

let ids = 0;
const job = (overrides: Partial<ReportJob> & Pick<ReportJob, "start">): ReportJob => ({
  id: `job-${++ids}`,
  type: "BOOKING",
  status: "CONFIRMED",
  end: new Date(overrides.start.getTime() + hours(2)),
  price: 100,
  customerId: null,
  cleanerIds: [],
  serviceId: "regular",
  serviceName: "Regular Clean",
  cancelReason: "",
  ...overrides,
});

/**
 * Two weeks over the April 2026 change back to AEST (3 am AEDT on Sunday 5 April becomes 2 am),
 * with Good Friday (3 Apr) and Easter Monday (6 Apr) closed. Each figure is worked out by hand below.
 */
const RANGE: ReportRange = { from: "2026-03-30", to: "2026-04-12" };
const j = {
  mondayMorning: job({ status: "DONE", start: at("2026-03-30", 9), end: at("2026-03-30", 12), price: 200, customerId: "c1", cleanerIds: ["ana"] }),
  // 00:30 AEDT on the Sunday the clocks go back: 13:30 UTC the day before, still the first week.
  changeNight: job({ start: at("2026-04-05", 0, 30), end: at("2026-04-05", 3), price: 150, customerId: "c2", cleanerIds: ["ben"] }),
  // Melbourne midnight starting the second week (AEST by then).
  secondMonday: job({ status: "PENDING", start: at("2026-04-06", 0), price: 99.99, customerId: "c1", serviceId: "lease", serviceName: "End of Lease Clean" }),
  sick: job({ status: "CANCELLED", start: at("2026-04-08", 10), price: 120, cancelReason: "Sick", customerId: "c3", cleanerIds: ["ana"] }),
  noReason: job({ status: "CANCELLED", start: at("2026-04-09", 10), price: 80, customerId: "c3" }),
  sickAgain: job({ status: "CANCELLED", start: at("2026-04-10", 11), price: 60, cancelReason: "Sick" }),
  waiting: job({ status: "NEEDS_ATTENTION", start: at("2026-04-07", 9), price: 130 }),
  quote: job({ type: "QUOTE", status: "QUOTE_REQUESTED", start: at("2026-04-07", 13), price: 500 }),
  // The range's last minute, ending the next day, with a service the catalogue no longer has.
  lastMinute: job({
    status: "DONE",
    start: at("2026-04-12", 23, 59),
    end: at("2026-04-13", 1, 59),
    price: 300,
    customerId: "c4",
    cleanerIds: ["ben", "dee"],
    serviceId: null,
    serviceName: "Old Spring Clean",
  }),
  after: job({ status: "DONE", start: at("2026-04-13", 0), price: 1000, customerId: "c4" }),
  before: job({ status: "DONE", start: at("2026-03-29", 23, 59), price: 700, customerId: "c2" }),
};

const RECORDS: ReportRecords = {
  jobs: Object.values(j),
  services: [
    { id: "regular", name: "Regular Clean", deleted: false },
    { id: "lease", name: "End of Lease", deleted: true },
  ],
  ledger: [
    { bookingId: j.mondayMorning.id, amount: 150, receivedAt: at("2026-03-31", 10), voided: false },
    { bookingId: j.mondayMorning.id, amount: 100, receivedAt: at("2026-04-02", 10), voided: true },
    { bookingId: j.lastMinute.id, amount: 300, receivedAt: at("2026-04-13", 0), voided: false },
    { bookingId: j.after.id, amount: 200, receivedAt: at("2026-03-30", 0), voided: false },
    { bookingId: j.after.id, amount: -50, receivedAt: new Date(at("2026-04-13", 0).getTime() - 1), voided: false },
    { bookingId: j.sick.id, amount: 20, receivedAt: at("2026-04-06", 1), voided: false },
  ],
  series: [
    { status: "ACTIVE", unit: "WEEK", every: 1, pricePerVisit: 150 },
    { status: "ACTIVE", unit: "WEEK", every: 2, pricePerVisit: 180 },
    { status: "ACTIVE", unit: "MONTH", every: 1, pricePerVisit: 260 },
    { status: "ACTIVE", unit: "WEEK", every: 3, pricePerVisit: 100 },
    { status: "PAUSED", unit: "WEEK", every: 1, pricePerVisit: 400 },
    { status: "ENDED", unit: "MONTH", every: 1, pricePerVisit: 400 },
  ],
  cleaners: [
    {
      id: "ana",
      name: "Ana",
      active: true,
      workingHoursSet: true,
      days: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: "09:00", end: "17:00" })),
    },
    { id: "ben", name: "Ben", active: true, workingHoursSet: false, days: [] },
    { id: "cat", name: "Cat", active: false, workingHoursSet: false, days: [] },
    { id: "dee", name: "Dee", active: false, workingHoursSet: false, days: [] },
  ],
  timeOff: [{ cleanerId: "ana", from: "2026-04-08", to: "2026-04-09" }],
  closedDates: ["2026-04-03", "2026-04-06"],
  ratings: [
    { bookingId: j.mondayMorning.id, rating: 5 },
    { bookingId: j.changeNight.id, rating: 4 },
    { bookingId: j.lastMinute.id, rating: 4 },
    { bookingId: j.after.id, rating: 1 },
  ],
};

Deno.test("the hand-worked fortnight over the April daylight-saving change: every figure", () => {
  assertEquals(summarise(RECORDS, { ...RANGE, scheduling: SCHEDULING }), {
    from: "2026-03-30",
    to: "2026-04-12",
    // 200 + 150 + 99.99 + 300: the waiting visit, the quote and the jobs either side are out.
    bookedRevenue: 749.99,
    // 150 + 200 − 50 + 20 (the voided 100 and the payment received after the range are out).
    collected: 320,
    // Monday morning's 200 less the 150 paid (not the voided 100); the last minute's 300 is paid.
    outstanding: 50,
    jobs: 4,
    cancelled: 3,
    cancelledValue: 260,
    cancelReasons: [{ reason: "Sick", count: 2 }, { reason: "", count: 1 }],
    // c1 and c4 start in the range; c2 was here the night before; c3 only cancelled.
    newCustomers: 2,
    returningCustomers: 1,
    // 150×4 + 180×2 + 260×12/13 + 100×4/3 = 600 + 360 + 240 + 133.33.
    recurringRunRate: 1333.33,
    byWeek: [
      { weekStart: "2026-03-30", booked: 350, collected: 350, jobs: 2, cancelled: 0 },
      { weekStart: "2026-04-06", booked: 399.99, collected: -30, jobs: 2, cancelled: 3 },
    ],
    byService: [
      { serviceId: "regular", name: "Regular Clean", jobs: 2, booked: 350 },
      { serviceId: null, name: "Old Spring Clean", jobs: 1, booked: 300 },
      { serviceId: null, name: "End of Lease Clean", jobs: 1, booked: 99.99 },
    ],
    byCleaner: [
      // 6 weekdays of 8 h (Good Friday, Easter Monday and 2 days' leave off): 3 / 48 = 0.0625.
      { cleanerId: "ana", name: "Ana", jobs: 1, hours: 3, utilisation: 0.063, averageRating: 5 },
      // The default week, Mon–Sat 8:00–18:00: 10 days of 10 h. 00:30 to 3:00 on the change night
      // is 3.5 real hours (2–3 am happens twice), + 2 h.
      { cleanerId: "ben", name: "Ben", jobs: 2, hours: 5.5, utilisation: 0.055, averageRating: 4 },
      // Inactive, listed for the job in the range; Cat (inactive, no job) is not.
      { cleanerId: "dee", name: "Dee", jobs: 1, hours: 2, utilisation: 0.02, averageRating: 4 },
    ],
    averageRating: 4.3,
    ratings: 3,
  });
});

Deno.test("a range with nothing in it: zeros, nulls and every week present", () => {
  const empty: ReportRecords = { jobs: [], services: [], ledger: [], series: [], cleaners: [], timeOff: [], closedDates: [], ratings: [] };
  const summary = summarise(empty, { from: "2026-10-01", to: "2026-10-14", scheduling: SCHEDULING });
  assertEquals(summary.byWeek.map((w) => [w.weekStart, w.booked, w.collected, w.jobs, w.cancelled]), [
    ["2026-09-28", 0, 0, 0, 0],
    ["2026-10-05", 0, 0, 0, 0],
    ["2026-10-12", 0, 0, 0, 0],
  ]);
  assertEquals([summary.averageRating, summary.ratings, summary.byCleaner, summary.byService, summary.cancelReasons], [null, 0, [], [], []]);
});

Deno.test("rounding: hours to 2 decimals, utilisation to 3, ratings to 1, half away from zero", () => {
  const table: [string, unknown, unknown][] = [
    ["18 s is 0.005 h", hoursOf(18_000), 0.01],
    ["1 minute", hoursOf(60_000), 0.02],
    ["20 minutes", hoursOf(1_200_000), 0.33],
    ["1 of 8 hours", utilisationOf(hours(1), hours(8)), 0.125],
    ["1 of 1,600 hours (0.000625)", utilisationOf(hours(1), hours(1600)), 0.001],
    ["no working hours", utilisationOf(hours(3), 0), null],
    ["booked past their hours", utilisationOf(hours(9), hours(8)), 1.125],
    ["4.25", meanRating(17, 4), 4.3],
    ["14 / 3", meanRating(14, 3), 4.7],
    ["no ratings", meanRating(0, 0), null],
  ];
  for (const [name, actual, expected] of table) equal(actual, expected, name);
});

Deno.test("visits per 4 weeks: every n weeks 4/n, every n months 12/13/n", () => {
  const table: [Parameters<typeof visitsPerFourWeeks>[0], number][] = [
    [{ unit: "WEEK", every: 1 }, 4],
    [{ unit: "WEEK", every: 2 }, 2],
    [{ unit: "WEEK", every: 4 }, 1],
    [{ unit: "MONTH", every: 1 }, 12 / 13],
    [{ unit: "MONTH", every: 3 }, 4 / 13],
  ];
  for (const [series, expected] of table) {
    const { numerator, denominator } = visitsPerFourWeeks(series);
    equal(numerator / denominator, expected, `${series.unit} every ${series.every}`);
  }
  // A half cent rounds up once, on the sum: 13 c every 8 months is 1.5 c per 4 weeks.
  equal(recurringRunRate([{ status: "ACTIVE", unit: "MONTH", every: 8, pricePerVisit: 0.13 }]), 0.02);
  equal(recurringRunRate([]), 0);
});

// ------------------------------------------------------------------------------- properties

const ANCHORS = ["2026-04-01", "2026-10-01", "2027-04-01", "2027-09-28"];

/** A range of 1 to 60 days starting within a fortnight of a daylight-saving change. */
const rangeArb = fc.record({
  anchor: fc.constantFrom(...ANCHORS),
  offset: fc.integer({ min: -14, max: 14 }),
  days: fc.integer({ min: 1, max: 60 }),
}).map(({ anchor, offset, days }) => {
  const from = addDaysYmd(anchor, offset);
  return { from, to: addDaysYmd(from, days - 1) };
});

/** An instant within a month either side of the anchors, to the minute, midnights likely. */
const instantArb = fc.record({
  anchor: fc.constantFrom(...ANCHORS),
  day: fc.integer({ min: -30, max: 75 }),
  minute: fc.oneof(fc.constantFrom(0, 1439, 120, 180), fc.integer({ min: 0, max: 1439 })),
}).map(({ anchor, day, minute }) => melbourneInstant(addDaysYmd(anchor, day), Math.floor(minute / 60), minute % 60));

const centsArb = fc.integer({ min: 0, max: 500_000 }).map((cents) => cents / 100);

const jobArb = fc.record({
  type: fc.constantFrom("BOOKING" as const, "BOOKING" as const, "QUOTE" as const),
  status: fc.constantFrom("PENDING" as const, "CONFIRMED" as const, "DONE" as const, "CANCELLED" as const, "NEEDS_ATTENTION" as const),
  start: instantArb,
  price: centsArb,
  customerId: fc.option(fc.constantFrom("c1", "c2", "c3", "c4")),
}).map((fields) => job({ ...fields, status: fields.type === "QUOTE" ? "QUOTE_REQUESTED" : fields.status }));

const entryArb: fc.Arbitrary<ReportLedgerEntry> = fc.record({
  bookingId: fc.constantFrom("a", "b", "c"),
  amount: fc.integer({ min: -50_000, max: 50_000 }).filter((cents) => cents !== 0).map((cents) => cents / 100),
  receivedAt: instantArb,
  voided: fc.boolean(),
});

Deno.test("property: collected never counts a voided payment", () => {
  fc.assert(fc.property(rangeArb, fc.array(entryArb, { maxLength: 30 }), entryArb, (range, ledger, extra) => {
    const standing = ledger.filter((entry) => !entry.voided);
    equal(collected(ledger, range), collected(standing, range));
    // Any entry, once voided, adds nothing, whenever and however much it was.
    equal(collected([...ledger, { ...extra, voided: true }], range), collected(ledger, range));
    // ...and outstanding is owed as if it were never there.
    const done = [job({ id: "a", status: "DONE", start: at(range.from, 9), price: 300 })];
    equal(outstanding(done, [...ledger, { ...extra, voided: true }]), outstanding(done, ledger));
  }), { numRuns: 300 });
});

Deno.test("property: booked + cancelledValue over a range is the sum of its jobs' prices (place-holding or cancelled)", () => {
  fc.assert(fc.property(rangeArb, fc.array(jobArb, { maxLength: 40 }), (range, jobs) => {
    const inRange = jobsInRange(jobs, range);
    const expected = inRange.filter((one) => isPlaceHolding(one) || isCancelledJob(one)).reduce((sum, one) => sum + toCents(one.price), 0);
    equal(toCents(bookedRevenue(inRange)) + toCents(cancelledValue(inRange)), expected);
    // Quotes and visits waiting for a time are neither booked nor cancelled.
    const others = inRange.filter((one) => !isPlaceHolding(one) && !isCancelledJob(one));
    equal(bookedRevenue(others) + cancelledValue(others), 0);
  }), { numRuns: 300 });
});

Deno.test("property: a job's week is the Monday-start week of its Melbourne day, across daylight saving", () => {
  fc.assert(fc.property(rangeArb, fc.array(jobArb, { maxLength: 30 }), (range, jobs) => {
    const summary = summarise({ jobs, services: [], ledger: [], series: [], cleaners: [], timeOff: [], closedDates: [], ratings: [] }, {
      ...range,
      scheduling: SCHEDULING,
    });
    for (const week of summary.byWeek) {
      // Counted by hand from each start's Melbourne calendar day.
      const theirs = jobs.filter((one) => {
        const day = melbourneYmd(one.start);
        return one.type === "BOOKING" && day >= range.from && day <= range.to && day >= week.weekStart && day <= addDaysYmd(week.weekStart, 6);
      });
      equal(week.jobs, theirs.filter(isPlaceHolding).length, week.weekStart);
      equal(week.cancelled, theirs.filter(isCancelledJob).length, week.weekStart);
    }
  }), { numRuns: 300 });
});

Deno.test("property: the weeks' figures add up to the headline figures", () => {
  fc.assert(fc.property(rangeArb, fc.array(jobArb, { maxLength: 40 }), fc.array(entryArb, { maxLength: 30 }), (range, jobs, ledger) => {
    const summary = summarise({ jobs, services: [], ledger, series: [], cleaners: [], timeOff: [], closedDates: [], ratings: [] }, {
      ...range,
      scheduling: SCHEDULING,
    });
    const total = (pick: (week: (typeof summary.byWeek)[number]) => number, money = false) =>
      summary.byWeek.reduce((sum, week) => sum + (money ? toCents(pick(week)) : pick(week)), 0);
    equal(total((w) => w.booked, true), toCents(summary.bookedRevenue));
    equal(total((w) => w.collected, true), toCents(summary.collected));
    equal(total((w) => w.jobs), summary.jobs);
    equal(total((w) => w.cancelled), summary.cancelled);
  }), { numRuns: 300 });
});

Deno.test("property: new and returning customers are those with a place-holding job in the range, split by their first", () => {
  fc.assert(fc.property(rangeArb, fc.array(jobArb, { maxLength: 40 }), (range, jobs) => {
    const { newCustomers, returningCustomers } = customerCounts(jobs, range);
    const holding = jobs.filter((one) => isPlaceHolding(one) && one.customerId !== null);
    const inRange = new Set(jobsInRange(holding, range).map((one) => one.customerId));
    const before = new Set(holding.filter((one) => melbourneYmd(one.start) < range.from).map((one) => one.customerId));
    equal(newCustomers + returningCustomers, inRange.size);
    equal(returningCustomers, [...inRange].filter((id) => before.has(id)).length);
  }), { numRuns: 300 });
});

import assert from "node:assert/strict";
import type { Extra, Frequency, Service } from "../catalog/types.ts";
import { booking } from "../notifications/test-fixtures.ts";
import { SCHEDULING_DEFAULTS } from "../settings/types.ts";
import { melbourneInstant } from "../shared/melbourne-time.ts";
import { err } from "../shared/result.ts";
import type { BookingRecord, NewBookingRecord } from "../booking/types.ts";
import {
  generatedVisitStatus,
  planChange,
  planEnd,
  planMove,
  plannedStartsFrom,
  plannedVisits,
  planPause,
  planResume,
  planSkip,
  SERIES_ERRORS,
  SERIES_MESSAGES,
  seriesHorizonEnd,
  seriesVisitStatus,
  visitRecord,
} from "./rules.ts";
import { recurringVisitTotals, seriesStartFor } from "./start.ts";
import type { Series } from "./types.ts";

/** Sunday 22 Nov 2026, 11:00 in Melbourne. */
const NOW = new Date("2026-11-22T00:00:00Z");
const HOUR = 3_600_000;

const service: Service = {
  _id: "svc-1", name: "Hourly Cleaning", slug: "hourly", pricingModel: "HOURLY", ratePerHour: 55, minHours: 2, maxHours: 8,
  stepHours: 0.5, bedroomPrices: [], basePrice: 0, durationMinutes: 120, description: "", deletedAt: null,
};
const extra = (_id: string, title: string, price: number, durationMinutes = 0): Extra => ({
  _id, serviceId: "svc-1", title, description: "", price, hasQuantity: true, maxQuantity: 5, durationMinutes, imageUrl: "",
  active: true, order: 1, deletedAt: null,
});
const frequencies: Frequency[] = [
  { _id: "f1", name: "Weekly", code: "WEEKLY", discountPercent: 10, repeatUnit: "WEEK", repeatEvery: 1 },
  { _id: "f2", name: "Fortnightly", code: "FORTNIGHTLY", discountPercent: 5, repeatUnit: "WEEK", repeatEvery: 2 },
  { _id: "f3", name: "Monthly", code: "MONTHLY", discountPercent: 0, repeatUnit: "MONTH", repeatEvery: 1 },
  { _id: "f4", name: "One time", code: "ONE_TIME", discountPercent: 0, repeatUnit: "NONE", repeatEvery: 0 },
];
const catalogue = { service, extras: [extra("x1", "Inside oven", 35, 30), extra("x2", "Balcony", 20.5)], frequencies };

/** The fixture's booking as a new record: Sat 28 Nov 2026 9:00-12:00, weekly, 3 hours and add-ons. */
const newRecord = (overrides: Partial<NewBookingRecord> = {}): NewBookingRecord => {
  const {
    _id: _i, createdAt: _c, reference: _r, cancelReason: _cr, calendarSequence: _s, cleanerIds: _cl, customerId: _cu,
    seriesId: _se, seriesDate: _sd, ...record
  } = booking();
  return { ...record, ...overrides };
};

/** A stored series from the fixture's booking. */
function series(overrides: Partial<Series> = {}): Series {
  const start = seriesStartFor(newRecord(), frequencies);
  assert.ok(start);
  return {
    ...start,
    _id: "s1",
    status: "ACTIVE",
    customerId: null,
    firstBookingId: "b1",
    endsOn: null,
    generatedThrough: start.anchorDate,
    version: 1,
    cleanerIds: [],
    createdAt: NOW,
    ...overrides,
  };
}

const visit = (overrides: Partial<BookingRecord> = {}) =>
  booking({ startTime: melbourneInstant("2026-12-05", 9), endTime: melbourneInstant("2026-12-05", 12), seriesId: "s1", seriesDate: "2026-12-05", ...overrides });

const context = { now: NOW, scheduling: SCHEDULING_DEFAULTS, closedDates: new Map<string, string>() };

Deno.test("a booking whose frequency repeats starts a series on its Melbourne day and wall-clock time, at the recurring price", () => {
  const start = seriesStartFor(newRecord(), frequencies);
  assert.ok(start);
  const { template, ...terms } = start;
  assert.deepEqual(terms, {
    frequencyCode: "WEEKLY",
    frequencyName: "Weekly",
    unit: "WEEK",
    every: 1,
    anchorDate: "2026-11-28",
    startMinutes: 9 * 60,
    durationMinutes: 180,
  });
  // Each visit costs the recurring total, split as the first visit's base and add-ons were.
  assert.deepEqual(
    [template.baseAmount, template.extrasAmount, template.firstServiceTotal, template.recurringTotal],
    [148.5, 81.45, 229.95, 229.95],
  );
  assert.equal(template.email, "jane@example.com");
  assert.ok(!("startTime" in template) && !("status" in template) && !("paymentStatus" in template));
});

Deno.test("no series for a quote, a one-off, or a frequency the catalogue no longer has", () => {
  assert.equal(seriesStartFor(newRecord({ type: "QUOTE", status: "QUOTE_REQUESTED" }), frequencies), null);
  assert.equal(seriesStartFor(newRecord({ frequencyCode: "ONE_TIME" }), frequencies), null);
  assert.equal(seriesStartFor(newRecord({ frequencyCode: "GONE" }), frequencies), null);
});

Deno.test("recurring visit totals always add up to the recurring total", () => {
  for (const [base, extras, recurring] of [[100, 0, 85], [0, 40, 36], [33.33, 66.67, 90], [0, 0, 0], [137.5, 82.5, 187]]) {
    const totals = recurringVisitTotals({ baseAmount: base, extrasAmount: extras, firstServiceTotal: base + extras, recurringTotal: recurring, discountPercent: 15 });
    assert.equal(Math.round((totals.baseAmount + totals.extrasAmount) * 100), Math.round(recurring * 100));
    assert.equal(totals.firstServiceTotal, recurring);
  }
});

Deno.test("generation: a new weekly series has its next 8 visits, the horizon counted from its first visit", () => {
  const plan = plannedVisits(series(), { now: NOW, horizonWeeks: 8 });
  assert.ok(plan);
  assert.deepEqual(plan.visits.map((v) => v.date), [
    "2026-12-05", "2026-12-12", "2026-12-19", "2026-12-26", "2027-01-02", "2027-01-09", "2027-01-16", "2027-01-23",
  ]);
  assert.equal(plan.through, "2027-01-23");
  assert.equal(seriesHorizonEnd("2026-11-28", "2026-11-22", 8), "2027-01-23");
  assert.equal(seriesHorizonEnd("2026-01-01", "2026-11-22", 8), "2027-01-17");
  // Run again once decided: nothing more.
  assert.deepEqual(plannedVisits(series({ generatedThrough: plan.through }), { now: NOW, horizonWeeks: 8 })?.visits, []);
  // Two weeks later (the first visit a week past) the horizon is 8 weeks from today: one visit more.
  const later = plannedVisits(series({ generatedThrough: plan.through }), { now: new Date(NOW.getTime() + 14 * 24 * HOUR), horizonWeeks: 8 });
  assert.deepEqual(later?.visits.map((v) => v.date), ["2027-01-30"]);
});

Deno.test("generation keeps 9:00 in Melbourne across the April and October daylight-saving changes", () => {
  const april = series({ anchorDate: "2027-03-27", generatedThrough: "2027-03-27" });
  const plan = plannedVisits(april, { now: new Date("2027-03-20T00:00:00Z"), horizonWeeks: 3 });
  assert.deepEqual(plan?.visits.map((v) => [v.date, v.startTime.toISOString(), v.endTime.toISOString()]), [
    ["2027-04-03", "2027-04-02T22:00:00.000Z", "2027-04-03T01:00:00.000Z"],
    // 4 Apr 2027: AEDT ends.
    ["2027-04-10", "2027-04-09T23:00:00.000Z", "2027-04-10T02:00:00.000Z"],
    ["2027-04-17", "2027-04-16T23:00:00.000Z", "2027-04-17T02:00:00.000Z"],
  ]);
  const october = series({ anchorDate: "2027-09-25", generatedThrough: "2027-09-25" });
  const spring = plannedVisits(october, { now: new Date("2027-09-20T00:00:00Z"), horizonWeeks: 2 });
  assert.deepEqual(spring?.visits.map((v) => v.startTime.toISOString()), [
    "2027-10-01T23:00:00.000Z",
    // 3 Oct 2027: AEDT starts.
    "2027-10-08T22:00:00.000Z",
  ]);
});

Deno.test("generation: fortnightly steps 14 days; monthly on the 31st takes the month's last day", () => {
  const fortnightly = plannedVisits(series({ every: 2 }), { now: NOW, horizonWeeks: 6 });
  assert.deepEqual(fortnightly?.visits.map((v) => v.date), ["2026-12-12", "2026-12-26", "2027-01-09"]);
  const monthly = series({ unit: "MONTH", every: 1, anchorDate: "2026-12-31", generatedThrough: "2026-12-31" });
  const plan = plannedVisits(monthly, { now: new Date("2026-12-01T00:00:00Z"), horizonWeeks: 26 });
  assert.deepEqual(plan?.visits.map((v) => v.date), [
    "2027-01-31", "2027-02-28", "2027-03-31", "2027-04-30", "2027-05-31", "2027-06-30",
  ]);
});

Deno.test("generation never books the past, stops before ends_on, and does nothing while paused or ended", () => {
  // The job was down for weeks: it resumes from today, not from the last date it decided.
  const stale = plannedVisits(series({ generatedThrough: "2026-11-28" }), { now: new Date("2027-01-04T00:00:00Z"), horizonWeeks: 2 });
  assert.deepEqual(stale?.visits.map((v) => v.date), ["2027-01-09", "2027-01-16"]);
  // Today's visit that has started already is left out.
  const today = plannedVisits(series({ generatedThrough: "2026-12-04" }), { now: melbourneInstant("2026-12-05", 10), horizonWeeks: 1 });
  assert.deepEqual(today?.visits.map((v) => v.date), ["2026-12-12"]);
  const ending = plannedVisits(series({ endsOn: "2026-12-19" }), { now: NOW, horizonWeeks: 8 });
  assert.deepEqual(ending?.visits.map((v) => v.date), ["2026-12-05", "2026-12-12"]);
  assert.equal(plannedVisits(series({ status: "PAUSED" }), { now: NOW, horizonWeeks: 8 }), null);
  assert.equal(plannedVisits(series({ status: "ENDED" }), { now: NOW, horizonWeeks: 8 }), null);
  // A shorter horizon never takes back what was decided.
  assert.equal(plannedVisits(series({ generatedThrough: "2027-06-01" }), { now: NOW, horizonWeeks: 1 })?.through, "2027-06-01");
});

Deno.test("a generated visit follows the first visit's status, or needs attention when it can't be placed", () => {
  assert.equal(seriesVisitStatus("PENDING"), "PENDING");
  assert.equal(seriesVisitStatus("CONFIRMED"), "CONFIRMED");
  assert.equal(seriesVisitStatus("DONE"), "CONFIRMED");
  assert.equal(seriesVisitStatus("CANCELLED"), "PENDING");
  assert.equal(generatedVisitStatus("CONFIRMED", { free: true, closed: false }), "CONFIRMED");
  assert.equal(generatedVisitStatus("CONFIRMED", { free: false, closed: false }), "NEEDS_ATTENTION");
  assert.equal(generatedVisitStatus("PENDING", { free: true, closed: true }), "NEEDS_ATTENTION");
  const [planned] = plannedVisits(series(), { now: NOW, horizonWeeks: 1 })!.visits;
  const record = visitRecord(series().template, planned, "PENDING");
  assert.deepEqual([record.type, record.status, record.paymentStatus, record.totalPaid, record.firstServiceTotal], ["BOOKING", "PENDING", "UNPAID", null, 229.95]);
  assert.deepEqual([record.startTime, record.endTime], [melbourneInstant("2026-12-05", 9), melbourneInstant("2026-12-05", 12)]);
});

Deno.test("skip: a coming visit that stands, of a series not ended", () => {
  assert.equal(planSkip(series(), visit(), NOW).ok, true);
  assert.equal(planSkip(series(), visit({ status: "NEEDS_ATTENTION" }), NOW).ok, true);
  assert.deepEqual(planSkip(series({ status: "ENDED" }), visit(), NOW), err(SERIES_ERRORS.ended));
  for (const status of ["CANCELLED", "DONE"] as const) {
    assert.deepEqual(planSkip(series(), visit({ status }), NOW), err(SERIES_ERRORS.visitNotChangeable));
  }
  const started = visit({ startTime: new Date(NOW.getTime() - HOUR) });
  assert.deepEqual(planSkip(series(), started, NOW), err(SERIES_ERRORS.visitNotChangeable));
});

Deno.test("move: the office's start rules, the visit's length kept; a visit needing attention takes the series' status", () => {
  const to = melbourneInstant("2026-12-07", 13);
  const moved = planMove(series(), visit(), to, { ...context, firstVisitStatus: "CONFIRMED" });
  assert.ok(moved.ok);
  assert.deepEqual(moved.value, { startTime: to, endTime: melbourneInstant("2026-12-07", 16), status: "PENDING", unchanged: false, outsideHours: false });
  const placed = planMove(series(), visit({ status: "NEEDS_ATTENTION" }), to, { ...context, firstVisitStatus: "CONFIRMED" });
  assert.equal(placed.ok && placed.value.status, "CONFIRMED");
  // Its own time again: nothing to do, unless it needs attention (staff try the same time again).
  const same = planMove(series(), visit(), visit().startTime, { ...context, firstVisitStatus: "PENDING" });
  assert.equal(same.ok && same.value.unchanged, true);
  const retry = planMove(series(), visit({ status: "NEEDS_ATTENTION" }), visit().startTime, { ...context, firstVisitStatus: "PENDING" });
  assert.equal(retry.ok && retry.value.unchanged, false);
  // Inside the public lead time is fine for the office; Sunday (closed), 7 pm and a closed date are not.
  assert.ok(planMove(series(), visit(), melbourneInstant("2026-11-24", 9), { ...context, firstVisitStatus: "PENDING" }).ok);
  for (const [start, closedDates] of [
    [melbourneInstant("2026-12-06", 9), new Map()],
    [melbourneInstant("2026-12-07", 19), new Map()],
    [melbourneInstant("2026-12-25", 9), new Map([["2026-12-25", "Christmas Day"]])],
  ] as const) {
    const refused = planMove(series(), visit(), start, { ...context, closedDates, firstVisitStatus: "PENDING" });
    assert.equal(!refused.ok && refused.error.code, "VALIDATION_FAILED");
    assert.ok(!refused.ok && refused.error.fieldErrors?.startTimeISO);
  }
  // Issue 28: a quarter hour is fine; with allowOutsideHours Sunday and 7 pm are too (and recorded), a closed date still is not.
  assert.equal(planMove(series(), visit(), melbourneInstant("2026-12-07", 13, 45), { ...context, firstVisitStatus: "PENDING" }).ok, true);
  for (const start of [melbourneInstant("2026-12-06", 9), melbourneInstant("2026-12-07", 19)]) {
    const outside = planMove(series(), visit(), start, { ...context, firstVisitStatus: "PENDING", allowOutsideHours: true });
    assert.equal(outside.ok && outside.value.outsideHours, true);
  }
  const christmas = planMove(series(), visit(), melbourneInstant("2026-12-25", 19), {
    ...context, closedDates: new Map([["2026-12-25", "Christmas Day"]]), firstVisitStatus: "PENDING", allowOutsideHours: true,
  });
  assert.equal(!christmas.ok && christmas.error.code, "VALIDATION_FAILED");
  assert.deepEqual(planMove(series({ status: "ENDED" }), visit(), to, { ...context, firstVisitStatus: "PENDING" }), err(SERIES_ERRORS.ended));
  assert.deepEqual(planMove(series(), visit({ status: "DONE" }), to, { ...context, firstVisitStatus: "PENDING" }), err(SERIES_ERRORS.visitNotChangeable));
});

Deno.test("change from a date: new terms start on that date, re-priced on the live catalogue", () => {
  // 4 hours and one oven from Wednesday 9 Dec, 10:00: the rate is the catalogue's now.
  const change = planChange(series(), { fromDate: "2026-12-09", startTime: "10:00", hours: 4, extras: [{ extraId: "x1", quantity: 1 }] }, catalogue, context);
  assert.ok(change.ok);
  const { terms, template } = change.value;
  assert.deepEqual(terms, { unit: "WEEK", every: 1, anchorDate: "2026-12-09", startMinutes: 600, durationMinutes: 270 });
  // 4 x 55 + 35 = 255, less 10% = 229.50.
  assert.deepEqual([template.hours, template.firstServiceTotal, template.recurringTotal], [4, 229.5, 229.5]);
  assert.deepEqual(template.extras, [{ extraId: "x1", titleAtBooking: "Inside oven", quantity: 1, priceAtBooking: 35 }]);
  // Monthly from then: the frequency's repeat and discount.
  const monthly = planChange(series(), { fromDate: "2026-12-09", frequencyCode: "MONTHLY" }, catalogue, context);
  assert.ok(monthly.ok);
  assert.deepEqual([monthly.value.terms.unit, monthly.value.terms.every, monthly.value.frequencyName], ["MONTH", 1, "Monthly"]);
  assert.equal(monthly.value.template.firstServiceTotal, 255.5);
  // Only the time: the price and the length stay as they were.
  const timeOnly = planChange(series(), { fromDate: "2026-12-05", startTime: "13:00" }, { ...catalogue, service: null }, context);
  assert.ok(timeOnly.ok);
  assert.deepEqual([timeOnly.value.terms.startMinutes, timeOnly.value.terms.durationMinutes, timeOnly.value.template], [780, 180, series().template]);
  const starts = plannedStartsFrom(timeOnly.value.terms, "2026-12-05", 2);
  assert.deepEqual(starts, [melbourneInstant("2026-12-05", 13), melbourneInstant("2026-12-12", 13)]);
});

Deno.test("change from a date: what is refused, and where the message goes", () => {
  const fieldErrorsOf = (result: ReturnType<typeof planChange>) => (result.ok ? null : result.error.fieldErrors);
  assert.deepEqual(fieldErrorsOf(planChange(series(), { fromDate: "2026-11-21" }, catalogue, context)), { fromDate: [SERIES_MESSAGES.fromDatePast] });
  assert.deepEqual(fieldErrorsOf(planChange(series(), { fromDate: "2026-12-09", startTime: "9am" }, catalogue, context)), { startTime: [SERIES_MESSAGES.startTime] });
  assert.deepEqual(fieldErrorsOf(planChange(series(), { fromDate: "2026-12-09", frequencyCode: "ONE_TIME" }, catalogue, context)), {
    frequencyCode: [SERIES_MESSAGES.notRepeating],
  });
  assert.deepEqual(Object.keys(fieldErrorsOf(planChange(series(), { fromDate: "2026-12-09", hours: 30 }, catalogue, context)) ?? {}), ["hours"]);
  assert.deepEqual(Object.keys(fieldErrorsOf(planChange(series(), { fromDate: "2026-12-09", extras: [{ extraId: "nope", quantity: 1 }] }, catalogue, context)) ?? {}), ["extras.0.extraId"]);
  // A Sunday (closed) is the date's problem; 7 pm is the time's.
  assert.deepEqual(Object.keys(fieldErrorsOf(planChange(series(), { fromDate: "2026-12-06" }, catalogue, context)) ?? {}), ["fromDate"]);
  assert.deepEqual(Object.keys(fieldErrorsOf(planChange(series(), { fromDate: "2026-12-07", startTime: "19:00" }, catalogue, context)) ?? {}), ["startTime"]);
  const christmas = { ...context, closedDates: new Map([["2026-12-25", "Christmas Day"]]) };
  assert.deepEqual(Object.keys(fieldErrorsOf(planChange(series(), { fromDate: "2026-12-25" }, catalogue, christmas)) ?? {}), ["fromDate"]);
  assert.equal(planChange(series(), { fromDate: "2026-12-09", hours: 4 }, { ...catalogue, service: null }, context).ok, false);
  const deleted = planChange(series(), { fromDate: "2026-12-09", hours: 4 }, { ...catalogue, service: null }, context);
  assert.equal(!deleted.ok && deleted.error.code, "SERVICE_DELETED");
  assert.deepEqual(planChange(series({ status: "ENDED" }), { fromDate: "2026-12-09" }, catalogue, context), err(SERIES_ERRORS.ended));
});

Deno.test("change from a date (issue 28): the office's quarter hours, and outside the working hours only when ticked", () => {
  const fieldErrorsOf = (result: ReturnType<typeof planChange>) => (result.ok ? null : result.error.fieldErrors);
  // 10:30 on a Wednesday: a quarter hour of the working day, nothing to record.
  const halfPast = planChange(series(), { fromDate: "2026-12-09", startTime: "10:30" }, catalogue, context);
  assert.ok(halfPast.ok);
  assert.deepEqual([halfPast.value.terms.startMinutes, halfPast.value.outsideHours], [630, false]);
  // The tick changes nothing when the start is inside the hours anyway.
  const ticked = planChange(series(), { fromDate: "2026-12-09", startTime: "10:30", allowOutsideHours: true }, catalogue, context);
  assert.equal(ticked.ok && ticked.value.outsideHours, false);
  // 10:10 is off the quarter hour, with or without the tick.
  for (const allowOutsideHours of [false, true]) {
    const off = planChange(series(), { fromDate: "2026-12-09", startTime: "10:10", allowOutsideHours }, catalogue, context);
    assert.deepEqual(Object.keys(fieldErrorsOf(off) ?? {}), ["startTime"]);
  }
  // 18:00 (after the last start, past the end of the day): refused with the way round it, accepted and recorded with the tick.
  const evening = planChange(series(), { fromDate: "2026-12-09", startTime: "18:00" }, catalogue, context);
  assert.deepEqual(fieldErrorsOf(evening), {
    startTime: ["Please choose a start time on the quarter hour between 8:00 and 16:00, or tick “Outside working hours”."],
  });
  const school = planChange(series(), { fromDate: "2026-12-09", startTime: "18:00", allowOutsideHours: true }, catalogue, context);
  assert.ok(school.ok);
  assert.deepEqual([school.value.terms.startMinutes, school.value.outsideHours], [18 * 60, true]);
  // 15:00 for 3 hours ends at 18:00; 15:30 runs past it unless ticked.
  assert.equal(planChange(series(), { fromDate: "2026-12-09", startTime: "15:00" }, catalogue, context).ok, true);
  assert.deepEqual(Object.keys(fieldErrorsOf(planChange(series(), { fromDate: "2026-12-09", startTime: "15:30" }, catalogue, context)) ?? {}), ["startTime"]);
  const late = planChange(series(), { fromDate: "2026-12-09", startTime: "15:30", allowOutsideHours: true }, catalogue, context);
  assert.equal(late.ok && late.value.outsideHours, true);
  // Sundays (a closed weekday) with the tick.
  const sunday = planChange(series(), { fromDate: "2026-12-06", allowOutsideHours: true }, catalogue, context);
  assert.equal(sunday.ok && sunday.value.outsideHours, true);
  // A closed date stays closed, tick or not.
  const christmas = { ...context, closedDates: new Map([["2026-12-25", "Christmas Day"]]) };
  const holiday = planChange(series(), { fromDate: "2026-12-25", startTime: "18:00", allowOutsideHours: true }, catalogue, christmas);
  assert.deepEqual(fieldErrorsOf(holiday), { fromDate: ["We’re closed on Friday 25 December 2026 (Christmas Day). Please choose another day."] });
});

Deno.test("pause, resume and end: from today or later; pausing a paused or resuming an active series changes nothing", () => {
  assert.deepEqual(planPause(series(), "2026-11-22", NOW), { ok: true, value: "pause" });
  assert.deepEqual(planPause(series({ status: "PAUSED" }), "2026-11-22", NOW), { ok: true, value: "unchanged" });
  assert.equal(planPause(series(), "2026-11-21", NOW).ok, false);
  assert.deepEqual(planResume(series({ status: "PAUSED" }), "2026-12-01", NOW), { ok: true, value: "resume" });
  assert.deepEqual(planResume(series(), "2026-12-01", NOW), { ok: true, value: "unchanged" });
  assert.deepEqual(planEnd(series(), "2026-12-01", NOW), { ok: true, value: null });
  const past = planEnd(series(), "2026-11-01", NOW);
  assert.deepEqual(!past.ok && past.error.fieldErrors, { fromDate: [SERIES_MESSAGES.fromDatePast] });
  for (const plan of [planPause, planResume, planEnd]) {
    assert.deepEqual(plan(series({ status: "ENDED" }), "2026-12-01", NOW), err(SERIES_ERRORS.ended));
  }
});

import assert from "node:assert/strict";
import { booking } from "../notifications/test-fixtures.ts";
import { SCHEDULING_DEFAULTS } from "../settings/types.ts";
import { melbourneInstant } from "../shared/melbourne-time.ts";
import {
  changeDeadline,
  changeRefusal,
  customerAuditEntry,
  customerSeriesAuditEntry,
  jobLengthMinutes,
  makeManageBooking,
  MANAGE_ERRORS,
  type ManageSeriesFacts,
  type ManageSeriesVisit,
  type ManageStore,
  type ManageTx,
  manageView,
  plannedMove,
  seriesEndDate,
  visitViews,
  withoutOwnVisit,
} from "./manage-booking.ts";
import { changeCutoffMessage, MANAGE_LIMITS, MANAGE_MESSAGES, SERIES_REASONS } from "../booking/manage/policy.ts";
import {
  manageAvailabilityQuerySchema,
  manageCancelSchema,
  manageCancelSeriesSchema,
  manageRescheduleSchema,
  manageViewSchema,
} from "../booking/manage/schemas.ts";
import type { AuditEntry } from "../shared/audit.ts";
import { DEMO_BUSINESS_PROFILE } from "../settings/demo-business-profile.ts";
import type { OutboxMessage } from "../shared/outbox.ts";
import { err, ok, type Result } from "../shared/result.ts";
import {
  closedDateMessage,
  closedDayMessage,
  dayEndMessage,
  earliestDateMessage,
  horizonMessage,
  START_TIME_PAST_MESSAGE,
  startHourMessage,
} from "../booking/capacity/scheduling.ts";
import { DRAFT_MESSAGES } from "../booking/draft/validation.ts";
import { AVAILABILITY_MESSAGES } from "../booking/schemas.ts";
import type { BookingRecord } from "../booking/types.ts";

/** Sunday 22 Nov 2026, 11:00 in Melbourne: the earliest bookable date is Thursday 26 Nov. */
const NOW = new Date("2026-11-22T00:00:00Z");
const HOUR = 3_600_000;
const PHONE = "03 9000 0000";
const POLICY = { freeChangeCutoffHours: 24, phone: PHONE };
const CUTOFF_TEXT =
  "Free changes end 24 hours before the appointment. Changes or cancellations within 24 hours may incur a 50% fee, " +
  "so please call us on 03 9000 0000 to make them.";

const SERIES_ID = "5e5e5e5e-0000-4000-8000-000000000017";

/** Friday 27 Nov 2026, 9:00 to 12:00 in Melbourne. */
const friday = (overrides: Partial<BookingRecord> = {}) => booking({ startTime: melbourneInstant("2026-11-27", 9), ...overrides });

Deno.test("the cut-off message states the fee, the hours and the phone", () => {
  assert.equal(changeCutoffMessage(POLICY), CUTOFF_TEXT);
  assert.equal(
    changeCutoffMessage({ freeChangeCutoffHours: 1, phone: "0412 345 678" }),
    "Free changes end 1 hour before the appointment. Changes or cancellations within 1 hour may incur a 50% fee, " +
      "so please call us on 0412 345 678 to make them.",
  );
});

Deno.test("changeRefusal: who may change what, and until when", async (t) => {
  const start = melbourneInstant("2026-11-27", 9);
  const deadline = new Date(start.getTime() - 24 * HOUR);
  const notChangeable = (message: string) => ({ kind: "conflict", code: "BOOKING_NOT_CHANGEABLE", message });
  const cutoff = { kind: "conflict", code: "CHANGE_CUTOFF_PASSED", message: CUTOFF_TEXT };
  const cases: [string, Partial<BookingRecord>, Date, object | null, number?][] = [
    ["pending, days ahead", { status: "PENDING" }, NOW, null],
    ["confirmed, days ahead", { status: "CONFIRMED" }, NOW, null],
    ["a millisecond before the cut-off", { status: "CONFIRMED" }, new Date(deadline.getTime() - 1), null],
    ["at the cut-off", { status: "CONFIRMED" }, deadline, cutoff],
    ["inside the cut-off", { status: "PENDING" }, new Date(start.getTime() - HOUR), cutoff],
    ["after the start", { status: "PENDING" }, new Date(start.getTime() + HOUR), cutoff],
    ["cancelled", { status: "CANCELLED" }, NOW, notChangeable("This booking is cancelled, so it can’t be changed.")],
    ["cancelled, inside the cut-off: the status speaks first", { status: "CANCELLED" }, deadline, notChangeable("This booking is cancelled, so it can’t be changed.")],
    [
      "a visit of a regular clean that could not be placed",
      { status: "NEEDS_ATTENTION", seriesId: SERIES_ID },
      NOW,
      notChangeable(`We’re finding a new time for this visit and will be in touch. To change it, please call us on ${PHONE}.`),
    ],
    ["done", { status: "DONE" }, NOW, notChangeable("This booking is done, so it can’t be changed.")],
    [
      "a quote",
      { type: "QUOTE", status: "QUOTE_REQUESTED" },
      NOW,
      notChangeable(`A quote request can’t be moved or cancelled here. Please call us on ${PHONE}.`),
    ],
    ["no cut-off: free until the start", { status: "PENDING" }, new Date(start.getTime() - 1), null, 0],
    ["no cut-off: not at the start", { status: "PENDING" }, start, { ...cutoff, message: changeCutoffMessage({ freeChangeCutoffHours: 0, phone: PHONE }) }, 0],
  ];
  for (const [name, overrides, now, expected, hours = 24] of cases) {
    await t.step(name, () => {
      assert.deepEqual(changeRefusal(friday(overrides), now, { ...POLICY, freeChangeCutoffHours: hours }), expected);
    });
  }
});

Deno.test("manageView: what the link shows, and what the customer may do until when", async (t) => {
  const scheduling = SCHEDULING_DEFAULTS;
  await t.step("a booking days ahead: changeable until 24 hours before, with the dates a move may take", () => {
    const record = friday({ status: "CONFIRMED" });
    const view = manageView(record, NOW, scheduling, PHONE);
    assert.equal(view.reference, "YS-7K3F9Q");
    assert.equal(view.status, "CONFIRMED");
    assert.equal(view.serviceName, "Hourly Cleaning");
    assert.equal(view.durationMinutes, 180);
    assert.deepEqual(view.extras, [
      { title: "Inside oven", quantity: 2, price: 35 },
      { title: "Balcony", quantity: 1, price: 20.5 },
    ]);
    assert.deepEqual([view.firstServiceTotal, view.recurringTotal, view.frequencyName], [255.5, 229.95, "Weekly"]);
    assert.deepEqual(view.address, record.address);
    assert.equal(view.canChange, true);
    assert.deepEqual(view.changeUntil, melbourneInstant("2026-11-26", 9));
    assert.deepEqual(view.policy, { freeChangeCutoffHours: 24, phone: PHONE, lateChangeFeePercent: 50 });
    assert.deepEqual(view.reschedule, { todayYmd: "2026-11-22", earliestYmd: "2026-11-26", latestYmd: "2027-11-22" });
    // Nothing that is not the customer's to see through a link: no e-mail, phone, notes or ids.
    for (const key of ["email", "phone", "notes", "_id", "answers", "paymentStatus"]) assert.ok(!(key in view), key);
  });
  await t.step("inside the cut-off: view only, the deadline still said", () => {
    const view = manageView(friday(), new Date(melbourneInstant("2026-11-27", 9).getTime() - HOUR), scheduling, PHONE);
    assert.equal(view.canChange, false);
    assert.equal(view.reschedule, null);
    assert.deepEqual(view.changeUntil, melbourneInstant("2026-11-26", 9));
  });
  await t.step("cancelled, done and quotes: view only, no deadline", () => {
    for (const overrides of [{ status: "CANCELLED" }, { status: "DONE" }, { type: "QUOTE", status: "QUOTE_REQUESTED" }] as const) {
      const view = manageView(friday({ ...overrides, cancelReason: "Moving house" }), NOW, scheduling, PHONE);
      assert.deepEqual([view.canChange, view.changeUntil, view.reschedule], [false, null, null], overrides.status);
      assert.equal(view.cancelReason, "Moving house");
    }
  });
  await t.step("the cut-off is the setting's", () => {
    const view = manageView(friday(), NOW, { ...scheduling, freeChangeCutoffHours: 48 }, PHONE);
    assert.deepEqual(view.changeUntil, changeDeadline(friday(), 48));
    assert.deepEqual(view.changeUntil, melbourneInstant("2026-11-25", 9));
  });
});

Deno.test("plannedMove: a new booking's start rules, for the same job length", async (t) => {
  const record = friday(); // 3 hours
  const ctx = { now: NOW, scheduling: SCHEDULING_DEFAULTS, closedDates: new Map([["2026-12-01", "Team day off"]]) };
  await t.step("a free, bookable start keeps the job's length", () => {
    const start = melbourneInstant("2026-11-28", 11);
    assert.deepEqual(plannedMove(record, start, ctx), { ok: true, value: { startTime: start, endTime: melbourneInstant("2026-11-28", 14) } });
  });
  const refused: [string, Date, string][] = [
    ["the time it already has", melbourneInstant("2026-11-27", 9), MANAGE_MESSAGES.sameTime],
    ["in the past", new Date(NOW.getTime() - 2 * HOUR), START_TIME_PAST_MESSAGE],
    ["off the hour", melbourneInstant("2026-11-27", 10, 30), startHourMessage(SCHEDULING_DEFAULTS)],
    ["before the first slot", melbourneInstant("2026-11-27", 7), startHourMessage(SCHEDULING_DEFAULTS)],
    ["a Sunday", melbourneInstant("2026-11-29", 9), closedDayMessage(SCHEDULING_DEFAULTS)],
    ["inside the lead time", melbourneInstant("2026-11-25", 9), earliestDateMessage("2026-11-26")],
    ["a closed date", melbourneInstant("2026-12-01", 9), closedDateMessage("2026-12-01", "Team day off")],
    ["ending after the working day", melbourneInstant("2026-11-27", 16), dayEndMessage(180, SCHEDULING_DEFAULTS)],
    ["beyond the horizon", melbourneInstant("2027-12-01", 9), horizonMessage(SCHEDULING_DEFAULTS)],
  ];
  for (const [name, start, message] of refused) {
    await t.step(name, () => {
      const result = plannedMove(record, start, ctx);
      assert.equal(result.ok, false);
      if (!result.ok) {
        assert.equal(result.error.kind, "validation");
        assert.equal(result.error.code, "VALIDATION_FAILED");
        assert.deepEqual(result.error.fieldErrors, { startTimeISO: [message] });
      }
    });
  }
  await t.step("a 2-hour job may start where a 3-hour one may not", () => {
    const short = friday({ endTime: melbourneInstant("2026-11-27", 11) });
    assert.equal(jobLengthMinutes(short), 120);
    assert.ok(plannedMove(short, melbourneInstant("2026-11-30", 16), ctx).ok);
    assert.ok(!plannedMove(record, melbourneInstant("2026-11-30", 16), ctx).ok);
  });
});

Deno.test("withoutOwnVisit: the booking's own place is not counted against its move", () => {
  const record = friday({ status: "PENDING" });
  const own = { start: record.startTime, end: record.endTime };
  const other = { start: melbourneInstant("2026-11-27", 10), end: melbourneInstant("2026-11-27", 12) };
  assert.deepEqual(withoutOwnVisit([other, own], record), [other]);
  // Another visit at the very same times still counts: only one is left out.
  assert.deepEqual(withoutOwnVisit([own, { ...own }], record), [{ ...own }]);
  assert.deepEqual(withoutOwnVisit([other], record), [other]);
  // A booking that holds no place frees none.
  assert.deepEqual(withoutOwnVisit([own], friday({ status: "CANCELLED" })), [own]);
  assert.deepEqual(withoutOwnVisit([own], friday({ type: "QUOTE", status: "QUOTE_REQUESTED" })), [own]);
});

Deno.test("the customer's audit row: no admin, the customer's e-mail as who acted", () => {
  assert.deepEqual(customerAuditEntry(friday(), "booking.customer_cancel", { status: "PENDING" }, { status: "CANCELLED" }), {
    adminId: null,
    adminEmail: "jane@example.com",
    action: "booking.customer_cancel",
    entity: "booking",
    entityId: "3f2c7a0e-1111-4222-8333-444455556666",
    before: { status: "PENDING" },
    after: { status: "CANCELLED" },
  });
});

Deno.test("the request schemas", async (t) => {
  await t.step("cancel: the reason is optional, trimmed, at most 500 characters", () => {
    assert.equal(manageCancelSchema.parse({}).reason, undefined);
    assert.equal(manageCancelSchema.parse({ reason: null }).reason, undefined);
    assert.deepEqual(manageCancelSchema.parse({ reason: "  Moving house \n" }), { reason: "Moving house" });
    assert.deepEqual(manageCancelSchema.parse({ reason: "x".repeat(MANAGE_LIMITS.reason) }), { reason: "x".repeat(500) });
    const long = manageCancelSchema.safeParse({ reason: "x".repeat(501) });
    assert.deepEqual(long.error?.issues.map((i) => [i.path.join("."), i.message]), [["reason", MANAGE_MESSAGES.reasonTooLong]]);
    const number = manageCancelSchema.safeParse({ reason: 5 });
    assert.deepEqual(number.error?.issues.map((i) => i.message), [MANAGE_MESSAGES.reasonNotText]);
  });
  await t.step("reschedule: a start as a new booking's field takes it", () => {
    assert.deepEqual(manageRescheduleSchema.parse({ startTimeISO: " 2026-11-27T09:00:00+11:00 " }), { startTimeISO: "2026-11-27T09:00:00+11:00" });
    const messages = (input: unknown) => manageRescheduleSchema.safeParse(input).error?.issues.map((i) => i.message);
    assert.deepEqual(messages({}), [DRAFT_MESSAGES.startTimeRequired]);
    assert.deepEqual(messages({ startTimeISO: "" }), [DRAFT_MESSAGES.startTimeRequired]);
    assert.deepEqual(messages({ startTimeISO: "next Friday" }), [DRAFT_MESSAGES.startTimeInvalid]);
    assert.deepEqual(messages({ startTimeISO: "2026-11-27T09:00:00" }), [DRAFT_MESSAGES.startTimeInvalid]);
  });
  await t.step("availability: two dates in order, at most 62 days", () => {
    assert.deepEqual(manageAvailabilityQuerySchema.parse({ from: "2026-12-01", to: "2027-01-31" }), { from: "2026-12-01", to: "2027-01-31" });
    const messages = (input: unknown) => manageAvailabilityQuerySchema.safeParse(input).error?.issues.map((i) => [i.path.join("."), i.message]);
    assert.deepEqual(messages({ from: "2026-12-31", to: "2026-12-01" }), [["to", AVAILABILITY_MESSAGES.order]]);
    assert.deepEqual(messages({ from: "2026-12-01", to: "2027-02-01" }), [["to", AVAILABILITY_MESSAGES.span]]);
    assert.deepEqual(messages({ from: "2026-02-30", to: "2026-03-01" }), [["from", AVAILABILITY_MESSAGES.date]]);
  });
});

/** A weekly visit: Friday 27 Nov 2026, the series' planned date that day. */
const weeklyVisit = (overrides: Partial<BookingRecord> = {}) =>
  friday({ status: "CONFIRMED", seriesId: SERIES_ID, seriesDate: "2026-11-27", customerId: "c0c0c0c0-0000-4000-8000-000000000001", ...overrides });
const WEEKLY: ManageSeriesFacts = {
  seriesId: SERIES_ID,
  frequencyName: "Weekly",
  status: "ACTIVE",
  nextVisits: [melbourneInstant("2026-12-04", 9), melbourneInstant("2026-12-11", 9), melbourneInstant("2026-12-18", 9)],
};

Deno.test("manageView: a visit of a regular clean shows its series; a one-off shows none", async (t) => {
  await t.step("a series visit: how often, the series' state and the next visits that hold a place", () => {
    const view = manageView(weeklyVisit(), NOW, SCHEDULING_DEFAULTS, PHONE, WEEKLY);
    assert.deepEqual(view.series, { frequencyName: "Weekly", status: "ACTIVE", nextVisits: WEEKLY.nextVisits, visits: [], reschedule: null });
    assert.equal(view.canChange, true);
    // The store's series id stays with the server: the page has no use for it.
    assert.ok(!("seriesId" in view.series!));
    const wire = manageViewSchema.safeParse(JSON.parse(JSON.stringify(view)));
    assert.ok(wire.success, JSON.stringify(wire.error?.issues));
  });
  await t.step("a one-off: null, whatever is passed", () => {
    assert.equal(manageView(friday(), NOW, SCHEDULING_DEFAULTS, PHONE).series, null);
    assert.equal(manageView(friday({ seriesId: null }), NOW, SCHEDULING_DEFAULTS, PHONE, WEEKLY).series, null);
    assert.ok(manageViewSchema.safeParse(JSON.parse(JSON.stringify(manageView(friday(), NOW, SCHEDULING_DEFAULTS, PHONE)))).success);
  });
  await t.step("an ended series with no next visits", () => {
    const view = manageView(weeklyVisit({ status: "CANCELLED" }), NOW, SCHEDULING_DEFAULTS, PHONE, { ...WEEKLY, status: "ENDED", nextVisits: [] });
    assert.deepEqual(view.series, { frequencyName: "Weekly", status: "ENDED", nextVisits: [], visits: [], reschedule: null });
    assert.equal(view.canChange, false);
  });
  await t.step("the coming visits (issue 28): each judged by the booking's own cut-off, on the wire as documented", () => {
    const visit = (ymd: string, status: ManageSeriesVisit["status"]): ManageSeriesVisit =>
      ({ bookingId: `id-${ymd}`, reference: `YS-${ymd}`, status, startTime: melbourneInstant(ymd, 9), endTime: melbourneInstant(ymd, 11) });
    const coming = [visit("2026-11-27", "CONFIRMED"), visit("2026-12-04", "PENDING"), visit("2026-12-11", "NEEDS_ATTENTION")];
    // Thursday 26 Nov, 10:00: the Friday visit is inside its 24 hours, the next one is not.
    const now = melbourneInstant("2026-11-26", 10);
    const view = manageView(weeklyVisit({ status: "CANCELLED" }), now, SCHEDULING_DEFAULTS, PHONE, WEEKLY, coming);
    assert.deepEqual(view.series?.visits.map((v) => [v.reference, v.canChange, v.changeUntil, v.durationMinutes]), [
      ["YS-2026-11-27", false, melbourneInstant("2026-11-26", 9), 120],
      ["YS-2026-12-04", true, melbourneInstant("2026-12-03", 9), 120],
      // A visit the office is finding a time for: by phone only, as the booking itself.
      ["YS-2026-12-11", false, null, 120],
    ]);
    // The link's own visit is cancelled, yet the next one may move: the dates a move may take.
    assert.equal(view.reschedule, null);
    assert.deepEqual(view.series?.reschedule, { todayYmd: "2026-11-26", earliestYmd: "2026-11-30", latestYmd: "2027-11-26" });
    const wire = manageViewSchema.safeParse(JSON.parse(JSON.stringify(view)));
    assert.ok(wire.success, JSON.stringify(wire.error?.issues));
    assert.deepEqual(visitViews(coming, now, { freeChangeCutoffHours: 48, phone: PHONE }).map((v) => v.canChange), [false, true, false]);
    assert.deepEqual(visitViews(coming, melbourneInstant("2026-12-03", 9), { freeChangeCutoffHours: 24, phone: PHONE }).map((v) => v.canChange), [false, false, false]);
  });
});

Deno.test("seriesEndDate: the visit's planned date, kept when it was moved; its own date otherwise", () => {
  assert.equal(seriesEndDate(weeklyVisit()), "2026-11-27");
  assert.equal(seriesEndDate(weeklyVisit({ startTime: melbourneInstant("2026-11-28", 9), seriesDate: "2026-11-27" })), "2026-11-27");
  // 23:30 UTC on the 27th is the 28th in Melbourne.
  assert.equal(seriesEndDate({ seriesDate: null, startTime: new Date("2026-11-27T23:30:00Z") }), "2026-11-28");
});

Deno.test("the customer's audit row of their series: entity series, no admin", () => {
  assert.deepEqual(customerSeriesAuditEntry(weeklyVisit(), SERIES_ID, "series.customer_end", { status: "ACTIVE" }, { status: "ENDED" }), {
    adminId: null,
    adminEmail: "jane@example.com",
    action: "series.customer_end",
    entity: "series",
    entityId: SERIES_ID,
    before: { status: "ACTIVE" },
    after: { status: "ENDED" },
  });
});

Deno.test("cancel-series schema: the reason as cancel's", () => {
  assert.equal(manageCancelSeriesSchema.parse({}).reason, undefined);
  assert.deepEqual(manageCancelSeriesSchema.parse({ reason: "  Moving interstate " }), { reason: "Moving interstate" });
  const long = manageCancelSeriesSchema.safeParse({ reason: "x".repeat(501) });
  assert.deepEqual(long.error?.issues.map((i) => [i.path.join("."), i.message]), [["reason", MANAGE_MESSAGES.reasonTooLong]]);
  assert.deepEqual(manageCancelSeriesSchema.safeParse({ reason: ["no"] }).error?.issues.map((i) => i.message), [MANAGE_MESSAGES.reasonNotText]);
});

// ---------------------------------------------------------------------------------------------
// The use cases' order of work, on a scripted store (the SQL is tested on PGlite and PostgreSQL
// in adapters/postgres/manage-repository.test.ts and api/manage.test.ts).

const TOKEN = "T".repeat(43);

/** A store holding one booking, a transaction that undoes everything on a returned failure, and what was done. */
function scripted(record: BookingRecord, series: ManageSeriesFacts | null, ended: BookingRecord[] | null = []) {
  let current = record;
  const steps: string[] = [];
  const mails: OutboxMessage[] = [];
  const audits: AuditEntry[] = [];
  const tx: ManageTx = {
    lockSeriesOf: (id) => {
      steps.push(`lock series of ${id === record._id ? "visit" : id}`);
      return Promise.resolve(current.seriesId);
    },
    lockById: (id) => {
      steps.push("lock visit");
      return Promise.resolve(id === current._id ? current : null);
    },
    reserve: async (_reservation, write) => ok({ booking: await write({ cleanerIds: [], chosen: null, left: [] }), decision: { cleanerIds: [], chosen: null, left: [] } }),
    cancel: (_id, { reason, at }) => {
      steps.push(`cancel visit: ${reason}`);
      assert.deepEqual(at, NOW);
      current = { ...current, status: "CANCELLED", cancelReason: reason, calendarSequence: current.calendarSequence + 1 };
      return Promise.resolve(current);
    },
    reschedule: () => Promise.reject(new Error("not in these tests")),
    getById: () => Promise.resolve(current),
    comingVisits: () => Promise.resolve([]),
    seriesFacts: () => Promise.resolve(series),
    endSeries: (seriesId, change) => {
      steps.push(`end ${seriesId === SERIES_ID ? "series" : seriesId} from ${change.fromDate}: ${change.reason}`);
      return Promise.resolve(ended === null ? null : ended.map((visit) => visit._id === current._id ? current : visit));
    },
    saveManageTokenHash: () => {
      steps.push("fresh link");
      return Promise.resolve();
    },
    enqueue: (messages) => {
      mails.push(...messages);
      return Promise.resolve();
    },
    audit: (entry) => {
      audits.push(entry);
      return Promise.resolve();
    },
  };
  const store: ManageStore = {
    bookingIdByTokenHash: () => Promise.resolve(record._id),
    getById: () => Promise.resolve(current),
    seriesFacts: () => Promise.resolve(series),
    comingVisits: () => Promise.resolve([]),
    capacityHoldersBetween: () => Promise.resolve([]),
    async transaction(work) {
      const saved = { current, mails: mails.length, audits: audits.length };
      const result = await work(tx);
      if ((result as Result<unknown>).ok === false) {
        current = saved.current;
        mails.length = saved.mails;
        audits.length = saved.audits;
        steps.push("rolled back");
      }
      return result;
    },
  };
  let now = NOW;
  const manage = makeManageBooking({
    store,
    settings: { getScheduling: () => Promise.resolve(SCHEDULING_DEFAULTS) },
    closedDates: { list: () => Promise.resolve([]) },
    clock: { now: () => now },
    mailContext: () => Promise.resolve({ profile: { ...DEMO_BUSINESS_PROFILE, phone: PHONE }, cancellationPolicyHtml: "", siteUrl: "https://site.example" }),
  });
  return { manage, steps, mails, audits, record: () => current, setNow: (at: Date) => (now = at) };
}

Deno.test("skip: this visit cancelled as skipped, the series carries on, one e-mail each side", async (t) => {
  await t.step("the series locked before the visit, the visit cancelled, the view and the e-mails", async () => {
    const store = scripted(weeklyVisit(), WEEKLY);
    const result = await store.manage.skip(TOKEN);
    assert.ok(result.ok);
    assert.deepEqual(store.steps, ["lock series of visit", "lock visit", `cancel visit: ${SERIES_REASONS.skipped}`, "fresh link"]);
    assert.equal(SERIES_REASONS.skipped, "Skipped by the customer");
    assert.deepEqual([result.value.status, result.value.cancelReason, result.value.canChange], ["CANCELLED", "Skipped by the customer", false]);
    assert.deepEqual(result.value.series, { frequencyName: "Weekly", status: "ACTIVE", nextVisits: WEEKLY.nextVisits, visits: [], reschedule: null });
    assert.deepEqual(store.mails.map((m) => [m.kind, m.to]), [
      ["visit-skipped", "jane@example.com"],
      ["booking-change-notification", DEMO_BUSINESS_PROFILE.notificationEmail],
    ]);
    assert.ok(store.mails[0].text.includes("your next visit is Fri 4 Dec 2026, 9:00 am AEDT (Melbourne time)"));
    assert.deepEqual(store.audits, [{
      adminId: null,
      adminEmail: "jane@example.com",
      action: "booking.customer_skip",
      entity: "booking",
      entityId: weeklyVisit()._id,
      before: { status: "CONFIRMED" },
      after: { status: "CANCELLED", cancelReason: "Skipped by the customer", seriesId: SERIES_ID, seriesDate: "2026-11-27" },
    }]);
  });
  await t.step("a one-off: 409 NOT_A_SERIES, before the status or the cut-off speak", async () => {
    for (const overrides of [{}, { status: "CANCELLED" }] as const) {
      const store = scripted(friday(overrides), null);
      assert.deepEqual(await store.manage.skip(TOKEN), err({ kind: "conflict", code: "NOT_A_SERIES", message: MANAGE_MESSAGES.notASeries }));
      assert.deepEqual([store.mails, store.audits, store.record().status], [[], [], overrides.status ?? "PENDING"]);
    }
  });
  await t.step("the cut-off and the status as for cancel", async () => {
    const late = scripted(weeklyVisit(), WEEKLY);
    late.setNow(new Date(melbourneInstant("2026-11-27", 9).getTime() - HOUR));
    assert.deepEqual(await late.manage.skip(TOKEN), err({ kind: "conflict", code: "CHANGE_CUTOFF_PASSED", message: CUTOFF_TEXT }));
    const done = scripted(weeklyVisit({ status: "DONE" }), WEEKLY);
    assert.equal((await done.manage.skip(TOKEN)).ok, false);
    assert.deepEqual([late.mails.length, done.mails.length, late.record().status], [0, 0, "CONFIRMED"]);
  });
});

Deno.test("cancel-series: this visit and the later ones, the series ended from this visit's date; one e-mail each side", async (t) => {
  const later = [
    weeklyVisit({ _id: "b2", reference: "YS-AAAAA2", startTime: melbourneInstant("2026-12-11", 9), endTime: melbourneInstant("2026-12-11", 12), seriesDate: "2026-12-11", status: "CANCELLED" }),
    weeklyVisit({ _id: "b1", reference: "YS-AAAAA1", startTime: melbourneInstant("2026-12-04", 9), endTime: melbourneInstant("2026-12-04", 12), seriesDate: "2026-12-04", status: "CANCELLED" }),
  ];
  await t.step("the reason given: every visit keeps it; the view, the e-mails and the audit row", async () => {
    // Moved to Saturday: the series still ends from its planned Friday.
    const visit = weeklyVisit({ startTime: melbourneInstant("2026-11-28", 9), endTime: melbourneInstant("2026-11-28", 12) });
    const store = scripted(visit, { ...WEEKLY, status: "ACTIVE" }, [...later, visit]);
    const result = await store.manage.cancelSeries(TOKEN, { reason: "Moving interstate" });
    assert.ok(result.ok, JSON.stringify(result));
    assert.deepEqual(store.steps, [
      "lock series of visit",
      "lock visit",
      "cancel visit: Moving interstate",
      "end series from 2026-11-27: Moving interstate",
      "fresh link",
    ]);
    assert.deepEqual([result.value.status, result.value.cancelReason], ["CANCELLED", "Moving interstate"]);
    assert.deepEqual(store.mails.map((m) => m.kind), ["series-cancelled", "booking-change-notification"]);
    // Visits in date order, this one first.
    const [customer] = store.mails;
    assert.ok(customer.text.includes(
      "- Sat 28 Nov 2026, 9:00 am – 12:00 pm AEDT (Melbourne time)\n- Fri 4 Dec 2026, 9:00 am – 12:00 pm AEDT (Melbourne time)\n" +
        "- Fri 11 Dec 2026, 9:00 am – 12:00 pm AEDT (Melbourne time)",
    ), customer.text);
    assert.ok(customer.text.includes("Your reason: Moving interstate"));
    assert.deepEqual(store.audits, [{
      adminId: null,
      adminEmail: "jane@example.com",
      action: "series.customer_end",
      entity: "series",
      entityId: SERIES_ID,
      before: { status: "ACTIVE" },
      after: {
        status: "ENDED",
        endsOn: "2026-11-27",
        reason: "Moving interstate",
        fromBooking: "YS-7K3F9Q",
        cancelledVisits: ["YS-7K3F9Q", "YS-AAAAA1", "YS-AAAAA2"],
      },
    }]);
  });
  await t.step("no reason: the visits say the customer cancelled the regular clean; the e-mail shows no reason", async () => {
    const store = scripted(weeklyVisit(), WEEKLY, later);
    const result = await store.manage.cancelSeries(TOKEN, {});
    assert.ok(result.ok);
    assert.equal(result.value.cancelReason, "Regular clean cancelled by the customer");
    assert.ok(store.steps.includes("end series from 2026-11-27: Regular clean cancelled by the customer"));
    assert.ok(!store.mails[0].text.includes("Your reason"));
    assert.ok(store.mails[1].text.includes("Reason: (none given)"));
  });
  await t.step("a series that had ended already: 409 SERIES_ENDED, this visit's cancel undone", async () => {
    const store = scripted(weeklyVisit(), { ...WEEKLY, status: "ENDED" }, null);
    assert.deepEqual(await store.manage.cancelSeries(TOKEN, {}), err({ kind: "conflict", code: "SERIES_ENDED", message: MANAGE_MESSAGES.seriesEnded }));
    assert.equal(store.steps.at(-1), "rolled back");
    assert.deepEqual([store.record().status, store.mails, store.audits], ["CONFIRMED", [], []]);
  });
  await t.step("a one-off: 409 NOT_A_SERIES; inside the cut-off: 409 CHANGE_CUTOFF_PASSED", async () => {
    const oneOff = scripted(friday(), null);
    assert.deepEqual(await oneOff.manage.cancelSeries(TOKEN, {}), err(MANAGE_ERRORS.notASeries));
    assert.deepEqual([oneOff.mails, oneOff.record().status], [[], "PENDING"]);
    const late = scripted(weeklyVisit(), WEEKLY, later);
    late.setNow(changeDeadline(weeklyVisit(), 24));
    assert.deepEqual(await late.manage.cancelSeries(TOKEN, {}), err({ kind: "conflict", code: "CHANGE_CUTOFF_PASSED", message: CUTOFF_TEXT }));
    assert.ok(!late.steps.some((step) => step.startsWith("end ")));
  });
  await t.step("the view of a series visit reads the series; a one-off's does not ask", async () => {
    const store = scripted(weeklyVisit(), WEEKLY);
    const view = await store.manage.view(TOKEN);
    assert.ok(view.ok);
    assert.equal(view.value.series?.frequencyName, "Weekly");
    const oneOff = await scripted(friday(), WEEKLY).manage.view(TOKEN);
    assert.ok(oneOff.ok);
    assert.equal(oneOff.value.series, null);
  });
});

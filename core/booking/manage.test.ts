import assert from "node:assert/strict";
import { booking } from "../notifications/test-fixtures.ts";
import { SCHEDULING_DEFAULTS } from "../settings/types.ts";
import { melbourneInstant } from "../shared/melbourne-time.ts";
import {
  changeDeadline,
  changeRefusal,
  customerAuditEntry,
  jobLengthMinutes,
  manageView,
  plannedMove,
  withoutOwnVisit,
} from "./manage.ts";
import { changeCutoffMessage, MANAGE_LIMITS, MANAGE_MESSAGES } from "./manage-policy.ts";
import { manageAvailabilityQuerySchema, manageCancelSchema, manageRescheduleSchema } from "./manage-schemas.ts";
import {
  closedDateMessage,
  closedDayMessage,
  dayEndMessage,
  earliestDateMessage,
  horizonMessage,
  START_TIME_PAST_MESSAGE,
  startHourMessage,
} from "./scheduling.ts";
import { DRAFT_MESSAGES } from "./draft-validation.ts";
import { AVAILABILITY_MESSAGES } from "./schemas.ts";
import type { BookingRecord } from "./types.ts";

/** Sunday 22 Nov 2026, 11:00 in Melbourne: the earliest bookable date is Thursday 26 Nov. */
const NOW = new Date("2026-11-22T00:00:00Z");
const HOUR = 3_600_000;
const PHONE = "03 9000 0000";
const POLICY = { freeChangeCutoffHours: 24, phone: PHONE };
const CUTOFF_TEXT =
  "Free changes end 24 hours before the appointment. Changes or cancellations within 24 hours may incur a 50% fee, " +
  "so please call us on 03 9000 0000 to make them.";

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

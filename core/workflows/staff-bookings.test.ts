import assert from "node:assert/strict";
import type { Extra, Frequency, Service } from "../catalog/types.ts";
import { booking } from "../notifications/test-fixtures.ts";
import { OUTSIDE_SERVICE_AREA_MESSAGE } from "../settings/service-area.ts";
import { SCHEDULING_DEFAULTS } from "../settings/types.ts";
import { melbourneInstant } from "../shared/melbourne-time.ts";
import { DRAFT_MESSAGES } from "../booking/draft/validation.ts";
import type { DraftCatalogue } from "../booking/draft/prepare-record.ts";
import { PRICING_MESSAGES } from "../booking/pricing/pricing.ts";
import { closedDateMessage, START_TIME_PAST_MESSAGE, staffDayEndMessage, staffStartMessage } from "../booking/capacity/scheduling.ts";
import { staffBookingDraftSchema, staffBookingEditSchema } from "../booking/staff/booking-schemas.ts";
import { DEMO_BUSINESS_PROFILE } from "../settings/demo-business-profile.ts";
import { DEFAULT_CANCELLATION_POLICY_HTML } from "../settings/types.ts";
import type { AuditEntry } from "../shared/audit.ts";
import type { OutboxMessage } from "../shared/outbox.ts";
import { ok } from "../shared/result.ts";
import type { Reservation } from "../booking/capacity/reservation.ts";
import { makeStaffBookings, type StaffBookingTx } from "./staff-bookings.ts";
import { changedFields, changesPrice, type EditRules, officeOnly, planEdit, STAFF_BOOKING_ERRORS } from "../booking/staff/edit-plan.ts";
import { OFFICE_TEXT_FIELDS, OFFICE_TEXT_MAX, officeTextTooLong } from "../booking/text-fields.ts";
import type { BookingRecord } from "../booking/types.ts";

/** Sunday 22 Nov 2026, 11:00 in Melbourne. */
const NOW = new Date("2026-11-22T00:00:00Z");
const HOUR = 3_600_000;

const service: Service = {
  _id: "svc-1", name: "Hourly Cleaning", slug: "hourly", pricingModel: "HOURLY", ratePerHour: 70, minHours: 2, maxHours: 8,
  stepHours: 0.5, bedroomPrices: [], basePrice: 0, durationMinutes: 120, description: "", deletedAt: null,
};
const extra = (_id: string, title: string, price: number, durationMinutes = 0): Extra => ({
  _id, serviceId: "svc-1", title, description: "", price, hasQuantity: true, maxQuantity: 5, durationMinutes, imageUrl: "",
  active: true, order: 1, deletedAt: null,
});
const frequencies: Frequency[] = [
  { _id: "f1", name: "Weekly", code: "WEEKLY", discountPercent: 10, repeatUnit: "WEEK", repeatEvery: 1 },
  { _id: "f2", name: "One time", code: "ONE_TIME", discountPercent: 0, repeatUnit: "NONE", repeatEvery: 0 },
];
/** The catalogue as it is now: the rate went up from 55 to 70, the oven from 35 to 40. */
const catalogue: DraftCatalogue = {
  service,
  extras: [extra("x1", "Inside oven", 40, 30), extra("x2", "Balcony", 20.5)],
  frequencies,
  questions: [],
};
const rules: EditRules = { now: NOW, scheduling: SCHEDULING_DEFAULTS, closedDates: new Map(), serviceArea: { postcodes: ["3065"] } };

/** Tuesday 24 Nov, 9:00 to 12:00: inside the public lead time, as a phone booking may be. */
const tuesday = (overrides: Partial<BookingRecord> = {}) =>
  booking({ startTime: melbourneInstant("2026-11-24", 9), endTime: melbourneInstant("2026-11-24", 12), ...overrides });

const edit = (input: Record<string, unknown>) => staffBookingEditSchema.parse(input);

Deno.test("planEdit: contact details, address and notes change without a re-price or a new time", () => {
  const plan = planEdit(tuesday(), edit({ firstName: "Janet", phone: "0499 111 222", notes: "Gate code 1234" }), null, rules);
  assert.ok(plan.ok);
  assert.equal(plan.value.after.firstName, "Janet");
  assert.equal(plan.value.after.phone, "0499111222");
  assert.equal(plan.value.after.notes, "Gate code 1234");
  assert.equal(plan.value.after.baseAmount, 165);
  assert.deepEqual([plan.value.visitMoved, plan.value.repriced, plan.value.priceChanged], [false, false, false]);
  assert.deepEqual(changedFields(tuesday(), plan.value.after), {
    before: { firstName: "Jane", phone: "0412345678", notes: "Key under the mat.\nPlease use the side gate." },
    after: { firstName: "Janet", phone: "0499111222", notes: "Gate code 1234" },
  });
});

Deno.test("planEdit: a new start keeps the job's length; inside the lead time is fine, the past is not", () => {
  const moved = planEdit(tuesday(), edit({ startTimeISO: "2026-11-23T10:00:00+11:00" }), null, rules);
  assert.ok(moved.ok);
  assert.equal(moved.value.after.startTime.getTime(), melbourneInstant("2026-11-23", 10).getTime());
  assert.equal(moved.value.after.endTime.getTime() - moved.value.after.startTime.getTime(), 3 * HOUR);
  assert.deepEqual([moved.value.visitMoved, moved.value.startMoved, moved.value.priceChanged], [true, true, false]);

  const past = planEdit(tuesday(), edit({ startTimeISO: "2026-11-21T10:00:00+11:00" }), null, rules);
  assert.ok(!past.ok);
  assert.deepEqual(past.error.fieldErrors, { startTimeISO: [START_TIME_PAST_MESSAGE] });
  const sameTime = planEdit(tuesday(), edit({ startTimeISO: "2026-11-24T09:00:00+11:00" }), null, rules);
  assert.ok(sameTime.ok);
  assert.equal(sameTime.value.visitMoved, false);
});

Deno.test("planEdit: a size change re-prices every part from the catalogue as it is now, and the job grows", () => {
  const plan = planEdit(tuesday(), edit({ hours: 4 }), catalogue, rules);
  assert.ok(plan.ok);
  const { after } = plan.value;
  assert.equal(after.hours, 4);
  assert.equal(after.baseAmount, 280);
  // The oven at today's A$40 (x2) and the balcony at A$20.50.
  assert.equal(after.extrasAmount, 100.5);
  assert.deepEqual(after.extras.map((e) => [e.titleAtBooking, e.quantity, e.priceAtBooking]), [["Inside oven", 2, 40], ["Balcony", 1, 20.5]]);
  assert.equal(after.firstServiceTotal, 380.5);
  assert.equal(after.recurringTotal, 342.45);
  // Four hours and two ovens of 30 minutes.
  assert.equal(after.endTime.getTime() - after.startTime.getTime(), 5 * HOUR);
  assert.deepEqual([plan.value.visitMoved, plan.value.startMoved, plan.value.repriced, plan.value.priceChanged], [true, false, true, true]);
  assert.deepEqual(after.answers, tuesday().answers, "the answers stay as given");
  assert.equal(after.paymentStatus, "UNPAID");
});

Deno.test("planEdit: the re-priced job must still end by the working day's end; a finished job is corrected unjudged", () => {
  const late = tuesday({ startTime: melbourneInstant("2026-11-24", 14), endTime: melbourneInstant("2026-11-24", 17) });
  const tooLong = planEdit(late, edit({ hours: 4 }), catalogue, rules);
  assert.ok(!tooLong.ok);
  assert.deepEqual(tooLong.error.fieldErrors, { startTimeISO: [staffDayEndMessage(300, SCHEDULING_DEFAULTS)] });

  const done = booking({
    status: "DONE",
    startTime: melbourneInstant("2026-11-20", 9),
    endTime: melbourneInstant("2026-11-20", 12),
  });
  const corrected = planEdit(done, edit({ extras: [{ extraId: "x1", quantity: 3 }] }), catalogue, rules);
  assert.ok(corrected.ok);
  assert.deepEqual(corrected.value.after.extras.map((e) => [e.extraId, e.quantity]), [["x1", 3]]);
});

Deno.test("planEdit: the office moves to any quarter hour, and outside the working hours only when it says so (issue 28)", async (t) => {
  const christmas: EditRules = { ...rules, closedDates: new Map([["2026-12-25", "Christmas Day"]]) };
  const offHours = staffStartMessage(SCHEDULING_DEFAULTS, 15);
  const cases: { name: string; input: Record<string, unknown>; rules?: EditRules; errors: Record<string, string[]> | null; outsideHours?: boolean }[] = [
    { name: "10:30", input: { startTimeISO: "2026-11-25T10:30:00+11:00" }, errors: null, outsideHours: false },
    { name: "10:07", input: { startTimeISO: "2026-11-25T10:07:00+11:00" }, errors: { startTimeISO: [offHours] } },
    { name: "18:00 without the flag", input: { startTimeISO: "2026-11-25T18:00:00+11:00" }, errors: { startTimeISO: [offHours] } },
    { name: "18:00 with the flag", input: { startTimeISO: "2026-11-25T18:00:00+11:00", allowOutsideHours: true }, errors: null, outsideHours: true },
    { name: "10:30 with the flag: not needed, not recorded", input: { startTimeISO: "2026-11-25T10:30:00+11:00", allowOutsideHours: true }, errors: null, outsideHours: false },
    { name: "Sunday with the flag", input: { startTimeISO: "2026-11-29T09:00:00+11:00", allowOutsideHours: true }, errors: null, outsideHours: true },
    {
      name: "a closed date even with the flag",
      input: { startTimeISO: "2026-12-25T18:00:00+11:00", allowOutsideHours: true },
      rules: christmas,
      errors: { startTimeISO: [closedDateMessage("2026-12-25", "Christmas Day")] },
    },
    { name: "the past even with the flag", input: { startTimeISO: "2026-11-21T18:00:00+11:00", allowOutsideHours: true }, errors: { startTimeISO: [START_TIME_PAST_MESSAGE] } },
    { name: "a note only: the start is not judged, nothing recorded", input: { notes: "x", allowOutsideHours: true }, errors: null, outsideHours: false },
  ];
  for (const c of cases) {
    await t.step(c.name, () => {
      const plan = planEdit(tuesday(), edit(c.input), null, c.rules ?? rules);
      if (c.errors) {
        assert.ok(!plan.ok);
        assert.deepEqual(plan.error.fieldErrors, c.errors);
      } else {
        assert.ok(plan.ok);
        assert.equal(plan.value.outsideHours, c.outsideHours);
      }
    });
  }
});

Deno.test("planEdit: the pricing's own messages for a size or add-on the catalogue does not sell", () => {
  const tooMany = planEdit(tuesday(), edit({ hours: 12 }), catalogue, rules);
  assert.ok(!tooMany.ok);
  assert.deepEqual(tooMany.error.fieldErrors, { hours: [PRICING_MESSAGES.hoursOutOfRange(2, 8)] });
  const gone = planEdit(tuesday(), edit({ extras: [{ extraId: "x9", quantity: 1 }] }), catalogue, rules);
  assert.ok(!gone.ok);
  assert.deepEqual(gone.error.fieldErrors, { "extras.0.extraId": [PRICING_MESSAGES.unknownExtra] });
});

Deno.test("planEdit: refusals — cancelled, a quote's price, a deleted service", () => {
  const cancelled = planEdit(tuesday({ status: "CANCELLED" }), edit({ notes: "x" }), null, rules);
  assert.deepEqual(cancelled, { ok: false, error: STAFF_BOOKING_ERRORS.notEditable });
  const quote = tuesday({ type: "QUOTE", status: "QUOTE_REQUESTED" });
  assert.deepEqual(planEdit(quote, edit({ frequencyCode: "ONE_TIME" }), catalogue, rules), { ok: false, error: STAFF_BOOKING_ERRORS.quoteChange });
  const deleted = planEdit(tuesday(), edit({ hours: 4 }), { ...catalogue, service: null }, rules);
  assert.ok(!deleted.ok);
  assert.equal(deleted.error.code, "SERVICE_DELETED");
  assert.match(deleted.error.message, /Hourly Cleaning/);
});

Deno.test("planEdit: a quote's time and address change with no service area and no length judged", () => {
  const quote = tuesday({ type: "QUOTE", status: "QUOTE_REQUESTED" });
  const plan = planEdit(quote, edit({
    startTimeISO: "2026-11-25T16:00:00+11:00",
    address: { street: "1 Far Rd", suburb: "Bendigo", state: "VIC", postCode: "3550" },
  }), null, rules);
  assert.ok(plan.ok);
  assert.equal(plan.value.after.address.postCode, "3550");
});

Deno.test("planEdit: the service area is judged when the address changes, not when it stays", () => {
  const far = { street: "1 Far Rd", suburb: "Bendigo", state: "VIC" as const, postCode: "3550" };
  const moved = planEdit(tuesday(), edit({ address: far }), null, rules);
  assert.ok(!moved.ok);
  assert.deepEqual(moved.error.fieldErrors, { "address.postCode": [OUTSIDE_SERVICE_AREA_MESSAGE] });
  const farBooking = tuesday({ address: far });
  assert.ok(planEdit(farBooking, edit({ notes: "Call on arrival" }), null, rules).ok);
  assert.ok(planEdit(farBooking, edit({ address: { ...far, unit: undefined } }), null, rules).ok);
});

Deno.test("planEdit: the public form's messages for the merged draft", () => {
  const plan = planEdit(tuesday(), { email: "nope", lastName: "" } as never, null, rules);
  assert.ok(!plan.ok);
  assert.deepEqual(plan.error.fieldErrors, { email: [DRAFT_MESSAGES.email], lastName: [DRAFT_MESSAGES.lastName] });
});

Deno.test("changesPrice: only a different size, add-on list or frequency", () => {
  const record = tuesday();
  const cases: [Record<string, unknown>, boolean][] = [
    [{}, false],
    [{ hours: 3 }, false],
    [{ hours: 3.5 }, true],
    [{ bedrooms: 2 }, false],
    [{ extras: [{ extraId: "x2", quantity: 1 }, { extraId: "x1", quantity: 2 }] }, false],
    [{ extras: [{ extraId: "x1", quantity: 2 }] }, true],
    [{ extras: [{ extraId: "x1", quantity: 3 }, { extraId: "x2", quantity: 1 }] }, true],
    [{ frequencyCode: "WEEKLY" }, false],
    [{ frequencyCode: "ONE_TIME" }, true],
    [{ notes: "x", startTimeISO: "2026-11-25T09:00:00+11:00" }, false],
  ];
  for (const [input, expected] of cases) assert.equal(changesPrice(record, edit(input)), expected, JSON.stringify(input));
});

Deno.test("changedFields: only what differs, addresses compared whatever their key order", () => {
  const before = tuesday();
  const reordered = { postCode: "3065", state: "VIC" as const, suburb: "Fitzroy", street: "12 Smith St", unit: "3" };
  assert.deepEqual(changedFields(before, { ...before, address: reordered }), { before: {}, after: {} });
  const later = { ...before, startTime: new Date(before.startTime.getTime() + HOUR), endTime: new Date(before.endTime.getTime() + HOUR) };
  assert.deepEqual(Object.keys(changedFields(before, later).after), ["startTime", "endTime"]);
});

Deno.test("planEdit: the office's own notes are taken as written (trimmed), alone or beside a re-price, and never reach the draft", async (t) => {
  await t.step("alone: only they change, and the change is the office's only", () => {
    const plan = planEdit(tuesday(), edit({ officeNotes: "  Bring the tall ladder  " }), null, rules);
    assert.ok(plan.ok);
    assert.equal(plan.value.after.officeNotes, "Bring the tall ladder");
    assert.equal(plan.value.after.notes, tuesday().notes);
    const changed = changedFields(tuesday(), plan.value.after);
    assert.deepEqual(changed, { before: { officeNotes: undefined }, after: { officeNotes: "Bring the tall ladder" } });
    assert.equal(officeOnly(changed.after), true);
  });
  await t.step("beside a re-price: both land", () => {
    const plan = planEdit(tuesday(), edit({ hours: 4, officeNotes: "Key with the neighbour" }), catalogue, rules);
    assert.ok(plan.ok);
    assert.equal(plan.value.after.hours, 4);
    assert.equal(plan.value.after.officeNotes, "Key with the neighbour");
    assert.equal(officeOnly(changedFields(tuesday(), plan.value.after).after), false);
  });
  await t.step("cleared: '' or null", () => {
    for (const cleared of ["", null]) {
      const plan = planEdit(tuesday({ officeNotes: "Old" }), edit({ officeNotes: cleared }), null, rules);
      assert.ok(plan.ok);
      assert.equal(plan.value.after.officeNotes, "");
    }
  });
  await t.step("too long: the field's own message; anything but text reads as '', as the draft's notes", () => {
    const field = OFFICE_TEXT_FIELDS.find((f) => f.key === "officeNotes")!;
    const parsed = staffBookingEditSchema.safeParse({ officeNotes: "x".repeat(OFFICE_TEXT_MAX + 1) });
    assert.ok(!parsed.success);
    assert.deepEqual(parsed.error.issues.map((issue) => [issue.path.join("."), issue.message]), [["officeNotes", officeTextTooLong(field)]]);
    for (const odd of [42, ["a"], { a: 1 }]) assert.equal(staffBookingEditSchema.parse({ officeNotes: odd }).officeNotes, "");
    assert.equal(officeTextTooLong(field), "Please keep the office notes under 2,000 characters.");
    assert.ok(staffBookingEditSchema.safeParse({ officeNotes: "x".repeat(OFFICE_TEXT_MAX) }).success);
  });
});

/**
 * Issue 34: the office makes a booking PENDING or CONFIRMED. The create workflow over an in-memory
 * store: what it stores, whether the reservation holds the place, the one e-mail and the audit row.
 */
Deno.test("create: a booking made CONFIRMED is stored so, holds its place, and the customer gets one e-mail saying so", async (t) => {
  const oneTime: Service = { ...service, _id: "svc-1" };
  const make = () => {
    const inserted: BookingRecord[] = [];
    const reservations: Reservation[] = [];
    const mail: OutboxMessage[] = [];
    const audit: AuditEntry[] = [];
    const tx = {
      reserve: async (r: Reservation, write: () => Promise<BookingRecord>) => {
        reservations.push(r);
        return ok({ booking: await write(), decision: { cleanerIds: [], chosen: null, left: [] } });
      },
      insert: (record: Parameters<StaffBookingTx["insert"]>[0]) => {
        const stored = booking({ ...record, _id: `b${inserted.length + 1}`, reference: "YS-AAAAAA" });
        inserted.push(stored);
        return Promise.resolve(stored);
      },
      saveManageTokenHash: () => Promise.resolve(),
      enqueueEmail: (message: OutboxMessage) => Promise.resolve(void mail.push(message)),
      audit: (entry: AuditEntry) => Promise.resolve(void audit.push(entry)),
    } as unknown as StaffBookingTx;
    const workflow = makeStaffBookings({
      store: { getById: () => Promise.resolve(null), transaction: (fn) => fn(tx) } as Parameters<typeof makeStaffBookings>[0]["store"],
      catalog: {
        listServices: () => Promise.resolve([oneTime]),
        getService: (id) => Promise.resolve(id === oneTime._id ? oneTime : null),
        listExtras: () => Promise.resolve([]),
        listFrequencies: () => Promise.resolve(frequencies),
        listQuestions: () => Promise.resolve([]),
      },
      settings: { getScheduling: () => Promise.resolve(SCHEDULING_DEFAULTS), getServiceArea: () => Promise.resolve({ postcodes: ["3065"] }) },
      closedDates: { list: () => Promise.resolve([]) },
      clock: { now: () => NOW },
      messages: {
        context: () => Promise.resolve({ profile: DEMO_BUSINESS_PROFILE, cancellationPolicyHtml: DEFAULT_CANCELLATION_POLICY_HTML }),
      },
    });
    return { workflow, inserted, reservations, mail, audit };
  };
  const actor = { _id: "a1", email: "office@example.com", role: "admin" as const };
  const draft = (extra: Record<string, unknown> = {}) =>
    staffBookingDraftSchema.parse({
      firstName: "Ada", lastName: "Lovelace", email: "ada@example.com", phone: "0412 345 678",
      address: { street: "12 Smith St", suburb: "Fitzroy", state: "VIC", postCode: "3065" },
      serviceId: "svc-1", servicePricingModel: "HOURLY", hours: 3, extras: [], answers: [],
      frequencyCode: "ONE_TIME", startTimeISO: "2026-11-24T09:00:00+11:00", notes: "",
      ...extra,
    });

  await t.step("CONFIRMED: stored, the place taken, one 'Booking confirmed' e-mail, the status audited", async () => {
    const { workflow, inserted, reservations, mail, audit } = make();
    const made = await workflow.create(actor, draft({ status: "CONFIRMED" }));
    assert.ok(made.ok, JSON.stringify(made));
    assert.equal(made.value.status, "CONFIRMED");
    assert.deepEqual(inserted.map((r) => r.status), ["CONFIRMED"]);
    assert.notEqual(reservations[0].capacity, null, "a confirmed booking holds its place, as a pending one does");
    assert.equal(mail.length, 1);
    assert.match(mail[0].subject, /^Booking confirmed — /);
    assert.match(mail[0].text, /is confirmed/);
    assert.deepEqual([audit.length, (audit[0].after as Record<string, unknown>).status], [1, "CONFIRMED"]);
  });

  await t.step("no status: PENDING, its 'Booking made' e-mail says the office will confirm; notifyCustomer false: no e-mail", async () => {
    const { workflow, inserted, reservations, mail, audit } = make();
    const made = await workflow.create(actor, draft());
    assert.ok(made.ok);
    assert.equal(made.value.status, "PENDING");
    assert.notEqual(reservations[0].capacity, null);
    assert.match(mail[0].subject, /^Booking made — /);
    assert.match(mail[0].text, /We'll confirm the booking with you before the day\./);
    assert.equal((audit[0].after as Record<string, unknown>).status, "PENDING");

    const quiet = await workflow.create(actor, draft({ status: "CONFIRMED", notifyCustomer: false }));
    assert.ok(quiet.ok);
    assert.deepEqual(inserted.map((r) => r.status), ["PENDING", "CONFIRMED"]);
    assert.equal(mail.length, 1, "nothing more sent");
  });

  await t.step("the schema: PENDING or CONFIRMED only, with its own message", () => {
    for (const status of ["DONE", "CANCELLED", "NEEDS_ATTENTION", "confirmed", 1, null]) {
      const parsed = staffBookingDraftSchema.safeParse({ ...draft(), status });
      assert.ok(!parsed.success, String(status));
      assert.deepEqual(parsed.error.issues.filter((i) => i.path[0] === "status").map((i) => i.message), ["status must be PENDING or CONFIRMED."]);
    }
  });
});

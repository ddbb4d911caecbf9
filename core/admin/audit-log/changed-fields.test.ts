import assert from "node:assert/strict";
import { auditChanges, displayValue } from "./changed-fields.ts";
import { SERIES_REASONS } from "../../booking/manage/policy.ts";
import { SUMMER_START, booking, inquiry, named, series, customer, VISIT, TERMS, SERIES_CREATED, MERGE_BEFORE } from "./test-fixtures.ts";

Deno.test("displayValue: money, times, codes, lists and empties as people read them", async (t) => {
  const cases: [string, unknown, string, Record<string, string>?][] = [
    ["totalPaid", 1234.5, "A$1,234.50"],
    ["startTime", SUMMER_START, "Sat 5 Dec 2026, 11:00 am AEDT"],
    ["paidAt", "2026-07-10T00:00:00.000Z", "Fri 10 July 2026, 10:00 am AEST"],
    ["status", "QUOTE_REQUESTED", "Quote requested"],
    ["method", "BANK_TRANSFER", "Bank transfer"],
    ["inquiryType", "INDUSTRIAL_WAREHOUSE", "Industrial / warehouse"],
    ["discountPercent", 7.5, "7.5%"],
    ["slotBufferMin", 90, "90 minutes"],
    ["firstSlotHour", 8, "8:00 am"],
    ["lastSlotHour", 16, "4:00 pm"],
    ["closedWeekdays", [0, 6], "Sun, Sat"],
    ["enforceBuffer", false, "No"],
    ["passwordChanged", true, "Changed"],
    ["notes", "", "—"],
    ["paidAt", null, "—"],
    ["postcodes", [], "none"],
    ["address", { unit: "2", street: "12 Smith St", suburb: "Richmond", state: "VIC", postCode: "3121" }, "2/12 Smith St, Richmond VIC 3121"],
    ["extras", [{ titleAtBooking: "Oven clean", quantity: 2, priceAtBooking: 45 }, { titleAtBooking: "Fridge", quantity: 1 }], "Oven clean × 2, Fridge"],
    ["bedroomPrices", [{ bedrooms: 0, price: 120 }, { bedrooms: 2, price: 250 }], "Studio: A$120.00, 2 bedrooms: A$250.00"],
    ["options", [{ label: "Yes", value: "yes" }, { label: "No", value: "no" }], "Yes, No"],
    ["cleanerIds", ["c1", "gone"], "Sam Lee, a cleaner no longer listed", { c1: "Sam Lee" }],
    ["cancellationPolicyHtml", "<ul><li>Free changes</li><li>50% fee</li></ul>", "Free changes 50% fee"],
    ["notes", "x".repeat(200), `${"x".repeat(159)}…`],
    ["date", "2026-12-25", "Fri 25 Dec 2026"],
    ["endsOn", "2026-12-03", "Thu 3 Dec 2026"],
    ["seriesDate", "2026-12-03", "Thu 3 Dec 2026"],
    ["startTime", "09:30", "9:30 am"],
    ["startTime", "12:00", "12:00 pm"],
    ["startTime", "00:15", "12:15 am"],
    ["cancelledIds", ["v1", "v2"], "2 visits"],
    ["replacedIds", ["v1"], "1 visit"],
    ["cancelledVisits", ["YS-1", "YS-2"], "YS-1, YS-2"],
    ["frequencyCode", "FORTNIGHTLY", "Fortnightly"],
    ["extras", [{ extraId: "e1", quantity: 2 }, { extraId: "gone", quantity: 1 }], "Oven clean × 2, an extra no longer listed", { e1: "Oven clean" }],
    ["tags", ["VIP", "Dog on site"], "VIP, Dog on site"],
  ];
  for (const [key, value, text, names] of cases) await t.step(`${key}: ${text.slice(0, 30)}`, () => assert.equal(displayValue(key, value, names), text));
});

Deno.test("auditChanges: changed fields only, before → after as display strings", async (t) => {
  await t.step("a move, in Melbourne time with its label", () => {
    assert.deepEqual(
      auditChanges(booking("booking.customer_reschedule", { startTime: "2026-10-03T22:00:00.000Z" }, { startTime: SUMMER_START })),
      [{ field: "Start", before: "Sun 4 Oct 2026, 9:00 am AEDT", after: "Sat 5 Dec 2026, 11:00 am AEDT" }],
    );
  });
  await t.step("a payment: bookkeeping left out, money as A$", () => {
    assert.deepEqual(
      auditChanges(booking("booking.payment", { paymentStatus: "UNPAID", totalPaid: null }, {
        paymentId: "p1",
        amount: 50,
        method: "CASH",
        // No note before, an empty one after: reads the same, so no line.
        note: "",
        paymentStatus: "PAID",
        totalPaid: 50,
      })),
      [
        { field: "Amount", before: "—", after: "A$50.00" },
        { field: "Method", before: "—", after: "Cash" },
        { field: "Payment status", before: "Unpaid", after: "Paid" },
        { field: "Total paid", before: "—", after: "A$50.00" },
      ],
    );
  });
  await t.step("a create lists what was set, with no before", () => {
    assert.deepEqual(
      auditChanges(named("frequency", "frequency.create", null, { _id: "f1", name: "Weekly", code: "WEEKLY", discountPercent: 10, createdAt: "x", deletedAt: null })),
      [
        { field: "Name", before: null, after: "Weekly" },
        { field: "Code", before: null, after: "WEEKLY" },
        { field: "Discount", before: null, after: "10%" },
      ],
    );
  });
  await t.step("a delete lists what was removed, with no after", () => {
    assert.deepEqual(auditChanges(named("admin", "admin.delete", { name: "Casey", role: "admin" }, null)), [
      { field: "Name", before: "Casey", after: null },
      { field: "Role", before: "Admin", after: null },
    ]);
  });
  await t.step("the cleaners of a job by name", () => {
    assert.deepEqual(
      auditChanges({ ...booking("booking.cleaners", { cleanerIds: ["c1"] }, { cleanerIds: ["c1", "c2"] }), names: { c1: "Sam Lee", c2: "Mia Chen" } }),
      [{ field: "Cleaners", before: "Sam Lee", after: "Sam Lee, Mia Chen" }],
    );
  });
  await t.step("the order of a service's extras by title", () => {
    assert.deepEqual(
      auditChanges({
        ...named("service", "service.reorder_extras", [{ extraId: "e1", order: 1 }, { extraId: "e2", order: 2 }], [{ extraId: "e1", order: 2 }, { extraId: "e2", order: 1 }]),
        names: { e1: "Oven", e2: "Fridge" },
      }),
      [{ field: "Order of extras", before: "Oven, Fridge", after: "Fridge, Oven" }],
    );
  });
  await t.step("the start before the end, the status before the reason, whatever order the database kept", () => {
    assert.deepEqual(
      auditChanges(booking("booking.customer_reschedule", { endTime: "2026-12-04T02:00:00.000Z", startTime: "2026-12-03T23:00:00.000Z" }, {
        endTime: "2026-12-05T03:00:00.000Z",
        startTime: SUMMER_START,
      })).map((change) => change.field),
      ["Start", "End"],
    );
    assert.deepEqual(
      auditChanges(booking("booking.status", { status: "CONFIRMED" }, { reason: "Sick", status: "CANCELLED" })).map((change) => change.field),
      ["Status", "Reason"],
    );
  });
  await t.step("a skipped visit of a regular clean: its status and the reason", () => {
    assert.deepEqual(auditChanges(series("series.skip", VISIT, { ...VISIT, status: "CANCELLED", reason: "Skipped" })), [
      { field: "Status", before: "Confirmed", after: "Cancelled" },
      { field: "Reason", before: "—", after: "Skipped" },
    ]);
  });
  await t.step("a change of a regular clean: its terms by name, the start on the wall clock, the visits replaced counted", () => {
    const row = series("series.change", TERMS, {
      ...TERMS,
      frequencyCode: "FORTNIGHTLY",
      repeatEvery: 2,
      anchorDate: "2026-12-03",
      startTime: "09:00",
      extras: [{ extraId: "e1", quantity: 2 }],
      recurringTotal: 225,
      fromDate: "2026-12-03",
      replacedIds: ["v1", "v2"],
    });
    assert.deepEqual(auditChanges({ ...row, names: { e1: "Oven clean" } }), [
      { field: "Start", before: "10:00 am", after: "9:00 am" },
      { field: "Frequency", before: "Weekly (every week)", after: "Fortnightly (every 2 weeks)" },
      { field: "Extras", before: "none", after: "Oven clean × 2" },
      { field: "Recurring total", before: "A$180.00", after: "A$225.00" },
      { field: "Visits replaced", before: "—", after: "2 visits" },
    ]);
  });
  await t.step("a regular clean started: its terms as set", () => {
    assert.deepEqual(auditChanges(series("series.create", null, { ...SERIES_CREATED, repeatUnit: "MONTH" })), [
      { field: "Start", before: null, after: "10:00 am" },
      { field: "Frequency", before: null, after: "Weekly (every month)" },
      { field: "Repeats from", before: null, after: "Thu 3 Dec 2026" },
      { field: "Reference", before: null, after: "YS-7K3F9Q" },
      { field: "Visit length", before: null, after: "150 minutes" },
      { field: "Recurring total", before: null, after: "A$180.00" },
    ]);
  });
  await t.step("a regular clean ended: the status, the reason, the date, how many visits", () => {
    assert.deepEqual(
      auditChanges(series("series.end", { status: "ACTIVE" }, { status: "ENDED", endsOn: "2026-12-03", reason: "Moving", cancelledIds: ["v1"] })),
      [
        { field: "Status", before: "Active", after: "Ended" },
        { field: "Reason", before: "—", after: "Moving" },
        { field: "Ends on", before: "—", after: "Thu 3 Dec 2026" },
        { field: "Visits cancelled", before: "—", after: "1 visit" },
      ],
    );
  });
  await t.step("a visit the customer skipped: no series id, its planned date", () => {
    assert.deepEqual(
      auditChanges(booking("booking.customer_skip", { status: "CONFIRMED" }, {
        status: "CANCELLED",
        cancelReason: SERIES_REASONS.skipped,
        seriesId: "s1",
        seriesDate: "2026-12-03",
      })),
      [
        { field: "Status", before: "Confirmed", after: "Cancelled" },
        { field: "Cancellation reason", before: "—", after: SERIES_REASONS.skipped },
        { field: "Planned date", before: "—", after: "Thu 3 Dec 2026" },
      ],
    );
  });
  await t.step("a merge: the kept record's notes and tags (a phone only when it was filled), not the other record", () => {
    const after = { notes: "Gate code 1234\n\nKey under the mat", tags: ["VIP", "Pets"], mergedId: "cu2", moved: { bookings: 3 } };
    assert.deepEqual(auditChanges(customer("customer.merge", MERGE_BEFORE, after)), [
      { field: "Notes", before: "Gate code 1234", after: "Gate code 1234\n\nKey under the mat" },
      { field: "Tags", before: "VIP", after: "VIP, Pets" },
    ]);
    assert.deepEqual(
      auditChanges(customer("customer.merge", { ...MERGE_BEFORE, phone: "" }, { ...after, phone: "0412999888" })).map((change) => change.field),
      ["Phone", "Notes", "Tags"],
    );
  });
  await t.step("nothing changed: no lines", () => {
    assert.deepEqual(auditChanges(inquiry("inquiry.read", { read: true, updatedAt: "a" }, { read: true, updatedAt: "b" })), []);
  });
});

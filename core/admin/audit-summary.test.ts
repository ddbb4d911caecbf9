import assert from "node:assert/strict";
import {
  auditActor,
  auditChanges,
  auditRecordRef,
  type AuditRowWithFacts,
  auditSummary,
  displayValue,
  formatAuditTime,
  KNOWN_AUDIT_ACTIONS,
  readableAuditEntry,
} from "./audit-summary.ts";
import { SERIES_REASONS } from "../booking/manage-policy.ts";
import { SERIES_CANCEL_REASONS } from "../series/rules.ts";

const row = (overrides: Partial<AuditRowWithFacts>): AuditRowWithFacts => ({
  id: 1,
  at: new Date("2026-11-25T03:00:00.000Z"),
  adminId: "4b0c1a52-0000-4000-8000-000000000001",
  adminEmail: "sam@yarrashine.com.au",
  action: "unknown.action",
  entity: "booking",
  entityId: "b1",
  before: null,
  after: null,
  actorName: "Sam Staff",
  facts: null,
  names: null,
  ...overrides,
});

const ada = { reference: "YS-7K3F9Q", firstName: "Ada", lastName: "Lovelace", type: "BOOKING" };
const adaQuote = { ...ada, type: "QUOTE" };
const priya = { firstName: "Priya", lastName: "Shah", inquiryType: "OFFICE" };
// 11:00 am on Sat 5 Dec 2026 in Melbourne, in daylight saving (UTC+11).
const SUMMER_START = "2026-12-05T00:00:00.000Z";
const booking = (action: string, before: unknown, after: unknown, facts: AuditRowWithFacts["facts"] = ada) =>
  row({ action, entity: "booking", entityId: "b1", before, after, facts });
const inquiry = (action: string, before: unknown, after: unknown) =>
  row({ action, entity: "inquiry", entityId: "i1", before, after, facts: priya });
const named = (entity: string, action: string, before: unknown, after: unknown, name: string | null = null) =>
  row({ action, entity, entityId: `${entity}-1`, before, after, facts: name === null ? null : { name } });
const adaWeekly = { firstName: "Ada", lastName: "Lovelace", frequencyName: "Weekly" };
const series = (action: string, before: unknown, after: unknown, facts: AuditRowWithFacts["facts"] = adaWeekly) =>
  row({ action, entity: "series", entityId: "s1", before, after, facts });
/** The customer acting through a visit's manage-my-booking link. */
const byCustomer = (input: AuditRowWithFacts): AuditRowWithFacts => ({ ...input, adminId: null, adminEmail: "ada@example.com", actorName: null });
const adaRecord = { firstName: "Ada", lastName: "Lovelace", email: "ada@example.com" };
const customer = (action: string, before: unknown, after: unknown) => row({ action, entity: "customer", entityId: "cu1", before, after, facts: adaRecord });
// A visit of Ada's weekly clean: Thu 3 Dec 2026, 10:00 am in Melbourne (AEDT).
const VISIT = {
  bookingId: "v1",
  reference: "YS-VISIT3",
  seriesDate: "2026-12-03",
  startTime: "2026-12-02T23:00:00.000Z",
  endTime: "2026-12-03T01:30:00.000Z",
  status: "CONFIRMED",
};
/** A series' terms as its audit rows keep them (core/series/admin.ts termsFacts). */
const TERMS = {
  frequencyCode: "WEEKLY",
  repeatUnit: "WEEK",
  repeatEvery: 1,
  anchorDate: "2026-11-05",
  startTime: "10:00",
  durationMinutes: 150,
  hours: 3,
  bedrooms: null,
  extras: [],
  recurringTotal: 180,
};
const SERIES_CREATED = {
  firstBookingId: "b1",
  reference: "YS-7K3F9Q",
  frequencyCode: "WEEKLY",
  repeatUnit: "WEEK",
  repeatEvery: 1,
  anchorDate: "2026-12-03",
  startMinutes: 600,
  durationMinutes: 150,
  recurringTotal: 180,
};
const MERGE_BEFORE = {
  notes: "Gate code 1234",
  tags: ["VIP"],
  phone: "0412345678",
  merged: { _id: "cu2", firstName: "Ada", lastName: "L.", email: "ada@old.example", phone: "", notes: "Key under the mat", tags: ["Pets"] },
};

/** [action, row, sentence]: every action the code base writes, and the variants its sentence has. */
const SENTENCE_CASES: [string, AuditRowWithFacts, string][] = [
  ["booking.status", booking("booking.status", { status: "PENDING" }, { status: "CONFIRMED" }), "Confirmed booking YS-7K3F9Q for Ada Lovelace"],
  [
    "booking.status",
    booking("booking.status", { status: "CONFIRMED" }, { status: "CANCELLED", reason: "Moving interstate" }),
    "Cancelled booking YS-7K3F9Q for Ada Lovelace (reason: Moving interstate)",
  ],
  ["booking.status", booking("booking.status", { status: "CONFIRMED" }, { status: "DONE" }), "Marked booking YS-7K3F9Q for Ada Lovelace as done"],
  [
    "booking.status",
    booking("booking.status", { status: "CANCELLED" }, { status: "CONFIRMED", overrideCapacity: true }),
    "Confirmed booking YS-7K3F9Q for Ada Lovelace, overriding the capacity limit",
  ],
  ["booking.status", booking("booking.status", { status: "PENDING" }, { status: "CONFIRMED" }, null), "Confirmed a booking"],
  [
    "booking.payment",
    booking("booking.payment", { paymentStatus: "UNPAID", totalPaid: null, paidAt: null }, { amount: 50, method: "CASH", paymentStatus: "UNPAID", totalPaid: 50 }),
    "Recorded a payment of A$50.00 (Cash) on booking YS-7K3F9Q for Ada Lovelace",
  ],
  [
    "booking.payment",
    booking("booking.payment", { paymentStatus: "UNPAID" }, { amount: 200, method: "BANK_TRANSFER", paymentStatus: "PAID" }),
    "Recorded a payment of A$200.00 (Bank transfer) on booking YS-7K3F9Q for Ada Lovelace, now paid in full",
  ],
  [
    "booking.confirm_payment",
    booking("booking.confirm_payment", { paymentStatus: "UNPAID" }, { amount: 250, method: "OTHER", paymentStatus: "PAID" }),
    "Recorded a payment of A$250.00 (Other) on booking YS-7K3F9Q for Ada Lovelace, now paid in full",
  ],
  [
    "booking.payment_void",
    booking("booking.payment_void", { paymentId: "p1", amount: 10, method: "CARD", paymentStatus: "PAID" }, { paymentId: "p1", reason: "Bounced", paymentStatus: "UNPAID" }),
    "Voided a payment of A$10.00 (Card) on booking YS-7K3F9Q for Ada Lovelace (reason: Bounced)",
  ],
  [
    "booking.create_by_staff",
    booking("booking.create_by_staff", null, { reference: "YS-7K3F9Q", startTime: SUMMER_START, notifyCustomer: true }),
    "Created booking YS-7K3F9Q for Ada Lovelace on Sat 5 Dec 2026, 11:00 am AEDT",
  ],
  [
    "booking.create_by_staff",
    booking("booking.create_by_staff", null, { reference: "YS-7K3F9Q", startTime: SUMMER_START, notifyCustomer: false, overrideCapacity: true }),
    "Created booking YS-7K3F9Q for Ada Lovelace on Sat 5 Dec 2026, 11:00 am AEDT without e-mailing the customer, overriding the capacity limit",
  ],
  [
    "booking.create_by_staff",
    booking("booking.create_by_staff", null, { reference: "YS-7K3F9Q", startTime: "2026-12-05T07:00:00.000Z", notifyCustomer: true, allowOutsideHours: true }),
    "Created booking YS-7K3F9Q for Ada Lovelace on Sat 5 Dec 2026, 6:00 pm AEDT, outside working hours",
  ],
  [
    "booking.edit",
    booking("booking.edit", { startTime: "2026-12-04T23:00:00.000Z", endTime: "2026-12-05T02:00:00.000Z" }, {
      startTime: "2026-12-05T07:00:00.000Z",
      endTime: "2026-12-05T10:00:00.000Z",
      notifyCustomer: false,
      allowOutsideHours: true,
    }),
    "Moved booking YS-7K3F9Q for Ada Lovelace to Sat 5 Dec 2026, 6:00 pm AEDT, outside working hours without e-mailing the customer",
  ],
  [
    "booking.edit",
    booking("booking.edit", { startTime: "2026-12-04T23:00:00.000Z", endTime: "2026-12-05T02:00:00.000Z" }, {
      startTime: SUMMER_START,
      endTime: "2026-12-05T03:00:00.000Z",
      notifyCustomer: true,
    }),
    "Moved booking YS-7K3F9Q for Ada Lovelace to Sat 5 Dec 2026, 11:00 am AEDT",
  ],
  [
    "booking.edit",
    booking("booking.edit", { phone: "0412000111", notes: "" }, { phone: "0412000222", notes: "Gate code 1234", notifyCustomer: false }),
    "Changed the phone and notes of booking YS-7K3F9Q for Ada Lovelace without e-mailing the customer",
  ],
  [
    "booking.edit",
    booking("booking.edit", { notes: "" }, { notes: "Bring a ladder", notifyCustomer: true }, adaQuote),
    "Changed the notes of quote YS-7K3F9Q for Ada Lovelace",
  ],
  [
    "booking.convert",
    booking("booking.convert", { type: "QUOTE", status: "QUOTE_REQUESTED" }, { type: "BOOKING", status: "PENDING", notifyCustomer: true }),
    "Turned quote YS-7K3F9Q for Ada Lovelace into a booking",
  ],
  [
    "booking.cleaners",
    { ...booking("booking.cleaners", { cleanerIds: [] }, { cleanerIds: ["c1", "c2"] }), names: { c1: "Sam Lee", c2: "Mia Chen" } },
    "Put Sam Lee and Mia Chen on booking YS-7K3F9Q for Ada Lovelace",
  ],
  ["booking.cleaners", booking("booking.cleaners", { cleanerIds: ["c1"] }, { cleanerIds: [] }), "Took every cleaner off booking YS-7K3F9Q for Ada Lovelace"],
  [
    "booking.cleaner_clash_removed",
    { ...booking("booking.cleaner_clash_removed", { cleanerIds: ["c1"] }, { cleanerIds: [] }), adminId: null, adminEmail: "system", names: { c1: "Sam Lee" } },
    "Took Sam Lee off booking YS-7K3F9Q for Ada Lovelace: they were already on an overlapping job",
  ],
  [
    "booking.first_price",
    { ...booking("booking.first_price", { firstServiceTotal: 207.4 }, { firstServiceTotal: 230.44 }), adminId: null, adminEmail: "system" },
    "Charged the first-clean price of A$230.44 on booking YS-7K3F9Q for Ada Lovelace: the visits before it were skipped or cancelled",
  ],
  [
    "series.cleaners",
    { ...series("series.cleaners", { cleanerIds: [] }, { cleanerIds: ["c1", "c2"], visitIds: ["v1"] }), names: { c1: "Sam Lee", c2: "Mia Chen" } },
    "Made Sam Lee and Mia Chen the regular cleaners of Ada Lovelace's weekly clean",
  ],
  [
    "series.cleaners",
    { ...series("series.cleaners", { cleanerIds: ["c1"] }, { cleanerIds: ["c2"], visitIds: [] }), names: { c2: "Mia Chen" } },
    "Made Mia Chen the regular cleaner of Ada Lovelace's weekly clean",
  ],
  ["series.cleaners", series("series.cleaners", { cleanerIds: ["c1"] }, { cleanerIds: [], visitIds: [] }), "Took the regular cleaners off Ada Lovelace's weekly clean"],
  [
    "booking.customer_cancel",
    { ...booking("booking.customer_cancel", { status: "CONFIRMED" }, { status: "CANCELLED", cancelReason: "Sick" }), adminId: null, adminEmail: "ada@example.com" },
    "Ada Lovelace cancelled booking YS-7K3F9Q (reason: Sick)",
  ],
  [
    "booking.customer_cancel",
    { ...booking("booking.customer_cancel", { status: "PENDING" }, { status: "CANCELLED", cancelReason: "" }), adminId: null },
    "Ada Lovelace cancelled booking YS-7K3F9Q",
  ],
  [
    "booking.customer_reschedule",
    {
      ...booking("booking.customer_reschedule", { startTime: "2026-12-03T22:00:00.000Z", endTime: "2026-12-04T01:00:00.000Z" }, {
        startTime: SUMMER_START,
        endTime: "2026-12-05T03:00:00.000Z",
      }),
      adminId: null,
    },
    "Ada Lovelace moved booking YS-7K3F9Q to Sat 5 Dec 2026, 11:00 am AEDT",
  ],
  [
    "booking.customer_skip",
    byCustomer(booking("booking.customer_skip", { status: "CONFIRMED" }, {
      status: "CANCELLED",
      cancelReason: SERIES_REASONS.skipped,
      seriesId: "s1",
      seriesDate: "2026-12-03",
    }, { ...ada, frequencyName: "Weekly" })),
    "Ada Lovelace skipped booking YS-7K3F9Q (Thu 3 Dec 2026), one visit of their weekly clean",
  ],
  [
    "booking.customer_skip",
    byCustomer(booking("booking.customer_skip", { status: "PENDING" }, { status: "CANCELLED", cancelReason: SERIES_REASONS.skipped, seriesDate: null }, {
      ...ada,
      frequencyName: "Every 3 weeks",
    })),
    "Ada Lovelace skipped booking YS-7K3F9Q, one visit of their regular clean (Every 3 weeks)",
  ],
  [
    "series.create",
    series("series.create", null, SERIES_CREATED),
    "Started Ada Lovelace's weekly clean with booking YS-7K3F9Q (first visit Thu 3 Dec 2026)",
  ],
  [
    "series.create",
    byCustomer(series("series.create", null, SERIES_CREATED, { ...adaWeekly, frequencyName: "Fortnightly" })),
    "Ada Lovelace started a fortnightly clean with booking YS-7K3F9Q (first visit Thu 3 Dec 2026)",
  ],
  [
    "series.confirm_visits",
    series("series.confirm_visits", { status: "PENDING", bookingIds: ["v1", "v2", "v3"] }, {
      status: "CONFIRMED",
      bookingIds: ["v1", "v2", "v3"],
      firstBookingId: "b1",
    }),
    "Confirmed 3 visits of Ada Lovelace's weekly clean with its first visit",
  ],
  [
    "series.skip",
    series("series.skip", VISIT, { ...VISIT, status: "CANCELLED", reason: SERIES_CANCEL_REASONS.skipped }),
    "Skipped the visit of Thu 3 Dec 2026 of Ada Lovelace's weekly clean",
  ],
  [
    "series.skip",
    // Moved to the Saturday before it was skipped: the day it was on.
    series("series.skip", { ...VISIT, startTime: SUMMER_START }, { ...VISIT, startTime: SUMMER_START, status: "CANCELLED", reason: "Family holiday" }),
    "Skipped the visit of Sat 5 Dec 2026 of Ada Lovelace's weekly clean (reason: Family holiday)",
  ],
  [
    "series.skip",
    series("series.skip", VISIT, { ...VISIT, status: "CANCELLED", reason: SERIES_CANCEL_REASONS.skipped }, null),
    "Skipped the visit of Thu 3 Dec 2026 of a regular clean",
  ],
  [
    "series.move",
    series("series.move", VISIT, { ...VISIT, startTime: SUMMER_START, endTime: "2026-12-05T02:30:00.000Z" }),
    "Moved the visit of Thu 3 Dec 2026 of Ada Lovelace's weekly clean to Sat 5 Dec 2026, 11:00 am AEDT",
  ],
  [
    "series.move",
    series("series.move", { ...VISIT, status: "NEEDS_ATTENTION" }, {
      ...VISIT,
      startTime: "2026-07-09T23:00:00.000Z",
      endTime: "2026-07-10T01:30:00.000Z",
      overrideCapacity: true,
    }),
    "Moved the visit of Thu 3 Dec 2026 of Ada Lovelace's weekly clean to Fri 10 July 2026, 9:00 am AEST, overriding the capacity limit",
  ],
  [
    "series.change",
    series("series.change", TERMS, {
      ...TERMS,
      anchorDate: "2026-12-03",
      startTime: "09:00",
      extras: [{ extraId: "e1", quantity: 1 }],
      recurringTotal: 225,
      fromDate: "2026-12-03",
      replacedIds: ["v1", "v2"],
    }),
    "Changed Ada Lovelace's weekly clean from Thu 3 Dec 2026 (start, extras and recurring total)",
  ],
  [
    "series.change",
    series("series.change", TERMS, {
      ...TERMS,
      frequencyCode: "FORTNIGHTLY",
      repeatEvery: 2,
      anchorDate: "2026-12-03",
      recurringTotal: 190,
      fromDate: "2026-12-03",
      replacedIds: [],
    }, { ...adaWeekly, frequencyName: "Fortnightly" }),
    "Changed Ada Lovelace's fortnightly clean from Thu 3 Dec 2026 (frequency and recurring total)",
  ],
  [
    "series.pause",
    series("series.pause", { status: "ACTIVE" }, { status: "PAUSED", fromDate: "2026-12-03", cancelledIds: ["v1", "v2"] }),
    "Paused Ada Lovelace's weekly clean from Thu 3 Dec 2026, cancelling 2 visits",
  ],
  [
    "series.pause",
    series("series.pause", { status: "ACTIVE" }, { status: "PAUSED", fromDate: "2026-12-03", cancelledIds: [] }),
    "Paused Ada Lovelace's weekly clean from Thu 3 Dec 2026",
  ],
  [
    "series.resume",
    series("series.resume", { status: "PAUSED" }, { status: "ACTIVE", fromDate: "2027-01-07" }),
    "Resumed Ada Lovelace's weekly clean from Thu 7 Jan 2027",
  ],
  [
    "series.end",
    series("series.end", { status: "ACTIVE" }, { status: "ENDED", endsOn: "2026-12-03", reason: SERIES_CANCEL_REASONS.ended, cancelledIds: ["v1"] }),
    "Ended Ada Lovelace's weekly clean from Thu 3 Dec 2026, cancelling 1 visit",
  ],
  [
    "series.end",
    series("series.end", { status: "PAUSED" }, { status: "ENDED", endsOn: "2026-12-03", reason: "Moving interstate", cancelledIds: ["v1", "v2", "v3"] }),
    "Ended Ada Lovelace's weekly clean from Thu 3 Dec 2026, cancelling 3 visits (reason: Moving interstate)",
  ],
  [
    "series.customer_end",
    byCustomer(series("series.customer_end", { status: "ACTIVE" }, {
      status: "ENDED",
      endsOn: "2026-12-03",
      reason: SERIES_REASONS.ended,
      fromBooking: "YS-VISIT3",
      cancelledVisits: ["YS-VISIT3", "YS-VISIT4"],
    })),
    "Ada Lovelace ended their weekly clean from Thu 3 Dec 2026, cancelling 2 visits",
  ],
  [
    "series.customer_end",
    byCustomer(series("series.customer_end", { status: null }, {
      status: "ENDED",
      endsOn: "2026-12-03",
      reason: "Moving interstate",
      fromBooking: "YS-VISIT3",
      cancelledVisits: ["YS-VISIT3"],
    }, null)),
    "The customer ended their regular clean from Thu 3 Dec 2026, cancelling 1 visit (reason: Moving interstate)",
  ],
  ["customer.update", customer("customer.update", { notes: "" }, { notes: "Gate code 1234" }), "Updated Ada Lovelace's notes"],
  ["customer.update", customer("customer.update", { notes: "Gate code 1234" }, { notes: "" }), "Cleared Ada Lovelace's notes"],
  ["customer.update", customer("customer.update", { tags: [] }, { tags: ["VIP", "Dog on site"] }), "Added the tags “VIP” and “Dog on site” to Ada Lovelace"],
  ["customer.update", customer("customer.update", { tags: ["VIP", "Pets"] }, { tags: ["Pets"] }), "Removed the tag “VIP” from Ada Lovelace"],
  ["customer.update", customer("customer.update", { tags: ["VIP"] }, { tags: ["Pets"] }), "Added the tag “Pets” to Ada Lovelace and removed the tag “VIP”"],
  ["customer.update", customer("customer.update", { tags: ["VIP", "Pets"] }, { tags: ["Pets", "VIP"] }), "Changed Ada Lovelace's tags"],
  ["customer.update", customer("customer.update", { notes: "", tags: [] }, { notes: "Gate code 1234", tags: ["VIP"] }), "Changed Ada Lovelace's notes and tags"],
  [
    "customer.merge",
    customer("customer.merge", MERGE_BEFORE, {
      notes: "Gate code 1234\n\nKey under the mat",
      tags: ["VIP", "Pets"],
      mergedId: "cu2",
      moved: { bookings: 3, inquiries: 1, series: 1, records: 0 },
    }),
    "Merged Ada L. (ada@old.example) into Ada Lovelace, moving 3 bookings, 1 inquiry and 1 regular clean",
  ],
  [
    "customer.merge",
    customer("customer.merge", { ...MERGE_BEFORE, merged: { ...MERGE_BEFORE.merged, firstName: "", lastName: "" } }, {
      notes: "Gate code 1234",
      tags: ["VIP"],
      mergedId: "cu2",
      moved: { bookings: 1, inquiries: 0, series: 0, records: 0 },
    }),
    "Merged ada@old.example into Ada Lovelace, moving 1 booking",
  ],
  ["inquiry.notes", inquiry("inquiry.notes", { adminNotes: "" }, { adminNotes: "Called back" }), "Updated the notes on the inquiry from Priya Shah"],
  ["inquiry.notes", inquiry("inquiry.notes", { adminNotes: "Called back" }, { adminNotes: "" }), "Cleared the notes on the inquiry from Priya Shah"],
  ["inquiry.read", inquiry("inquiry.read", { read: false }, { read: true }), "Marked the inquiry from Priya Shah as read"],
  ["inquiry.read", inquiry("inquiry.read", { read: true }, { read: false }), "Marked the inquiry from Priya Shah as unread"],
  ["inquiry.has_address", inquiry("inquiry.has_address", { hasAddress: false }, { hasAddress: true }), "Marked the inquiry from Priya Shah as checked"],
  ["inquiry.has_address", inquiry("inquiry.has_address", { hasAddress: true }, { hasAddress: false }), "Marked the inquiry from Priya Shah as not checked"],
  ["inquiry.archive", inquiry("inquiry.archive", { archivedAt: null }, { archivedAt: "2026-11-25T03:00:00.000Z" }), "Archived the inquiry from Priya Shah"],
  ["inquiry.restore", inquiry("inquiry.restore", { archivedAt: "2026-11-25T03:00:00.000Z" }, { archivedAt: null }), "Restored the inquiry from Priya Shah"],
  ["service.create", named("service", "service.create", null, { name: "Deep clean", ratePerHour: 70 }, "Deep clean"), "Added the service Deep clean"],
  ["service.update", named("service", "service.update", { name: "Deep clean", ratePerHour: 70 }, { name: "Deep clean", ratePerHour: 72.5 }, "Deep clean"), "Changed the service Deep clean (rate per hour)"],
  ["service.update", named("service", "service.update", { name: "Regular clean" }, { name: "Standard clean" }, "Standard clean"), "Renamed the service Regular clean to Standard clean"],
  ["service.delete", named("service", "service.delete", { name: "Deep clean", deletedAt: null }, { name: "Deep clean", deletedAt: "2026-11-25T03:00:00.000Z" }, "Deep clean"), "Deleted the service Deep clean (it can be restored)"],
  ["service.restore", named("service", "service.restore", { name: "Deep clean" }, { name: "Deep clean", deletedAt: null }, "Deep clean"), "Restored the service Deep clean"],
  ["service.hard_delete", named("service", "service.hard_delete", { name: "Deep clean" }, null), "Permanently deleted the service Deep clean and its extras"],
  ["service.reorder_extras", named("service", "service.reorder_extras", [{ extraId: "e1", order: 1 }], [{ extraId: "e1", order: 2 }], "Deep clean"), "Reordered the extras of the service Deep clean"],
  ["extra.create", named("extra", "extra.create", null, { title: "Oven clean", price: 45 }, "Oven clean"), "Added the extra Oven clean"],
  ["extra.update", named("extra", "extra.update", { title: "Oven clean", price: 45 }, { title: "Oven clean", price: 50 }, "Oven clean"), "Changed the extra Oven clean (price)"],
  ["extra.update", named("extra", "extra.update", { title: "Oven clean", active: true }, { title: "Oven clean", active: false }, "Oven clean"), "Disabled the extra Oven clean"],
  ["extra.update", named("extra", "extra.update", { title: "Oven clean", active: false }, { title: "Oven clean", active: true }, "Oven clean"), "Enabled the extra Oven clean"],
  ["extra.delete", named("extra", "extra.delete", { title: "Oven clean" }, { title: "Oven clean", deletedAt: "2026-11-25T03:00:00.000Z" }, "Oven clean"), "Deleted the extra Oven clean (it can be restored)"],
  ["extra.restore", named("extra", "extra.restore", { title: "Oven clean" }, { title: "Oven clean", deletedAt: null }, "Oven clean"), "Restored the extra Oven clean"],
  ["extra.hard_delete", named("extra", "extra.hard_delete", { title: "Oven clean" }, null), "Permanently deleted the extra Oven clean"],
  ["frequency.create", named("frequency", "frequency.create", null, { name: "Weekly", code: "WEEKLY", discountPercent: 10 }, "Weekly"), "Added the frequency Weekly (10% off)"],
  ["frequency.update", named("frequency", "frequency.update", { name: "Weekly", discountPercent: 10 }, { name: "Weekly", discountPercent: 12 }, "Weekly"), "Changed the discount of the frequency Weekly from 10% to 12%"],
  ["frequency.update", named("frequency", "frequency.update", { name: "Weekly", code: "W" }, { name: "Every week", code: "WEEKLY" }, "Every week"), "Changed the frequency Every week (name and code)"],
  ["frequency.delete", named("frequency", "frequency.delete", { name: "Weekly" }, null), "Deleted the frequency Weekly"],
  ["question.create", named("question", "question.create", null, { text: "Any pets?", required: false }, "Any pets?"), "Added the question “Any pets?”"],
  ["question.update", named("question", "question.update", { text: "Any pets?", required: false }, { text: "Any pets?", required: true }, "Any pets?"), "Made the question “Any pets?” required"],
  ["question.update", named("question", "question.update", { text: "Any pets?", order: 1 }, { text: "Any pets?", order: 2 }, "Any pets?"), "Changed the question “Any pets?” (order)"],
  ["question.delete", named("question", "question.delete", { text: "Any pets?" }, null), "Deleted the question “Any pets?”"],
  ["admin.create", named("admin", "admin.create", null, { name: "Casey Jones", email: "casey@yarrashine.com.au", role: "admin" }, "Casey Jones"), "Added Casey Jones as an admin"],
  ["admin.update", named("admin", "admin.update", { name: "Casey Jones", role: "admin" }, { name: "Casey Jones", role: "superadmin" }, "Casey Jones"), "Made Casey Jones a superadmin"],
  ["admin.update", named("admin", "admin.update", { name: "Casey Jones", role: "admin" }, { name: "Casey Jones", role: "admin", passwordChanged: true }, "Casey Jones"), "Changed the password of Casey Jones"],
  ["admin.update", named("admin", "admin.update", { name: "Casey", email: "c@x.au" }, { name: "Casey Jones", email: "casey@x.au" }, "Casey Jones"), "Changed the account of Casey Jones (name and e-mail)"],
  ["admin.delete", named("admin", "admin.delete", { name: "Casey Jones", role: "admin" }, null), "Deleted the account of Casey Jones"],
  ["cleaner.create", named("cleaner", "cleaner.create", null, { name: "Sam Lee", colour: "#1f7a6d" }, "Sam Lee"), "Added Sam Lee to the team"],
  ["cleaner.update", named("cleaner", "cleaner.update", { phone: "" }, { phone: "0412345678" }, "Sam Lee"), "Changed the cleaner Sam Lee (phone)"],
  ["cleaner.update", named("cleaner", "cleaner.update", { active: false }, { active: true }, "Sam Lee"), "Reactivated the cleaner Sam Lee"],
  ["cleaner.deactivate", named("cleaner", "cleaner.deactivate", { active: true }, { active: false }, "Sam Lee"), "Deactivated the cleaner Sam Lee"],
  ["cleaner.working_hours", named("cleaner", "cleaner.working_hours", { days: [] }, { days: [{ weekday: 1, start: "08:00", end: "17:00" }] }, "Sam Lee"), "Set the working hours of the cleaner Sam Lee"],
  ["cleaner.time_off_add", named("cleaner", "cleaner.time_off_add", null, { from: "2026-12-21", to: "2027-01-08", reason: "Leave" }, "Sam Lee"), "Added time off for the cleaner Sam Lee (Mon 21 Dec 2026 to Fri 8 Jan 2027)"],
  ["cleaner.time_off_remove", named("cleaner", "cleaner.time_off_remove", { from: "2026-12-24", to: "2026-12-24" }, null, "Sam Lee"), "Removed time off of the cleaner Sam Lee (Thu 24 Dec 2026)"],
  ["settings.scheduling", row({ action: "settings.scheduling", entity: "settings", entityId: "scheduling", before: { slotBufferMin: 120 }, after: { slotBufferMin: 90 } }), "Changed the scheduling settings"],
  ["settings.slot_buffer", row({ action: "settings.slot_buffer", entity: "settings", entityId: "scheduling", before: { slotBufferMin: 120 }, after: { slotBufferMin: 90 } }), "Changed the slot buffer to 90 minutes"],
  ["settings.content", row({ action: "settings.content", entity: "settings", entityId: "booking_form_content", before: {}, after: {} }), "Changed the booking form content"],
  ["settings.service_area", row({ action: "settings.service_area", entity: "settings", entityId: "service_area", before: { postcodes: [] }, after: { postcodes: ["3121"] } }), "Changed the service area"],
  [
    "closed_date.add",
    row({ action: "closed_date.add", entity: "closed_date", entityId: "2026-12-25", before: null, after: { date: "2026-12-25", label: "Christmas Day" }, facts: { label: "Christmas Day" } }),
    "Closed Fri 25 Dec 2026 (Christmas Day)",
  ],
  [
    "closed_date.remove",
    row({ action: "closed_date.remove", entity: "closed_date", entityId: "2026-12-24", before: { date: "2026-12-24", label: "Team day off" }, after: null }),
    "Reopened Thu 24 Dec 2026 (Team day off)",
  ],
];

Deno.test("auditSummary: one sentence for every action", async (t) => {
  for (const [action, input, sentence] of SENTENCE_CASES) {
    await t.step(`${action}: ${sentence}`, () => {
      assert.equal(input.action, action);
      assert.equal(auditSummary(input), sentence);
    });
  }
});

Deno.test("auditSummary: an action it does not know reads as a generic sentence", () => {
  assert.equal(auditSummary(booking("booking.frobnicate", null, null)), "Made a change (booking.frobnicate) to the booking YS-7K3F9Q · Ada Lovelace");
  assert.equal(
    auditSummary(row({ action: "widget.polish", entity: "widget", entityId: "w-9", facts: null })),
    "Made a change (widget.polish) to the widget w-9",
  );
  assert.equal(auditSummary(row({ action: "widget.polish", entity: "widget", entityId: null })), "Made a change (widget.polish) to a widget");
});

/**
 * Every `"<entity>.<verb>"` string literal in the source of core, adapters and api (tests aside):
 * the actions written (an adapter writes some itself, e.g. series.confirm_visits).
 */
async function actionsInCode(): Promise<Set<string>> {
  const entities = "booking|inquiry|service|extra|frequency|question|admin|settings|closed_date|cleaner|series|customer";
  const literal = new RegExp(`"((?:${entities})\\.[a-z_]+)"`, "g");
  const found = new Set<string>();
  const walk = async (dir: URL) => {
    for await (const entry of Deno.readDir(dir)) {
      if (entry.isDirectory) await walk(new URL(`${entry.name}/`, dir));
      else if (entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts")) {
        const text = await Deno.readTextFile(new URL(entry.name, dir));
        for (const match of text.matchAll(literal)) found.add(match[1]);
      }
    }
  };
  for (const root of ["../", "../../adapters/", "../../api/"]) await walk(new URL(root, import.meta.url));
  // File names that look like actions.
  found.delete("booking.ics");
  return found;
}

Deno.test("every action string in the code base has its own sentence and a case above", async () => {
  const written = await actionsInCode();
  const tested = new Set(SENTENCE_CASES.map(([action]) => action));
  assert.ok(written.size >= 40, `found only ${written.size} actions: is the scan still finding them?`);
  const missing = [...written].filter((action) => !KNOWN_AUDIT_ACTIONS.includes(action));
  assert.deepEqual(missing, [], "actions with no sentence in audit-summary.ts");
  assert.deepEqual([...written].filter((action) => !tested.has(action)), [], "actions with no case in SENTENCE_CASES");
  assert.deepEqual(KNOWN_AUDIT_ACTIONS.filter((action) => !tested.has(action)), [], "sentences with no case");
});

Deno.test("auditActor: the site's own repair (migration 018) is the system, not a customer", () => {
  assert.deepEqual(auditActor(row({ adminId: null, adminEmail: "system" })), { name: "The system", email: "", kind: "system" });
});

Deno.test("auditActor: the admin's name now, the stored e-mail once deleted, Customer for a customer", () => {
  assert.deepEqual(auditActor(row({})), { name: "Sam Staff", email: "sam@yarrashine.com.au", kind: "staff" });
  assert.deepEqual(auditActor(row({ actorName: null })), { name: "sam@yarrashine.com.au", email: "sam@yarrashine.com.au", kind: "staff" });
  assert.deepEqual(auditActor(row({ adminId: null, adminEmail: "ada@example.com", actorName: null })), {
    name: "Customer",
    email: "ada@example.com",
    kind: "customer",
  });
});

Deno.test("auditRecordRef: the record's human name, null once it is gone", async (t) => {
  const cases: [string, AuditRowWithFacts, unknown][] = [
    ["a booking", booking("booking.status", null, null), { type: "booking", id: "b1", label: "YS-7K3F9Q · Ada Lovelace" }],
    ["a quote", booking("booking.edit", null, null, adaQuote), { type: "quote", id: "b1", label: "YS-7K3F9Q · Ada Lovelace" }],
    ["an inquiry", inquiry("inquiry.read", null, null), { type: "inquiry", id: "i1", label: "Priya Shah (Office)" }],
    ["a service", named("service", "service.update", null, null, "Deep clean"), { type: "service", id: "service-1", label: "Deep clean" }],
    ["an admin", named("admin", "admin.update", null, null, "Casey Jones"), { type: "admin", id: "admin-1", label: "Casey Jones" }],
    ["a hard-deleted service", named("service", "service.hard_delete", { name: "Deep clean" }, null), null],
    ["a deleted booking", booking("booking.status", null, null, null), null],
    ["settings", row({ entity: "settings", entityId: "scheduling" }), { type: "settings", id: "scheduling", label: "Scheduling settings" }],
    [
      "a closed date",
      row({ entity: "closed_date", entityId: "2026-12-25", facts: { label: "Christmas Day" } }),
      { type: "closed_date", id: "2026-12-25", label: "Fri 25 Dec 2026 (Christmas Day)" },
    ],
    ["a regular clean", series("series.pause", null, null), { type: "series", id: "s1", label: "Weekly clean · Ada Lovelace" }],
    [
      "a regular clean of a frequency that reads as no adverb",
      series("series.pause", null, null, { ...adaWeekly, frequencyName: "Every 3 weeks" }),
      { type: "series", id: "s1", label: "Regular clean (Every 3 weeks) · Ada Lovelace" },
    ],
    ["a regular clean gone", series("series.pause", null, null, null), null],
    ["a customer record", customer("customer.update", null, null), { type: "customer", id: "cu1", label: "Ada Lovelace" }],
    [
      "a customer record with no name",
      { ...customer("customer.update", null, null), facts: { firstName: "", lastName: "", email: "ada@example.com" } },
      { type: "customer", id: "cu1", label: "ada@example.com" },
    ],
    ["a customer record gone", { ...customer("customer.update", null, null), facts: null }, null],
    ["a kind not looked up", row({ entity: "widget", entityId: "w-9" }), { type: "widget", id: "w-9", label: "w-9" }],
    ["no id", row({ entity: "settings", entityId: null }), null],
  ];
  for (const [name, input, expected] of cases) await t.step(name, () => assert.deepEqual(auditRecordRef(input), expected));
});

Deno.test("formatAuditTime: Melbourne time with the label in force, on both sides of each change", async (t) => {
  const cases: [string, string][] = [
    // Daylight saving ends 3:00 am AEDT Sun 5 Apr 2026 (16:00 UTC on the 4th).
    ["2026-04-04T15:59:59.000Z", "Sun 5 Apr 2026, 2:59 am AEDT"],
    ["2026-04-04T16:00:00.000Z", "Sun 5 Apr 2026, 2:00 am AEST"],
    // It starts 2:00 am AEST Sun 4 Oct 2026 (16:00 UTC on the 3rd).
    ["2026-10-03T15:59:59.000Z", "Sun 4 Oct 2026, 1:59 am AEST"],
    ["2026-10-03T16:00:00.000Z", "Sun 4 Oct 2026, 3:00 am AEDT"],
    ["2026-07-10T00:00:59.000Z", "Fri 10 July 2026, 10:00 am AEST"],
  ];
  for (const [iso, text] of cases) await t.step(iso, () => assert.equal(formatAuditTime(new Date(iso)), text));
});

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

Deno.test("readableAuditEntry keeps the stored fields and adds actor, record, summary and changes", () => {
  const input = booking("booking.status", { status: "PENDING" }, { status: "CONFIRMED" });
  const entry = readableAuditEntry(input);
  assert.deepEqual(entry, {
    id: 1,
    at: input.at,
    adminId: input.adminId,
    adminEmail: "sam@yarrashine.com.au",
    action: "booking.status",
    entity: "booking",
    entityId: "b1",
    before: { status: "PENDING" },
    after: { status: "CONFIRMED" },
    actor: { name: "Sam Staff", email: "sam@yarrashine.com.au", kind: "staff" },
    record: { type: "booking", id: "b1", label: "YS-7K3F9Q · Ada Lovelace" },
    summary: "Confirmed booking YS-7K3F9Q for Ada Lovelace",
    changes: [{ field: "Status", before: "Pending", after: "Confirmed" }],
  });
});

import assert from "node:assert/strict";
import fc from "fast-check";
import type { AuditRowWithFacts } from "./types.ts";
import { auditSummary, KNOWN_AUDIT_ACTIONS } from "./sentences.ts";
import { readableAuditEntry } from "./readable-entry.ts";
import { SERIES_REASONS } from "../../booking/manage/policy.ts";
import { SERIES_CANCEL_REASONS } from "../../series/rules.ts";
import { row, ada, adaQuote, SUMMER_START, booking, inquiry, named, adaWeekly, series, byCustomer, customer, VISIT, TERMS, SERIES_CREATED, MERGE_BEFORE } from "./test-fixtures.ts";

/** [action, row, sentence]: every action the code base writes, and the variants its sentence has. */
const SERVICE_ID = "86b8cdc8-7352-4d26-b9c5-3826239533f4";
const OTHER_SERVICE_ID = "62684706-ec03-4ed4-99c0-a526747259e8";
const HOLIDAYS = [
  { date: "2026-12-25", label: "Christmas Day" },
  { date: "2026-12-26", label: "Boxing Day" },
  { date: "2027-11-02", label: "Melbourne Cup" },
];

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
    "booking.card_payment",
    booking("booking.card_payment", { paymentStatus: "UNPAID" }, { amount: 55, method: "CARD", kind: "DEPOSIT", paymentStatus: "UNPAID" }),
    "Received a deposit of A$55.00 by card online on booking YS-7K3F9Q for Ada Lovelace",
  ],
  [
    "booking.card_payment",
    booking("booking.card_payment", { paymentStatus: "UNPAID" }, { amount: 220, method: "CARD", kind: "BALANCE", paymentStatus: "PAID" }),
    "Received the balance of A$220.00 by card online on booking YS-7K3F9Q for Ada Lovelace, now paid in full",
  ],
  [
    "booking.payment_refund",
    booking("booking.payment_refund", { paymentId: "p1", amount: 55, method: "CARD", paymentStatus: "UNPAID" }, { refunded: 20, reason: "Goodwill", paymentStatus: "UNPAID" }),
    "Refunded A$20.00 of a payment of A$55.00 (Card) on booking YS-7K3F9Q for Ada Lovelace (reason: Goodwill)",
  ],
  [
    "booking.create_by_staff",
    booking("booking.create_by_staff", null, { reference: "YS-7K3F9Q", startTime: SUMMER_START, notifyCustomer: true }),
    "Created booking YS-7K3F9Q for Ada Lovelace on Sat 5 Dec 2026, 11:00 am AEDT",
  ],
  [
    "booking.create_by_staff",
    booking("booking.create_by_staff", null, { reference: "YS-7K3F9Q", startTime: SUMMER_START, status: "CONFIRMED", notifyCustomer: true }),
    "Created booking YS-7K3F9Q for Ada Lovelace on Sat 5 Dec 2026, 11:00 am AEDT, confirmed",
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
  // Issue 30: quotes the office prices and the customer answers.
  [
    "booking.quote_priced",
    booking("booking.quote_priced", null, { total: 480, lineItems: ["Office clean: A$480.00"], validUntil: "2026-12-31", message: "" }, adaQuote),
    "Priced quote YS-7K3F9Q for Ada Lovelace at A$480.00, valid until Thu 31 Dec 2026, and e-mailed it to the customer",
  ],
  [
    "booking.quote_priced",
    booking("booking.quote_priced", { total: 480 }, { total: 450, lineItems: ["Office clean: A$450.00"], validUntil: null, message: "" }, adaQuote),
    "Priced again quote YS-7K3F9Q for Ada Lovelace at A$450.00, and e-mailed it to the customer",
  ],
  [
    "booking.quote_priced",
    booking("booking.quote_priced", null, { total: 900, lineItems: ["Office clean × 2 at A$450.00 each: A$900.00"], validUntil: null, fromInquiry: "YI-7K3F9Q" }, adaQuote),
    "Priced quote YS-7K3F9Q for Ada Lovelace at A$900.00, from inquiry YI-7K3F9Q, and e-mailed it to the customer",
  ],
  [
    "booking.quote_accepted",
    byCustomer(booking("booking.quote_accepted", { type: "QUOTE", status: "QUOTE_REQUESTED" }, {
      type: "BOOKING",
      status: "PENDING",
      startTime: SUMMER_START,
      endTime: "2026-12-05T03:00:00.000Z",
      firstServiceTotal: 480,
    })),
    "Ada Lovelace accepted quote YS-7K3F9Q for Sat 5 Dec 2026, 11:00 am AEDT at A$480.00: it is now a pending booking",
  ],
  [
    "booking.quote_declined",
    byCustomer(booking("booking.quote_declined", { total: 480 }, { declineReason: "Too dear" }, adaQuote)),
    "Ada Lovelace declined quote YS-7K3F9Q (reason: Too dear)",
  ],
  // Issue 31: a cleaner on the job
  ["job.on_my_way", booking("job.on_my_way", { onMyWayAt: null }, { cleanerName: "Priya Sharma", onMyWayAt: "2026-11-28T20:00:00.000Z" }), "Set off for booking YS-7K3F9Q for Ada Lovelace"],
  ["job.check_in", booking("job.check_in", { checkInAt: null }, { cleanerName: "Priya Sharma", checkInAt: "2026-11-28T21:55:00.000Z" }), "Checked in on booking YS-7K3F9Q for Ada Lovelace"],
  ["job.check_out", booking("job.check_out", { checkOutAt: null }, { checkOutAt: "2026-11-29T01:00:00.000Z", checkOutNote: "" }), "Checked out of booking YS-7K3F9Q for Ada Lovelace"],
  [
    "job.check_out",
    booking("job.check_out", { checkOutAt: null }, { checkOutAt: "2026-11-29T01:00:00.000Z", checkOutNote: "Oven seal torn" }),
    "Checked out of booking YS-7K3F9Q for Ada Lovelace and left a note",
  ],
  [
    "job.attendance_correct",
    booking("job.attendance_correct", { cleanerName: "Tom Nguyen", checkInAt: "2026-11-28T21:50:00.000Z" }, { cleanerName: "Tom Nguyen", checkInAt: "2026-11-28T21:45:00.000Z" }),
    "Corrected the times of Tom Nguyen on booking YS-7K3F9Q for Ada Lovelace",
  ],
  [
    "inquiry.quoted",
    inquiry("inquiry.quoted", { read: false }, { read: true, quoteReference: "YS-7K3F9Q", total: 900 }),
    "Priced a quote for the inquiry from Priya Shah (quote YS-7K3F9Q, A$900.00)",
  ],
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
  [
    "extra.update",
    named("extra", "extra.update", { title: "Oven clean", serviceId: SERVICE_ID, serviceName: "Regular clean", order: 1 }, {
      title: "Oven clean",
      serviceId: OTHER_SERVICE_ID,
      serviceName: "Deep clean",
      order: 4,
    }, "Oven clean"),
    "Moved the extra Oven clean from Regular clean to Deep clean",
  ],
  [
    "extra.update",
    named("extra", "extra.update", { title: "Oven clean", serviceId: SERVICE_ID, order: 1 }, { title: "Oven clean", serviceId: OTHER_SERVICE_ID, order: 4 }, "Oven clean"),
    "Changed the extra Oven clean (service and order)",
  ],
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
  // Issue 31: cleaners' logins
  [
    "cleaner.account_create",
    named("cleaner", "cleaner.account_create", null, { email: "sam@example.com", invited: true }, "Sam Lee"),
    "Gave the cleaner Sam Lee a login (sam@example.com) and e-mailed an invite",
  ],
  [
    "cleaner.account_create",
    named("cleaner", "cleaner.account_create", null, { email: "sam@example.com", invited: false }, "Sam Lee"),
    "Gave the cleaner Sam Lee a login (sam@example.com)",
  ],
  ["cleaner.account_remove", named("cleaner", "cleaner.account_remove", { email: "sam@example.com", invited: false }, null, "Sam Lee"), "Removed the login of the cleaner Sam Lee"],
  ["cleaner.account_password_set", named("cleaner", "cleaner.account_password_set", null, { passwordSet: true }, "Sam Lee"), "Set the password of the cleaner Sam Lee from the invite"],
  ["settings.scheduling", row({ action: "settings.scheduling", entity: "settings", entityId: "scheduling", before: { slotBufferMin: 120 }, after: { slotBufferMin: 90 } }), "Changed the scheduling settings"],
  ["settings.slot_buffer", row({ action: "settings.slot_buffer", entity: "settings", entityId: "scheduling", before: { slotBufferMin: 120 }, after: { slotBufferMin: 90 } }), "Changed the slot buffer to 90 minutes"],
  ["settings.content", row({ action: "settings.content", entity: "settings", entityId: "booking_form_content", before: {}, after: {} }), "Changed the booking form content"],
  ["settings.business", row({ action: "settings.business", entity: "settings", entityId: "business_details", before: { abn: "" }, after: { abn: "51824753556" } }), "Changed the business details"],
  [
    "settings.payments",
    row({ action: "settings.payments", entity: "settings", entityId: "payments", before: { balanceOnline: false }, after: { balanceOnline: true } }),
    "Changed what customers can pay online",
  ],
  ["booking.invoice_issue", booking("booking.invoice_issue", null, { number: "INV-000123" }), "Issued invoice INV-000123 for booking YS-7K3F9Q for Ada Lovelace"],
  [
    "settings.team_notices",
    row({ action: "settings.team_notices", entity: "settings", entityId: "team_notices", before: { runSheetHour: null }, after: { runSheetHour: 18 } }),
    "Set the cleaners' evening run sheet to 18:00",
  ],
  [
    "settings.team_notices",
    row({ action: "settings.team_notices", entity: "settings", entityId: "team_notices", before: { runSheetHour: 18 }, after: { runSheetHour: null } }),
    "Turned off the cleaners' evening run sheet",
  ],
  [
    "settings.feedback",
    row({ action: "settings.feedback", entity: "settings", entityId: "feedback", before: { delayHours: 0 }, after: { delayHours: 24 } }),
    "Changed the feedback settings",
  ],
  [
    "booking.feedback",
    byCustomer(booking("booking.feedback", { rating: null }, { rating: 2, comment: "Arrived late" })),
    "Ada Lovelace rated booking YS-7K3F9Q 2 out of 5",
  ],
  ["booking.feedback_request", booking("booking.feedback_request", null, { requestCount: 1 }), "Asked for feedback on booking YS-7K3F9Q for Ada Lovelace"],
  [
    "booking.feedback_request",
    booking("booking.feedback_request", { requestCount: 1 }, { requestCount: 2 }),
    "Asked again for feedback on booking YS-7K3F9Q for Ada Lovelace",
  ],
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
  [
    "closed_date.add_public_holidays",
    row({ action: "closed_date.add_public_holidays", entity: "closed_date", entityId: null, before: null, after: { holidays: HOLIDAYS } }),
    "Closed 3 public holidays, Fri 25 Dec 2026 to Tue 2 Nov 2027",
  ],
  [
    "closed_date.add_public_holidays",
    row({ action: "closed_date.add_public_holidays", entity: "closed_date", entityId: null, before: null, after: { holidays: HOLIDAYS.slice(0, 1) } }),
    "Closed Fri 25 Dec 2026 (Christmas Day), a public holiday",
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
  const entities = "booking|inquiry|service|extra|frequency|question|admin|settings|closed_date|cleaner|series|customer|job";
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
  for (const root of ["../../", "../../../adapters/", "../../../api/"]) await walk(new URL(root, import.meta.url));
  // File names that look like actions.
  found.delete("booking.ics");
  found.delete("job.ics");
  return found;
}

Deno.test("every action string in the code base has its own sentence and a case above", async () => {
  const written = await actionsInCode();
  const tested = new Set(SENTENCE_CASES.map(([action]) => action));
  assert.ok(written.size >= 40, `found only ${written.size} actions: is the scan still finding them?`);
  const missing = [...written].filter((action) => !KNOWN_AUDIT_ACTIONS.includes(action));
  assert.deepEqual(missing, [], "actions with no sentence in sentences.ts");
  assert.deepEqual([...written].filter((action) => !tested.has(action)), [], "actions with no case in SENTENCE_CASES");
  assert.deepEqual(KNOWN_AUDIT_ACTIONS.filter((action) => !tested.has(action)), [], "sentences with no case");
});

/** Rows as the use cases write them today, whole records with their ids (the cases above keep only what each sentence needs). */
const STORED_ROWS: AuditRowWithFacts[] = [
  named("service", "service.hard_delete", {
    _id: SERVICE_ID,
    name: "Regular clean",
    slug: "regular-clean",
    pricingModel: "BEDROOMS",
    bedroomPrices: [{ bedrooms: 1, price: 149, durationMinutes: 120 }],
    extras: [{ _id: "fb20856d-6885-4cde-84ba-c69fa78d74c3", serviceId: SERVICE_ID, title: "Inside oven", price: 65, order: 1, active: true, deletedAt: null }],
    questions: [{
      _id: "a6669e0f-0642-4478-b04c-37c8b1254aa0",
      serviceId: SERVICE_ID,
      scope: "SERVICE",
      type: "SINGLE",
      text: "How will we get in?",
      options: [{ label: "Key in lockbox", value: "lockbox" }],
    }],
    deletedAt: null,
  }, null),
  named("extra", "extra.create", null, { _id: "fb20856d-6885-4cde-84ba-c69fa78d74c3", serviceId: SERVICE_ID, title: "Inside oven", price: 65, order: 1 }),
  named("extra", "extra.update", { serviceId: SERVICE_ID, title: "Inside oven", order: 1 }, { serviceId: OTHER_SERVICE_ID, title: "Inside oven", order: 7 }),
  named("question", "question.update", { serviceId: null, scope: "GLOBAL", text: "Pets?" }, { serviceId: SERVICE_ID, scope: "SERVICE", text: "Pets?" }),
  named("service", "service.reorder_extras", [{ extraId: "fb20856d-6885-4cde-84ba-c69fa78d74c3", title: "Inside oven", order: 1 }], [{
    extraId: "fb20856d-6885-4cde-84ba-c69fa78d74c3",
    title: "Inside oven",
    order: 2,
  }]),
  named("cleaner", "cleaner.time_off_add", null, { _id: "0c6b1a52-0000-4000-8000-000000000009", cleanerId: "0c6b1a52-0000-4000-8000-000000000001", from: "2026-12-21", to: "2027-01-08", reason: "Leave" }),
  named("cleaner", "cleaner.working_hours", { workingHoursSet: false, days: [] }, { workingHoursSet: true, days: [{ weekday: 1, start: "08:00", end: "17:00" }] }),
  booking("booking.edit", { customerId: "0c6b1a52-0000-4000-8000-000000000003", address: { street: "1 Main St" } }, { customerId: "0c6b1a52-0000-4000-8000-000000000004", address: { street: "2 Main St" }, extra: { note: "gate" } }),
  row({ action: "widget.polish", entity: "widget", entityId: "0c6b1a52-0000-4000-8000-000000000005", before: { colour: "red" }, after: { colour: "blue" } }),
];

const UUID_IN_TEXT = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;
const JSON_IN_TEXT = /[{}]|":/;

/** Every stored id (an `_id`, a `…Id`, the strings of a `…Ids`) swapped for one of `uuids`, as a real row holds them. */
function withRealIds(value: unknown, uuids: string[], key = ""): unknown {
  let next = 0;
  const swap = (item: unknown, at: string): unknown => {
    if (typeof item === "string" && (at === "_id" || /Id$/.test(at))) return uuids[next++ % uuids.length];
    if (Array.isArray(item)) return item.map((inner) => (/Ids$/.test(at) && typeof inner === "string" ? uuids[next++ % uuids.length] : swap(inner, "")));
    if (typeof item === "object" && item !== null) return Object.fromEntries(Object.entries(item).map(([k, v]) => [k, swap(v, k)]));
    return item;
  };
  return swap(value, key);
}

Deno.test("no sentence, record or changed value shows an id or JSON, for every action, whatever the reader could name (issue 34 item 17)", () => {
  const samples = [...SENTENCE_CASES.map(([, input]) => input), ...STORED_ROWS];
  assert.deepEqual(KNOWN_AUDIT_ACTIONS.filter((action) => !samples.some((sample) => sample.action === action)), []);
  fc.assert(
    fc.property(
      fc.constantFrom(...samples),
      fc.uniqueArray(fc.uuid(), { minLength: 1, maxLength: 4 }),
      fc.boolean(),
      fc.boolean(),
      (sample, uuids, named, factsKnown) => {
        const before = withRealIds(sample.before, uuids);
        const after = withRealIds(sample.after, uuids);
        const keepsDate = sample.entity === "closed_date" || sample.entity === "settings";
        const input: AuditRowWithFacts = {
          ...sample,
          entityId: keepsDate || sample.entityId === null ? sample.entityId : uuids[0],
          before,
          after,
          facts: factsKnown ? sample.facts : null,
          // The reader names some of the ids (records still there), or none (all gone).
          names: named ? Object.fromEntries(uuids.slice(1).map((id, i) => [id, `Named record ${i + 1}`])) : null,
        };
        const entry = readableAuditEntry(input);
        const texts = [entry.summary, entry.record?.label ?? "", ...entry.changes.flatMap((c) => [c.field, c.before ?? "", c.after ?? ""])];
        for (const text of texts) {
          assert.doesNotMatch(text, UUID_IN_TEXT, `${sample.action}: ${text}`);
          assert.doesNotMatch(text, JSON_IN_TEXT, `${sample.action}: ${text}`);
        }
      },
    ),
    { numRuns: 600 },
  );
});

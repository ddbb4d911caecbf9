/** Answers in the shapes of the staff API that the feedback tests need beside the feedback calls. */
import { http, HttpResponse } from "msw";
import type { CustomerDetail } from "../../lib/customer-record.ts";
import { server } from "../../test/server.ts";

/** A job as GET /api/admin/bookings/{id} sends it (the bookings feature's own shape); override what a test cares about. */
export function aJob(overrides: Record<string, unknown> = {}) {
  return {
    _id: "b1",
    reference: "YS-7K3F9Q",
    cancelReason: "",
    calendarSequence: 0,
    cleanerIds: [], customerId: null, seriesId: null, seriesDate: null,
    type: "BOOKING",
    status: "DONE",
    paymentStatus: "UNPAID",
    firstName: "Olivia",
    lastName: "Nguyen",
    email: "olivia@example.com",
    phone: "0412345678",
    address: { unit: "4", street: "12 Chapel St", suburb: "Richmond", state: "VIC", postCode: "3121" },
    serviceId: "s1",
    serviceNameAtBooking: "Hourly Cleaning",
    pricingModel: "HOURLY",
    hours: 3,
    bedrooms: null,
    frequencyCode: "ONCE",
    frequencyNameAtBooking: "One-off",
    frequencyDiscountPercent: 0,
    startTime: "2026-11-26T22:00:00.000Z",
    endTime: "2026-11-27T01:00:00.000Z",
    createdAt: "2026-11-20T01:00:00.000Z",
    extras: [],
    answers: [],
    notes: "",
    baseAmount: 250,
    extrasAmount: 0,
    firstServiceTotal: 250,
    recurringTotal: 250,
    discountPercent: 0,
    totalPaid: null,
    paidAt: null,
    ...overrides,
  };
}

/** The booking page's other reads for job `job`: the record, its history (counted) and its ledger. */
export function serveJobPage(job: ReturnType<typeof aJob>) {
  const seen = { history: 0 };
  server.use(
    http.get(`/api/admin/bookings/${job._id}`, () => HttpResponse.json(job)),
    http.get(`/api/admin/bookings/${job._id}/history`, () => {
      seen.history += 1;
      return HttpResponse.json({ items: [] });
    }),
    http.get(`/api/admin/bookings/${job._id}/payments`, () =>
      HttpResponse.json({ items: [], paidToDate: 0, balance: job.firstServiceTotal, paymentStatus: "UNPAID" })),
    // Who is on the job (issue 31; features/attendance tests it).
    http.get(`/api/admin/bookings/${job._id}/attendance`, () => HttpResponse.json({ items: [] })),
  );
  return seen;
}

/** An instant `days` days from now, as the API writes instants. */
export const daysFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

/** GET /api/admin/customers/{id}: a customer with one done job; override what a test cares about. */
export function aCustomerRecord(overrides: Partial<CustomerDetail> = {}): CustomerDetail {
  return {
    _id: "cu1",
    firstName: "Olivia",
    lastName: "Nguyen",
    email: "olivia@example.com",
    phone: "0412345678",
    suburbs: ["Richmond"],
    tags: [],
    bookingsCount: 1,
    lifetimePaid: 250,
    nextVisit: null,
    lastVisit: "2026-11-20T22:00:00.000Z",
    createdAt: "2026-01-15T01:00:00.000Z",
    notes: "",
    mergedInto: null,
    addresses: [{ unit: "4", street: "12 Chapel St", suburb: "Richmond", state: "VIC", postCode: "3121" }],
    bookings: [
      {
        _id: "b2", reference: "YS-BBBB22", type: "BOOKING", status: "DONE", paymentStatus: "PAID",
        startTime: "2026-11-20T22:00:00.000Z", serviceName: "Hourly Cleaning", firstServiceTotal: 250, paidToDate: 250, seriesId: null,
      },
    ],
    inquiries: [],
    series: [],
    totals: { booked: 250, paid: 250, balance: 0 },
    possibleDuplicates: [],
    ...overrides,
  };
}

import type { CustomerDetail, CustomerSummary } from "../../lib/customer-record.ts";

/** A row of GET /api/admin/customers; override what a test cares about. */
export function aCustomerSummary(overrides: Partial<CustomerSummary> = {}): CustomerSummary {
  return {
    _id: "cu1",
    firstName: "Olivia",
    lastName: "Nguyen",
    email: "olivia@example.com",
    phone: "0412345678",
    suburbs: ["Richmond", "Fitzroy"],
    tags: ["VIP"],
    bookingsCount: 3,
    lifetimePaid: 475.5,
    // Sat 28 Nov 2026, 9:00 am in Melbourne (AEDT).
    nextVisit: "2026-11-27T22:00:00.000Z",
    lastVisit: "2026-11-20T22:00:00.000Z",
    createdAt: "2026-01-15T01:00:00.000Z",
    ...overrides,
  };
}

/** GET /api/admin/customers/{id}: a weekly customer with a quote, an inquiry and a possible duplicate. */
export function aCustomer(overrides: Partial<CustomerDetail> = {}): CustomerDetail {
  return {
    ...aCustomerSummary(),
    notes: "Gate code 4821. Friendly dog (Max).",
    mergedInto: null,
    addresses: [
      { unit: "4", street: "12 Chapel St", suburb: "Richmond", state: "VIC", postCode: "3121" },
      { street: "7 Brunswick St", suburb: "Fitzroy", state: "VIC", postCode: "3065" },
    ],
    bookings: [
      {
        _id: "b1", reference: "YS-AAAA11", type: "BOOKING", status: "CONFIRMED", paymentStatus: "UNPAID",
        startTime: "2026-11-27T22:00:00.000Z", serviceName: "Hourly Cleaning", firstServiceTotal: 225, paidToDate: 0, seriesId: "s1",
      },
      {
        _id: "b2", reference: "YS-BBBB22", type: "BOOKING", status: "DONE", paymentStatus: "PAID",
        startTime: "2026-11-20T22:00:00.000Z", serviceName: "Hourly Cleaning", firstServiceTotal: 250, paidToDate: 250, seriesId: "s1",
      },
      {
        _id: "q1", reference: "YS-CCCC33", type: "QUOTE", status: "QUOTE_REQUESTED", paymentStatus: "UNPAID",
        startTime: "2026-12-10T23:00:00.000Z", serviceName: "End of lease", firstServiceTotal: 0, paidToDate: 0, seriesId: null,
      },
    ],
    inquiries: [
      { _id: "i1", inquiryType: "OFFICE", createdAt: "2026-10-01T01:00:00.000Z", message: "Office clean, 2 floors.", archived: true },
    ],
    series: [{ _id: "s1", status: "ACTIVE", frequencyName: "Weekly", startTime: "09:00", weekday: 6 }],
    totals: { booked: 475, paid: 250, balance: 225 },
    possibleDuplicates: [{ _id: "cu2", firstName: "Liv", lastName: "Nguyen", email: "liv@work.example", phone: "0412345678" }],
    ...overrides,
  };
}

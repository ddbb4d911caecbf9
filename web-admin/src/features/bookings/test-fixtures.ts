import type { BookingDto, BookingPage } from "./bookings-api.ts";

/** A booking as GET /api/admin/bookings sends it; override what a test cares about. */
export function aBooking(overrides: Partial<BookingDto> = {}): BookingDto {
  return {
    _id: "b1",
    reference: "YS-7K3F9Q",
    cancelReason: "",
    calendarSequence: 0,
    cleanerIds: [], customerId: null, seriesId: null, seriesDate: null,
    type: "BOOKING",
    status: "PENDING",
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
    frequencyCode: "WEEKLY",
    frequencyNameAtBooking: "Weekly",
    frequencyDiscountPercent: 10,
    startTime: "2026-11-27T22:00:00.000Z",
    endTime: "2026-11-28T01:00:00.000Z",
    createdAt: "2026-11-20T01:00:00.000Z",
    extras: [{ extraId: "e1", titleAtBooking: "Inside oven", quantity: 2, priceAtBooking: 35 }],
    answers: [{ questionId: "q1", label: "Any pets?", value: "dog", displayValue: "Dog" }],
    notes: "Key under the mat",
    baseAmount: 180,
    extrasAmount: 70,
    firstServiceTotal: 250,
    recurringTotal: 225,
    discountPercent: 10,
    totalPaid: null,
    paidAt: null,
    ...overrides,
  } as BookingDto;
}

export function aPage(items: BookingDto[], overrides: Partial<BookingPage> = {}) {
  return {
    items,
    stats: {
      status: { PENDING: 1, CONFIRMED: 2, CANCELLED: 0, DONE: 3, QUOTE_REQUESTED: 4 },
      payment: { UNPAID: 5, PAID: 6 },
    },
    page: 1,
    totalPages: 1,
    totalItems: items.length,
    ...overrides,
  };
}

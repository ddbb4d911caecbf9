import type { BookingRecordDto, Schedule, ScheduleCleaner, ScheduleJob } from "./schedule-api.ts";

export function aCleaner(overrides: Partial<ScheduleCleaner> = {}): ScheduleCleaner {
  return {
    _id: "c1",
    name: "Priya Sharma",
    phone: "0412345678",
    email: "priya@example.com",
    colour: "#1f7a6d",
    active: true,
    createdAt: "2026-11-01T00:00:00.000Z",
    ...overrides,
  };
}

/** A job as GET /api/admin/schedule sends it: Wed 25 Nov 2026, 9:00 am to 12:00 pm in Melbourne (AEDT). */
export function aJob(overrides: Partial<ScheduleJob> = {}): ScheduleJob {
  return {
    _id: "b1",
    reference: "YS-AAAA11",
    status: "CONFIRMED",
    startTime: "2026-11-24T22:00:00.000Z",
    endTime: "2026-11-25T01:00:00.000Z",
    createdAt: "2026-11-20T01:00:00.000Z",
    customerName: "Olivia Nguyen",
    phone: "0412345678",
    suburb: "Richmond",
    addressLine: "4/12 Chapel St, Richmond VIC 3121",
    serviceName: "Hourly Cleaning",
    sizeLabel: "3 hours",
    extras: ["Inside oven × 2"],
    cleanerIds: ["c1"],
    seriesId: null,
    customerNotes: "",
    // Issue 31: no one has tapped on the job yet.
    attendance: [],
    late: false,
    ...overrides,
  };
}

/** A day's schedule with its two start times (8 am full, 9 am one place free). */
export function aSchedule(from: string, to: string, overrides: Partial<Schedule> = {}): Schedule {
  return {
    from,
    to,
    cleaners: [aCleaner(), aCleaner({ _id: "c2", name: "Tom Lee", colour: "#6d28d9", phone: "", email: "" })],
    days: [{
      date: "2026-11-25",
      open: true,
      slots: [
        { startTimeISO: "2026-11-24T21:00:00.000Z", taken: 1, free: 0 },
        { startTimeISO: "2026-11-24T22:00:00.000Z", taken: 0, free: 1 },
      ],
    }],
    jobs: [],
    ...overrides,
  };
}

/** The same job as GET /api/admin/bookings sends it: the full record. */
export function aBookingRecord(overrides: Partial<BookingRecordDto> = {}): BookingRecordDto {
  return {
    _id: "b1",
    reference: "YS-AAAA11",
    cancelReason: "",
    calendarSequence: 0,
    type: "BOOKING",
    status: "CONFIRMED",
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
    frequencyCode: "ONE_TIME",
    frequencyNameAtBooking: "One time",
    frequencyDiscountPercent: 0,
    startTime: "2026-11-24T22:00:00.000Z",
    endTime: "2026-11-25T01:00:00.000Z",
    createdAt: "2026-11-20T01:00:00.000Z",
    extras: [
      { extraId: "e1", titleAtBooking: "Inside oven", quantity: 2, priceAtBooking: 35 },
      { extraId: "e2", titleAtBooking: "Balcony", quantity: 1, priceAtBooking: 20 },
    ],
    answers: [
      { questionId: "q1", label: "Access", value: "lockbox", displayValue: "Lockbox (code 1234)" },
      { questionId: "q2", label: "Any pets?", value: "dog", displayValue: "Dog" },
    ],
    notes: "Park in the visitor bay",
    baseAmount: 180,
    extrasAmount: 90,
    firstServiceTotal: 270,
    recurringTotal: 270,
    discountPercent: 0,
    totalPaid: null,
    paidAt: null,
    cleanerIds: ["c1"],
    ...overrides,
  } as BookingRecordDto;
}

/** A booking record for the e-mail tests (messages and the relay). */
import type { BookingRecord } from "../booking/types.ts";
import { melbourneInstant } from "../shared/melbourne-time.ts";

export function booking(overrides: Partial<BookingRecord> = {}): BookingRecord {
  const startTime = overrides.startTime ?? melbourneInstant("2026-11-28", 9);
  return {
    _id: "3f2c7a0e-1111-4222-8333-444455556666",
    reference: "YS-7K3F9Q",
    cancelReason: "",
    calendarSequence: 0,
    cleanerIds: [], customerId: null, seriesId: null, seriesDate: null,
    type: "BOOKING",
    status: "PENDING",
    paymentStatus: "UNPAID",
    firstName: "Jane",
    lastName: "Citizen",
    email: "jane@example.com",
    phone: "0412345678",
    address: {
      unit: "3",
      street: "12 Smith St",
      suburb: "Fitzroy",
      state: "VIC",
      postCode: "3065",
    },
    serviceId: "svc-1",
    serviceNameAtBooking: "Hourly Cleaning",
    pricingModel: "HOURLY",
    hours: 3,
    bedrooms: null,
    frequencyCode: "WEEKLY",
    frequencyNameAtBooking: "Weekly",
    frequencyDiscountPercent: 10,
    startTime,
    endTime: new Date(startTime.getTime() + 3 * 3600_000),
    createdAt: new Date("2026-11-20T01:02:03Z"),
    extras: [
      { extraId: "x1", titleAtBooking: "Inside oven", quantity: 2, priceAtBooking: 35 },
      { extraId: "x2", titleAtBooking: "Balcony", quantity: 1, priceAtBooking: 20.5 },
    ],
    answers: [
      { questionId: "q1", label: "Do you have pets?", value: "yes", displayValue: "Yes" },
      {
        questionId: "q2",
        label: "Rooms to focus on",
        value: ["kitchen", "bathroom"],
        displayValue: "Kitchen, Bathroom",
      },
    ],
    notes: "Key under the mat.\nPlease use the side gate.",
    baseAmount: 165,
    extrasAmount: 90.5,
    firstServiceTotal: 255.5,
    recurringTotal: 229.95,
    discountPercent: 10,
    totalPaid: null,
    paidAt: null,
    ...overrides,
  };
}

/** The public catalogue and a stored booking as the office's booking screens receive them. */
import type { ExtraDto, FrequencyDto, PublicSchedulingDto, QuestionDto, ServiceDto } from "@yarra/api/client/types.ts";
import { http, HttpResponse } from "msw";
import { server } from "../../test/server.ts";
import type { CustomerDetail, CustomerSummary } from "../../lib/customer-record.ts";
import type { BookingDto } from "./staff-booking-form.ts";

export const HOURLY: ServiceDto = {
  _id: "s1",
  name: "Hourly Cleaning",
  slug: "hourly-cleaning",
  pricingModel: "HOURLY",
  ratePerHour: 55,
  minHours: 2,
  maxHours: 8,
  stepHours: 0.5,
  bedroomPrices: [],
  basePrice: 0,
  durationMinutes: 120,
  description: "",
  deletedAt: null,
};

export const REGULAR: ServiceDto = {
  ...HOURLY,
  _id: "s2",
  name: "Regular Clean",
  slug: "regular-clean",
  pricingModel: "BEDROOMS",
  bedroomPrices: [{ bedrooms: 2, price: 179, durationMinutes: 150 }, { bedrooms: 3, price: 219, durationMinutes: 180 }],
};

export const OVEN: ExtraDto = {
  _id: "e1",
  serviceId: "s1",
  title: "Inside oven",
  description: "",
  price: 35,
  hasQuantity: true,
  maxQuantity: 4,
  durationMinutes: 30,
  imageUrl: "",
  active: true,
  order: 1,
  deletedAt: null,
};

export const FRIDGE: ExtraDto = { ...OVEN, _id: "e2", title: "Inside fridge", price: 30, hasQuantity: false, order: 2, durationMinutes: 15 };

export const FREQUENCIES: FrequencyDto[] = [
  { _id: "f1", name: "One time", code: "ONE_TIME", discountPercent: 0, repeatUnit: "NONE", repeatEvery: 0 },
  { _id: "f2", name: "Weekly", code: "WEEKLY", discountPercent: 10, repeatUnit: "WEEK", repeatEvery: 1 },
];

export const PETS: QuestionDto = {
  _id: "q1",
  scope: "GLOBAL",
  serviceId: null,
  text: "Any pets?",
  type: "SINGLE",
  required: true,
  order: 1,
  helpText: "",
  placeholder: "",
  options: [{ label: "No pets", value: "none" }, { label: "Dog", value: "dog" }],
};

export const SCHEDULING: PublicSchedulingDto = {
  leadDays: 4,
  horizonDays: 365,
  firstSlotHour: 8,
  lastSlotHour: 16,
  closedWeekdays: [0],
  dayEndHour: 18,
  serviceArea: { postcodes: [] },
} as PublicSchedulingDto;

/** A booking of 3 hours of Hourly Cleaning and 2 ovens, weekly, Tue 24 Nov 2026 9:00 to 13:00. */
export function aStoredBooking(overrides: Partial<BookingDto> = {}): BookingDto {
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
    startTime: "2026-11-23T22:00:00.000Z",
    endTime: "2026-11-24T02:00:00.000Z",
    createdAt: "2026-11-20T01:00:00.000Z",
    extras: [{ extraId: "e1", titleAtBooking: "Inside oven", quantity: 2, priceAtBooking: 35 }],
    answers: [{ questionId: "q1", label: "Any pets?", value: "dog", displayValue: "Dog" }],
    notes: "Key under the mat",
    baseAmount: 165,
    extrasAmount: 70,
    firstServiceTotal: 235,
    recurringTotal: 211.5,
    discountPercent: 10,
    totalPaid: null,
    paidAt: null,
    ...overrides,
  } as BookingDto;
}

/** The public catalogue calls the booking form makes. */
export function serveCatalogue(options: { services?: ServiceDto[]; questions?: QuestionDto[] } = {}) {
  server.use(
    http.get("/api/services", () => HttpResponse.json({ items: options.services ?? [HOURLY, REGULAR] })),
    http.get("/api/frequencies", () => HttpResponse.json({ items: FREQUENCIES })),
    http.get("/api/scheduling", () => HttpResponse.json(SCHEDULING)),
    http.get("/api/extras", ({ request }) =>
      HttpResponse.json({ items: new URL(request.url).searchParams.get("serviceId") === "s1" ? [FRIDGE, OVEN] : [] })),
    http.get("/api/questions", () => HttpResponse.json({ items: options.questions ?? [PETS] })),
  );
}

/** A row of GET /api/admin/customers, as "Find a customer" lists it (issue 34). */
export function aCustomerMatch(overrides: Partial<CustomerSummary> = {}): CustomerSummary {
  return {
    _id: "cu1",
    firstName: "Olivia",
    lastName: "Nguyen",
    email: "olivia@example.com",
    phone: "0412345678",
    suburbs: ["Richmond"],
    tags: [],
    bookingsCount: 2,
    lifetimePaid: 250,
    nextVisit: null,
    lastVisit: "2026-11-20T22:00:00.000Z",
    createdAt: "2026-01-15T01:00:00.000Z",
    ...overrides,
  };
}

/** GET /api/admin/customers/{id}: the record a match opens, its addresses latest first. */
export function aCustomerRecord(summary: CustomerSummary, overrides: Partial<CustomerDetail> = {}): CustomerDetail {
  return {
    ...summary,
    notes: "",
    mergedInto: null,
    addresses: [
      { unit: "4", street: "12 Chapel St", suburb: "Richmond", state: "VIC", postCode: "3121" },
      { street: "7 Brunswick St", suburb: "Fitzroy", state: "VIC", postCode: "3065" },
    ],
    bookings: [],
    inquiries: [],
    series: [],
    totals: { booked: 250, paid: 250, balance: 0 },
    possibleDuplicates: [],
    ...overrides,
  };
}

/** A small catalogue and msw handlers for the booking page's tests. */
import type {
  BookingFormContentDto,
  BookingResultDto,
  ExtraDto,
  FrequencyDto,
  PublicSchedulingDto,
  QuestionDto,
  ServiceDto,
} from "@yarra/api/client/types.ts";
import { bookableDates } from "@yarra/core/booking/scheduling.ts";
import { BOOKING_FORM_CONTENT_DEFAULTS, SCHEDULING_DEFAULTS } from "@yarra/core/settings/types.ts";
import { http, HttpResponse } from "msw";

export const HOURLY: ServiceDto = {
  _id: "svc-hourly",
  name: "Hourly Cleaning",
  slug: "hourly-cleaning",
  pricingModel: "HOURLY",
  ratePerHour: 55,
  minHours: 2,
  maxHours: 4,
  stepHours: 0.5,
  bedroomPrices: [],
  basePrice: 0,
  description: "",
  deletedAt: null,
};

export const BEDROOMS: ServiceDto = {
  ...HOURLY,
  _id: "svc-regular",
  name: "Regular Clean",
  slug: "regular-clean",
  pricingModel: "BEDROOMS",
  bedroomPrices: [{ bedrooms: 1, price: 149 }, { bedrooms: 2, price: 179 }, { bedrooms: 3, price: 219 }],
};

export const FIXED: ServiceDto = {
  ...HOURLY,
  _id: "svc-airbnb",
  name: "Airbnb Turnover Clean",
  slug: "airbnb",
  pricingModel: "FIXED",
  basePrice: 129,
};

const extra = (patch: Partial<ExtraDto> & Pick<ExtraDto, "_id" | "serviceId" | "title" | "price">): ExtraDto => ({
  description: "",
  hasQuantity: false,
  maxQuantity: 20,
  imageUrl: "",
  active: true,
  order: 1,
  deletedAt: null,
  ...patch,
});

export const EXTRAS: ExtraDto[] = [
  extra({ _id: "x-oven", serviceId: HOURLY._id, title: "Inside oven", price: 65, order: 1 }),
  extra({ _id: "x-windows", serviceId: HOURLY._id, title: "Interior windows", price: 15, hasQuantity: true, maxQuantity: 8, order: 2 }),
  extra({ _id: "x-balcony", serviceId: BEDROOMS._id, title: "Balcony", price: 35, order: 1 }),
];

export const FREQUENCIES: FrequencyDto[] = [
  { _id: "f1", name: "One-time", code: "ONE_TIME", discountPercent: 0 },
  { _id: "f2", name: "Weekly", code: "WEEKLY", discountPercent: 15 },
  { _id: "f3", name: "Fortnightly", code: "FORTNIGHTLY", discountPercent: 10 },
];

const question = (patch: Partial<QuestionDto> & Pick<QuestionDto, "_id" | "text" | "type">): QuestionDto => ({
  scope: "GLOBAL",
  serviceId: null,
  required: false,
  order: 1,
  helpText: "",
  placeholder: "",
  options: [],
  ...patch,
});

export const QUESTIONS: QuestionDto[] = [
  question({
    _id: "q-access",
    text: "How will we get in?",
    type: "SINGLE",
    required: true,
    order: 1,
    options: [{ label: "Someone will be home", value: "someone_home" }, { label: "Lockbox", value: "lockbox" }],
  }),
  question({
    _id: "q-pets",
    text: "Any pets at home?",
    type: "MULTI",
    order: 2,
    options: [{ label: "Dog", value: "dog" }, { label: "Cat", value: "cat" }, { label: "Other", value: "other" }],
  }),
  question({
    _id: "q-parking",
    text: "Where can our cleaner park?",
    type: "TEXT",
    order: 3,
    helpText: "Parking within 20 minutes, please.",
    placeholder: "e.g. Visitor bay 3",
  }),
];

export const SERVICE_QUESTION: QuestionDto = question({
  _id: "q-area",
  scope: "SERVICE",
  serviceId: HOURLY._id,
  text: "Approximate floor area (m²)?",
  type: "TEXT",
  order: 1,
});

export const CONTENT: BookingFormContentDto = {
  ...BOOKING_FORM_CONTENT_DEFAULTS,
  generalCommentLabel: "Anything else?",
  generalCommentPlaceholder: "Gate code, pets, parking…",
  cancellationPolicyHtml: "<p>Free changes up to <strong>24 hours</strong> before.</p>",
};

/** What GET /api/scheduling answers in these tests: the business's defaults (decisions.md). */
export const SCHEDULING: PublicSchedulingDto = {
  leadDays: SCHEDULING_DEFAULTS.leadDays,
  horizonDays: SCHEDULING_DEFAULTS.horizonDays,
  firstSlotHour: SCHEDULING_DEFAULTS.firstSlotHour,
  lastSlotHour: SCHEDULING_DEFAULTS.lastSlotHour,
  closedWeekdays: SCHEDULING_DEFAULTS.closedWeekdays,
};

/** The first date a customer can book, from today. */
export const firstBookableDate = (scheduling: PublicSchedulingDto = SCHEDULING) =>
  bookableDates(new Date(), scheduling, 1)[0];

export const catalogHandlers = (content: BookingFormContentDto = CONTENT, scheduling = SCHEDULING) => [
  http.get("/api/scheduling", () => HttpResponse.json(scheduling)),
  http.get("/api/services", () => HttpResponse.json({ items: [HOURLY, BEDROOMS, FIXED] })),
  http.get("/api/frequencies", () => HttpResponse.json({ items: FREQUENCIES })),
  http.get("/api/extras", ({ request }) => {
    const serviceId = new URL(request.url).searchParams.get("serviceId");
    return HttpResponse.json({ items: EXTRAS.filter((e) => e.serviceId === serviceId) });
  }),
  http.get("/api/questions", ({ request }) => {
    const serviceId = new URL(request.url).searchParams.get("serviceId");
    return HttpResponse.json({ items: serviceId === HOURLY._id ? [...QUESTIONS, SERVICE_QUESTION] : QUESTIONS });
  }),
  http.get("/api/content", () => HttpResponse.json(content)),
];

export function bookingRecord(patch: Partial<BookingResultDto> = {}): BookingResultDto & { serviceName: string } {
  return {
    _id: "bk-123",
    type: "BOOKING",
    status: "PENDING",
    paymentStatus: "UNPAID",
    firstName: "Ada",
    lastName: "Lovelace",
    email: "ada@example.com",
    phone: "0412345678",
    address: { street: "12 Smith St", suburb: "Fitzroy", state: "VIC", postCode: "3065" },
    serviceId: HOURLY._id,
    serviceNameAtBooking: HOURLY.name,
    serviceName: HOURLY.name,
    pricingModel: "HOURLY",
    hours: 3,
    bedrooms: null,
    frequencyCode: "WEEKLY",
    frequencyNameAtBooking: "Weekly",
    frequencyDiscountPercent: 15,
    startTime: "2030-03-05T22:00:00.000Z",
    endTime: "2030-03-06T01:00:00.000Z",
    createdAt: "2030-03-01T00:00:00.000Z",
    extras: [],
    answers: [],
    notes: "",
    baseAmount: 165,
    extrasAmount: 95,
    firstServiceTotal: 260,
    recurringTotal: 221,
    discountPercent: 15,
    totalPaid: null,
    paidAt: null,
    ...patch,
  };
}

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
import { bookableDates, earliestBookableYmd, latestBookableYmd, slotInstant } from "@yarra/core/booking/capacity/scheduling.ts";
import { addDaysYmd, isYmd, weekdayOfYmd } from "@yarra/core/shared/melbourne-time.ts";
import { BOOKING_FORM_CONTENT_DEFAULTS, SCHEDULING_DEFAULTS } from "@yarra/core/settings/types.ts";
import { http, HttpResponse } from "msw";
import type { AvailabilityDay, ClosedReason } from "./booking-api.ts";

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
  durationMinutes: 120,
  description: "",
  deletedAt: null,
};

export const BEDROOMS: ServiceDto = {
  ...HOURLY,
  _id: "svc-regular",
  name: "Regular Clean",
  slug: "regular-clean",
  pricingModel: "BEDROOMS",
  bedroomPrices: [
    { bedrooms: 1, price: 149, durationMinutes: 120 },
    { bedrooms: 2, price: 179, durationMinutes: 150 },
    { bedrooms: 3, price: 219, durationMinutes: 180 },
  ],
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
  durationMinutes: 0,
  imageUrl: "",
  active: true,
  order: 1,
  deletedAt: null,
  ...patch,
});

export const EXTRAS: ExtraDto[] = [
  extra({ _id: "x-oven", serviceId: HOURLY._id, title: "Inside oven", price: 65, order: 1, durationMinutes: 60 }),
  extra({
    _id: "x-windows",
    serviceId: HOURLY._id,
    title: "Interior windows",
    price: 15,
    hasQuantity: true,
    maxQuantity: 8,
    order: 2,
    durationMinutes: 15,
  }),
  extra({ _id: "x-balcony", serviceId: BEDROOMS._id, title: "Balcony", price: 35, order: 1 }),
];

export const FREQUENCIES: FrequencyDto[] = [
  { _id: "f1", name: "One-time", code: "ONE_TIME", discountPercent: 0, repeatUnit: "NONE", repeatEvery: 0 },
  { _id: "f2", name: "Weekly", code: "WEEKLY", discountPercent: 15, repeatUnit: "WEEK", repeatEvery: 1 },
  { _id: "f3", name: "Fortnightly", code: "FORTNIGHTLY", discountPercent: 10, repeatUnit: "WEEK", repeatEvery: 2 },
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
  dayEndHour: SCHEDULING_DEFAULTS.dayEndHour,
  serviceArea: { postcodes: [] },
};

/** The first date a customer can book, from today. */
export const firstBookableDate = (scheduling: PublicSchedulingDto = SCHEDULING) =>
  bookableDates(new Date(), scheduling, 1)[0];

/**
 * What GET /api/availability answers in these tests, by the contract (issue 14): each day of the
 * range open or closed and why, the open days' starts that end by the close of the day, and the
 * taken ones marked. Tests change it between calls (a slot taken, a day full, a closed date).
 */
export interface AvailabilityFake {
  scheduling: PublicSchedulingDto;
  /** Starts taken (ISO), for every job length. */
  taken: Set<string>;
  /** Days with no free start left. */
  full: Set<string>;
  /** Closed dates and their labels. */
  closedDates: Map<string, string>;
  /** Every call's query, in order. */
  calls: URLSearchParams[];
}

export function availabilityFake(scheduling: PublicSchedulingDto = SCHEDULING): AvailabilityFake {
  return { scheduling, taken: new Set(), full: new Set(), closedDates: new Map(), calls: [] };
}

/** The job's length from the query, as the server works it out from the fixtures' catalogue. */
function jobMinutes(query: URLSearchParams): number {
  const service = [HOURLY, BEDROOMS, FIXED].find((s) => s._id === query.get("serviceId"));
  let minutes = service?.durationMinutes ?? 120;
  if (service?.pricingModel === "HOURLY" && query.has("hours")) minutes = Number(query.get("hours")) * 60;
  if (service?.pricingModel === "BEDROOMS" && query.has("bedrooms")) {
    minutes = service.bedroomPrices.find((row) => row.bedrooms === Number(query.get("bedrooms")))?.durationMinutes ??
      minutes;
  }
  for (const item of (query.get("extras") ?? "").split(",").filter(Boolean)) {
    const [id, quantity] = item.split(":");
    minutes += (EXTRAS.find((e) => e._id === id)?.durationMinutes ?? 0) * Number(quantity);
  }
  return minutes;
}

export function availabilityDays(fake: AvailabilityFake, query: URLSearchParams, now = new Date()): AvailabilityDay[] {
  const { scheduling } = fake;
  const earliest = earliestBookableYmd(now, scheduling);
  const latest = latestBookableYmd(now, scheduling);
  const minutes = jobMinutes(query);
  const days: AvailabilityDay[] = [];
  for (let date = query.get("from")!; date <= query.get("to")!; date = addDaysYmd(date, 1)) {
    const closed = (reason: ClosedReason, label?: string) =>
      days.push(label ? { date, open: false, reason, label } : { date, open: false, reason });
    if (date < earliest) closed("BEFORE_LEAD_TIME");
    else if (date > latest) closed("BEYOND_HORIZON");
    else if (scheduling.closedWeekdays.includes(weekdayOfYmd(date))) closed("CLOSED_DAY");
    else if (fake.closedDates.has(date)) closed("CLOSED_DATE", fake.closedDates.get(date));
    else {
      const slots = [];
      for (let hour = scheduling.firstSlotHour; hour <= scheduling.lastSlotHour; hour++) {
        // A start that would run past the close of the day is not listed.
        if (hour * 60 + minutes > scheduling.dayEndHour * 60) continue;
        const startTimeISO = slotInstant(date, hour).toISOString();
        slots.push({ startTimeISO, available: !fake.taken.has(startTimeISO) });
      }
      if (fake.full.has(date) || !slots.some((slot) => slot.available)) closed("FULL");
      else days.push({ date, open: true, slots });
    }
  }
  return days;
}

export const availabilityHandler = (fake: AvailabilityFake) =>
  http.get("/api/availability", ({ request }) => {
    const query = new URL(request.url).searchParams;
    fake.calls.push(query);
    const from = query.get("from") ?? "";
    const to = query.get("to") ?? "";
    const span = isYmd(from) && isYmd(to) ? (Date.parse(to) - Date.parse(from)) / 86_400_000 + 1 : NaN;
    if (!(span >= 1 && span <= 62)) {
      return HttpResponse.json(
        { error: "Please fix the highlighted fields, then try again.", code: "VALIDATION_FAILED", fieldErrors: { to: ["Bad range."] } },
        { status: 422 },
      );
    }
    return HttpResponse.json({ durationMinutes: jobMinutes(query), days: availabilityDays(fake, query) });
  });

export const catalogHandlers = (
  content: BookingFormContentDto = CONTENT,
  scheduling = SCHEDULING,
  availability = availabilityFake(scheduling),
) => [
  http.get("/api/scheduling", () => HttpResponse.json(scheduling)),
  availabilityHandler(availability),
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
    reference: "YS-7K3F9Q",
    cancelReason: "",
    calendarSequence: 0,
    cleanerIds: [], customerId: null, seriesId: null, seriesDate: null,
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

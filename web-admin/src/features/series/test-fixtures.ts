/** A weekly regular clean as the staff series calls answer it, and the catalogue its change form prices with. */
import type { ExtraDto, FrequencyDto, PublicSchedulingDto, ServiceDto } from "@yarra/api/client/types.ts";
import type { SeriesDetail, SeriesSummary, SeriesVisit, TeamCleaner } from "./series-api.ts";

/** Wed 25 Nov 2026, 2:00 pm in Melbourne (AEDT, UTC+11). */
export const NOW = new Date("2026-11-25T03:00:00.000Z");

export function aSummary(overrides: Partial<SeriesSummary> = {}): SeriesSummary {
  return {
    _id: "sr1",
    status: "ACTIVE",
    customerId: "c1",
    customerName: "Olivia Nguyen",
    email: "olivia@example.com",
    phone: "0412345678",
    suburb: "Richmond",
    serviceName: "Hourly Cleaning",
    frequencyCode: "WEEKLY",
    frequencyName: "Weekly",
    repeatUnit: "WEEK",
    repeatEvery: 1,
    startTime: "09:00",
    weekday: 3,
    durationMinutes: 240,
    recurringTotal: 211.5,
    anchorDate: "2026-11-18",
    endsOn: null,
    firstBookingId: "b0",
    nextVisit: { bookingId: "b1", reference: "YS-AAAA11", startTime: "2026-12-01T22:00:00.000Z", status: "CONFIRMED" },
    needsAttention: 1,
    cleanerIds: [],
    createdAt: "2026-11-10T01:00:00.000Z",
    ...overrides,
  };
}

export function aVisit(overrides: Partial<SeriesVisit> = {}): SeriesVisit {
  return {
    _id: "b1",
    reference: "YS-AAAA11",
    seriesDate: "2026-12-02",
    startTime: "2026-12-01T22:00:00.000Z",
    endTime: "2026-12-02T02:00:00.000Z",
    status: "CONFIRMED",
    paymentStatus: "UNPAID",
    total: 211.5,
    cancelReason: "",
    cleanerIds: [],
    missingCleanerIds: [],
    ...overrides,
  };
}

/** Past: Wed 18 Nov (done, paid). Coming: Wed 2 Dec (confirmed), Wed 9 Dec (needs attention), Wed 16 Dec (skipped). */
export const VISITS: SeriesVisit[] = [
  aVisit({
    _id: "b0",
    reference: "YS-FIRST0",
    seriesDate: "2026-11-18",
    startTime: "2026-11-17T22:00:00.000Z",
    endTime: "2026-11-18T02:00:00.000Z",
    status: "DONE",
    paymentStatus: "PAID",
    total: 235,
  }),
  aVisit(),
  aVisit({
    _id: "b2",
    reference: "YS-BBBB22",
    seriesDate: "2026-12-09",
    startTime: "2026-12-08T22:00:00.000Z",
    endTime: "2026-12-09T02:00:00.000Z",
    status: "NEEDS_ATTENTION",
  }),
  aVisit({
    _id: "b3",
    reference: "YS-CCCC33",
    seriesDate: "2026-12-16",
    startTime: "2026-12-15T22:00:00.000Z",
    endTime: "2026-12-16T02:00:00.000Z",
    status: "CANCELLED",
    cancelReason: "Away on holiday",
  }),
];

export function aDetail(overrides: Partial<SeriesDetail> = {}): SeriesDetail {
  return {
    ...aSummary(),
    hours: 3,
    bedrooms: null,
    pricingModel: "HOURLY",
    extras: [{ extraId: "e1", titleAtBooking: "Inside oven", quantity: 2, priceAtBooking: 35 }],
    address: { unit: "4", street: "12 Chapel St", suburb: "Richmond", state: "VIC", postCode: "3121" },
    notes: "Key under the mat",
    horizonWeeks: 8,
    visits: VISITS,
    ...overrides,
  };
}

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
  { _id: "f3", name: "Fortnightly", code: "FORTNIGHTLY", discountPercent: 5, repeatUnit: "WEEK", repeatEvery: 2 },
];

export const SCHEDULING = {
  leadDays: 4,
  horizonDays: 365,
  firstSlotHour: 8,
  lastSlotHour: 16,
  closedWeekdays: [0],
  dayEndHour: 18,
  serviceArea: { postcodes: [] },
} as PublicSchedulingDto;

const aCleaner = (overrides: Partial<TeamCleaner> & Pick<TeamCleaner, "_id" | "name">): TeamCleaner => ({
  phone: "",
  email: "",
  colour: "#1f7a6d",
  active: true,
  createdAt: "2026-01-10T00:00:00.000Z",
  ...overrides,
});

/** The team as GET /api/admin/cleaners?includeInactive=true sends it: two active cleaners, then one deactivated. */
export const TEAM: TeamCleaner[] = [
  aCleaner({ _id: "k1", name: "Tom Nguyen", colour: "#1f7a6d" }),
  aCleaner({ _id: "k2", name: "Priya Sharma", colour: "#b4457f" }),
  aCleaner({ _id: "k3", name: "Ana Costa", colour: "#c2410c", active: false }),
];

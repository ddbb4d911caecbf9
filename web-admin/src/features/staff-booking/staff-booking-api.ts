/**
 * The calls of the office's booking screens (issue 16): the public catalogue the booking form
 * prices with, the customer records a phone booking is filled from (issue 34), and the staff calls
 * that make, change (preview first) and convert bookings.
 */
import { queryOptions } from "@tanstack/react-query";
import { itemsOf } from "@yarra/api/client/http.ts";
import type { ExtraDto, FrequencyDto, PublicSchedulingDto, QuestionDto, ServiceDto } from "@yarra/api/client/types.ts";
import { api } from "../../lib/api.ts";
import { CUSTOMERS_KEY, type CustomerPage, type CustomerSummary } from "../../lib/customer-record.ts";
import type { BookingDto } from "./staff-booking-form.ts";

const byOrder = <T extends { order?: number }>(items: T[]) => [...items].sort((a, b) => (a.order ?? 0) - (b.order ?? 0));

/** Global questions first, then the service's, each in their own order (as the public form asks them). */
const orderQuestions = (items: QuestionDto[]) =>
  [...items].sort((a, b) => (a.scope === "GLOBAL" ? 0 : 1) - (b.scope === "GLOBAL" ? 0 : 1) || a.order - b.order);

const CATALOGUE = ["staff-booking", "catalogue"] as const;

/** The services, frequencies and scheduling the public form offers (live rows only). */
export interface BookingCatalogue {
  services: ServiceDto[];
  frequencies: FrequencyDto[];
  scheduling: PublicSchedulingDto;
}

export const catalogueQuery = queryOptions({
  queryKey: [...CATALOGUE, "base"],
  queryFn: async (): Promise<BookingCatalogue> => {
    const [services, frequencies, scheduling] = await Promise.all([
      api.list<ServiceDto>("/api/services"),
      api.list<FrequencyDto>("/api/frequencies"),
      api.get<PublicSchedulingDto>("/api/scheduling"),
    ]);
    return { services, frequencies, scheduling };
  },
});

/** A service's live add-ons, in the service's order. */
export const extrasQuery = (serviceId: string) =>
  queryOptions({
    queryKey: [...CATALOGUE, "extras", serviceId],
    queryFn: async () => (serviceId ? byOrder(await api.list<ExtraDto>("/api/extras", { query: { serviceId } })) : []),
  });

/** The questions a booking of the service is asked. */
export const questionsQuery = (serviceId: string) =>
  queryOptions({
    queryKey: [...CATALOGUE, "questions", serviceId],
    queryFn: async () => orderQuestions(await api.list<QuestionDto>("/api/questions", { query: { serviceId: serviceId || undefined } })),
  });

/** How many matching customer records "Find a customer" lists at most. */
export const CUSTOMER_MATCH_LIMIT = 8;

/** The customer records matching a search, the first few of them, and how many match in all. */
export interface CustomerMatches {
  items: CustomerSummary[];
  totalItems: number;
}

/**
 * Customer records whose name, e-mail or phone (or suburb, or a booking's reference) match `q`:
 * the staff customers list's own search (GET /api/admin/customers?q=). Under the customers' key,
 * so a change to a record there is seen here.
 */
export const customerMatchesQuery = (q: string) =>
  queryOptions({
    queryKey: [...CUSTOMERS_KEY, "booking-form-matches", q],
    queryFn: async ({ signal }): Promise<CustomerMatches> => {
      const data = await api.get<unknown>("/api/admin/customers", { query: { q, limit: CUSTOMER_MATCH_LIMIT }, signal });
      const items = itemsOf<CustomerSummary>(data);
      const totalItems = (data as Partial<CustomerPage> | null)?.totalItems;
      return { items, totalItems: typeof totalItems === "number" ? totalItems : items.length };
    },
    staleTime: 30_000,
  });

/**
 * One booking or quote. The key is the bookings screens' own, so a change saved here shows there
 * and the other way round.
 */
export const bookingRecordQuery = (id: string) =>
  queryOptions({
    queryKey: ["bookings", "record", id],
    queryFn: () => api.get<BookingDto>(`/api/admin/bookings/${encodeURIComponent(id)}`),
  });

/** Every bookings read (lists and records) is stale after a staff write. */
export const BOOKINGS_KEY = ["bookings"] as const;

export type StaffDraft = Record<string, unknown> & {
  notifyCustomer: boolean;
  overrideCapacity?: boolean;
  allowOutsideHours?: boolean;
  /** The booking's status from the start (issue 34): PENDING, or CONFIRMED when agreed on the phone. */
  status?: "PENDING" | "CONFIRMED";
};

/** What the office adds to a write: whom to tell, the superadmin's override, the tick for outside working hours. */
type WriteOptions = { notifyCustomer: boolean; overrideCapacity?: boolean; allowOutsideHours?: boolean };

const flags = (options: WriteOptions) => ({
  notifyCustomer: options.notifyCustomer,
  ...(options.overrideCapacity ? { overrideCapacity: true } : {}),
  ...(options.allowOutsideHours ? { allowOutsideHours: true } : {}),
});

export const createStaffBooking = (draft: StaffDraft) => api.post<BookingDto>("/api/admin/bookings", draft);

export interface EditPreviewDto {
  before: BookingDto;
  after: BookingDto;
  priceChanged: boolean;
}

const bookingPath = (id: string) => `/api/admin/bookings/${encodeURIComponent(id)}`;

/** What the change would do; nothing is written. */
export const previewBookingEdit = (id: string, changes: Record<string, unknown>) =>
  api.patch<EditPreviewDto>(bookingPath(id), { ...changes, preview: true });

export const saveBookingEdit = (id: string, changes: Record<string, unknown>, options: WriteOptions) =>
  api.patch<BookingDto>(bookingPath(id), { ...changes, ...flags(options) });

export const convertQuote = (id: string, options: WriteOptions) => api.post<BookingDto>(`${bookingPath(id)}/convert`, flags(options));

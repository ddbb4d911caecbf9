/** The staff bookings calls (admin-area.md section 7): list pages, one record, status and payment, the CSV. */
import type { BookingRecord, PaymentStatus, RecordStatus, SettableStatus } from "@yarra/core/booking/types.ts";
import { downloadCsv } from "../../lib/download-csv.ts";
import { itemsOf } from "@yarra/api/client/http.ts";
import type { Wire } from "@yarra/api/client/types.ts";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../lib/api.ts";
import type { ListQuery } from "./bookings-search.ts";

export type BookingDto = Wire<BookingRecord>;
export type BookingStats = { status: Record<RecordStatus, number>; payment: Record<PaymentStatus, number> };

export interface BookingPage {
  items: BookingDto[];
  stats: BookingStats | null;
  page: number;
  totalPages: number;
  totalItems: number;
}

export const PAGE_SIZE = 200;

export async function fetchBookings(query: ListQuery, page: number, signal?: AbortSignal): Promise<BookingPage> {
  const data = await api.get<unknown>("/api/admin/bookings", {
    query: { ...query, limit: PAGE_SIZE, page },
    signal,
  });
  const items = itemsOf<BookingDto>(data);
  const body = (Array.isArray(data) ? {} : (data ?? {})) as Partial<BookingPage>;
  return {
    items,
    stats: body.stats ?? null,
    page: body.page ?? page,
    totalPages: body.totalPages ?? 1,
    totalItems: body.totalItems ?? items.length,
  };
}

/** The team's names, for the cards that say who is on a job (issue 28: team mode chooses one). */
export const cleanerNamesQuery = queryOptions({
  queryKey: ["cleaners", "names"],
  queryFn: async () => {
    const team = await api.list<{ _id: string; name: string }>("/api/admin/cleaners", { query: { includeInactive: true } });
    return new Map(team.map((cleaner) => [cleaner._id, cleaner.name]));
  },
  staleTime: 60_000,
});

/** The active cleaners, by name, for the bulk Assign (issue 34); inactive ones are offered for no new job. */
export const activeCleanersQuery = queryOptions({
  queryKey: ["cleaners", "active"],
  queryFn: () => api.list<{ _id: string; name: string }>("/api/admin/cleaners"),
  staleTime: 60_000,
});

/** The schedule's Assign call, PUT …/cleaners: cleanerIds replace whoever was on the job. */
export const assignBookingCleaners = (id: string, cleanerIds: string[]) =>
  api.put<BookingDto>(`/api/admin/bookings/${encodeURIComponent(id)}/cleaners`, { cleanerIds });

export const fetchBooking = (id: string) => api.get<BookingDto>(`/api/admin/bookings/${encodeURIComponent(id)}`);

/**
 * overrideCapacity (superadmins only) takes the place even when the slot is full; reason goes with
 * CANCELLED (stored, and told to the customer) and is left out when blank.
 */
export const setBookingStatus = (
  id: string,
  status: SettableStatus,
  options: { overrideCapacity?: boolean; reason?: string } = {},
) =>
  api.patch<BookingDto>(`/api/admin/bookings/${encodeURIComponent(id)}/status`, {
    status,
    ...(options.overrideCapacity ? { overrideCapacity: true } : {}),
    ...(options.reason?.trim() ? { reason: options.reason.trim() } : {}),
  });

/**
 * GET /api/admin/bookings.csv with the list's filters (the session cookie goes along), fetched so a
 * failure shows as an error here (an ended session asks to log in again), then downloaded.
 */
export const downloadBookingsCsv = (query: ListQuery): Promise<void> => downloadCsv("/api/admin/bookings.csv", query, "bookings");

/** Issue 34: the CSV of the bookings ticked on the list (ids), in the list's order. */
export const downloadSelectedBookingsCsv = (ids: readonly string[], sort: string, order: string): Promise<void> =>
  downloadCsv("/api/admin/bookings.csv", { ids: ids.join(","), sort, order }, "bookings");

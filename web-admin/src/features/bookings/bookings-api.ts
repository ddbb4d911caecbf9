/** The staff bookings calls (admin-area.md section 7): list pages, one record, status and payment, the CSV. */
import type { BookingRecord, PaymentStatus, RecordStatus, SettableStatus } from "@yarra/core/booking/types.ts";
import { ApiError, itemsOf, withQuery } from "@yarra/api/client/http.ts";
import { describeFailure } from "@yarra/api/client/error-catalogue.ts";
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

/** The server's file name from Content-Disposition, or a dated fallback. */
function fileNameOf(response: Response): string {
  const header = response.headers.get("Content-Disposition") ?? "";
  const match = /filename="?([^";]+)"?/i.exec(header);
  return match?.[1] ?? `bookings-${new Date().toISOString().slice(0, 10)}.csv`;
}

/**
 * GET /api/admin/bookings.csv with the list's filters (the session cookie goes along), fetched so a
 * failure shows as an error here, then handed to the browser through a Blob link.
 */
export async function downloadBookingsCsv(query: ListQuery): Promise<void> {
  const headers = new Headers({ Accept: "text/csv" });
  let response: Response;
  try {
    response = await fetch(withQuery("/api/admin/bookings.csv", query), { headers, credentials: "same-origin" });
  } catch (error) {
    throw new ApiError(describeFailure({}), { cause: error });
  }
  if (!response.ok) {
    let body: unknown;
    try {
      body = await response.json();
    } catch {
      body = undefined;
    }
    throw new ApiError(describeFailure({ status: response.status, body }));
  }
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileNameOf(response);
  link.style.display = "none";
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the URL goes.
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

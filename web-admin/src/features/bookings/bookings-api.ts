/** The staff bookings calls (admin-area.md section 7) and the list query the filters build. */
import type { BookingRecord, PaymentStatus, RecordStatus, SettableStatus } from "@yarra/core/booking/types.ts";
import { ApiError, itemsOf, readStoredToken, withQuery } from "@yarra/api/client/http.ts";
import { describeFailure } from "@yarra/api/client/error-catalogue.ts";
import type { Wire } from "@yarra/api/client/types.ts";
import { api } from "../../lib/api.ts";
import { type CustomRange, type TimeWindow, windowRange } from "./time-window.ts";

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

export interface BookingFilters {
  q: string;
  type: "" | "BOOKING" | "QUOTE";
  status: "" | RecordStatus;
  paymentStatus: "" | PaymentStatus;
  sort: "startTime" | "createdAt";
  order: "asc" | "desc";
  window: TimeWindow;
  custom: CustomRange;
}

export const DEFAULT_FILTERS: BookingFilters = {
  q: "",
  type: "",
  status: "",
  paymentStatus: "",
  sort: "startTime",
  order: "asc",
  window: "upcoming",
  custom: { from: "", to: "" },
};

export type ListQuery = Record<string, string>;

/** The list's query string, or the message to show instead of asking (custom range needs both dates). */
export function buildListQuery(filters: BookingFilters, now: Date): { ok: true; query: ListQuery } | { ok: false; message: string } {
  const range = windowRange(filters.window, now, filters.custom);
  if (!range.ok) return range;
  // Past 7 days reads backwards from now: the newest first, unless the admin chose otherwise.
  const order = filters.window === "past7" && filters.sort === "startTime" && filters.order === "asc" ? "desc" : filters.order;
  // A quote search with no status means QUOTE_REQUESTED (admin-area.md section 9).
  const status = filters.status || (filters.type === "QUOTE" ? "QUOTE_REQUESTED" : "");
  const query: ListQuery = { sort: filters.sort, order };
  const q = filters.q.trim();
  if (q) query.q = q;
  if (filters.type) query.type = filters.type;
  if (status) query.status = status;
  if (filters.paymentStatus) query.paymentStatus = filters.paymentStatus;
  if (range.startFrom) query.startFrom = range.startFrom;
  if (range.startTo) query.startTo = range.startTo;
  return { ok: true, query };
}

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

export const fetchBooking = (id: string) => api.get<BookingDto>(`/api/admin/bookings/${encodeURIComponent(id)}`);

export const setBookingStatus = (id: string, status: SettableStatus) =>
  api.patch<BookingDto>(`/api/admin/bookings/${encodeURIComponent(id)}/status`, { status });

export const confirmPayment = (id: string, amountPaid: number) =>
  api.patch<BookingDto>(`/api/admin/bookings/${encodeURIComponent(id)}/confirm-payment`, { amountPaid });

/** The server's file name from Content-Disposition, or a dated fallback. */
function fileNameOf(response: Response): string {
  const header = response.headers.get("Content-Disposition") ?? "";
  const match = /filename="?([^";]+)"?/i.exec(header);
  return match?.[1] ?? `bookings-${new Date().toISOString().slice(0, 10)}.csv`;
}

/**
 * GET /api/admin/bookings.csv with the list's filters. A plain link cannot send the bearer token,
 * so the file is fetched and handed to the browser through a Blob link.
 */
export async function downloadBookingsCsv(query: ListQuery): Promise<void> {
  const headers = new Headers({ Accept: "text/csv" });
  const token = readStoredToken();
  if (token) headers.set("Authorization", `Bearer ${token}`);
  let response: Response;
  try {
    response = await fetch(withQuery("/api/admin/bookings.csv", query), { headers });
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

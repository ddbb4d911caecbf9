/**
 * The bookings list's filters, sort and page as URL search params (validated by the route), and
 * the API query they become.
 */
import { z } from "zod";
import { BOOKING_SORT_FIELDS, RECORD_STATUS_VALUES } from "@yarra/core/booking/staff/list-query.ts";
import { SORT_ORDERS } from "@yarra/core/shared/list-query.ts";
import { PAYMENT_STATUSES, type PaymentStatus, RECORD_TYPES, type RecordStatus } from "@yarra/core/booking/types.ts";
import { dayParam, enumParam, pageInUrl, pageParam, textParam } from "../../lib/search-params.ts";
import { type CustomRange, customRangeProblem, DEFAULT_TIME_WINDOW, TIME_WINDOWS, type TimeWindow, windowRange } from "./time-window.ts";

export const bookingsSearchSchema = z.object({
  q: textParam,
  type: enumParam(RECORD_TYPES),
  status: enumParam(RECORD_STATUS_VALUES),
  paymentStatus: enumParam(PAYMENT_STATUSES),
  sort: enumParam(BOOKING_SORT_FIELDS),
  order: enumParam(SORT_ORDERS),
  window: enumParam(TIME_WINDOWS),
  /** The custom range's days, as the date inputs give them. */
  from: dayParam,
  to: dayParam,
  page: pageParam,
});

export type BookingsSearch = z.infer<typeof bookingsSearchSchema>;

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

const DEFAULT_FILTERS: BookingFilters = {
  q: "",
  type: "",
  status: "",
  paymentStatus: "",
  sort: "startTime",
  order: "asc",
  window: DEFAULT_TIME_WINDOW,
  custom: { from: "", to: "" },
};

/** The filters a URL asks for, defaults filled in. */
export function filtersOf(search: BookingsSearch): BookingFilters {
  const d = DEFAULT_FILTERS;
  return {
    q: search.q ?? d.q,
    type: search.type ?? d.type,
    status: search.status ?? d.status,
    paymentStatus: search.paymentStatus ?? d.paymentStatus,
    sort: search.sort ?? d.sort,
    order: search.order ?? d.order,
    window: search.window ?? d.window,
    custom: { from: search.from ?? "", to: search.to ?? "" },
  };
}

/** A filter's value for the URL: left out when blank or the default. */
function unlessDefault<T extends string>(value: T, fallback: T): Exclude<T, ""> | undefined {
  return value === "" || value === fallback ? undefined : (value as Exclude<T, "">);
}

/** The URL of a list view: defaults and blanks left out, so links stay short. */
export function searchOf(filters: BookingFilters, page: number): BookingsSearch {
  const d = DEFAULT_FILTERS;
  return {
    q: unlessDefault(filters.q.trim() === "" ? "" : filters.q, d.q),
    type: unlessDefault(filters.type, d.type),
    status: unlessDefault(filters.status, d.status),
    paymentStatus: unlessDefault(filters.paymentStatus, d.paymentStatus),
    sort: unlessDefault(filters.sort, d.sort),
    order: unlessDefault(filters.order, d.order),
    window: unlessDefault(filters.window, d.window),
    from: unlessDefault(filters.custom.from, ""),
    to: unlessDefault(filters.custom.to, ""),
    page: pageInUrl(page),
  };
}

export type ListQuery = Record<string, string>;

/** Why the list cannot be asked for (a custom range needs both dates, in order), or null. */
export function listQueryProblem(filters: BookingFilters): string | null {
  return filters.window === "custom" ? customRangeProblem(filters.custom) : null;
}

/** Past 7 days reads backwards from now: the newest first, unless the admin chose otherwise. */
export function effectiveOrder(filters: BookingFilters): "asc" | "desc" {
  return filters.window === "past7" && filters.sort === "startTime" && filters.order === "asc" ? "desc" : filters.order;
}

/** The list's query string, or the message to show instead of asking (custom range needs both dates). */
export function buildListQuery(filters: BookingFilters, now: Date): { ok: true; query: ListQuery } | { ok: false; message: string } {
  const range = windowRange(filters.window, now, filters.custom);
  if (!range.ok) return range;
  // A quote search with no status means QUOTE_REQUESTED (admin-area.md section 9).
  const status = filters.status || (filters.type === "QUOTE" ? "QUOTE_REQUESTED" : "");
  const query: ListQuery = { sort: filters.sort, order: effectiveOrder(filters) };
  const q = filters.q.trim();
  if (q) query.q = q;
  if (filters.type) query.type = filters.type;
  if (status) query.status = status;
  if (filters.paymentStatus) query.paymentStatus = filters.paymentStatus;
  if (range.startFrom) query.startFrom = range.startFrom;
  if (range.startTo) query.startTo = range.startTo;
  if (range.endFrom) query.endFrom = range.endFrom;
  return { ok: true, query };
}

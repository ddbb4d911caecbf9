/** What the staff bookings list and its CSV export select, sort and page (admin-area.md 7, 9). */
import { z } from "zod";
import { ADMIN_LIST_LIMITS, instantParam, pagingParams, rangeInOrder, searchParam, type SearchTerms, searchTerms, type SortOrder } from "../../shared/list-query.ts";
import { BOOKING_STATUSES, PAYMENT_STATUSES, type PaymentStatus, RECORD_TYPES, type RecordStatus, type RecordType } from "../types.ts";

export const BOOKING_SORT_FIELDS = ["startTime", "createdAt"] as const;
export type BookingSortField = (typeof BOOKING_SORT_FIELDS)[number];
export const RECORD_STATUS_VALUES = [...BOOKING_STATUSES, "QUOTE_REQUESTED"] as const;

const bookingFilterParams = {
  q: searchParam("Case-insensitive: first, last or full name, e-mail, suburb, phone digits, id prefix, reference (YS-7K3F9Q, however typed)"),
  type: z.enum(RECORD_TYPES, { error: "type must be BOOKING or QUOTE." }).optional(),
  status: z.enum(RECORD_STATUS_VALUES, { error: `status must be one of ${RECORD_STATUS_VALUES.join(", ")}.` }).optional()
    .meta({ description: "With type QUOTE and no status, QUOTE_REQUESTED" }),
  paymentStatus: z.enum(PAYMENT_STATUSES, { error: "paymentStatus must be UNPAID or PAID." }).optional(),
  startFrom: instantParam("Start time from (inclusive)"),
  startTo: instantParam("Start time before (exclusive)"),
  endFrom: instantParam("Still running at or after this time: the job ends after it (Upcoming sends now, so jobs in progress stay listed)"),
  sort: z.enum(BOOKING_SORT_FIELDS, { error: "sort must be startTime or createdAt." }).optional()
    .meta({ description: "Default startTime" }),
  order: pagingParams.order,
};

const bookingListParams = z.object({ ...bookingFilterParams, ...pagingParams }).superRefine(rangeInOrder("startFrom", "startTo"));

/** The list query as the HTTP layer parsed it: every field optional. */
export type BookingListInput = z.output<typeof bookingListParams>;

/** The query string of the staff list, read as the query the use case runs. */
export const bookingListQuerySchema = bookingListParams.transform(bookingListQuery);

/** The most bookings one export by ids may name (a page of the list holds at most 200). */
export const EXPORT_IDS_MAX = 200;
const UUID_LIKE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Issue 34: the bookings the office ticked, comma-separated; read lower case, each once. */
const idsParam = z.string().meta({ description: `Only these bookings: their _ids, comma-separated, at most ${EXPORT_IDS_MAX}; the other filters still apply` })
  .transform((text, ctx) => {
    const ids = [...new Set(text.split(",").map((id) => id.trim().toLowerCase()).filter((id) => id !== ""))];
    if (ids.length === 0 || ids.some((id) => !UUID_LIKE.test(id))) {
      ctx.issues.push({ code: "custom", message: "ids must be booking ids separated by commas.", input: text });
      return z.NEVER;
    }
    if (ids.length > EXPORT_IDS_MAX) {
      ctx.issues.push({ code: "custom", message: `ids may name at most ${EXPORT_IDS_MAX} bookings.`, input: text });
      return z.NEVER;
    }
    return ids;
  }).optional();

/** The export takes the list's filters and order, never its paging, and may name the bookings (ids). */
export const bookingExportQuerySchema = z.object({ ...bookingFilterParams, ids: idsParam }).superRefine(rangeInOrder("startFrom", "startTo"))
  .transform(bookingListQuery);

export interface BookingFilter {
  search: SearchTerms | null;
  type: RecordType | null;
  status: RecordStatus | null;
  paymentStatus: PaymentStatus | null;
  /** Inclusive. */
  startFrom: Date | null;
  /** Exclusive. */
  startTo: Date | null;
  /** Jobs ending after this instant (a job in progress counts as upcoming). */
  endFrom: Date | null;
  /** Only these bookings (the export of the ones ticked on the list); null is any. */
  ids: readonly string[] | null;
}

export interface BookingSort {
  by: BookingSortField;
  order: SortOrder;
}

export interface BookingListQuery {
  filter: BookingFilter;
  sort: BookingSort;
  limit: number;
  page: number;
}

/** Defaults of section 9; a quote search with no status means QUOTE_REQUESTED. */
export function bookingListQuery(input: BookingListInput & { ids?: readonly string[] }): BookingListQuery {
  const status = input.status ?? (input.type === "QUOTE" ? "QUOTE_REQUESTED" : null);
  return {
    filter: {
      search: searchTerms(input.q),
      type: input.type ?? null,
      status,
      paymentStatus: input.paymentStatus ?? null,
      startFrom: input.startFrom ?? null,
      startTo: input.startTo ?? null,
      endFrom: input.endFrom ?? null,
      ids: input.ids ?? null,
    },
    sort: { by: input.sort ?? "startTime", order: input.order ?? "asc" },
    limit: Math.min(input.limit ?? ADMIN_LIST_LIMITS.defaultLimit, ADMIN_LIST_LIMITS.maxLimit),
    page: input.page ?? 1,
  };
}

/**
 * The chips count the set the list would show without its status and payment filters, so each
 * chip tells how many rows picking it would give; search, type and time window still apply.
 */
export const statsFilter = (filter: BookingFilter): BookingFilter => ({
  ...filter,
  status: null,
  paymentStatus: null,
});

export interface BookingStats {
  status: Record<RecordStatus, number>;
  payment: Record<PaymentStatus, number>;
}

/** What the staff bookings list and its CSV export select, sort and page (admin-area.md 7, 9). */
import type { PaymentStatus, RecordStatus, RecordType } from "./types.ts";

export const ADMIN_LIST_LIMITS = { defaultLimit: 200, maxLimit: 500 } as const;

export const BOOKING_SORT_FIELDS = ["startTime", "createdAt"] as const;
export type BookingSortField = (typeof BOOKING_SORT_FIELDS)[number];
export const SORT_ORDERS = ["asc", "desc"] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

/** How one search box matches: text on names and the like, digits on phones, a prefix on ids. */
export interface SearchTerms {
  /** Trimmed, inner whitespace collapsed; matched case-insensitively as a substring. */
  text: string;
  /** Only when the text looks like a phone number: its digits, +61 read as 0. */
  phoneDigits: string | null;
  /** Only when the text could start an id (hex and dashes, 4+ characters): lower case. */
  idPrefix: string | null;
}

const PHONE_LIKE = /^[\d\s()+.-]+$/;
const ID_PREFIX_LIKE = /^[0-9a-f-]{4,36}$/i;

export function searchTerms(q: string | undefined | null): SearchTerms | null {
  const text = (q ?? "").trim().replace(/\s+/g, " ");
  if (text === "") return null;
  let phoneDigits: string | null = null;
  if (PHONE_LIKE.test(text)) {
    const digits = text.replace(/\D/g, "");
    // Stored booking phones are normalised to 0XXXXXXXXX, so '+61 412' must look for '0412'.
    const local = text.startsWith("+61") ? `0${digits.slice(2)}` : digits;
    if (local.length >= 3) phoneDigits = local;
  }
  const idPrefix = ID_PREFIX_LIKE.test(text) ? text.toLowerCase() : null;
  return { text, phoneDigits, idPrefix };
}

export interface BookingFilter {
  search: SearchTerms | null;
  type: RecordType | null;
  status: RecordStatus | null;
  paymentStatus: PaymentStatus | null;
  /** Inclusive. */
  startFrom: Date | null;
  /** Exclusive. */
  startTo: Date | null;
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

/** The list query as the HTTP layer parsed it: every field optional. */
export interface BookingListInput {
  q?: string;
  type?: RecordType;
  status?: RecordStatus;
  paymentStatus?: PaymentStatus;
  startFrom?: Date;
  startTo?: Date;
  sort?: BookingSortField;
  order?: SortOrder;
  limit?: number;
  page?: number;
}

/** Defaults of section 9; a quote search with no status means QUOTE_REQUESTED. */
export function bookingListQuery(input: BookingListInput): BookingListQuery {
  const status = input.status ?? (input.type === "QUOTE" ? "QUOTE_REQUESTED" : null);
  return {
    filter: {
      search: searchTerms(input.q),
      type: input.type ?? null,
      status,
      paymentStatus: input.paymentStatus ?? null,
      startFrom: input.startFrom ?? null,
      startTo: input.startTo ?? null,
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

export interface Page<T> {
  items: T[];
  page: number;
  totalPages: number;
  totalItems: number;
}

/** At least one page, so an empty list reads 'page 1 of 1'. */
export const totalPagesOf = (totalItems: number, limit: number): number =>
  Math.max(1, Math.ceil(totalItems / limit));

export const offsetOf = (page: number, limit: number): number => (page - 1) * limit;

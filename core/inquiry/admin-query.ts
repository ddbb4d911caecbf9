/** What the staff inquiries list selects, sorts and pages (admin-area.md 7, 9). */
import { ADMIN_LIST_LIMITS, type SearchTerms, searchTerms, type SortOrder } from "../booking/admin-query.ts";
import type { InquiryType } from "./types.ts";

export interface InquiryFilter {
  /** Names, e-mail, phone digits, suburb and message. */
  search: SearchTerms | null;
  inquiryType: InquiryType | null;
  /** Archived inquiries are hidden unless asked for. */
  includeArchived: boolean;
  read: boolean | null;
  hasAddress: boolean | null;
  /** Inclusive. */
  createdFrom: Date | null;
  /** Exclusive. */
  createdTo: Date | null;
}

export interface InquiryListQuery {
  filter: InquiryFilter;
  sort: { by: "createdAt"; order: SortOrder };
  limit: number;
  page: number;
}

export interface InquiryListInput {
  q?: string;
  inquiryType?: InquiryType;
  includeArchived?: boolean;
  read?: boolean;
  hasAddress?: boolean;
  createdFrom?: Date;
  createdTo?: Date;
  sort?: "createdAt";
  order?: SortOrder;
  limit?: number;
  page?: number;
}

/** Defaults of section 9: newest first, 200 a page, archived hidden. */
export function inquiryListQuery(input: InquiryListInput): InquiryListQuery {
  return {
    filter: {
      search: searchTerms(input.q),
      inquiryType: input.inquiryType ?? null,
      includeArchived: input.includeArchived ?? false,
      read: input.read ?? null,
      hasAddress: input.hasAddress ?? null,
      createdFrom: input.createdFrom ?? null,
      createdTo: input.createdTo ?? null,
    },
    sort: { by: "createdAt", order: input.order ?? "desc" },
    limit: Math.min(input.limit ?? ADMIN_LIST_LIMITS.defaultLimit, ADMIN_LIST_LIMITS.maxLimit),
    page: input.page ?? 1,
  };
}

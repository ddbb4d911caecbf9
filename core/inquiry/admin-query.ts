/** What the staff inquiries list selects, sorts and pages (admin-area.md 7, 9). */
import { z } from "zod";
import { ADMIN_LIST_LIMITS, flagParam, instantParam, pagingParams, rangeInOrder, type SearchTerms, searchParam, searchTerms, type SortOrder } from "../shared/list-query.ts";
import { readInquiryReference } from "./reference.ts";
import { INQUIRY_TYPE_ALIASES, INQUIRY_TYPES, type InquiryType } from "./types.ts";

export interface InquiryFilter {
  /** Names, e-mail, phone digits, suburb, message and the reference (YI-7K3F9Q, however typed). */
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

const inquiryTypeParam = z.enum([...INQUIRY_TYPES, ...Object.keys(INQUIRY_TYPE_ALIASES)] as [InquiryType, ...string[]], {
  error: `inquiryType must be one of ${INQUIRY_TYPES.join(", ")} (or INDUSTRIAL).`,
}).transform((type): InquiryType => INQUIRY_TYPE_ALIASES[type] ?? type as InquiryType)
  .meta({ description: "INDUSTRIAL is an alias of INDUSTRIAL_WAREHOUSE" });

const inquiryListParams = z.object({
  q: searchParam("Case-insensitive: names, e-mail, phone digits, suburb, message, reference (YI-7K3F9Q, however typed)"),
  inquiryType: inquiryTypeParam.optional(),
  includeArchived: flagParam("Default false: archived inquiries are hidden"),
  read: flagParam("Only read (true) or unread (false) ones"),
  hasAddress: flagParam("Only checked (true) or unchecked (false) ones"),
  createdFrom: instantParam("Created from (inclusive)"),
  createdTo: instantParam("Created before (exclusive)"),
  sort: z.enum(["createdAt"], { error: "sort must be createdAt." }).optional(),
  ...pagingParams,
}).superRefine(rangeInOrder("createdFrom", "createdTo"));

export type InquiryListInput = z.output<typeof inquiryListParams>;

/** The query string of the staff list, read as the query the use case runs. */
export const inquiryListQuerySchema = inquiryListParams.transform(inquiryListQuery);

/** The search box's terms, its whole reference read as an inquiry's (YI-) rather than a booking's. */
function inquirySearchTerms(q: string | undefined): SearchTerms | null {
  const terms = searchTerms(q);
  return terms && { ...terms, reference: readInquiryReference(terms.text) };
}

/** Defaults of section 9: newest first, 200 a page, archived hidden. */
export function inquiryListQuery(input: InquiryListInput): InquiryListQuery {
  return {
    filter: {
      search: inquirySearchTerms(input.q),
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

/** The inquiries list's filters, order and page as URL search params (validated by the route). */
import { z } from "zod";
import { SORT_ORDERS } from "@yarra/core/shared/list-query.ts";
import { INQUIRY_TYPES, type InquiryType } from "@yarra/core/inquiry/types.ts";
import { enumParam, flagParam, pageInUrl, pageParam, textParam } from "../../lib/search-params.ts";

export const inquiriesSearchSchema = z.object({
  q: textParam,
  inquiryType: enumParam(INQUIRY_TYPES),
  read: flagParam,
  /** Shown as 'Checked'. */
  hasAddress: flagParam,
  includeArchived: flagParam,
  order: enumParam(SORT_ORDERS),
  page: pageParam,
});

export type InquiriesSearch = z.infer<typeof inquiriesSearchSchema>;

/** The filters as the form's controls hold them ('' is Any). */
export interface InquiryFilters {
  q: string;
  inquiryType: "" | InquiryType;
  read: "" | "true" | "false";
  hasAddress: "" | "true" | "false";
  includeArchived: boolean;
  order: "desc" | "asc";
}

const choice = (flag: boolean | undefined) => (flag === undefined ? "" : flag ? "true" : "false");
const flagOf = (value: "" | "true" | "false") => (value === "" ? undefined : value === "true");

export function filtersOf(search: InquiriesSearch): InquiryFilters {
  return {
    q: search.q ?? "",
    inquiryType: search.inquiryType ?? "",
    read: choice(search.read),
    hasAddress: choice(search.hasAddress),
    includeArchived: search.includeArchived ?? false,
    order: search.order ?? "desc",
  };
}

/** The URL of a list view: defaults and blanks left out, so links stay short. */
export function searchOf(filters: InquiryFilters, page: number): InquiriesSearch {
  return {
    q: filters.q.trim() === "" ? undefined : filters.q,
    inquiryType: filters.inquiryType === "" ? undefined : filters.inquiryType,
    read: flagOf(filters.read),
    hasAddress: flagOf(filters.hasAddress),
    includeArchived: filters.includeArchived || undefined,
    order: filters.order === "desc" ? undefined : filters.order,
    page: pageInUrl(page),
  };
}

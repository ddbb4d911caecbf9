/** The inquiries screens' cached reads, and how a write's answer reaches them. */
import { keepPreviousData, type QueryClient, queryOptions } from "@tanstack/react-query";
import { fetchInquiries, fetchInquiry, type InquiryDto, type InquiryPage } from "./inquiries-api.ts";
import type { InquiryFilters } from "./inquiries-search.ts";

const INQUIRIES = ["inquiries"] as const;
const LISTS = [...INQUIRIES, "list"] as const;

export const inquiryListQuery = (filters: InquiryFilters, page: number) =>
  queryOptions({
    queryKey: [...LISTS, filters, page],
    queryFn: ({ signal }) => fetchInquiries(filters, page, signal),
    // The pager stays while the next page or filter loads.
    placeholderData: keepPreviousData,
  });

export const inquiryQuery = (id: string) =>
  queryOptions({ queryKey: [...INQUIRIES, "record", id], queryFn: () => fetchInquiry(id) });

/**
 * A write as the server answered it: the record and every cached list holding it show it at once
 * (an archived one leaves the lists that hide archived ones); then all inquiry reads are marked
 * stale, so each reloads when next opened.
 */
export function settleInquiry(queryClient: QueryClient, updated: InquiryDto): void {
  queryClient.setQueryData(inquiryQuery(updated._id).queryKey, updated);
  for (const [queryKey, page] of queryClient.getQueriesData<InquiryPage>({ queryKey: LISTS })) {
    if (!page?.items.some((item) => item._id === updated._id)) continue;
    const filters = queryKey[2] as InquiryFilters;
    const leaves = Boolean(updated.archivedAt) && !filters.includeArchived;
    queryClient.setQueryData<InquiryPage>(queryKey, leaves
      ? { ...page, items: page.items.filter((item) => item._id !== updated._id), totalItems: Math.max(0, page.totalItems - 1) }
      : { ...page, items: page.items.map((item) => (item._id === updated._id ? updated : item)) });
  }
  void queryClient.invalidateQueries({ queryKey: INQUIRIES, refetchType: "none" });
}

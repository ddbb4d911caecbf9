/** The customers list's search, tag and page as URL search params (validated by the route). */
import { z } from "zod";
import { pageInUrl, pageParam, textParam } from "../../lib/search-params.ts";

export const customersSearchSchema = z.object({
  q: textParam,
  tag: textParam,
  page: pageParam,
});

export type CustomersSearch = z.infer<typeof customersSearchSchema>;

/** The filters as the form's controls hold them ('' is any). */
export interface CustomerFilters {
  q: string;
  tag: string;
}

export function filtersOf(search: CustomersSearch): CustomerFilters {
  return { q: search.q ?? "", tag: search.tag ?? "" };
}

/** The URL of a list view: blanks left out, so links stay short. */
export function searchOf(filters: CustomerFilters, page: number): CustomersSearch {
  return {
    q: filters.q.trim() === "" ? undefined : filters.q,
    tag: filters.tag.trim() === "" ? undefined : filters.tag,
    page: pageInUrl(page),
  };
}

/** What the server is asked for: the trimmed search and tag, blanks left out. */
export function filterQuery(filters: CustomerFilters): Record<string, string> {
  const query: Record<string, string> = {};
  const q = filters.q.trim();
  const tag = filters.tag.trim();
  if (q) query.q = q;
  if (tag) query.tag = tag;
  return query;
}

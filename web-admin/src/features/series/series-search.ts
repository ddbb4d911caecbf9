/** The regular cleans list's filter, search and page as URL search params (validated by the route). */
import { z } from "zod";
import { SERIES_STATUSES, type SeriesStatus } from "@yarra/core/series/types.ts";
import { enumParam, pageInUrl, pageParam, textParam } from "../../lib/search-params.ts";

export const seriesSearchSchema = z.object({
  q: textParam,
  status: enumParam(SERIES_STATUSES),
  page: pageParam,
});

export type SeriesSearch = z.infer<typeof seriesSearchSchema>;

/** The filters as the form's controls hold them ('' is any status). */
export interface SeriesFilters {
  q: string;
  status: "" | SeriesStatus;
}

export const filtersOf = (search: SeriesSearch): SeriesFilters => ({ q: search.q ?? "", status: search.status ?? "" });

/** The URL of a list view: blanks left out, so links stay short. */
export const searchOf = (filters: SeriesFilters, page: number): SeriesSearch => ({
  q: filters.q.trim() === "" ? undefined : filters.q,
  status: filters.status === "" ? undefined : filters.status,
  page: pageInUrl(page),
});

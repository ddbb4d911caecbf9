/**
 * The staff calls of regular cleans (issue 17): the paged list, one series with its visits, and
 * the writes (skip or move a visit, change from a date, pause, resume, end, set the regular
 * cleaners), each answering with the series as it now is.
 *
 * The shapes are core's (core/series/schemas.ts), which the API validates its answers with.
 */
import { keepPreviousData, type QueryClient, queryOptions } from "@tanstack/react-query";
import type { ExtraDto, FrequencyDto, PublicSchedulingDto, ServiceDto } from "@yarra/api/client/types.ts";
import type { cleanerSchema } from "@yarra/core/cleaners/schemas.ts";
import type { SeriesChangeBody, SeriesDetail, SeriesSummary } from "@yarra/core/series/schemas.ts";
import type { z } from "zod";
import { api } from "../../lib/api.ts";
import type { SeriesFilters } from "./series-search.ts";

export type { SeriesDetail, SeriesSummary, SeriesVisit } from "@yarra/core/series/schemas.ts";
export { SERIES_STATUSES, type SeriesStatus } from "@yarra/core/series/types.ts";

export interface SeriesPage {
  items: SeriesSummary[];
  page: number;
  totalPages: number;
  totalItems: number;
}

export const PAGE_SIZE = 50;

const BASE = "/api/admin/series";
const seriesPath = (id: string) => `${BASE}/${encodeURIComponent(id)}`;
const visitPath = (id: string, bookingId: string, action: "skip" | "move") =>
  `${seriesPath(id)}/visits/${encodeURIComponent(bookingId)}/${action}`;

export async function fetchSeriesPage(filters: SeriesFilters, page: number, signal?: AbortSignal): Promise<SeriesPage> {
  const q = filters.q.trim();
  const data = await api.get<Partial<SeriesPage> | SeriesSummary[]>(BASE, {
    query: { status: filters.status || undefined, q: q || undefined, page, limit: PAGE_SIZE },
    signal,
  });
  const items = Array.isArray(data) ? data : (data.items ?? []);
  const body = Array.isArray(data) ? {} : data;
  return { items, page: body.page ?? page, totalPages: body.totalPages ?? 1, totalItems: body.totalItems ?? items.length };
}

export const fetchSeries = (id: string) => api.get<SeriesDetail>(seriesPath(id));

/** A reason is sent only when one was typed. */
const withReason = (reason?: string) => (reason?.trim() ? { reason: reason.trim() } : {});

export const skipVisit = (id: string, bookingId: string, reason?: string) =>
  api.post<SeriesDetail>(visitPath(id, bookingId, "skip"), withReason(reason));

/** How a visit moves beyond its start; each is sent only when true. */
export interface MoveChoices {
  /** Superadmins only: take the place even when the time is full. */
  overrideCapacity?: boolean;
  /** The office's tick for a start outside the working hours (issue 28). */
  allowOutsideHours?: boolean;
}

export const moveVisit = (id: string, bookingId: string, startTimeISO: string, choices: MoveChoices = {}) =>
  api.post<SeriesDetail>(visitPath(id, bookingId, "move"), {
    startTimeISO,
    ...(choices.overrideCapacity ? { overrideCapacity: true } : {}),
    ...(choices.allowOutsideHours ? { allowOutsideHours: true } : {}),
  });

/** What POST /series/{id}/change takes: fromDate, and only the terms that change. */
export type SeriesChange = SeriesChangeBody;

export const changeSeries = (id: string, change: SeriesChange) => api.post<SeriesDetail>(`${seriesPath(id)}/change`, change);
export const pauseSeries = (id: string, fromDate: string) => api.post<SeriesDetail>(`${seriesPath(id)}/pause`, { fromDate });
export const resumeSeries = (id: string, fromDate: string) => api.post<SeriesDetail>(`${seriesPath(id)}/resume`, { fromDate });
export const endSeries = (id: string, fromDate: string, reason?: string) =>
  api.post<SeriesDetail>(`${seriesPath(id)}/end`, { fromDate, ...withReason(reason) });

/** The regular cleaners, in order ([] for none): coming visits get those free at their time. */
export const setSeriesCleaners = (id: string, cleanerIds: string[]) =>
  api.put<SeriesDetail>(`${seriesPath(id)}/cleaners`, { cleanerIds });

/** A cleaner of the team as GET /api/admin/cleaners sends one. */
export type TeamCleaner = z.output<typeof cleanerSchema>;

// ------------------------------------------------------------ cached reads

const SERIES = ["series"] as const;

export const seriesListQuery = (filters: SeriesFilters, page: number) =>
  queryOptions({
    queryKey: [...SERIES, "list", filters, page],
    queryFn: ({ signal }) => fetchSeriesPage(filters, page, signal),
    // The pager and the filters stay while the next page loads.
    placeholderData: keepPreviousData,
  });

export const seriesQuery = (id: string) => queryOptions({ queryKey: [...SERIES, "record", id], queryFn: () => fetchSeries(id) });

/**
 * A write as the server answered it: the series shows it at once; the lists, and every bookings and
 * schedule read (its visits are bookings), reload when next opened.
 */
export function settleSeries(queryClient: QueryClient, updated: SeriesDetail): void {
  queryClient.setQueryData(seriesQuery(updated._id).queryKey, updated);
  void queryClient.invalidateQueries({ queryKey: [...SERIES, "list"], refetchType: "none" });
  void queryClient.invalidateQueries({ queryKey: ["bookings"], refetchType: "none" });
  void queryClient.invalidateQueries({ queryKey: ["schedule"], refetchType: "none" });
}

/** What the "Change from a date" form prices with: the public catalogue (live rows only). */
export interface ChangeCatalogue {
  services: ServiceDto[];
  frequencies: FrequencyDto[];
  extras: ExtraDto[];
  scheduling: PublicSchedulingDto;
  /** The series' service (from its first visit): a change keeps the service. */
  serviceId: string;
}

/** The booking that started the series tells which service it is (the series' wire names it only). */
export const changeCatalogueQuery = (firstBookingId: string) =>
  queryOptions({
    queryKey: [...SERIES, "change-catalogue", firstBookingId],
    queryFn: async (): Promise<ChangeCatalogue> => {
      const [first, services, frequencies, scheduling] = await Promise.all([
        api.get<{ serviceId: string | null }>(`/api/admin/bookings/${encodeURIComponent(firstBookingId)}`),
        api.list<ServiceDto>("/api/services"),
        api.list<FrequencyDto>("/api/frequencies"),
        api.get<PublicSchedulingDto>("/api/scheduling"),
      ]);
      const serviceId = first.serviceId ?? "";
      const extras = serviceId ? await api.list<ExtraDto>("/api/extras", { query: { serviceId } }) : [];
      return { services, frequencies, extras, scheduling, serviceId };
    },
  });

/**
 * The whole team, deactivated cleaners too (a regular cleaner may have left): the same read and
 * cache entry as the Team screen's list with deactivated shown, so a change there reaches here.
 */
export const teamQuery = queryOptions({
  queryKey: ["cleaners", { includeInactive: true }],
  queryFn: () => api.list<TeamCleaner>("/api/admin/cleaners", { query: { includeInactive: true } }),
});

/** The public scheduling rules: the working hours the move dialog's hint names. */
export const schedulingQuery = queryOptions({
  queryKey: [...SERIES, "scheduling"],
  queryFn: () => api.get<PublicSchedulingDto>("/api/scheduling"),
});

/**
 * The manage-my-booking page's calls (issue 15), all through the site's one fetch client; the
 * page reads its booking through one TanStack Query query, which each change's answer replaces.
 */
import { queryOptions } from "@tanstack/react-query";
import { isApiError } from "@yarra/api/client/http.ts";
import type { ManageViewDto, ManageVisitDto } from "@yarra/core/booking/manage/schemas.ts";
import { api } from "../../lib/api.ts";
import type { AvailabilityCalendarDto } from "../booking/booking-api.ts";

export type ManagedBooking = ManageViewDto;
/** A coming visit of the regular clean (issue 28), which this link may skip or move while canChange. */
export type ManagedVisit = ManageVisitDto;

const base = (token: string) => `/api/manage/${encodeURIComponent(token)}`;

type Options = { signal?: AbortSignal };

export const fetchManagedBooking = (token: string, options?: Options) => api.get<ManagedBooking>(base(token), options);

/** The link's booking as the page shows it: the server's last answer, a change's included. */
export const managedBookingQuery = (token: string) =>
  queryOptions({
    queryKey: ["managed-booking", token],
    queryFn: ({ signal }) => fetchManagedBooking(token, { signal }),
  });

/** The server's message for one field of a refused change, or null when the refusal is not about it. */
export const fieldRefusal = (error: unknown, field: string): string | null =>
  (isApiError(error) ? error.fieldErrors?.[field]?.[0] : undefined) ?? null;

/** Another visit of the link's regular clean: its calls live under the link's own. */
const visitBase = (token: string, visitId: string) => `${base(token)}/visits/${encodeURIComponent(visitId)}`;

/**
 * The open days and free start times for moving this booking (its own length, its own place
 * free), or, with `visitId`, that visit of the regular clean.
 */
export const fetchMoveCalendar = (token: string, range: { from: string; to: string }, visitId?: string, options?: Options) =>
  api.get<AvailabilityCalendarDto>(`${visitId ? visitBase(token, visitId) : base(token)}/availability`, { ...options, query: range });

export const cancelManagedBooking = (token: string, reason: string) =>
  api.post<ManagedBooking>(`${base(token)}/cancel`, reason.trim() ? { reason } : {});

export const moveManagedBooking = (token: string, startTimeISO: string) =>
  api.post<ManagedBooking>(`${base(token)}/reschedule`, { startTimeISO });

/** Skip this visit of a regular clean (issue 17): cancelled, the series carries on. */
export const skipManagedVisit = (token: string) => api.post<ManagedBooking>(`${base(token)}/skip`);

/** Skip another coming visit of the regular clean (issue 28); the answer is the link's booking. */
export const skipSeriesVisit = (token: string, visitId: string) => api.post<ManagedBooking>(`${visitBase(token, visitId)}/skip`);

/** Move another coming visit of the regular clean (issue 28); the answer is the link's booking. */
export const moveSeriesVisit = (token: string, visitId: string, startTimeISO: string) =>
  api.post<ManagedBooking>(`${visitBase(token, visitId)}/reschedule`, { startTimeISO });

/** Cancel the regular clean from this visit on: this visit and every later one. */
export const cancelManagedSeries = (token: string, reason: string) =>
  api.post<ManagedBooking>(`${base(token)}/cancel-series`, reason.trim() ? { reason } : {});

/** The manage-my-booking page's calls (issue 15), all through the site's one fetch client. */
import type { ManageViewDto } from "@yarra/core/booking/manage-schemas.ts";
import { api } from "../../lib/api.ts";
import type { AvailabilityCalendarDto } from "../booking/booking-api.ts";

export type ManagedBooking = ManageViewDto;

const base = (token: string) => `/api/manage/${encodeURIComponent(token)}`;

export const fetchManagedBooking = (token: string, options?: { signal?: AbortSignal }) =>
  api.get<ManagedBooking>(base(token), options);

/** The open days and free start times for moving this booking (its own length, its own place free). */
export const fetchMoveCalendar = (token: string, range: { from: string; to: string }) =>
  api.get<AvailabilityCalendarDto>(`${base(token)}/availability`, { query: range });

export const cancelManagedBooking = (token: string, reason: string) =>
  api.post<ManagedBooking>(`${base(token)}/cancel`, reason.trim() ? { reason } : {});

export const moveManagedBooking = (token: string, startTimeISO: string) =>
  api.post<ManagedBooking>(`${base(token)}/reschedule`, { startTimeISO });

/** Skip this visit of a regular clean (issue 17): cancelled, the series carries on. */
export const skipManagedVisit = (token: string) => api.post<ManagedBooking>(`${base(token)}/skip`);

/** Cancel the regular clean from this visit on: this visit and every later one. */
export const cancelManagedSeries = (token: string, reason: string) =>
  api.post<ManagedBooking>(`${base(token)}/cancel-series`, reason.trim() ? { reason } : {});

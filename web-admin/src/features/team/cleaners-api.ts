/**
 * The team's calls (issue 16): GET, POST, PATCH and DELETE (deactivate) /api/admin/cleaners; and
 * (issue 28) each cleaner's working week and time off.
 */
import { queryOptions } from "@tanstack/react-query";
import type { z } from "zod";
import type { cleanerPatchSchema, teamCleanerSchema, timeOffInputSchema } from "@yarra/core/cleaners/schemas.ts";
import type { TimeOff, WorkingDay } from "@yarra/core/cleaners/team.ts";
import { api } from "../../lib/api.ts";

/** A cleaner as the server sends one: details, working week and coming time off. */
export type Cleaner = z.output<typeof teamCleanerSchema>;

export type { TimeOff, WorkingDay };

/** What adding time off sends. */
export type TimeOffBody = z.input<typeof timeOffInputSchema>;

/** What a create or an edit sends (a create needs the name). */
export type CleanerBody = z.input<typeof cleanerPatchSchema>;

const BASE = "/api/admin/cleaners";
const path = (id: string) => `${BASE}/${encodeURIComponent(id)}`;

/** Every cached team list, whichever toggle it was read with. */
export const CLEANERS_KEY = ["cleaners"] as const;

export const cleanersQuery = (includeInactive: boolean) =>
  queryOptions({
    queryKey: [...CLEANERS_KEY, { includeInactive }],
    queryFn: () => api.list<Cleaner>(BASE, { query: includeInactive ? { includeInactive: true } : undefined }),
  });

export const createCleaner = (body: CleanerBody) => api.post<Cleaner>(BASE, body);
export const updateCleaner = (id: string, body: CleanerBody) => api.patch<Cleaner>(path(id), body);
/** Deactivates: the cleaner stays on past jobs, answered with active false. */
export const deactivateCleaner = (id: string) => api.delete<Cleaner>(path(id));

/** Replaces the cleaner's week; answered with the cleaner. */
export const setWorkingHours = (id: string, days: WorkingDay[]) => api.put<Cleaner>(`${path(id)}/working-hours`, { days });
export const addTimeOff = (id: string, body: TimeOffBody) => api.post<TimeOff>(`${path(id)}/time-off`, body);
export const removeTimeOff = (id: string, timeOffId: string) =>
  api.delete<void>(`${path(id)}/time-off/${encodeURIComponent(timeOffId)}`);

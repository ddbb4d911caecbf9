/** The team's calls (issue 16): GET, POST, PATCH and DELETE (deactivate) /api/admin/cleaners. */
import { queryOptions } from "@tanstack/react-query";
import type { z } from "zod";
import type { cleanerPatchSchema, cleanerSchema } from "@yarra/core/cleaners/schemas.ts";
import { api } from "../../lib/api.ts";

/** A cleaner as the server sends one. */
export type Cleaner = z.output<typeof cleanerSchema>;

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

/**
 * A cleaner's login (issue 31): GET, POST and DELETE /api/admin/cleaners/{id}/account. The login
 * reaches only the cleaner's own jobs (My jobs); the office gives it and takes it away here.
 */
import { queryOptions } from "@tanstack/react-query";
import type { z } from "zod";
import type { cleanerAccountSchema, newCleanerAccountSchema } from "@yarra/core/admin/cleaner-account-form.ts";
import { api } from "../../lib/api.ts";
import { CLEANERS_KEY } from "./cleaners-api.ts";

/** A login as the Team screen sees it: the e-mail, when it was made, invited and last used. */
export type CleanerAccount = z.output<typeof cleanerAccountSchema>;

/** What giving a login sends: the e-mail, and a password or sendInvite. */
export type CleanerAccountBody = z.input<typeof newCleanerAccountSchema>;

const accountPath = (cleanerId: string) => `/api/admin/cleaners/${encodeURIComponent(cleanerId)}/account`;

/** Under the team's key, so every team write marks it stale too. */
export const cleanerAccountQuery = (cleanerId: string) =>
  queryOptions({
    queryKey: [...CLEANERS_KEY, "account", cleanerId] as const,
    queryFn: async ({ signal }) => (await api.get<{ account: CleanerAccount | null }>(accountPath(cleanerId), { signal })).account,
  });

export const giveLogin = async (cleanerId: string, body: CleanerAccountBody) =>
  (await api.post<{ account: CleanerAccount }>(accountPath(cleanerId), body)).account;

/** Ends the login's sessions at once; the cleaner stays on the team. */
export const removeLogin = (cleanerId: string) => api.delete<void>(accountPath(cleanerId));

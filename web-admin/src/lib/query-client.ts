import { QueryClient } from "@tanstack/react-query";

/**
 * The staff area's one cache. A load or a write the server refuses for want of a session is
 * reported by the api client itself (lib/api.ts onSessionRejected), so the cache keeps the failure
 * and nothing more: the screen stays as it is, with what was typed, under the log-in dialog.
 */
export function createStaffQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // A failed load shows its alert at once, with its own way to try again; lists have Refresh.
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}

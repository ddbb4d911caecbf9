import { QueryCache, QueryClient } from "@tanstack/react-query";
import { errorCodeOf } from "./error-code.ts";

/**
 * The staff area's one cache. `onSessionRejected` runs when a load answers UNAUTHENTICATED (the
 * server no longer takes the token); a failed write keeps its alert, so what was typed stays.
 */
export function createStaffQueryClient(onSessionRejected: () => void): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error) => {
        if (errorCodeOf(error) === "UNAUTHENTICATED") onSessionRejected();
      },
    }),
    defaultOptions: {
      // A failed load shows its alert at once, with its own way to try again; lists have Refresh.
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}

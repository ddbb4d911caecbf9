/**
 * The query client of a page whose server data goes through TanStack Query: the booking form's
 * calendar and the manage page. Each page makes its own as it mounts, inside its lazy chunk, so
 * the library never loads on '/' (the root would put it in every page's first load), and a page
 * opened again asks afresh, as its route's loader does.
 */
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";

const newPageQueryClient = () =>
  new QueryClient({
    defaultOptions: {
      // A failed load says so at once, with its own way to try again; an answer holds until the
      // page invalidates it (a change, a refusal). Offline, a call still runs, and fails as the
      // fetch client's network error, rather than waiting unseen for the connection.
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: Infinity, networkMode: "always" },
      mutations: { networkMode: "always" },
    },
  });

export function PageQueries({ children }: { children: ReactNode }) {
  const [client] = useState(newPageQueryClient);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

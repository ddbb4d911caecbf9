import { QueryClientProvider } from "@tanstack/react-query";
import { type RouterHistory, RouterProvider } from "@tanstack/react-router";
import { useState } from "react";
import { createStaffQueryClient } from "./lib/query-client.ts";
import { createAdminRouter } from "./router.tsx";

export interface AdminAppProps {
  /** The host router's history; without it (standalone preview) the app uses its own. */
  history?: RouterHistory;
  /** Where the host mounts the staff area. */
  basepath?: string;
}

function createStaffArea(history: RouterHistory | undefined, basepath: string) {
  // A call the server refuses for want of a session asks to log in again over the screen (routes/authed.tsx).
  const queryClient = createStaffQueryClient();
  const router = createAdminRouter({ history, basepath, queryClient });
  return { queryClient, router };
}

/** The federation remote's entry: the whole staff area as one component with its own router and cache. */
export function AdminApp({ history, basepath = "/admin" }: AdminAppProps) {
  // One cache and one router for the component's lifetime; the host re-renders this on every navigation.
  const [{ queryClient, router }] = useState(() => createStaffArea(history, basepath));
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}

export default AdminApp;

import { type RouterHistory, RouterProvider } from "@tanstack/react-router";
import { useState } from "react";
import { createAdminRouter } from "./router.tsx";

export interface AdminAppProps {
  /** The host router's history; without it (standalone preview) the app uses its own. */
  history?: RouterHistory;
  /** Where the host mounts the staff area. */
  basepath?: string;
}

/** The federation remote's entry: the whole staff area as one component with its own router. */
export function AdminApp({ history, basepath = "/admin" }: AdminAppProps) {
  // One router for the component's lifetime; the host re-renders this on every navigation.
  const [router] = useState(() => createAdminRouter({ history, basepath }));
  return <RouterProvider router={router} />;
}

export default AdminApp;

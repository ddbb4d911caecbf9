import { createRoute } from "@tanstack/react-router";
import { AdminsPage, adminsQuery } from "../features/admins/admins-page.tsx";
import { superadminOnly } from "../lib/superadmin-only.tsx";
import { authedRoute } from "./authed.tsx";

export const adminsRoute = createRoute({
  getParentRoute: () => authedRoute,
  path: "/admins",
  loader: ({ context: { queryClient, session } }) => {
    if (session.user.role === "superadmin") void queryClient.prefetchQuery(adminsQuery);
  },
  component: superadminOnly(AdminsPage),
});

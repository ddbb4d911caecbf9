import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import { superadminOnly } from "../lib/superadmin-only.tsx";
import { authedRoute } from "./authed.tsx";

// Its own chunk: the screen's code loads with the first visit, not with the staff area.
const adminsPage = () => import("../features/admins/admins-page.tsx");
const AdminsPage = lazyRouteComponent(adminsPage, "AdminsPage");

export const adminsRoute = createRoute({
  getParentRoute: () => authedRoute,
  path: "/admins",
  // An admin is shown 'Forbidden' without the screen: only a superadmin loads it.
  loader: async ({ context: { queryClient, session } }) => {
    if (session.user.role !== "superadmin") return;
    const [{ adminsQuery }] = await Promise.all([adminsPage(), AdminsPage.preload?.()]);
    void queryClient.prefetchQuery(adminsQuery);
  },
  component: superadminOnly(AdminsPage),
});

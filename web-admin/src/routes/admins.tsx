import { createRoute } from "@tanstack/react-router";
import { AdminsPage } from "../features/admins/admins-page.tsx";
import { superadminOnly } from "../lib/superadmin-only.tsx";
import { authedRoute } from "./authed.tsx";

export const adminsRoute = createRoute({
  getParentRoute: () => authedRoute,
  path: "/admins",
  component: superadminOnly(AdminsPage),
});

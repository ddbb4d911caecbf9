import { createRoute } from "@tanstack/react-router";
import { AuditPage } from "../features/audit/audit-page.tsx";
import { superadminOnly } from "../lib/superadmin-only.tsx";
import { authedRoute } from "./authed.tsx";

export const auditRoute = createRoute({
  getParentRoute: () => authedRoute,
  path: "/audit",
  component: superadminOnly(AuditPage),
});

import { createRoute } from "@tanstack/react-router";
import { auditQuery, AuditPage } from "../features/audit/audit-page.tsx";
import { auditSearchSchema, filtersOf } from "../features/audit/audit-search.ts";
import { superadminOnly } from "../lib/superadmin-only.tsx";
import { authedRoute } from "./authed.tsx";

export const auditRoute = createRoute({
  getParentRoute: () => authedRoute,
  path: "/audit",
  validateSearch: auditSearchSchema,
  loaderDeps: ({ search }) => search,
  loader: ({ context: { queryClient, session }, deps }) => {
    if (session.user.role === "superadmin") void queryClient.prefetchQuery(auditQuery(deps.page ?? 1, filtersOf(deps)));
  },
  component: superadminOnly(function AuditRoute() {
    const navigate = auditRoute.useNavigate();
    return <AuditPage search={auditRoute.useSearch()} onSearchChange={(search) => void navigate({ search })} />;
  }),
});

import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import { auditSearchSchema, filtersOf } from "../features/audit/audit-search.ts";
import { superadminOnly } from "../lib/superadmin-only.tsx";
import { authedRoute } from "./authed.tsx";

// Its own chunk: the screen's code loads with the first visit, not with the staff area.
const auditPage = () => import("../features/audit/audit-page.tsx");
const AuditPage = lazyRouteComponent(auditPage, "AuditPage");

export const auditRoute = createRoute({
  getParentRoute: () => authedRoute,
  path: "/audit",
  validateSearch: auditSearchSchema,
  loaderDeps: ({ search }) => search,
  // An admin is shown 'Forbidden' without the screen: only a superadmin loads it.
  loader: async ({ context: { queryClient, session }, deps }) => {
    if (session.user.role !== "superadmin") return;
    const [{ auditQuery }] = await Promise.all([auditPage(), AuditPage.preload?.()]);
    void queryClient.prefetchQuery(auditQuery(deps.page ?? 1, filtersOf(deps)));
  },
  component: superadminOnly(function AuditRoute() {
    const navigate = auditRoute.useNavigate();
    return <AuditPage search={auditRoute.useSearch()} onSearchChange={(search) => void navigate({ search })} />;
  }),
});

import { createRoute } from "@tanstack/react-router";
import { z } from "zod";
import { auditQuery, AuditPage } from "../features/audit/audit-page.tsx";
import { pageInUrl, pageParam } from "../lib/search-params.ts";
import { superadminOnly } from "../lib/superadmin-only.tsx";
import { authedRoute } from "./authed.tsx";

export const auditRoute = createRoute({
  getParentRoute: () => authedRoute,
  path: "/audit",
  validateSearch: z.object({ page: pageParam }),
  loaderDeps: ({ search }) => search,
  loader: ({ context: { queryClient, session }, deps }) => {
    if (session.user.role === "superadmin") void queryClient.prefetchQuery(auditQuery(deps.page ?? 1));
  },
  component: superadminOnly(function AuditRoute() {
    const { page = 1 } = auditRoute.useSearch();
    const navigate = auditRoute.useNavigate();
    return <AuditPage page={page} onPage={(next) => void navigate({ search: { page: pageInUrl(next) } })} />;
  }),
});

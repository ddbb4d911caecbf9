import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import { z } from "zod";
import { allServicesQuery } from "../features/services/services-api.ts";
import { flagParam } from "../lib/search-params.ts";
import { authedRoute } from "./authed.tsx";

// Its own chunk: the screen's code loads with the first visit, not with the staff area.
const ServicesPage = lazyRouteComponent(() => import("../features/services/services-page.tsx"), "ServicesPage");

export const indexRoute = createRoute({
  getParentRoute: () => authedRoute,
  path: "/",
  validateSearch: z.object({ includeDeleted: flagParam }),
  loader: async ({ context: { queryClient } }) => {
    void queryClient.prefetchQuery(allServicesQuery);
    await ServicesPage.preload?.();
  },
  component: function ServicesRoute() {
    const { includeDeleted = false } = indexRoute.useSearch();
    const navigate = indexRoute.useNavigate();
    return (
      <ServicesPage
        showDeleted={includeDeleted}
        onShowDeletedChange={(shown) => void navigate({ search: { includeDeleted: shown || undefined } })}
      />
    );
  },
});

import { createRoute } from "@tanstack/react-router";
import { z } from "zod";
import { allServicesQuery } from "../features/services/services-api.ts";
import { ServicesPage } from "../features/services/services-page.tsx";
import { flagParam } from "../lib/search-params.ts";
import { authedRoute } from "./authed.tsx";

export const indexRoute = createRoute({
  getParentRoute: () => authedRoute,
  path: "/",
  validateSearch: z.object({ includeDeleted: flagParam }),
  loader: ({ context: { queryClient } }) => {
    void queryClient.prefetchQuery(allServicesQuery);
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

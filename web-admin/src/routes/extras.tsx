import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import { extrasFilterOf, extrasQuery, extrasSearchSchema } from "../features/extras/extras-api.ts";
import { liveServicesQuery } from "../lib/live-services.ts";
import { authedRoute } from "./authed.tsx";

// Its own chunk: the screen's code loads with the first visit, not with the staff area.
const ExtrasPage = lazyRouteComponent(() => import("../features/extras/extras-page.tsx"), "ExtrasPage");

export const extrasRoute = createRoute({
  getParentRoute: () => authedRoute,
  path: "/extras",
  validateSearch: extrasSearchSchema,
  loaderDeps: ({ search }) => search,
  loader: async ({ context: { queryClient }, deps }) => {
    void queryClient.prefetchQuery(liveServicesQuery);
    // Without a service in the URL the page starts on the first one, known once the services load.
    if (deps.serviceId) void queryClient.prefetchQuery(extrasQuery(extrasFilterOf(deps, deps.serviceId)));
    await ExtrasPage.preload?.();
  },
  component: function ExtrasRoute() {
    const navigate = extrasRoute.useNavigate();
    return <ExtrasPage search={extrasRoute.useSearch()} onSearchChange={(search) => void navigate({ search })} />;
  },
});

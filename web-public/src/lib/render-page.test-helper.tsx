import { createMemoryHistory, createRootRoute, createRoute, createRouter, RouterProvider } from "@tanstack/react-router";
import { act, render } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ComponentType } from "react";
import { BusinessProfileProvider } from "./business-profile-context.tsx";

/** Renders one page component at `path` inside a router, for pages not (yet) mounted by a route. */
export async function renderPage(Page: ComponentType, path = "/") {
  const rootRoute = createRootRoute();
  const pageRoute = createRoute({
    getParentRoute: () => rootRoute,
    path: "$",
    component: () => (
      <BusinessProfileProvider>
        <Page />
      </BusinessProfileProvider>
    ),
  });
  const indexRoute = createRoute({ getParentRoute: () => rootRoute, path: "/", component: pageRoute.options.component });
  const router = createRouter({
    routeTree: rootRoute.addChildren([indexRoute, pageRoute]),
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  await act(() => router.load());
  const user = userEvent.setup();
  const view = render(<RouterProvider router={router} />);
  return { ...view, router, user };
}

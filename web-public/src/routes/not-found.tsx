import { createRoute } from "@tanstack/react-router";
import { NotFoundPage } from "../ui/message-page.tsx";
import { siteRoute } from "./site.tsx";

/** Catch-all: any path no other route claims shows 'Not found' inside the site layout. */
export const notFoundRoute = createRoute({
  getParentRoute: () => siteRoute,
  path: "$",
  staticData: { solidNav: true },
  component: NotFoundPage,
});

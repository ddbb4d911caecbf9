import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import { withBrand } from "../lib/seo.ts";
import "../lib/route-static-data.ts";
import { siteRoute } from "./site.tsx";

const title = withBrand("Rate your clean");

/**
 * The link in the e-mail sent after a clean (issue 32). Like the manage link, this definition is
 * in every page's first load, so the page, its calls and its styles all live in its lazy chunk.
 */
export const feedbackRoute = createRoute({
  getParentRoute: () => siteRoute,
  path: "/feedback/$token",
  staticData: { solidNav: true, seo: { title, description: title, noindex: true } },
  component: lazyRouteComponent(() => import("../features/feedback/feedback-page.tsx"), "FeedbackPage"),
});

import { createRoute } from "@tanstack/react-router";
import { NotFoundPage } from "../ui/message-page.tsx";
import { authedRoute } from "./authed.tsx";

/** Any other staff-area path shows 'Not found', once signed in (the whole area is guarded). */
export const notFoundRoute = createRoute({
  getParentRoute: () => authedRoute,
  path: "$",
  component: NotFoundPage,
});

import { createRoute } from "@tanstack/react-router";
import { InquiriesPage } from "../features/inquiries/inquiries-page.tsx";
import { authedRoute } from "./authed.tsx";

export const inquiriesRoute = createRoute({
  getParentRoute: () => authedRoute,
  path: "/inquiries",
  component: InquiriesPage,
});

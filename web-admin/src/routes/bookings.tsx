import { createRoute } from "@tanstack/react-router";
import { BookingsPage } from "../features/bookings/bookings-page.tsx";
import { authedRoute } from "./authed.tsx";

export const bookingsRoute = createRoute({
  getParentRoute: () => authedRoute,
  path: "/bookings",
  component: BookingsPage,
});

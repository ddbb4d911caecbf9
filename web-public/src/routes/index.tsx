import { createRoute } from "@tanstack/react-router";
import { HomeHero } from "../features/home/home-hero.tsx";
import { siteRoute } from "./site.tsx";

export const indexRoute = createRoute({
  getParentRoute: () => siteRoute,
  path: "/",
  component: HomeHero,
});

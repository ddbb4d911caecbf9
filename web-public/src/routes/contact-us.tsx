import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import { withBrand } from "../lib/seo.ts";
import "../lib/route-static-data.ts";
import { siteRoute } from "./site.tsx";

export const contactUsRoute = createRoute({
  getParentRoute: () => siteRoute,
  path: "/contact-us",
  staticData: {
    seo: {
      title: withBrand("Contact Us"),
      description: (p) =>
        `Message or email ${p.brandName}, ${p.contactHours}, and hear back the same business day. Serving ${p.addressLocality} and surrounding suburbs.`,
    },
  },
  component: lazyRouteComponent(() => import("../features/contact/contact-page.tsx"), "ContactPage"),
});

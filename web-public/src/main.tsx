import { RouterProvider } from "@tanstack/react-router";
import { StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { createAppRouter } from "./router.tsx";

const router = createAppRouter();
const container = document.getElementById("root")!;
const app = (
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>
);

if (!container.firstElementChild) {
  // The SPA shell: 'Not found' and the staff area.
  createRoot(container).render(app);
} else {
  // A prerendered page (scripts/prerender.mjs): load the route's lazy chunks first, so the first
  // client render matches the HTML, then hydrate it. The HTML may be days old when served: what
  // depends on the day is rendered after hydration (e.g. the booking form's earliest bookable day).
  void router.load().then(() => hydrateRoot(container, app));
}

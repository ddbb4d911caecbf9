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
  // client render matches the HTML, then hydrate it. A page whose first render depends on the
  // day (data-client-render) is rendered afresh instead, replacing the HTML in one commit.
  void router.load().then(() => {
    if (container.hasAttribute("data-client-render")) createRoot(container).render(app);
    else hydrateRoot(container, app);
  });
}

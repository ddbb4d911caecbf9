/**
 * The prerender entry (built by `vite build --ssr`, run by scripts/prerender.mjs): renders one
 * public page to HTML with the demo business profile, exactly as the browser's first render
 * will be, so main.tsx can hydrate it.
 */
import { createMemoryHistory, RouterProvider } from "@tanstack/react-router";
import { StrictMode } from "react";
import { renderToString } from "react-dom/server";
import { DEMO_BUSINESS_PROFILE } from "@yarra/core/settings/demo-business-profile.ts";
import { setStartingBusinessProfile } from "./lib/business-profile.ts";
import "./lib/route-static-data.ts";
import { buildHead, renderDescription, renderHeadExtras, renderTitle, SITE_ORIGIN_PLACEHOLDER } from "./lib/seo.ts";
import { createAppRouter } from "./router.tsx";
import { siteRoute } from "./routes/site.tsx";

declare global {
  // Filled by the SSR build's module-id plugin (vite.config.ts): feature modules as they load.
  var __prerenderModules: Set<string> | undefined;
}

// The profile the build embeds in every page (vite.config.ts), which the client starts from.
setStartingBusinessProfile(DEMO_BUSINESS_PROFILE);

/** Only for the router's URL parsing: links render as paths, canonical URLs use the placeholder. */
const PRERENDER_ORIGIN = "http://localhost";

/** Every public page with a fixed path (the catch-all 'Not found' is left to the SPA shell). */
export function prerenderPaths(): string[] {
  const router = createAppRouter(createMemoryHistory(), PRERENDER_ORIGIN);
  return Object.values(router.routesById)
    .filter((route) => route.parentRoute === siteRoute && !route.fullPath.includes("$"))
    .map((route) => route.fullPath as string)
    .sort();
}

export interface PrerenderedPage {
  appHtml: string;
  headHtml: { title: string; description: string; extras: string };
  /** Source modules (as the Vite manifest names them) this page loaded lazily. */
  modules: string[];
}

export async function renderPage(path: string): Promise<PrerenderedPage> {
  const loaded = (globalThis.__prerenderModules ??= new Set());
  const before = new Set(loaded);
  const router = createAppRouter(createMemoryHistory({ initialEntries: [path] }), PRERENDER_ORIGIN);
  await router.load();
  const failed = router.state.matches.find((match) => match.status !== "success");
  if (failed) throw new Error(`${path}: route ${failed.routeId} is ${failed.status}: ${String(failed.error)}`);
  const appHtml = renderToString(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
  // A boundary that suspended would be client-rendered: a hydration mismatch in waiting.
  if (appHtml.includes("<!--$!-->") || appHtml.includes("<!--$?-->")) {
    throw new Error(`${path}: a component suspended during prerendering`);
  }
  const match = router.state.matches.findLast((m) => m.staticData?.seo);
  const head = buildHead(
    match?.staticData.seo,
    DEMO_BUSINESS_PROFILE,
    SITE_ORIGIN_PLACEHOLDER,
    String(match?.fullPath ?? "/"),
  );
  return {
    appHtml,
    headHtml: { title: renderTitle(head), description: renderDescription(head), extras: renderHeadExtras(head) },
    modules: [...loaded].filter((id) => !before.has(id)),
  };
}

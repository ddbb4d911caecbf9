import { Hono } from "hono";
import { serveStatic } from "hono/deno";

/** Public routes of the site (public-site.md section 2), matched case-insensitively. */
const SITE_ROUTES = [
  /^\/$/,
  /^\/about-us\/?$/i,
  /^\/services\/?$/i,
  /^\/services\/(commercial|domestic)\/?$/i,
  /^\/faq\/?$/i,
  /^\/contact-us\/?$/i,
  /^\/book-now\/?$/i,
  /^\/admin(\/.*)?$/i,
];

export const isSiteRoute = (path: string): boolean => SITE_ROUTES.some((r) => r.test(path));

const HASHED_ASSET = /\/assets\//;

async function readIndex(dir: string): Promise<string | null> {
  try {
    return await Deno.readTextFile(`${dir}/index.html`);
  } catch {
    return null;
  }
}

/**
 * The two built bundles: web-admin under its own path (a federation remote the host loads),
 * web-public at the root with its index.html for every page. Unknown pages still get the
 * index (which shows 'Not found') but with a 404 status, so crawlers and monitors see it.
 */
export function staticRoutes(options: { publicDist: string; adminDist: string; adminPath: string }) {
  const app = new Hono();
  const cacheHeaders = serveStaticCache();
  app.use(`${options.adminPath}/*`, cacheHeaders);
  app.use(
    `${options.adminPath}/*`,
    serveStatic({
      root: options.adminDist,
      rewriteRequestPath: (path) => path.slice(options.adminPath.length),
    }),
  );
  app.all(`${options.adminPath}/*`, (c) => c.json({ error: "Not found.", code: "NOT_FOUND" }, 404));
  app.use("*", cacheHeaders);
  app.use("*", serveStatic({ root: options.publicDist }));
  app.get("*", async (c) => {
    const index = await readIndex(options.publicDist);
    if (index === null) {
      return c.text("The site has not been built yet: run `npm run build`.", 503);
    }
    c.header("Cache-Control", "no-cache");
    return c.html(index, isSiteRoute(c.req.path) ? 200 : 404);
  });
  return app;
}

/** Hashed build assets never change; everything else is revalidated. */
function serveStaticCache() {
  return async (c: import("hono").Context, next: () => Promise<void>) => {
    await next();
    if (c.res.status === 200 && !c.res.headers.has("Cache-Control")) {
      c.res.headers.set(
        "Cache-Control",
        HASHED_ASSET.test(c.req.path) ? "public, max-age=31536000, immutable" : "no-cache",
      );
    }
  };
}

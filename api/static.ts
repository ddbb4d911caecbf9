import { type Context, Hono, type Next } from "hono";
import { compress } from "hono/compress";
import { serveStatic } from "hono/deno";
import { originOf, robotsTxt, sitemapXml } from "./seo-files.ts";

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
/** Written into prerendered HTML by web-public/scripts/prerender.mjs (src/lib/seo.ts). */
const SITE_ORIGIN_PLACEHOLDER = /__SITE_ORIGIN__/g;

async function readText(path: string): Promise<string | null> {
  try {
    return await Deno.readTextFile(path);
  } catch {
    return null;
  }
}

/** The prerendered file of a public page: '/About-Us/' -> 'prerendered/about-us.html'. */
export function prerenderedFile(path: string): string | null {
  if (!isSiteRoute(path) || /^\/admin/i.test(path)) return null;
  const page = path.toLowerCase().replace(/\/+$/, "");
  return page === "" ? "prerendered/index.html" : `prerendered${page}.html`;
}

export interface StaticOptions {
  publicDist: string;
  adminDist: string;
  adminPath: string;
  /** The public origin (e.g. https://yarrashine.com.au): never the request's Host, which a client chooses. */
  siteUrl: string;
}

/**
 * The two built bundles: web-admin under its own path (a federation remote the host loads),
 * web-public at the root. Each public page gets its prerendered HTML (index.html, the SPA
 * shell, where there is none). Unknown pages still get the shell (which shows 'Not found')
 * but with a 404 status, so crawlers and monitors see it. robots.txt, sitemap.xml and
 * canonical links use the configured site origin.
 */
export function staticRoutes(options: StaticOptions) {
  const app = new Hono();
  const siteOrigin = originOf(options.siteUrl);
  const cacheHeaders = serveStaticCache();
  // Hashed assets come precompressed from the build (.br, .gz); the rest is compressed here.
  app.use("*", compress());
  app.use(`${options.adminPath}/*`, cacheHeaders);
  app.use(
    `${options.adminPath}/*`,
    serveStatic({
      root: options.adminDist,
      rewriteRequestPath: (path) => path.slice(options.adminPath.length),
      precompressed: true,
    }),
  );
  app.all(`${options.adminPath}/*`, (c) => c.json({ error: "Not found.", code: "NOT_FOUND" }, 404));

  app.get("/robots.txt", (c) => {
    c.header("Cache-Control", "public, max-age=3600");
    return c.text(robotsTxt(siteOrigin));
  });
  app.get("/sitemap.xml", (c) => {
    c.header("Cache-Control", "public, max-age=3600");
    c.header("Content-Type", "application/xml; charset=UTF-8");
    return c.body(sitemapXml(siteOrigin));
  });
  // Public pages: their prerendered HTML, so content shows before JavaScript runs.
  app.get("*", async (c, next) => {
    const file = prerenderedFile(c.req.path);
    const html = file ? await readText(`${options.publicDist}/${file}`) : null;
    if (html === null) return next();
    c.header("Cache-Control", "no-cache");
    return c.html(html.replace(SITE_ORIGIN_PLACEHOLDER, siteOrigin), 200);
  });
  // The prerender output is reached through the pages' own paths only.
  app.get("/prerendered/*", (c) => shell(options.publicDist, c, 404));
  app.use("*", cacheHeaders);
  app.use("*", serveStatic({ root: options.publicDist, precompressed: true }));
  app.get("*", (c) => shell(options.publicDist, c, isSiteRoute(c.req.path) ? 200 : 404));
  return app;
}

/** The SPA shell (index.html) with the given status. */
async function shell(publicDist: string, c: Context, status: 200 | 404) {
  const index = await readText(`${publicDist}/index.html`);
  if (index === null) {
    return c.text("The site has not been built yet: run `npm run build`.", 503);
  }
  c.header("Cache-Control", "no-cache");
  return c.html(index, status);
}

/** Hashed build assets never change; everything else is revalidated. */
function serveStaticCache() {
  return async (c: Context, next: Next) => {
    await next();
    if (c.res.status === 200 && !c.res.headers.has("Cache-Control")) {
      c.res.headers.set(
        "Cache-Control",
        HASHED_ASSET.test(c.req.path) ? "public, max-age=31536000, immutable" : "no-cache",
      );
    }
  };
}

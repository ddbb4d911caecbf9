import { type Context, Hono, type MiddlewareHandler } from "hono";
import { compress } from "hono/compress";
import { etag, RETAINED_304_HEADERS } from "hono/etag";
import { serveStatic } from "hono/deno";
import { originOf, robotsTxt, sitemapXml } from "./seo-files.ts";
import { HTTP_ERRORS, sendError } from "./http-errors.ts";

/** Public routes of the site (public-site.md section 2), matched case-insensitively. */
const SITE_ROUTES = [
  /^\/$/,
  /^\/about-us\/?$/i,
  /^\/services\/?$/i,
  /^\/services\/(commercial|domestic)\/?$/i,
  /^\/faq\/?$/i,
  /^\/contact-us\/?$/i,
  /^\/book-now\/?$/i,
  /^\/(privacy|terms)\/?$/i,
  /^\/admin(\/.*)?$/i,
  // The customer's manage-my-booking link (issue 15): the SPA shell, never prerendered.
  /^\/manage\/[A-Za-z0-9_-]+\/?$/,
  // The customer's feedback link (issue 32): the same, a token in the path.
  /^\/feedback\/[A-Za-z0-9_-]+\/?$/,
];

export const isSiteRoute = (path: string): boolean => SITE_ROUTES.some((r) => r.test(path));

const HASHED_ASSET = /\/assets\//;
/** The federation remote's entry file: the one unhashed name under assets/, the admin bundle's release pointer. */
const REMOTE_ENTRY = /\/assets\/remoteEntry\.js$/;
/** The host reads the admin remote's location from this tag (web-public/src/features/admin-mount). */
export const ADMIN_REMOTE_META = "admin-remote-entry";
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
  if (!isSiteRoute(path) || /^\/(admin|manage\/|feedback\/)/i.test(path)) return null;
  const page = path.toLowerCase().replace(/\/+$/, "");
  return page === "" ? "prerendered/index.html" : `prerendered${page}.html`;
}

export interface StaticOptions {
  publicDist: string;
  adminDist: string;
  adminPath: string;
  /** The public origin (e.g. https://yarrashine.com.au): never the request's Host, which a client chooses. */
  siteUrl: string;
  /**
   * ADMIN_REMOTE_URL: the admin remote's entry file on its own origin. Every page names it in a
   * meta tag; adminDist is then not served, so a stale copy here can never be loaded instead.
   */
  adminRemoteUrl?: string;
}

const escapeAttribute = (value: string) =>
  value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** Names the admin remote's entry in a page's head, so one host build works with any admin deployment. */
export function withAdminRemote(html: string, adminRemoteUrl: string | undefined): string {
  if (!adminRemoteUrl) return html;
  const tag = `<meta name="${ADMIN_REMOTE_META}" content="${escapeAttribute(adminRemoteUrl)}">`;
  return html.replace("</head>", `${tag}</head>`);
}

/**
 * The two built bundles: web-admin under its own path (a federation remote the host loads;
 * not served when ADMIN_REMOTE_URL puts it on another origin), web-public at the root. Each public page gets its prerendered HTML (index.html, the SPA
 * shell, where there is none). Unknown pages still get the shell (which shows 'Not found')
 * but with a 404 status, so crawlers and monitors see it. robots.txt, sitemap.xml and
 * canonical links use the configured site origin.
 */
export function staticRoutes(options: StaticOptions) {
  const app = new Hono();
  const siteOrigin = originOf(options.siteUrl);
  const cacheHeaders = bundleCaching();
  const page = (html: string) => withAdminRemote(html, options.adminRemoteUrl);
  // Hashed assets come precompressed from the build (.br, .gz); the rest is compressed here.
  app.use("*", compress());
  if (!options.adminRemoteUrl) {
    app.use(`${options.adminPath}/*`, cacheHeaders);
    app.use(
      `${options.adminPath}/*`,
      serveStatic({
        root: options.adminDist,
        rewriteRequestPath: (path) => path.slice(options.adminPath.length),
        precompressed: true,
      }),
    );
  }
  app.all(`${options.adminPath}/*`, (c) => sendError(c, HTTP_ERRORS.notFound));

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
    return c.html(page(html.replace(SITE_ORIGIN_PLACEHOLDER, siteOrigin)), 200);
  });
  const shell = (c: Context, status: 200 | 404) => spaShell(options.publicDist, c, status, page);
  // The prerender output is reached through the pages' own paths only.
  app.get("/prerendered/*", (c) => shell(c, 404));
  // index.html is the shell: served through shell() only, so it names the admin remote too.
  app.get("/", (c) => shell(c, 200));
  app.get("/index.html", (c) => shell(c, 200));
  app.use("*", cacheHeaders);
  app.use("*", serveStatic({ root: options.publicDist, precompressed: true }));
  app.get("*", (c) => shell(c, isSiteRoute(c.req.path) ? 200 : 404));
  return app;
}

/** The SPA shell (index.html) with the given status. */
async function spaShell(
  publicDist: string,
  c: Context,
  status: 200 | 404,
  page: (html: string) => string,
) {
  const index = await readText(`${publicDist}/index.html`);
  if (index === null) {
    return c.text("The site has not been built yet: run `npm run build`.", 503);
  }
  c.header("Cache-Control", "no-cache");
  return c.html(page(index), status);
}

// A 304 keeps the CORS answer too: the admin bundle's own server (serve-admin.ts) sends one.
const remoteEntryEtag = etag({ weak: true, retainedHeaders: [...RETAINED_304_HEADERS, "access-control-allow-origin"] });

/**
 * Caching of a built bundle's files. Hashed assets never change: cached for good. The remote's
 * entry keeps its name across admin releases: revalidated on every visit (no-cache, with a weak
 * ETag, as compression may re-encode it), so a new admin release reaches the next visit without
 * a host release. Everything else is revalidated too.
 */
export function bundleCaching(): MiddlewareHandler {
  const setCacheControl = (c: Context) => {
    if (c.res.status !== 200 || c.res.headers.has("Cache-Control")) return;
    const hashed = HASHED_ASSET.test(c.req.path) && !REMOTE_ENTRY.test(c.req.path);
    c.res.headers.set("Cache-Control", hashed ? "public, max-age=31536000, immutable" : "no-cache");
  };
  return async (c, next) => {
    if (!REMOTE_ENTRY.test(c.req.path)) {
      await next();
      return setCacheControl(c);
    }
    await remoteEntryEtag(c, async () => {
      await next();
      setCacheControl(c);
    });
  };
}

/**
 * The admin bundle on its own origin (`npm run serve:admin`), for operators without a CDN: the
 * files of web-admin/dist/assets under the path the build expects (/admin-app/assets/), with CORS
 * for the host pages' origins only and the bundle's caching rules (api/static.ts).
 */
import { fileURLToPath } from "node:url";
import { Hono } from "hono";
import { compress } from "hono/compress";
import { cors } from "hono/cors";
import { serveStatic } from "hono/deno";
import { logger } from "hono/logger";
import { ADMIN_REMOTE_ENTRY_PATH, type AdminServerConfig, ConfigError, loadAdminServerConfig } from "./config.ts";
import { bundleCaching } from "./static.ts";

/** /admin-app/assets: the remote's files only (its standalone index.html has no API next to it). */
const ASSETS_PATH = ADMIN_REMOTE_ENTRY_PATH.slice(0, ADMIN_REMOTE_ENTRY_PATH.lastIndexOf("/"));
const BUNDLE_PATH = ASSETS_PATH.slice(0, ASSETS_PATH.lastIndexOf("/"));

export function adminBundleServer(
  options: { adminDist: string; allowedOrigins: string[]; logRequests?: boolean },
) {
  const app = new Hono();
  if (options.logRequests) app.use("*", logger());
  // Module scripts from another origin need CORS; only the host's pages may load them.
  app.use("*", cors({ origin: options.allowedOrigins, allowMethods: ["GET", "HEAD"] }));
  app.use("*", async (c, next) => {
    await next();
    c.res.headers.set("X-Content-Type-Options", "nosniff");
  });
  app.use("*", compress());
  app.use(`${ASSETS_PATH}/*`, bundleCaching());
  app.use(
    `${ASSETS_PATH}/*`,
    serveStatic({
      root: options.adminDist,
      rewriteRequestPath: (path) => path.slice(BUNDLE_PATH.length),
      precompressed: true,
    }),
  );
  app.notFound((c) => c.text("Not found.", 404));
  return app;
}

if (import.meta.main) {
  let config: AdminServerConfig;
  try {
    config = loadAdminServerConfig(Deno.env.toObject());
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    Deno.exit(1);
  }
  const adminDist = config.adminDist ?? fileURLToPath(new URL("../web-admin/dist", import.meta.url));
  try {
    await Deno.stat(`${adminDist}${ADMIN_REMOTE_ENTRY_PATH.slice(BUNDLE_PATH.length)}`);
  } catch {
    console.error(`No admin build in ${adminDist}: run \`npm run build -w web-admin\` first.`);
    Deno.exit(1);
  }
  const app = adminBundleServer({ adminDist, allowedOrigins: config.allowedOrigins, logRequests: config.logRequests });
  const server = Deno.serve({
    port: config.port,
    hostname: config.host,
    onListen: () =>
      console.log(
        `\n  Admin bundle: http://localhost:${config.port}${ADMIN_REMOTE_ENTRY_PATH}` +
          `\n  Loadable from: ${config.allowedOrigins.join(", ")}` +
          `\n  Point the API at it: ADMIN_REMOTE_URL=<this origin>${ADMIN_REMOTE_ENTRY_PATH}\n`,
      ),
  }, app.fetch);
  const shutdown = async () => {
    await server.shutdown();
    Deno.exit(0);
  };
  Deno.addSignalListener("SIGINT", shutdown);
  Deno.addSignalListener("SIGTERM", shutdown);
}

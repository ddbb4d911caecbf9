import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { etag } from "hono/etag";
import { logger } from "hono/logger";
import { requestId } from "hono/request-id";
import { secureHeaders } from "hono/secure-headers";
import type { CatalogReader } from "../core/catalog/ports.ts";
import type { SettingsStore } from "../core/settings/ports.ts";
import { apiNotFound, onError } from "./http-errors.ts";
import { catalogRoutes } from "./routes/catalog.ts";
import { healthRoutes } from "./routes/health.ts";
import { staticRoutes } from "./static.ts";

export interface AppDeps {
  catalog: CatalogReader;
  settings: SettingsStore;
  checkDatabase(): Promise<void>;
  /** Where the built bundles are; without them only the API is served. */
  web?: { publicDist: string; adminDist: string };
  logRequests?: boolean;
}

/** Where the host finds the admin remote's files (web-admin's Vite `base`). */
export const ADMIN_ASSETS_PATH = "/admin-app";
/** Requests larger than this are refused with 413 before anything parses them. */
export const MAX_BODY_BYTES = 64 * 1024;

export function buildApp(deps: AppDeps) {
  const app = new Hono();
  app.use("*", requestId());
  if (deps.logRequests) app.use("*", logger());
  app.use(
    "*",
    secureHeaders({
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "https:"],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        frameSrc: ["https://www.google.com", "https://maps.google.com"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
      referrerPolicy: "strict-origin-when-cross-origin",
    }),
  );
  app.onError(onError);

  const api = new Hono();
  api.use(
    "*",
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: (c) =>
        c.json({ error: "The request body is too large.", code: "PAYLOAD_TOO_LARGE" }, 413),
    }),
  );
  api.use("*", etag());
  api.use("*", async (c, next) => {
    await next();
    if (!c.res.headers.has("Cache-Control")) c.res.headers.set("Cache-Control", "no-cache");
  });
  api.route("/", healthRoutes(deps.checkDatabase));
  api.route("/", catalogRoutes(deps.catalog, deps.settings));
  api.notFound(apiNotFound);
  app.route("/api", api);
  // Sub-app notFound handlers do not fire for mounted apps in Hono; answer /api/* misses here.
  app.all("/api/*", apiNotFound);

  if (deps.web) {
    app.route(
      "/",
      staticRoutes({ ...deps.web, adminPath: ADMIN_ASSETS_PATH }),
    );
  }
  app.notFound(apiNotFound);
  return app;
}

export type App = ReturnType<typeof buildApp>;

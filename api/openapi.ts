/**
 * Routes are declared once (STYLE.md): a `route()` object holds the request schemas, the
 * responses (success and error body) and `x-required-role`; @hono/zod-openapi validates the
 * request with it, types the handler from it and writes the OpenAPI 3.1 document from it.
 */
import { createRoute, OpenAPIHono, type RouteConfig } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import { z } from "zod";
import { ErrorBodySchema } from "../core/shared/error-codes.ts";
import { escapeHtml } from "../core/notifications/html.ts";
import { validationHook } from "./http-errors.ts";
import { requireSuperadmin } from "./middleware/auth.ts";
import { requireJsonObject } from "./read-json.ts";

/** A group of routes; a request that fails its schema gets the 422 of decisions.md. */
export const routeGroup = () => new OpenAPIHono({ defaultHook: validationHook });

export type RouteGroup = ReturnType<typeof routeGroup>;

/** Who may call: anyone, any signed-in admin, or superadmins only. */
export type RequiredRole = "public" | "admin" | "superadmin";

const ERROR_TEXT = {
  400: "Malformed JSON, a body that is not an object, or a wrong Content-Type",
  401: "No, bad or expired token, or the admin no longer exists",
  403: "The admin's role may not make this call",
  404: "Unknown id",
  409: "Conflict: the state forbids the change, or the value is taken",
  413: "The request body is too large",
  422: "Validation failed: fieldErrors holds the messages, keyed by field path",
  429: "Too many requests (see Retry-After)",
  503: "The database is not answering",
} as const;

type ErrorStatus = keyof typeof ERROR_TEXT;

const errorResponse = (status: ErrorStatus, description: string = ERROR_TEXT[status]) => ({
  description,
  content: { "application/json": { schema: ErrorBodySchema } },
});

/** Error responses in the one body; a status's text can be made specific: `errors(404, [409, "Slot taken"])`. */
export function errors<S extends ErrorStatus>(...statuses: (S | [S, string])[]) {
  return Object.fromEntries(
    statuses.map((s) => (Array.isArray(s) ? [s[0], errorResponse(s[0], s[1])] : [s, errorResponse(s)])),
  ) as Record<S, ReturnType<typeof errorResponse>>;
}

/** A JSON response with its schema. */
export const json = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { "application/json": { schema } },
});

/** A required JSON request body. */
export const jsonBody = <T extends z.ZodType>(schema: T) => ({
  required: true,
  content: { "application/json": { schema } },
});

/** `{ items: [...] }`, the shape of every list (decisions.md). */
export const itemsOf = <T extends z.ZodType>(schema: T) => z.object({ items: z.array(schema) });

/** An id in the path. */
export const IdParams = z.object({ id: z.string().meta({ description: "The record's _id" }) });

type Declared = RouteConfig & { "x-required-role": RequiredRole; tags: [string] };

/**
 * One route's declaration. From the role it adds the bearer scheme, the 401/403 answers and
 * (superadmin) the guard; from a JSON body, the 400 for a body that is not a JSON object and
 * the 413 for one over the size limit; to every route, the 503 of an unavailable database.
 * Staff routes are mounted behind requireAdmin, so "admin" is enforced by where they live.
 */
export function route<R extends Declared>(config: R): R {
  const role = config["x-required-role"];
  const middleware: MiddlewareHandler[] = [];
  if (role === "superadmin") middleware.push(requireSuperadmin);
  if (config.request?.body) middleware.push(requireJsonObject);
  const existing = config.middleware ? [config.middleware].flat() : [];
  return createRoute({
    ...config,
    middleware: [...middleware, ...existing],
    ...(role === "public" ? {} : { security: [{ bearerAuth: [] }] }),
    responses: {
      ...(config.request?.body ? errors(400, 413) : {}),
      ...(role === "public" ? {} : errors(401, 403)),
      // Any call can meet a database that is down or silent.
      ...errors([503, "DATABASE_UNAVAILABLE: the database is unreachable or did not answer in time (see Retry-After)"]),
      ...config.responses,
    },
  }) as R;
}

const DOCUMENT_INFO = {
  title: "Yarra Shine Cleaning API",
  version: "1.0.0",
  description:
    "Catalogue, availability, bookings, quotes and inquiries for the public booking form, and the staff admin calls. " +
    "Every error has the body { error, code, fieldErrors?, details? }. Money is A$ with at most 2 decimals; times are ISO 8601; " +
    "business rules about days and hours use Australia/Melbourne time.",
};

/** The OpenAPI 3.1 document of every route declared on `api`. */
export function buildOpenApiDocument(api: RouteGroup) {
  api.openAPIRegistry.registerComponent("securitySchemes", "bearerAuth", {
    type: "http",
    scheme: "bearer",
    bearerFormat: "JWT",
  });
  return api.getOpenAPI31Document({ openapi: "3.1.0", info: DOCUMENT_INFO, servers: [{ url: "/" }] });
}

export type OpenApiDocument = ReturnType<typeof buildOpenApiDocument>;

/** A plain, readable reference page: no scripts, no third-party assets. */
export function renderReference(doc: OpenApiDocument): string {
  const schemas = (doc.components?.schemas ?? {}) as Record<string, unknown>;
  const byTag = new Map<string, string[]>();
  for (const [path, methods] of Object.entries(doc.paths ?? {})) {
    for (const [method, op] of Object.entries(methods as Record<string, Record<string, unknown>>)) {
      const tag = ((op.tags as string[] | undefined) ?? ["Other"])[0];
      const params = ((op.parameters ?? []) as { name: string; in: string; required?: boolean; description?: string }[])
        .map((p) => `<li><code>${escapeHtml(p.name)}</code> (${p.in}${p.required ? ", required" : ""})${p.description ? ` — ${escapeHtml(p.description)}` : ""}</li>`)
        .join("");
      const bodySchema = (op.requestBody as { content: Record<string, { schema: { $ref?: string } }> } | undefined)
        ?.content["application/json"]?.schema;
      // Show the named schema itself, not a pointer to it.
      const shown = bodySchema?.$ref ? schemas[bodySchema.$ref.replace("#/components/schemas/", "")] : bodySchema;
      const body = shown
        ? `<details><summary>Request body</summary><pre>${escapeHtml(JSON.stringify(shown, null, 2))}</pre></details>`
        : "";
      const responses = Object.entries(op.responses as Record<string, { description: string }>)
        .map(([status, r]) => `<li><code>${status}</code> ${escapeHtml(r.description)}</li>`)
        .join("");
      (byTag.get(tag) ?? byTag.set(tag, []).get(tag)!).push(`
        <section class="op">
          <h3><span class="m ${method}">${method.toUpperCase()}</span> <code>${escapeHtml(path)}</code>${op.security ? ' <span class="lock">bearer token</span>' : ""}</h3>
          <p>${escapeHtml(String(op.summary ?? ""))}</p>
          ${op.description ? `<p class="d">${escapeHtml(String(op.description))}</p>` : ""}
          ${params ? `<h4>Parameters</h4><ul>${params}</ul>` : ""}
          ${body}
          <h4>Responses</h4><ul>${responses}</ul>
        </section>`);
    }
  }
  const sections = [...byTag].map(([tag, ops]) => `<h2>${escapeHtml(tag)}</h2>${ops.join("")}`).join("");
  return `<!doctype html><html lang="en-AU"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(DOCUMENT_INFO.title)} reference</title>
<style>
body{font:16px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#0b2f33}
h1{margin-bottom:.25rem}h2{border-bottom:2px solid #0f766e;padding-bottom:.25rem;margin-top:2.5rem}
.op{border:1px solid #cfe3e1;border-radius:8px;padding:.5rem 1rem;margin:1rem 0}
.m{display:inline-block;min-width:4.5rem;text-align:center;border-radius:4px;color:#fff;font-size:.85rem;padding:.1rem .4rem}
.get{background:#0f766e}.post{background:#1d4ed8}.put{background:#92400e}.patch{background:#6d28d9}.delete{background:#b91c1c}
.lock{font-size:.8rem;background:#fef3c7;border-radius:4px;padding:.1rem .4rem}
pre{background:#f3f7f7;padding:.75rem;overflow:auto;font-size:.85rem}.d{color:#334}
</style></head><body>
<h1>${escapeHtml(DOCUMENT_INFO.title)}</h1>
<p>${escapeHtml(DOCUMENT_INFO.description)}</p>
<p>Machine-readable: <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI 3.1).</p>
${sections}
</body></html>`;
}

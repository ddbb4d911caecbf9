/**
 * Routes are declared once (STYLE.md): a `route()` object holds the request schemas, the
 * responses (success and error body) and `x-required-role`; @hono/zod-openapi validates the
 * request with it, types the handler from it and writes the OpenAPI 3.1 document from it.
 */
import { createRoute, OpenAPIHono, type RouteConfig } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import { z } from "zod";
import { type ErrorBody, ErrorBodySchema, type ErrorCode, ERROR_CODES } from "../core/shared/error-codes.ts";
import { SLOT_UNAVAILABLE } from "../core/booking/capacity/capacity.ts";
import { DRAFT_MESSAGES } from "../core/booking/draft/validation.ts";
import { validationHook } from "./http-errors.ts";
import { FORBIDDEN, requireSuperadmin, UNAUTHENTICATED } from "./middleware/auth.ts";
import { requireJsonObject } from "./middleware/input-guards.ts";

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

/** What the server answers with each status (the texts it sends), shown as the error body's example. */
const ERROR_EXAMPLES: Record<ErrorStatus, ErrorBody> = {
  400: { error: "The request body is not valid JSON.", code: "BAD_REQUEST" },
  401: UNAUTHENTICATED as ErrorBody,
  403: FORBIDDEN as ErrorBody,
  404: { error: "Not found.", code: "NOT_FOUND" },
  409: { error: SLOT_UNAVAILABLE.message, code: SLOT_UNAVAILABLE.code },
  413: { error: "The request body is too large.", code: "PAYLOAD_TOO_LARGE" },
  422: {
    error: "Please fix the highlighted fields, then try again.",
    code: "VALIDATION_FAILED",
    fieldErrors: { email: [DRAFT_MESSAGES.email], "address.postCode": [DRAFT_MESSAGES.postCode] },
  },
  429: { error: "You’ve hit a rate limit. Please try again shortly.", code: "RATE_LIMITED", details: { retryAfterSeconds: 120 } },
  503: { error: "The service is briefly unavailable. Please try again in a moment.", code: "DATABASE_UNAVAILABLE" },
};

/** A specific text that starts with its code ("EMAIL_TAKEN: another admin has this email"). */
const NAMED_CODE = /^([A-Z][A-Z_]+): (.+)$/;

/** The status's example, or the code the route's own text names, with that text. */
function errorExample(status: ErrorStatus, description: string): ErrorBody {
  const example = ERROR_EXAMPLES[status];
  const [, code, text] = NAMED_CODE.exec(description) ?? [];
  if (!code || code === example.code || !(ERROR_CODES as readonly string[]).includes(code)) return example;
  return { error: `${text[0].toUpperCase()}${text.slice(1)}.`, code: code as ErrorCode };
}

const errorResponse = (status: ErrorStatus, description: string = ERROR_TEXT[status]) => ({
  description,
  content: { "application/json": { schema: ErrorBodySchema, example: errorExample(status, description) } },
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
    description: "The token from POST /api/auth/login, sent as Authorization: Bearer <token>; staff calls need it.",
  });
  return api.getOpenAPI31Document({ openapi: "3.1.0", info: DOCUMENT_INFO, servers: [{ url: "/" }] });
}

export type OpenApiDocument = ReturnType<typeof buildOpenApiDocument>;

/**
 * Routes are declared once (STYLE.md): a `route()` object holds the request schemas, the
 * responses (success and error body) and `x-required-role`; @hono/zod-openapi validates the
 * request with it, types the handler from it and writes the OpenAPI 3.1 document from it.
 */
import { createRoute, OpenAPIHono, type RouteConfig } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import { z } from "zod";
import { type ErrorBody, ErrorBodySchema, type ErrorCode } from "../core/shared/error-codes.ts";
import { type DomainError, VALIDATION_FAILED } from "../core/shared/result.ts";
import { DRAFT_MESSAGES } from "../core/booking/draft/validation.ts";
import { type DeclaresErrors, errorBody, HTTP_ERRORS, statusOf, validationHook } from "./http-errors.ts";
import { CSRF_REJECTED, FORBIDDEN, requireSuperadmin, UNAUTHENTICATED } from "./middleware/auth.ts";
import { requireJsonObject } from "./middleware/input-guards.ts";

/** A group of routes; a request that fails its schema gets the 422 of decisions.md. */
export const routeGroup = () => new OpenAPIHono({ defaultHook: validationHook });

export type RouteGroup = ReturnType<typeof routeGroup>;

/**
 * Who may call: anyone; any signed-in account, office or cleaner ("staff": logout, who am I); a
 * cleaner's login only ("cleaner": the team API, issue 31); any office account; or superadmins only.
 */
export type RequiredRole = "public" | "staff" | "cleaner" | "admin" | "superadmin";

/** What the validator's 422 looks like in the document (the example of VALIDATION_FAILED). */
const VALIDATION_EXAMPLE: ErrorBody = {
  ...errorBody(VALIDATION_FAILED),
  fieldErrors: { email: [DRAFT_MESSAGES.email], "address.postCode": [DRAFT_MESSAGES.postCode] },
};

/** The errors of one status: each code with its usual text, the body's code narrowed to them. */
function errorResponse(errors: readonly DomainError[]) {
  const codes = errors.map((e) => e.code) as [ErrorCode, ...ErrorCode[]];
  const first = errors[0];
  return {
    description: errors.map((e) => `\`${e.code}\`: ${e.message}`).join("\n\n"),
    content: {
      "application/json": {
        // The one body (a reference), with the codes this status can carry.
        schema: z.intersection(ErrorBodySchema, z.object({ code: z.enum(codes) })),
        example: first.code === "VALIDATION_FAILED" ? VALIDATION_EXAMPLE : errorBody(first),
      },
    },
  };
}

/** Declared errors as OpenAPI responses, one per status, each code once. */
function errorResponses(errors: readonly DomainError[]) {
  const byStatus = new Map<number, DomainError[]>();
  for (const error of errors) {
    const status = statusOf(error);
    const same = byStatus.get(status) ?? [];
    if (!same.some((e) => e.code === error.code)) same.push(error);
    byStatus.set(status, same);
  }
  return Object.fromEntries([...byStatus].sort(([a], [b]) => a - b).map(([status, list]) => [status, errorResponse(list)]));
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

type Declared = RouteConfig & {
  "x-required-role": RequiredRole;
  tags: [string];
  /** The errors the handler answers: a use case's list (e.g. CREATE_BOOKING_ERRORS) and the guards'. */
  errors?: readonly DomainError[];
};

/** The codes `route()` adds to a declaration's own, from its role and request. */
type AddedCodes<R extends Declared> =
  | "DATABASE_UNAVAILABLE"
  | (R["request"] extends object ? "VALIDATION_FAILED" : never)
  | (R["x-required-role"] extends "public" ? never : "UNAUTHENTICATED" | "FORBIDDEN" | "CSRF_REJECTED");

type DeclaredErrorCodes<R extends Declared> =
  | (R["errors"] extends readonly DomainError[] ? R["errors"][number]["code"] : never)
  | AddedCodes<R>;

/**
 * One route's declaration. Its errors are values (`errors: [...]`), each with its kind, code and
 * usual text, from which the document's error answers are written; the declaration's type carries
 * their codes, so `failWith(route, …)` takes only those. From the role it adds the bearer scheme,
 * the 401/403 answers and (superadmin) the guard; from a request, the 422 of the validator; from a
 * JSON body, the 400 for a body that is not a JSON object and the 413 for one over the size limit;
 * to every route, the 503 of an unavailable database. Staff routes are mounted behind
 * requireAdmin, so "admin" is enforced by where they live.
 */
export function route<R extends Declared>({ errors = [], ...config }: R): R & DeclaresErrors<DeclaredErrorCodes<R>> {
  const role = config["x-required-role"];
  const middleware: MiddlewareHandler[] = [];
  if (role === "superadmin") middleware.push(requireSuperadmin);
  if (config.request?.body) middleware.push(requireJsonObject);
  const existing = config.middleware ? [config.middleware].flat() : [];
  const all: DomainError[] = [
    ...(config.request?.body ? [HTTP_ERRORS.badRequest, HTTP_ERRORS.tooLarge] : []),
    ...(role === "public" ? [] : [UNAUTHENTICATED, FORBIDDEN, CSRF_REJECTED]),
    ...(config.request ? [VALIDATION_FAILED] : []),
    ...errors,
    // Any call can meet a database that is down or silent.
    HTTP_ERRORS.databaseUnavailable,
  ];
  const declared = createRoute({
    ...config,
    middleware: [...middleware, ...existing],
    ...(role === "public" ? {} : { security: [{ bearerAuth: [] }] }),
    responses: { ...errorResponses(all), ...config.responses },
  });
  Object.defineProperty(declared, "declaredErrors", { value: [...new Set(all.map((e) => e.code))], enumerable: false });
  return declared as unknown as R & DeclaresErrors<DeclaredErrorCodes<R>>;
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

import type { MiddlewareHandler } from "hono";
import { HTTPException } from "hono/http-exception";
import { UNSTORABLE_TEXT_MESSAGE, unstorableTextPaths } from "../core/shared/storable-text.ts";
import { sendError } from "./http-errors.ts";

/** A 422 naming each field whose text the database could not store (NUL, lone surrogates). */
const refuseUnstorable = (c: Parameters<MiddlewareHandler>[0], paths: string[]) =>
  sendError(c, {
    kind: "validation",
    code: "VALIDATION_FAILED",
    message: "Please fix the highlighted fields, then try again.",
    fieldErrors: Object.fromEntries(paths.map((path) => [path, [UNSTORABLE_TEXT_MESSAGE]])),
  });

/**
 * Before a route's body schema runs: a wrong content type, malformed JSON and non-object bodies
 * are 400s (decisions.md), text the database cannot store a 422. The parsed body stays cached
 * for the validator.
 */
export const requireJsonObject: MiddlewareHandler = async (c, next) => {
  const type = c.req.header("content-type") ?? "";
  if (!/^application\/([\w.+-]+\+)?json\b/i.test(type)) {
    throw new HTTPException(400, { message: "Send the body as JSON (Content-Type: application/json)." });
  }
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw new HTTPException(400, { message: "The request body is not valid JSON." });
  }
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw new HTTPException(400, { message: "The request body must be a JSON object." });
  }
  const unstorable = unstorableTextPaths(body);
  if (unstorable.length > 0) return refuseUnstorable(c, unstorable);
  await next();
};

/** Query strings are checked the same way, for every call (`?q=` reaches SQL as text). */
export const refuseUnstorableQuery: MiddlewareHandler = async (c, next) => {
  const unstorable = unstorableTextPaths(c.req.queries());
  if (unstorable.length > 0) return refuseUnstorable(c, unstorable.map((path) => path.replace(/\.\d+$/, "")));
  await next();
};

import type { MiddlewareHandler } from "hono";
import { HTTPException } from "hono/http-exception";
import { UNSTORABLE_TEXT_MESSAGE, unstorableTextPaths } from "../../core/shared/storable-text.ts";
import { sendError } from "../http-errors.ts";

/**
 * Issue 29: how deeply a JSON body may nest (the body object is level 1). The deepest body the
 * API declares is a few levels; anything past this is refused before it is parsed or walked.
 */
export const MAX_JSON_DEPTH = 32;

/** application/json and its +json kinds (application/merge-patch+json), with any parameters. */
const JSON_CONTENT_TYPE = /^application\/([\w.+-]+\+)?json\b/i;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_ARRAY = 0x5b;
const OPEN_OBJECT = 0x7b;
const CLOSE_ARRAY = 0x5d;
const CLOSE_OBJECT = 0x7d;

/**
 * Whether a JSON text opens more than `maxDepth` arrays or objects inside one another: one pass
 * over the raw text, counting brackets outside strings, so it costs the same on any text and
 * never parses. Text that is not JSON may be miscounted; JSON.parse refuses it afterwards anyway.
 */
export function jsonNestsDeeperThan(text: string, maxDepth: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (inString) {
      if (unit === BACKSLASH) i++;
      else if (unit === QUOTE) inString = false;
    } else if (unit === QUOTE) {
      inString = true;
    } else if (unit === OPEN_ARRAY || unit === OPEN_OBJECT) {
      if (++depth > maxDepth) return true;
    } else if (unit === CLOSE_ARRAY || unit === CLOSE_OBJECT) {
      depth--;
    }
  }
  return false;
}

/**
 * Issue 29, for every API call before any guard, parse or walk: a JSON body nested deeper than
 * MAX_JSON_DEPTH is a 400. (Its size is bounded before this by bodyLimit in app.ts: 413.) The
 * text read here stays cached for the route (Hono keeps it), so the body is read once.
 */
export const refuseDeepJson: MiddlewareHandler = async (c, next) => {
  if (!c.req.raw.body || !JSON_CONTENT_TYPE.test(c.req.header("content-type") ?? "")) return await next();
  let text: string;
  try {
    text = await c.req.text();
  } catch {
    // The client went away mid-body (bodyLimit has already read a streamed body in full).
    throw new HTTPException(400, { message: "The request body could not be read." });
  }
  if (jsonNestsDeeperThan(text, MAX_JSON_DEPTH)) {
    throw new HTTPException(400, { message: `The request body is nested too deeply (at most ${MAX_JSON_DEPTH} levels).` });
  }
  await next();
};

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
 * are 400s (decisions.md), text the database cannot store a 422. The body's size and depth were
 * bounded by app.ts (bodyLimit, refuseDeepJson) before any of this. The body's text stays cached
 * for the validator.
 */
export const requireJsonObject: MiddlewareHandler = async (c, next) => {
  const type = c.req.header("content-type") ?? "";
  if (!JSON_CONTENT_TYPE.test(type)) {
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

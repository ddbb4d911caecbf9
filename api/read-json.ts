import type { MiddlewareHandler } from "hono";
import { HTTPException } from "hono/http-exception";

/**
 * Before a route's body schema runs: a wrong content type, malformed JSON and non-object bodies
 * are 400s (decisions.md). The parsed body stays cached for the validator.
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
  await next();
};

/** The body a `requireJsonObject` route was sent (for routes not yet declared with `route()`). */
export async function readJsonObject(c: Parameters<MiddlewareHandler>[0]): Promise<Record<string, unknown>> {
  let checked = false;
  await requireJsonObject(c, async () => {
    checked = true;
  });
  if (!checked) throw new HTTPException(400, { message: "The request body must be a JSON object." });
  return await c.req.json();
}

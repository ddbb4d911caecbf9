import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";

/**
 * The JSON object a POST carries. Wrong content type, malformed JSON and non-object bodies
 * are 400s (decisions.md); anything inside the object is the schema's and core's business.
 */
export async function readJsonObject(c: Context): Promise<Record<string, unknown>> {
  const type = c.req.header("content-type") ?? "";
  if (!/^application\/([\w.+-]+\+)?json\b/i.test(type)) {
    throw new HTTPException(400, { message: "Send the body as JSON (Content-Type: application/json)." });
  }
  let body: unknown;
  try {
    body = JSON.parse(await c.req.text());
  } catch {
    throw new HTTPException(400, { message: "The request body is not valid JSON." });
  }
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw new HTTPException(400, { message: "The request body must be a JSON object." });
  }
  return body as Record<string, unknown>;
}

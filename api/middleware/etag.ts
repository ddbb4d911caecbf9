/**
 * Issue 18: public GETs carry a strong ETag made from the body, and a request whose If-None-Match
 * names it gets a 304 without the body. Answers that are the same for everyone and change a few
 * times a day (the catalogue, the content, the settings the booking form reads) may also be kept
 * briefly by the browser or a CDN (`cacheControl`).
 *
 * Only 200 answers are tagged: an error is never cached, and a route that set its own
 * Cache-Control (no-store) keeps it. Staff and manage-my-booking calls never pass through here.
 *
 * Cost matters: these are the busiest calls. A JSON answer is tagged from the text `c.json` made
 * (the handler's c.json is wrapped for the request), so its body is neither read back nor copied.
 * An answer made of the read cache's values is turned into JSON and bytes once (keptBody), tagged once;
 * any other JSON is tagged as made. A body not made by c.json is read once and put back.
 */
import type { Context, MiddlewareHandler } from "hono";
import { keptBody } from "../../adapters/cache/frozen-json.ts";

/** For the catalogue, content and settings: reused for 30 s, and while revalidating for a minute more. */
export const PUBLIC_CACHE_CONTROL = "public, max-age=30, stale-while-revalidate=60";

/** Headers a 304 leaves out: they describe the body it does not send. */
const BODY_HEADERS = ["content-type", "content-length", "content-encoding", "content-language"];

const hex = (n: number) => (n >>> 0).toString(16).padStart(8, "0");

/**
 * 64 bits of two multiply-xor lanes over the body, and its length: a different body gets a
 * different tag (a collision is about one in 2^64), at a fraction of a digest's cost. JSON text is
 * hashed as UTF-16 code units, any other body as bytes; a body has one or the other form.
 */
export function bodyTag(body: string | Uint8Array): string {
  let a = 0x811c9dc5 | 0;
  let b = body.length | 0;
  if (typeof body === "string") {
    for (let i = 0; i < body.length; i++) {
      const unit = body.charCodeAt(i);
      a = Math.imul(a ^ unit, 0x01000193);
      b = Math.imul(b ^ unit, 0x5bd1e995);
      b ^= b >>> 13;
    }
  } else {
    const aligned = body.byteOffset % 4 === 0 ? body : body.slice();
    const words = new Int32Array(aligned.buffer, aligned.byteOffset, aligned.length >> 2);
    for (let i = 0; i < words.length; i++) {
      a = Math.imul(a ^ words[i], 0x01000193);
      b = Math.imul(b ^ words[i], 0x5bd1e995);
      b ^= b >>> 13;
    }
    for (let i = words.length << 2; i < aligned.length; i++) {
      a = Math.imul(a ^ aligned[i], 0x01000193);
      b = Math.imul(b ^ aligned[i], 0x5bd1e995);
    }
  }
  return `"${body.length.toString(16)}-${hex(a)}${hex(b)}"`;
}

/** If-None-Match compares weakly (RFC 9110 13.1.2): W/"x" matches "x"; "*" matches any. */
export function noneMatch(header: string | undefined, tag: string): boolean {
  if (!header) return false;
  if (header.trim() === "*") return true;
  return header.split(",").some((candidate) => candidate.trim().replace(/^W\//, "") === tag);
}

/** Wraps `c.json` for this request: the answers it makes, each with the tag of its text. */
function recordJsonBodies(c: Context): WeakMap<Response, () => string> {
  const tags = new WeakMap<Response, () => string>();
  const json = c.json;
  c.json = ((object: unknown, arg?: unknown, headers?: Record<string, string | string[]>) => {
    const kept = keptBody(object);
    // What Hono's own c.json does with the text (hono/dist/context.js); a kept answer goes as the
    // bytes it was encoded to once, and is tagged once.
    const headersOf = { "Content-Type": "application/json", ...headers };
    if (kept) {
      const response = c.newResponse(kept.bytes, arg as never, headersOf);
      tags.set(response, () => kept.tag ??= bodyTag(kept.text));
      return response;
    }
    const text = JSON.stringify(object);
    const response = c.newResponse(text, arg as never, headersOf);
    tags.set(response, () => bodyTag(text));
    return response;
  }) as typeof json;
  return tags;
}

export function publicEtag(options: { cacheControl?: string } = {}): MiddlewareHandler {
  return async (c, next) => {
    const tags = recordJsonBodies(c);
    await next();
    const method = c.req.method;
    let res = c.res;
    // (Not res.body: reading it would turn a JSON text into a stream to no purpose.)
    if ((method !== "GET" && method !== "HEAD") || res.status !== 200) return;
    let tag = res.headers.get("etag");
    if (!tag) {
      const tagOfJson = tags.get(res);
      if (tagOfJson) {
        tag = tagOfJson();
      } else {
        // Not made by c.json (or copied since): read the body once, and answer with the bytes.
        const bytes = new Uint8Array(await res.arrayBuffer());
        tag = bodyTag(bytes);
        res = new Response(bytes, res);
        // Cleared first: assigning over an answer copies its headers back in (Hono's setter).
        c.res = undefined;
        c.res = res;
      }
      res.headers.set("ETag", tag);
    }
    if (options.cacheControl && !res.headers.has("cache-control")) res.headers.set("Cache-Control", options.cacheControl);
    if (noneMatch(c.req.header("if-none-match"), tag)) {
      // The body is a text or bytes in memory by now: nothing to cancel.
      const headers = new Headers(res.headers);
      for (const name of BODY_HEADERS) headers.delete(name);
      c.res = undefined;
      c.res = new Response(null, { status: 304, headers });
    }
  };
}

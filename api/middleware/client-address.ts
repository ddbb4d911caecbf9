import type { Context } from "hono";
import { getConnInfo } from "hono/deno";

/**
 * The client's address. Behind `proxyHops` trusted proxies (TRUST_PROXY), each proxy appends the
 * address it received from to X-Forwarded-For, so the client is the entry that many hops from
 * the right; entries further left were written by the client and prove nothing. With fewer
 * entries than hops, the left-most one is as far as the chain reaches.
 */
export function clientAddress(c: Context, proxyHops: number | boolean): string {
  const hops = typeof proxyHops === "boolean" ? Number(proxyHops) : proxyHops;
  if (hops > 0) {
    const chain = (c.req.header("x-forwarded-for") ?? "").split(",").map((entry) => entry.trim()).filter(Boolean);
    if (chain.length > 0) return chain[Math.max(0, chain.length - hops)];
  }
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    // app.request() in tests has no socket.
    return "unknown";
  }
}

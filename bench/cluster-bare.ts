/**
 * The baseline of bench/cluster.bench.ts: a bare Hono route returning a small JSON list, in a
 * process of its own like each API process, so the two are measured the same way.
 *
 *   deno run --allow-net --allow-env bench/cluster-bare.ts   # PORT (default 8100)
 */
import { Hono } from "hono";

const items = [
  { _id: "a", name: "Hourly Cleaning", price: 55 },
  { _id: "b", name: "Regular Clean", price: 179 },
  { _id: "c", name: "End of Lease", price: 349 },
];
const app = new Hono().get("/api/services", (c) => c.json({ items }));
Deno.serve({ port: Number(Deno.env.get("PORT") ?? 8100), hostname: "127.0.0.1", onListen: () => {} }, app.fetch);

/**
 * Public catalogue reads against the real app, compared with a bare Hono route on the same
 * runtime. Prints figures; asserts nothing.
 *
 *   npm run bench:catalogue                      # embedded PGlite (fresh, in a temp dir)
 *   DATABASE_URL=postgres://... JWT_SECRET=... npm run bench:catalogue
 *
 * Options (env): BENCH_SECONDS (default 5), BENCH_CONCURRENCY (default 16).
 */
import { Hono } from "hono";
import { loadConfig } from "../api/config.ts";
import { start } from "../api/compose.ts";
import { printTable, runLoad } from "./load.ts";

const seconds = Number(Deno.env.get("BENCH_SECONDS") ?? 5);
const concurrency = Number(Deno.env.get("BENCH_CONCURRENCY") ?? 16);
const dataDir = await Deno.makeTempDir({ prefix: "yarra-bench-" });

const config = loadConfig({
  ...Deno.env.toObject(),
  DATA_DIR: dataDir,
  LOG_REQUESTS: "false",
  SEED_DEMO: "true",
});
const started = await start(config);
const appServer = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen: () => {} }, started.app.fetch);
const bare = new Hono().get("/ping", (c) => c.json({ ok: true }));
const bareServer = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen: () => {} }, bare.fetch);

const appUrl = `http://127.0.0.1:${appServer.addr.port}`;
const bareUrl = `http://127.0.0.1:${bareServer.addr.port}`;
const serviceId = (await (await fetch(`${appUrl}/api/services`)).json()).items[0]._id;

console.log(
  `Catalogue benchmark: ${config.embedded ? "PGlite (embedded)" : "PostgreSQL"}, ` +
    `${concurrency} concurrent clients, ${seconds} s each, Deno ${Deno.version.deno}`,
);
const baseline = await runLoad({
  name: "bare Hono GET /ping (baseline)",
  concurrency,
  seconds,
  request: () => new Request(`${bareUrl}/ping`),
});
const results = [baseline];
for (const path of ["/api/services", `/api/extras?serviceId=${serviceId}`, "/api/frequencies"]) {
  results.push(
    await runLoad({ name: `GET ${path.split("?")[0]}`, concurrency, seconds, request: () => new Request(appUrl + path) }),
  );
}
printTable(results, baseline);

await appServer.shutdown();
await bareServer.shutdown();
await started.close();
await Deno.remove(dataDir, { recursive: true });

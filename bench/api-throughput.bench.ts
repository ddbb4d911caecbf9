/**
 * The public API against the runtime's own speed (issue 18): each endpoint is loaded right after a
 * bare Hono route on the same runtime, so every row has its own baseline beside it, measured
 * moments apart. Prints figures and the issue's targets; asserts nothing.
 *
 *   npm run bench:throughput                      # embedded PGlite (fresh, in a temp dir)
 *   DATABASE_URL=postgres://... JWT_SECRET=... npm run bench:throughput
 *
 * Env: BENCH_SECONDS (default 5 per row), BENCH_CONCURRENCY (default 32).
 * The load generator runs in this process too: both the bare route and the app share its cost.
 *
 * One row is a diagnostic, not the product: the availability check on a second app of the same
 * graph whose rate limit counts in memory, to show what the shared counter's write (one upsert of
 * one row per client address per check, api/middleware/rate-limit.ts) costs beside the check.
 */
import { addDaysYmd, melbourneInstant, melbourneYmd, weekdayOfYmd } from "../core/shared/melbourne-time.ts";
import { buildApp } from "../api/app.ts";
import { makeAppDeps } from "../api/app-deps.ts";
import { makeMailer } from "../api/mailer.ts";
import { makeSettingsStore } from "../adapters/postgres/settings-repository.ts";
import { startDatabaseCache } from "../adapters/cache/database-cache.ts";
import { type LoadResult, runLoad } from "./load.ts";
import { startBenchServers } from "./harness.ts";

const seconds = Number(Deno.env.get("BENCH_SECONDS") ?? 5);
const concurrency = Number(Deno.env.get("BENCH_CONCURRENCY") ?? 32);
const { config, started, appUrl, bareUrl, stop } = await startBenchServers({ AVAILABILITY_RATE_LIMIT: "100000000" });

const sql = started.db.sql;
const unlimitedCache = await startDatabaseCache(started.db);
const unlimited = buildApp({
  ...makeAppDeps(sql, { mailer: makeMailer(makeSettingsStore(sql)), jwtSecret: started.jwtSecret, tokenTtlHours: 1, readCache: unlimitedCache }),
  rateLimitStore: { hit: () => Promise.resolve({ hits: 1, retryAfterSeconds: 60 }), flush: () => Promise.resolve(), deleteOlderThan: () => Promise.resolve(0) },
});
const unlimitedServer = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen: () => {} }, unlimited.fetch);
const unlimitedUrl = `http://127.0.0.1:${unlimitedServer.addr.port}`;

/** Starts the booking form could ask about: 9 am on the next 40 open weekdays past the lead time. */
const today = melbourneYmd(new Date());
const starts: string[] = [];
for (let offset = 7; starts.length < 40; offset++) {
  const ymd = addDaysYmd(today, offset);
  if (weekdayOfYmd(ymd) !== 0) starts.push(melbourneInstant(ymd, 9).toISOString());
}

const services = await fetch(`${appUrl}/api/services`);
const servicesTag = services.headers.get("etag");
await services.body?.cancel();

interface Row {
  name: string;
  request: (i: number) => Request;
  /** The issue's target: this share of the bare route's requests/s, and a p99 ceiling. */
  target?: { share: number; p99ms?: number };
}

const check = (url: string) => (i: number) =>
  new Request(`${url}/api/availability/check`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ startTimeISO: starts[i % starts.length], durationHours: 3 }),
  });

const rows: Row[] = [
  { name: "GET /api/services", request: () => new Request(`${appUrl}/api/services`), target: { share: 0.5, p99ms: 5 } },
  {
    name: "GET /api/services (If-None-Match: 304)",
    request: () => new Request(`${appUrl}/api/services`, { headers: servicesTag ? { "if-none-match": servicesTag } : {} }),
  },
  { name: "GET /api/content", request: () => new Request(`${appUrl}/api/content`) },
  { name: "POST /api/availability/check", request: check(appUrl), target: { share: 0.25 } },
  { name: "  (diagnostic) the same, rate limit counted in memory", request: check(unlimitedUrl) },
  {
    name: "GET /api/availability (62 d)",
    request: (i) => {
      const from = addDaysYmd(today, 7 + (i % 4) * 30);
      return new Request(`${appUrl}/api/availability?from=${from}&to=${addDaysYmd(from, 61)}`);
    },
  },
];

console.log(
  `API throughput: ${config.embedded ? "PGlite (embedded)" : "PostgreSQL"}, ${concurrency} concurrent clients, ` +
    `${seconds} s per row (the bare route first, then the endpoint), Deno ${Deno.version.deno}, ` +
    `${navigator.hardwareConcurrency} CPUs; ETag of /api/services: ${servicesTag ?? "none"}`,
);

const verdict = (result: LoadResult, bare: LoadResult, target: Row["target"]) => {
  if (!target) return "";
  const share = result.rps / bare.rps >= target.share;
  const p99 = target.p99ms === undefined || result.p99ms <= target.p99ms;
  const wanted = `>= ${Math.round(target.share * 100)} %${target.p99ms === undefined ? "" : `, p99 <= ${target.p99ms} ms`}`;
  return `${share && p99 ? "met" : "MISSED"} (${wanted})`;
};

const table = [];
for (const row of rows) {
  const bare = await runLoad({ name: "bare", concurrency, seconds, request: () => new Request(`${bareUrl}/ping`) });
  const result = await runLoad({ name: row.name, concurrency, seconds, request: row.request });
  table.push({
    endpoint: row.name,
    "req/s": result.rps.toFixed(0),
    "p50 ms": result.p50ms.toFixed(2),
    "p99 ms": result.p99ms.toFixed(2),
    "bare req/s": bare.rps.toFixed(0),
    "bare p99 ms": bare.p99ms.toFixed(2),
    "share of bare": `${(100 * result.rps / bare.rps).toFixed(1)} %`,
    target: verdict(result, bare, row.target),
    statuses: JSON.stringify(result.statuses),
    errors: result.errors,
  });
}
console.table(table);
const memory = Deno.memoryUsage();
console.log(
  `Memory of this process (app, bare route and load generator together): RSS ${(memory.rss / 2 ** 20).toFixed(0)} MiB, ` +
    `JS heap used ${(memory.heapUsed / 2 ** 20).toFixed(0)} MiB of ${(memory.heapTotal / 2 ** 20).toFixed(0)} MiB, ` +
    `external ${(memory.external / 2 ** 20).toFixed(0)} MiB.`,
);

await unlimitedServer.shutdown();
await unlimitedCache.stop();
await stop();

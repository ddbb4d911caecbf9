/**
 * A login flood against the real app (argon2id on its worker pool) and what it does to the public
 * site: GET /api/services p99 at rest, then again while the flood runs, and how the flood's
 * logins were answered (401 checked, 429 throttled, 503 hashing queue full). Loopback only,
 * bounded in time and count. Prints figures; asserts nothing.
 *
 *   npm run bench:login-flood
 *
 * Options (env): BENCH_SECONDS (default 5), BENCH_FLOOD_CONCURRENCY (default 100),
 * BENCH_FLOOD_MAX (default 20000 logins).
 */
import { type LoadResult, runLoad } from "./load.ts";
import { benchSettings, startBenchServers } from "./harness.ts";
import { DEMO_ADMIN } from "../api/compose.ts";

const { seconds } = benchSettings();
const floodConcurrency = Number(Deno.env.get("BENCH_FLOOD_CONCURRENCY") ?? 100);
const floodMax = Number(Deno.env.get("BENCH_FLOOD_MAX") ?? 20_000);
const readers = 4;

// One proxy hop, so each flood request can claim its own address, as a botnet's would.
const { config, appUrl, stop } = await startBenchServers({ TRUST_PROXY: "1" });

/**
 * The i-th flood login: unknown e-mails and wrong passwords for the demo admin, mostly from
 * addresses of their own (past every per-address limit, so argon2 does run), one in five from a
 * single noisy address (throttled).
 */
const floodLogin = (i: number) => {
  const address = i % 5 === 0 ? "198.51.100.1" : `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
  const email = i % 2 === 0 ? `nobody-${i}@example.com` : DEMO_ADMIN.email;
  return new Request(`${appUrl}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": address },
    body: JSON.stringify({ email, password: `wrong-guess-${i}` }),
  });
};
const services = () => new Request(`${appUrl}/api/services`);

console.log(
  `Login flood: ${config.embedded ? "PGlite (embedded)" : "PostgreSQL"}, ${floodConcurrency} flooding clients ` +
    `(at most ${floodMax} logins), ${readers} clients reading /api/services, ${seconds} s a phase, Deno ${Deno.version.deno}`,
);
// Warm the catalogue path and the password workers before measuring.
await runLoad({ name: "warm-up", concurrency: readers, seconds: 1, request: services });
await runLoad({ name: "warm-up", concurrency: 2, seconds: 1, maxRequests: 4, request: (i) => floodLogin(1_000_000 + i) });

const atRest = await runLoad({ name: "GET /api/services at rest", concurrency: readers, seconds, request: services });
const [underFlood, flood] = await Promise.all([
  runLoad({ name: "GET /api/services during the flood", concurrency: readers, seconds, request: services }),
  runLoad({ name: "POST /api/auth/login flood", concurrency: floodConcurrency, seconds, maxRequests: floodMax, request: floodLogin }),
]);

const row = (r: LoadResult) => ({
  phase: r.name,
  requests: r.requests,
  "req/s": r.rps.toFixed(0),
  "p50 ms": r.p50ms.toFixed(1),
  "p99 ms": r.p99ms.toFixed(1),
  statuses: JSON.stringify(r.statuses),
});
console.table([atRest, underFlood, flood].map(row));
console.log(
  `GET /api/services p99: ${atRest.p99ms.toFixed(1)} ms at rest, ${underFlood.p99ms.toFixed(1)} ms during the flood. ` +
    `Flood logins: ${flood.requests} sent, ${flood.statuses[401] ?? 0} × 401, ${flood.statuses[429] ?? 0} × 429, ` +
    `${flood.statuses[503] ?? 0} × 503, ${flood.errors - (flood.statuses[503] ?? 0)} failed otherwise.`,
);

await stop();

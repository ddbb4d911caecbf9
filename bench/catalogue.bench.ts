/**
 * Public catalogue reads against the real app, compared with a bare Hono route on the same
 * runtime. Prints figures; asserts nothing.
 *
 *   npm run bench:catalogue                      # embedded PGlite (fresh, in a temp dir)
 *   DATABASE_URL=postgres://... JWT_SECRET=... npm run bench:catalogue
 *
 * Options (env): BENCH_SECONDS (default 5), BENCH_CONCURRENCY (default 16).
 */
import { printTable, runLoad } from "./load.ts";
import { benchSettings, startBenchServers } from "./harness.ts";

const { seconds, concurrency } = benchSettings();
const { config, appUrl, bareUrl, stop } = await startBenchServers();
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

await stop();

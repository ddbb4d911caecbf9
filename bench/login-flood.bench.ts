/**
 * A login flood against the real app (argon2id on its worker pool) and what it does to the public
 * site: GET /api/services p99 at rest, then again while the flood runs, and how the flood's
 * logins were answered (401 checked, 429 throttled, 503 hashing queue full). Issue 29: meanwhile
 * the office logs in with the right password, from a browser with a device cookie and from one
 * without, and the bench counts the logins that got in. Loopback only, bounded in time and count.
 * Prints figures; asserts nothing.
 *
 *   npm run bench:login-flood
 *
 * Options (env): BENCH_SECONDS (default 5), BENCH_FLOOD_CONCURRENCY (default 100),
 * BENCH_FLOOD_MAX (default 20000 logins).
 */
import { type LoadResult, runLoad } from "./load.ts";
import { benchSettings, startBenchServers } from "./harness.ts";
import { DEMO_ADMIN } from "../api/compose.ts";
import { DEVICE_COOKIE } from "../api/routes/auth.ts";

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

/** The office's own address (behind its NAT, both browsers share it). */
const officeAddress = "192.0.2.10";
const officeLogin = (deviceCookie?: string) =>
  fetch(`${appUrl}/api/auth/login`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "x-forwarded-for": officeAddress,
      ...(deviceCookie ? { cookie: `${DEVICE_COOKIE}=${deviceCookie}` } : {}),
    },
    body: JSON.stringify({ email: DEMO_ADMIN.email, password: DEMO_ADMIN.password }),
  });
const deviceCookieOf = (res: Response) =>
  res.headers.getSetCookie().find((line) => line.startsWith(`${DEVICE_COOKIE}=`))?.split(";")[0]
    .slice(DEVICE_COOKIE.length + 1);

interface OfficeResult {
  name: string;
  sent: number;
  gotIn: number;
  statuses: Record<number, number>;
  latencies: number[];
}

/**
 * One office browser logging in again and again (a pause between tries, as a person retrying
 * would) while the flood's logins are in flight; with a device cookie, it keeps the new one each
 * login sets.
 */
async function officeBrowser(name: string, flooding: () => boolean, deviceCookie?: string): Promise<OfficeResult> {
  const result: OfficeResult = { name, sent: 0, gotIn: 0, statuses: {}, latencies: [] };
  while (flooding()) {
    const t0 = performance.now();
    const res = await officeLogin(deviceCookie);
    await res.arrayBuffer();
    result.latencies.push(performance.now() - t0);
    result.sent++;
    result.statuses[res.status] = (result.statuses[res.status] ?? 0) + 1;
    if (res.status === 200) {
      result.gotIn++;
      if (deviceCookie) deviceCookie = deviceCookieOf(res) ?? deviceCookie;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return result;
}

console.log(
  `Login flood: ${config.embedded ? "PGlite (embedded)" : "PostgreSQL"}, ${floodConcurrency} flooding clients ` +
    `(at most ${floodMax} logins), ${readers} clients reading /api/services, ${seconds} s a phase, Deno ${Deno.version.deno}`,
);
// Warm the catalogue path and the password workers before measuring.
await runLoad({ name: "warm-up", concurrency: readers, seconds: 1, request: services });
await runLoad({ name: "warm-up", concurrency: 2, seconds: 1, maxRequests: 4, request: (i) => floodLogin(1_000_000 + i) });

const atRest = await runLoad({ name: "GET /api/services at rest", concurrency: readers, seconds, request: services });
// The browser that will carry a device cookie logged in once before the flood, as the office's would have.
const before = await officeLogin();
await before.arrayBuffer();
const officeCookie = deviceCookieOf(before);
if (before.status !== 200 || !officeCookie) throw new Error(`the office's first login answered ${before.status}`);
let flooding = true;
const [underFlood, flood, withCookie, withoutCookie] = await Promise.all([
  runLoad({ name: "GET /api/services during the flood", concurrency: readers, seconds, request: services }),
  runLoad({ name: "POST /api/auth/login flood", concurrency: floodConcurrency, seconds, maxRequests: floodMax, request: floodLogin })
    .finally(() => flooding = false),
  officeBrowser("office login with a device cookie", () => flooding, officeCookie),
  officeBrowser("office login without a device cookie", () => flooding),
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

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
for (const office of [withCookie, withoutCookie]) {
  console.log(
    `Logins that got in during the flood, ${office.name}: ${office.gotIn} of ${office.sent} ` +
      `(statuses ${JSON.stringify(office.statuses)}, p50 ${median(office.latencies).toFixed(0)} ms).`,
  );
}

await stop();

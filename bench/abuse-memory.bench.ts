/**
 * Issue 29, items 2 and 10: what bodies built to cost work do to one API process (api/main.ts,
 * as `npm run serve` runs it, on a fresh PostgreSQL database), measured from outside it:
 *   1. the time to the 4xx of a body nested 6,000 deep (the issue's login reproduction), one at a time;
 *   2. GET /api/services p50/p95 at rest, then while 16 clients send deep bodies back to back;
 *   3. its resident memory through a 10,000-request malformed sweep (deep, 1 MB streamed and
 *      declared, malformed JSON, wrong content types) over the public and staff write routes:
 *      sampled from /proc/<pid>/status while it runs, and the kernel's own peak (VmHWM).
 *
 *   npm run bench:abuse
 *
 * Runs with --allow-all: it starts a Deno process and reads its /proc/<pid>/status. Loopback
 * only, bounded in count. Exits 1 when the sweep met a 5xx, the process died, or its resident
 * memory passed the issue's 400 MB; the latencies are printed, not judged (the machine is shared).
 * The bound is for the API on PostgreSQL: on the embedded database (BENCH_EMBEDDED=true) the
 * process also holds PGlite, so only what the sweep added is judged there.
 *
 * Env: BENCH_PG_URL (default postgres://postgres@127.0.0.1:5432/postgres, where the bench creates
 * bench_abuse_<pid> and drops it at the end), BENCH_EMBEDDED, BENCH_SECONDS (default 5, each
 * catalogue phase), BENCH_ABUSE_REQUESTS (default 10000), BENCH_ABUSE_CONCURRENCY (default 16),
 * BENCH_V8_FLAGS (default: npm run serve's, API_V8_FLAGS; "" for V8's own defaults, to compare).
 */
import { type LoadResult, percentile, runLoad } from "./load.ts";
import { API_PERMISSIONS, API_V8_FLAGS, processMemory, spawnDeno, waitUntilServing } from "./cluster-processes.ts";
import { MIGRATION_TIMEOUTS, openDatabase } from "../adapters/postgres/db.ts";

const seconds = Number(Deno.env.get("BENCH_SECONDS") ?? 5);
const sweepRequests = Number(Deno.env.get("BENCH_ABUSE_REQUESTS") ?? 10_000);
const concurrency = Number(Deno.env.get("BENCH_ABUSE_CONCURRENCY") ?? 16);
const embedded = Deno.env.get("BENCH_EMBEDDED") === "true";
const serverUrl = Deno.env.get("BENCH_PG_URL") ?? "postgres://postgres@127.0.0.1:5432/postgres";
/** The bound on one process's resident memory through the sweep. */
const RSS_BOUND_MB = 400;
const MB = 1000 * 1000;
const MIB = 1024 * 1024;

const freePort = () => {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const { port } = listener.addr as Deno.NetAddr;
  listener.close();
  return port;
};

/** The reproduction: a login with one field nested `depth` deep. */
const deepLogin = (depth: number) => `{"email":"a@b.co","password":"x","p":${"[".repeat(depth)}${"]".repeat(depth)}}`;
const deepObjects = (depth: number) => `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`;
/** Made once, sent many times. */
const MEGABYTE = {
  text: `{"notes":"${"x".repeat(MIB)}"}`,
  brackets: "[".repeat(MIB),
};

/** Where the sweep sends its bodies: public writes, the login, a customer's link, a staff write (401). */
const WRITE_PATHS = [
  "/api/auth/login", "/api/availability/check", "/api/bookings", "/api/quotes", "/api/inquiries",
  "/api/manage/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA/cancel", "/api/admin/services",
];

/** A megabyte sent in 64 KiB chunks without a Content-Length, as a client streaming it would. */
const streamed = (text: string) => {
  const bytes = new TextEncoder().encode(text);
  let at = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (at >= bytes.length) return controller.close();
      controller.enqueue(bytes.subarray(at, at + 64 * 1024));
      at += 64 * 1024;
    },
  });
};

/** The i-th request of the sweep: a round of ten kinds of bad body over the write paths. */
function malformed(base: string, i: number): Request {
  const path = WRITE_PATHS[i % WRITE_PATHS.length];
  const json = { "content-type": "application/json", "x-forwarded-for": `10.29.${(i >> 8) & 255}.${i & 255}` };
  const post = (body: BodyInit, headers: Record<string, string> = json) => new Request(`${base}${path}`, { method: "POST", headers, body });
  switch (Math.floor(i / WRITE_PATHS.length) % 10) {
    case 0: return post(deepLogin(6_000));
    case 1: return post(deepObjects(10_000));
    case 2: return post(deepLogin(33));
    case 3: return post(MEGABYTE.text);
    case 4: return post(streamed(MEGABYTE.brackets));
    case 5: return post(`{"email":${"\"a".repeat(2_000)}`);
    case 6: return post("[".repeat(60_000));
    case 7: return post(deepLogin(5), { ...json, "content-type": "text/plain" });
    case 8: return post(JSON.stringify({ email: "\u0000", password: "\uD800", notes: "y".repeat(60_000) }));
    default: return post(`{"email":"a@b.co","password":"${i}"`);
  }
}

async function statusField(pid: number, name: string): Promise<number> {
  const status = await Deno.readTextFile(`/proc/${pid}/status`).catch(() => "");
  return Number(new RegExp(`^${name}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? NaN) * 1024;
}

const mb = (bytes: number) => `${(bytes / MB).toFixed(0)} MB`;
const row = (r: LoadResult) => ({
  phase: r.name,
  requests: r.requests,
  "p50 ms": r.p50ms.toFixed(1),
  "p95 ms": r.p95ms.toFixed(1),
  "max ms": r.maxms.toFixed(1),
  "failed (no answer)": r.errors - Object.entries(r.statuses).filter(([s]) => Number(s) >= 500).reduce((n, [, c]) => n + c, 0),
  statuses: JSON.stringify(r.statuses),
});

const port = freePort();
const dataDir = await Deno.makeTempDir({ prefix: "yarra-abuse-" });
const dbName = `bench_abuse_${Deno.pid}`;
const dbUrl = new URL(serverUrl);
dbUrl.pathname = `/${dbName}`;
const pg = embedded ? null : await openDatabase({ url: serverUrl, max: 1, timeouts: MIGRATION_TIMEOUTS });
// The API migrates and seeds it as it starts.
await pg?.sql.unsafe(`create database ${dbName}`);
// As `npm run serve` starts it, unless BENCH_V8_FLAGS says otherwise ("" for V8's defaults).
const v8Flags = Deno.env.get("BENCH_V8_FLAGS");
const runFlags = v8Flags === undefined ? API_V8_FLAGS : v8Flags ? [`--v8-flags=${v8Flags}`] : [];
const server = spawnDeno("API process", ["run", ...API_PERMISSIONS, ...runFlags, "api/main.ts"], {
  ...(embedded ? {} : { DATABASE_URL: dbUrl.href }),
  PORT: String(port),
  HOST: "127.0.0.1",
  DATA_DIR: dataDir,
  JWT_SECRET: Array.from(crypto.getRandomValues(new Uint8Array(32)), (b) => b.toString(16).padStart(2, "0")).join(""),
  SITE_URL: "http://localhost",
  SEED_DEMO: "true",
  LOG_REQUESTS: "false",
  // Past every per-address budget, so bodies reach the routes instead of a 429.
  SUBMIT_RATE_LIMIT: "1000000000",
  AVAILABILITY_RATE_LIMIT: "1000000000",
  TRUST_PROXY: "1",
  SMTP_URL: "",
  SUPERADMIN_EMAIL: "",
  SUPERADMIN_PASSWORD: "",
  ADMIN_REMOTE_URL: "",
});
const base = `http://127.0.0.1:${port}`;
let failed = false;
try {
  await waitUntilServing(server, `${base}/api/health`);
  const services = () => new Request(`${base}/api/services`);
  await runLoad({ name: "warm-up", concurrency: 4, seconds: 1, request: services });
  const restingRss = await statusField(server.pid, "VmRSS");
  console.log(`Abuse bench: one API process (${embedded ? "embedded PGlite" : "PostgreSQL"}), Deno ${Deno.version.deno}; RSS at rest ${mb(restingRss)}`);

  // 1. One deep body at a time: how soon the refusal comes.
  const deepTimes: number[] = [];
  const deepStatuses = new Set<number>();
  for (let i = 0; i < 50; i++) {
    const started = performance.now();
    const response = await fetch(`${base}/api/auth/login`, { method: "POST", headers: { "content-type": "application/json" }, body: deepLogin(6_000) });
    await response.arrayBuffer();
    deepTimes.push(performance.now() - started);
    deepStatuses.add(response.status);
  }
  deepTimes.sort((a, b) => a - b);
  console.log(
    `Deep login body (6,000 levels, 12 KB), one at a time: ${[...deepStatuses].join("/")} in p50 ${percentile(deepTimes, 50).toFixed(2)} ms, ` +
      `max ${deepTimes.at(-1)!.toFixed(2)} ms`,
  );
  if ([...deepStatuses].some((status) => status >= 500)) failed = true;

  // 2. The catalogue at rest, then beside 16 clients sending deep bodies.
  const atRest = await runLoad({ name: "GET /api/services at rest", concurrency: 4, seconds, request: services });
  const deepPaths = ["/api/auth/login", "/api/availability/check"];
  const [during, deep] = await Promise.all([
    runLoad({ name: "GET /api/services beside 16 deep-body clients", concurrency: 4, seconds, request: services }),
    runLoad({
      name: "16 clients: deep bodies (login, availability)",
      concurrency: 16,
      seconds,
      request: (i) => new Request(`${base}${deepPaths[i % 2]}`, { method: "POST", headers: { "content-type": "application/json" }, body: deepLogin(6_000) }),
    }),
  ]);
  console.table([atRest, during, deep].map(row));
  if (during.errors + deep.errors > 0) failed = true;

  // 3. The sweep, with the process's memory sampled while it runs.
  let sampling = true;
  let peakSampled = 0;
  const sampler = (async () => {
    while (sampling) {
      const memory = await processMemory(server.pid);
      if (memory) peakSampled = Math.max(peakSampled, memory.rssKiB * 1024);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  })();
  const hwmBefore = await statusField(server.pid, "VmHWM");
  const sweep = await runLoad({ name: `${sweepRequests} malformed requests`, concurrency, seconds: 3_600, maxRequests: sweepRequests, request: (i) => malformed(base, i) });
  sampling = false;
  await sampler;
  const after = await statusField(server.pid, "VmRSS");
  const hwm = await statusField(server.pid, "VmHWM");
  const health = await fetch(`${base}/api/health`);
  await health.body?.cancel();
  console.table([row(sweep)]);
  console.log(
    `RSS through the sweep: peak sampled ${mb(peakSampled)}, kernel peak (VmHWM) ${mb(hwm)} (${mb(hwmBefore)} before the sweep), ` +
      `${mb(after)} after; at rest ${mb(restingRss)}. Health after: ${health.status}. Bound: ${RSS_BOUND_MB} MB.`,
  );
  const fiveHundreds = Object.entries(sweep.statuses).filter(([status]) => Number(status) >= 500);
  const judged = embedded ? Math.max(peakSampled, hwm) - restingRss : Math.max(peakSampled, hwm);
  if (fiveHundreds.length > 0 || health.status !== 200 || judged >= RSS_BOUND_MB * MB) failed = true;
} catch (error) {
  console.error(error);
  console.error(server.output());
  failed = true;
} finally {
  await server.stop();
  await pg?.sql.unsafe(`drop database if exists ${dbName} with (force)`);
  await pg?.close();
  await Deno.remove(dataDir, { recursive: true }).catch(() => {});
}
if (failed) {
  console.error("FAIL: a 5xx, a dead process, or resident memory past the bound (see above).");
  Deno.exit(1);
}

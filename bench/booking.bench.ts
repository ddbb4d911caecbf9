/**
 * The public booking API under load, against the real app on its own port, compared with a bare
 * Hono route on the same runtime. Prints figures; asserts nothing.
 *
 *   npm run bench:booking                                   # embedded PGlite in a temp dir
 *   DATABASE_URL=postgres://... JWT_SECRET=... npm run bench:booking   # PostgreSQL (empty db)
 *
 * Env: BENCH_SECONDS (default 5 per endpoint), BENCH_CONCURRENCY (default 16).
 */
import { Hono } from "hono";
import { loadConfig } from "../api/config.ts";
import { start } from "../api/compose.ts";
import { makeSettingsStore } from "../adapters/postgres/settings-repository.ts";
import { SCHEDULING_DEFAULTS } from "../core/settings/types.ts";
import { bookableDates, slotInstant, slotHours } from "../core/booking/scheduling.ts";
import { DEMO_SERVICE_IDS } from "../adapters/postgres/demo-data.ts";
import { printTable, runLoad } from "./load.ts";

const seconds = Number(Deno.env.get("BENCH_SECONDS") ?? 5);
const concurrency = Number(Deno.env.get("BENCH_CONCURRENCY") ?? 16);
const dataDir = await Deno.makeTempDir({ prefix: "yarra-bench-" });

const config = loadConfig({
  ...Deno.env.toObject(),
  DATA_DIR: dataDir,
  LOG_REQUESTS: "false",
  SEED_DEMO: "true",
  SUBMIT_RATE_LIMIT: "100000000",
  AVAILABILITY_RATE_LIMIT: "100000000",
});
const started = await start(config);
// Room for many bookings per window, so the figures are about creating them, not refusing them.
const scheduling = { ...SCHEDULING_DEFAULTS, maxConcurrentPerSlot: 50 };
await makeSettingsStore(started.db.sql).saveScheduling(scheduling);

const appServer = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen: () => {} }, started.app.fetch);
const bare = new Hono().get("/ping", (c) => c.json({ ok: true }));
const bareServer = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen: () => {} }, bare.fetch);
const appUrl = `http://127.0.0.1:${appServer.addr.port}`;
const bareUrl = `http://127.0.0.1:${bareServer.addr.port}`;

const slots = bookableDates(new Date(), scheduling, 120).flatMap((ymd) =>
  slotHours(scheduling).map((hour) => slotInstant(ymd, hour).toISOString())
);
const questions = (await (await fetch(`${appUrl}/api/questions?serviceId=${DEMO_SERVICE_IDS.hourly}`)).json()).items;
const answers = questions.filter((q: { required: boolean }) => q.required).map((q: { _id: string; options: { value: string }[] }) => ({
  questionId: q._id,
  value: q.options[0]?.value ?? "yes",
}));
const json = (path: string, body: unknown) =>
  new Request(appUrl + path, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
const draft = (i: number) => ({
  firstName: "Bench", lastName: `Customer${i}`, email: `bench${i}@example.com`, phone: "0412 345 678",
  address: { street: "1 Test St", suburb: "Carlton", state: "VIC", postCode: "3053" },
  serviceId: DEMO_SERVICE_IDS.hourly, hours: 2, extras: [], startTimeISO: slots[i % slots.length],
  frequencyCode: "ONE_TIME", answers,
});

console.log(
  `Booking API benchmark: ${config.embedded ? "PGlite (embedded)" : "PostgreSQL"}, ${concurrency} concurrent clients, ` +
    `${seconds} s each, ${slots.length} start slots, Deno ${Deno.version.deno}`,
);
const baseline = await runLoad({ name: "bare Hono GET /ping (baseline)", concurrency, seconds, request: () => new Request(`${bareUrl}/ping`) });
const results = [
  baseline,
  await runLoad({ name: "GET /api/services", concurrency, seconds, request: () => new Request(`${appUrl}/api/services`) }),
  await runLoad({
    name: "POST /api/availability/check", concurrency, seconds,
    request: (i) => json("/api/availability/check", { startTimeISO: slots[i % slots.length] }),
  }),
  await runLoad({ name: "POST /api/bookings", concurrency, seconds, request: (i) => json("/api/bookings", draft(i)) }),
];
printTable(results, baseline);
const [{ n }] = await started.db.sql<{ n: number }[]>`select count(*)::int as n from bookings`;
const [{ m }] = await started.db.sql<{ m: number }[]>`select count(*)::int as m from email_outbox`;
console.log(`Stored: ${n} bookings, ${m} outbox e-mails.`);

await appServer.shutdown();
await bareServer.shutdown();
await started.close();
await Deno.remove(dataDir, { recursive: true });

/**
 * The public booking API under load, against the real app on its own port, compared with a bare
 * Hono route on the same runtime. Prints figures; asserts nothing.
 *
 *   npm run bench:booking                                   # embedded PGlite in a temp dir
 *   DATABASE_URL=postgres://... JWT_SECRET=... npm run bench:booking   # PostgreSQL (empty db)
 *
 * Env: BENCH_SECONDS (default 5 per endpoint), BENCH_CONCURRENCY (default 16).
 */
import { makeSettingsStore } from "../adapters/postgres/settings-repository.ts";
import { SCHEDULING_DEFAULTS } from "../core/settings/types.ts";
import { bookableDates, slotHours, slotInstant } from "../core/booking/capacity/scheduling.ts";
import { DEMO_SERVICE_IDS } from "../adapters/postgres/demo-data.ts";
import { printTable, runLoad } from "./load.ts";
import { benchSettings, startBenchServers } from "./harness.ts";

const { seconds, concurrency } = benchSettings();
const { config, started, appUrl, bareUrl, stop } = await startBenchServers({
  SUBMIT_RATE_LIMIT: "100000000",
  AVAILABILITY_RATE_LIMIT: "100000000",
});
// Room for many bookings per window, so the figures are about creating them, not refusing them.
const scheduling = { ...SCHEDULING_DEFAULTS, maxConcurrentPerSlot: 50 };
await makeSettingsStore(started.db.sql).saveScheduling(scheduling);

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

await stop();

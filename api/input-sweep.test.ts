/**
 * The property sweep of issue 13: every declared write route (and every list query), fed
 * malformed input made from its schema and from a valid sample, never answers 5xx, answers each
 * error in the one body of decisions.md, and stores nothing when it answers 4xx. Deterministic: a
 * fixed seed, printed with the status-code counts.
 */
import assert from "node:assert/strict";
import fc from "fast-check";
import { z } from "zod";
import type { TestDatabase } from "../adapters/postgres/test-db.ts";
import { adminSession, buildTestApp, describeApi, type TestApp } from "./test-app.ts";
import { type DeclaredRoute, routeName, send } from "./test-answers.ts";
import { draft, FRIDAY_9AM, fixedClock, NOW } from "./test-fixtures.ts";
import { MAX_JSON_DEPTH } from "./middleware/input-guards.ts";

const SEED = 1_302_026;
/**
 * Requests per write route and per list query; the customer's drafts get more, the login (argon2)
 * fewer; `costly`: deep and megabyte bodies per write route.
 */
const RUNS = { write: 100, drafts: 200, query: 40, login: 25, costly: 12 };
const WRITE_METHODS = new Set(["post", "put", "patch", "delete"]);

/**
 * Every table that holds the business's records or the staff's sessions (adapters/postgres/migrations);
 * rate-limit counters and idempotency keys are not: a refused request may count against a limit.
 */
const BUSINESS_TABLES = [
  "bookings", "booking_extras", "booking_answers", "inquiries", "services", "service_bedroom_prices", "extras",
  "frequencies", "questions", "question_options", "admins", "admin_sessions", "email_outbox", "settings", "audit_log",
  "closed_dates", "booking_payments", "cleaners", "booking_cleaners", "cleaner_working_hours", "cleaner_time_off",
  "quote_prices",
  "stripe_events",
  "invoices", "invoice_counter",
];

/** One fingerprint per table over every row's text, so an update shows as well as an insert. */
const fingerprintSql = (tables: string[]) =>
  `select ${
    tables.map((table) =>
      `(select count(*)::text || ':' || md5(coalesce(string_agg(r::text, '|' order by r::text), '')) from ${table} r) as ${table}`
    ).join(", ")
  }`;

// ------------------------------------------------------------------ values that break things

const NASTY_NUMBERS = [
  0, -0, -1, 0.5, 1.005, 2.333, 1e8, 1e9, 1e10, 1e15, 1e20, 1e308, -1e308, 2 ** 31, 2 ** 53, -(2 ** 31),
  Number.MAX_SAFE_INTEGER, Number.MIN_VALUE, 99_999.995, 100_000.01, 365, 366, 20, 21,
];
const NASTY_STRINGS = [
  "", " ", "\u0000", "Ann\u0000", "\uD800", "x\uDFFFy", "\u202Eevil\u202C", "1e20", "-1", "NaN", "Infinity", "0x10",
  "2099-01-01T09:00:00+11:00", "0001-01-01T00:00:00Z", "275760-09-13T00:00:00Z", "2026-13-45T99:00:00+11:00",
  "attacker<victim@evil.example>", "a@b.co, c@d.co", "\"a\"@b.co", "a@b.co;c@d.co", "'; drop table bookings; --",
  "../../etc/passwd", "<script>alert(1)</script>", "=cmd|' /C calc'!A0", "x".repeat(300), "é".repeat(3000),
  "00000000-0000-0000-0000-000000000000", "ONE_TIME", "superadmin", "true", "null",
];

const nastyNumber = fc.oneof(
  fc.constantFrom(...NASTY_NUMBERS),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
);
const nastyString = fc.oneof(
  fc.constantFrom(...NASTY_STRINGS),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.string({ minLength: 1_000, maxLength: 4_000, unit: "grapheme-ascii" }),
);
/** Any JSON value, weighted towards the ones that broke the API before. */
const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: nastyNumber },
  { weight: 4, arbitrary: nastyString },
  { weight: 1, arbitrary: fc.constantFrom(null, true, false, [], {}) },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
);

// ------------------------------------------------------------------ bodies from a schema

type JsonSchema = Record<string, unknown>;

/** Values of the declared type at and past its bounds; now and then any value at all. */
function fromSchema(schema: JsonSchema, defs: Record<string, JsonSchema>, depth = 0): fc.Arbitrary<unknown> {
  if (typeof schema.$ref === "string") return fromSchema(defs[schema.$ref.split("/").pop()!] ?? {}, defs, depth);
  const variants = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (variants) return fc.oneof(...variants.map((v) => fromSchema(v, defs, depth)));
  const typed = typedFromSchema(schema, defs, depth);
  return fc.oneof({ weight: 5, arbitrary: typed }, { weight: 1, arbitrary: nastyValue });
}

function typedFromSchema(schema: JsonSchema, defs: Record<string, JsonSchema>, depth: number): fc.Arbitrary<unknown> {
  if (Array.isArray(schema.enum)) return fc.oneof(fc.constantFrom(...schema.enum), nastyString);
  const bounds = ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"]
    .map((key) => schema[key]).filter((n): n is number => typeof n === "number");
  switch (schema.type) {
    case "number":
    case "integer":
      return fc.oneof(nastyNumber, fc.constantFrom(...bounds.flatMap((b) => [b, b - 1, b + 1, b - 0.01, b + 0.01]), 1));
    case "string": {
      const max = typeof schema.maxLength === "number" ? schema.maxLength : 200;
      return fc.oneof(nastyString, fc.constant("y".repeat(max + 1)), fc.string({ maxLength: 20 }));
    }
    case "boolean":
      return fc.oneof(fc.boolean(), fc.constantFrom("true", 1, null));
    case "array":
      return depth > 3 ? fc.constant([]) : fc.array(fromSchema((schema.items ?? {}) as JsonSchema, defs, depth + 1), { maxLength: 4 });
    case "object": {
      const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
      if (depth > 3 || Object.keys(properties).length === 0) return fc.dictionary(fc.string({ maxLength: 8 }), nastyValue, { maxKeys: 3 });
      return fc.record(
        Object.fromEntries(Object.entries(properties).map(([key, inner]) => [key, fromSchema(inner, defs, depth + 1)])),
        { requiredKeys: [] },
      );
    }
    default:
      return nastyValue;
  }
}

/** The route's body schema as JSON Schema (its input side), with its definitions. */
function bodyJsonSchema(route: DeclaredRoute): { schema: JsonSchema; defs: Record<string, JsonSchema> } {
  const media = route.request?.body?.content?.["application/json"] as { schema?: unknown } | undefined;
  const declared = media?.schema;
  if (!(declared instanceof z.ZodType)) return { schema: {}, defs: {} };
  const json = z.toJSONSchema(declared, { io: "input", unrepresentable: "any" }) as JsonSchema;
  return { schema: json, defs: ((json.$defs ?? json.definitions ?? {}) as Record<string, JsonSchema>) };
}

// ------------------------------------------------------------------ bodies from a valid sample

type Path = (string | number)[];

function pathsOf(value: unknown, at: Path = []): Path[] {
  const inner = Array.isArray(value)
    ? value.flatMap((item, index) => pathsOf(item, [...at, index]))
    : value && typeof value === "object"
    ? Object.entries(value).flatMap(([key, item]) => pathsOf(item, [...at, key]))
    : [];
  return at.length === 0 ? inner : [at, ...inner];
}

function withValueAt(body: unknown, path: Path, value: unknown, remove: boolean): unknown {
  const copy = structuredClone(body) as Record<string | number, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  const last = path[path.length - 1];
  if (remove && !Array.isArray(node)) delete node[last];
  else node[last] = value;
  return copy;
}

const valueAt = (body: unknown, path: Path) =>
  path.reduce<unknown>((node, key) => (node as Record<string | number, unknown>)[key], body);

/** Mostly a value of the field's own type at its worst (a number for a number), else anything. */
const replacementFor = (current: unknown): fc.Arbitrary<unknown> =>
  typeof current === "number"
    ? fc.oneof({ weight: 3, arbitrary: nastyNumber }, { weight: 1, arbitrary: nastyValue })
    : typeof current === "string"
    ? fc.oneof({ weight: 3, arbitrary: nastyString }, { weight: 1, arbitrary: nastyValue })
    : nastyValue;

/** Unique fields (slug, code, e-mail) the mutation left alone get a fresh value, so a create reaches the store. */
function freshened(body: unknown, sample: Record<string, unknown>, n: number): unknown {
  if (!body || typeof body !== "object" || Array.isArray(body)) return body;
  const fresh: Record<string, string> = { slug: `sweep-${n}`, code: `SWEEP_${n}`, email: `sweep${n}@yarrashine.com.au` };
  const copy = { ...(body as Record<string, unknown>) };
  for (const [key, value] of Object.entries(fresh)) if (key in sample && copy[key] === sample[key]) copy[key] = value;
  return copy;
}

/** The sample with one to three fields replaced (or removed), and sometimes keys it does not know. */
function mutated(sample: Record<string, unknown>, unique: boolean): fc.Arbitrary<unknown> {
  const paths = pathsOf(sample);
  if (paths.length === 0) return fc.dictionary(fc.string({ maxLength: 8 }), nastyValue, { maxKeys: 3 });
  const change = fc.constantFrom(...paths).chain((path) =>
    fc.record({ path: fc.constant(path), value: replacementFor(valueAt(sample, path)), remove: fc.boolean() })
  );
  return fc.record({
    changes: fc.array(change, { minLength: 1, maxLength: 3 }),
    extra: fc.dictionary(fc.string({ maxLength: 8 }), nastyValue, { maxKeys: 2 }),
    n: fc.nat(),
  }).map(({ changes, extra, n }) => {
    let body: unknown = sample;
    // A change below a field an earlier change replaced no longer has a place to go.
    for (const { path, value, remove } of changes) {
      try {
        body = withValueAt(body, path, value, remove && path.length === 1);
      } catch {
        // skipped
      }
    }
    return { ...extra, ...(unique ? freshened(body, sample, n) as object : body as object) };
  });
}

/** Malformed JSON, JSON that is no object, and well-formed objects of anything. */
const arbitraryBody: fc.Arbitrary<unknown> = fc.oneof(
  fc.string({ maxLength: 30 }).map((text) => `{"a":${text}`),
  fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value) ?? "null"),
  fc.dictionary(fc.string({ maxLength: 12 }), fc.jsonValue({ maxDepth: 3 }), { maxKeys: 6 }),
);

// ------------------------------------------------------------------ bodies that cost work (issue 29)

const MIB = 1024 * 1024;
/** Made once: a megabyte of text each, shared by every request that sends them. */
const MEGABYTE_BODIES = [
  `{"notes":"${"x".repeat(MIB)}"}`,
  "[".repeat(MIB),
  `{"items":[${Array(Math.ceil(MIB / 3)).fill("{},").join("")}{}]}`,
  "x".repeat(MIB),
];

/** Arrays, objects, or both, nested `depth` deep around `core`; closed or left open. */
function nested(depth: number, shape: "arrays" | "objects" | "mixed", closed: boolean, core = "1"): string {
  const open = (level: number) => shape === "arrays" || (shape === "mixed" && level % 2 === 0) ? "[" : '{"a":';
  const close = (level: number) => shape === "arrays" || (shape === "mixed" && level % 2 === 0) ? "]" : "}";
  let head = "";
  let tail = "";
  for (let level = 0; level < depth; level++) {
    head += open(level);
    tail = close(level) + tail;
  }
  return head + core + (closed ? tail : "");
}

type CostlyBody = { body: string; headers?: Record<string, string> };

/**
 * A route's sample (or an empty object) with one more field nested deep, as issue 29's login
 * reproduction; or a body that is nothing but the nesting; or a megabyte (with its true
 * Content-Length, or streamed without one). Depths on both sides of
 * MAX_JSON_DEPTH, the reproduction's 6,000, and more.
 */
const costlyBody = (sample: Record<string, unknown> | undefined): fc.Arbitrary<CostlyBody> =>
  fc.oneof(
    {
      weight: 6,
      arbitrary: fc.record({
        depth: fc.oneof(fc.constantFrom(MAX_JSON_DEPTH - 1, MAX_JSON_DEPTH + 1, 6_000), fc.integer({ min: 1, max: 20_000 })),
        shape: fc.constantFrom("arrays" as const, "objects" as const, "mixed" as const),
        closed: fc.boolean(),
        alone: fc.boolean(),
      }).map(({ depth, shape, closed, alone }): CostlyBody => {
        if (alone) return { body: nested(depth, shape, closed) };
        // One level is the body object itself.
        const fields = JSON.stringify(sample ?? {}).slice(1, -1);
        return { body: `{${fields}${fields ? "," : ""}"p":${nested(depth - 1, shape, closed)}}` };
      }),
    },
    {
      weight: 2,
      arbitrary: fc.record({ body: fc.constantFrom(...MEGABYTE_BODIES), declared: fc.boolean() })
        // All ASCII: as many bytes as characters.
        .map(({ body, declared }): CostlyBody => ({ body, headers: declared ? { "content-length": String(body.length) } : {} })),
    },
  );

/** A path id: mostly a live record's, else anything a URL can carry. */
const idArbitrary = (live: string | undefined) =>
  fc.oneof(
    { weight: live ? 6 : 0, arbitrary: fc.constant(live ?? "") },
    { weight: 1, arbitrary: fc.uuid() },
    // A URL carries only well-formed text; "." and ".." are not ids but path steps.
    {
      weight: 2,
      arbitrary: fc.oneof(nastyString, fc.string({ unit: "binary", maxLength: 12 }))
        .filter((s) => s.isWellFormed() && s !== "" && s !== "." && s !== ".."),
    },
  );

// ------------------------------------------------------------------ the sweep

interface Sweep {
  app: TestApp;
  db: TestDatabase;
  /** BUSINESS_TABLES this schema has (a table joins the check with its migration). */
  tables: string[];
  headers: () => Record<string, string>;
  statuses: Map<number, number>;
  failures: string[];
  requests: number;
}

const truncate = (value: unknown) => {
  const text = typeof value === "string" ? value : JSON.stringify(value) ?? String(value);
  return text.length > 400 ? `${text.slice(0, 400)}…` : text;
};

/** One request; fails (the property) on a 5xx, an error without the one body, or a 4xx that stored something. */
async function probe(
  sweep: Sweep,
  route: DeclaredRoute,
  path: string,
  body: unknown,
  auth: boolean,
  headers: Record<string, string> = {},
): Promise<void> {
  const fingerprint = async () => (await sweep.db.sql.unsafe(fingerprintSql(sweep.tables)))[0] as Record<string, string>;
  const before = await fingerprint();
  const response = await send(sweep.app, route.method, path, { body, headers: { ...headers, ...(auth ? sweep.headers() : {}) } });
  const text = await response.text();
  sweep.requests++;
  sweep.statuses.set(response.status, (sweep.statuses.get(response.status) ?? 0) + 1);
  const what = `${routeName(route)} ${truncate(path)} ${truncate(body)} -> ${response.status} ${truncate(text)}`;
  assert.ok(response.status < 500, what);
  if (response.status < 400) return;
  let error: { error?: unknown; code?: unknown } = {};
  try {
    error = JSON.parse(text);
  } catch {
    // Not JSON: the assertion below names the answer.
  }
  assert.ok(typeof error.error === "string" && typeof error.code === "string", `not the error body: ${what}`);
  const after = await fingerprint();
  const changed = sweep.tables.filter((table) => before[table] !== after[table]);
  assert.deepEqual(changed, [], `a ${response.status} stored something: ${what}`);
}

/** Runs one route's property; a failure is kept (with fast-check's smallest case) so every route reports. */
async function sweepRoute(
  sweep: Sweep,
  route: DeclaredRoute,
  input: fc.Arbitrary<{ path: string; body: unknown; headers?: Record<string, string> }>,
  numRuns: number,
) {
  const auth = (route as Record<string, unknown>)["x-required-role"] !== "public";
  try {
    await fc.assert(
      fc.asyncProperty(input, ({ path, body, headers }) => probe(sweep, route, path, body, auth, headers)),
      { seed: SEED, numRuns },
    );
  } catch (error) {
    sweep.failures.push(error instanceof Error ? error.message.split("\n").slice(0, 12).join("\n") : String(error));
  }
}

describeApi("input sweep: no 5xx on any input, nothing stored by a 4xx", async (t, _app, db) => {
  const app = buildTestApp(db, { clock: fixedClock });
  const call = async (method: string, path: string, body: unknown, headers: Record<string, string> = {}) => {
    const response = await send(app, method, path, { body, headers });
    assert.ok(response.ok, `${method} ${path}: ${response.status} ${await response.clone().text()}`);
    return await response.json() as Record<string, unknown>;
  };
  let session = await adminSession(db, "superadmin", undefined, NOW);
  const staff = () => session.headers;
  const idOf = (record: Record<string, unknown>) => record._id as string;

  // Live records for the routes that take an id; the session's own admin is never one of them.
  const serviceBody = {
    name: "Sweep clean", slug: "sweep-clean", pricingModel: "BEDROOMS", ratePerHour: 50, minHours: 2, maxHours: 8,
    stepHours: 0.5, bedroomPrices: [{ bedrooms: 1, price: 100 }, { bedrooms: 2, price: 150 }], basePrice: 10,
    description: "Made by the input sweep.",
  };
  const service = idOf(await call("POST", "/api/admin/services", serviceBody, staff()));
  const extraBody = {
    serviceId: service, title: "Sweep add-on", price: 15, hasQuantity: true, maxQuantity: 10,
    imageUrl: "https://example.com/a.png", description: "An add-on", active: true, order: 1,
  };
  const extra = idOf(await call("POST", "/api/admin/extras", extraBody, staff()));
  const frequencyBody = { name: "Every 5 weeks", code: "EVERY_5_WEEKS", discountPercent: 5 };
  const frequency = idOf(await call("POST", "/api/admin/frequencies", frequencyBody, staff()));
  const questionBody = {
    scope: "SERVICE", serviceId: service, text: "Any pets?", type: "SINGLE", required: true, order: 1,
    helpText: "So we can plan", placeholder: "", options: [{ label: "Yes", value: "yes" }, { label: "No", value: "no" }],
  };
  const question = idOf(await call("POST", "/api/admin/questions", questionBody, staff()));
  const booking = idOf(await call("POST", "/api/bookings", draft({ startTimeISO: "2026-11-30T10:00:00+11:00" })));
  const inquiryBody = {
    inquiryType: "OFFICE", firstName: "Mary", lastName: "Smith", email: "mary@office.example",
    phone: "0412 000 111", suburb: "Docklands", message: "Weekly office clean, 3 floors.",
  };
  const inquiry = idOf(await call("POST", "/api/inquiries", inquiryBody));
  const adminBody = { name: "Sweep Admin", email: "sweep@yarrashine.com.au", password: "a long quiet harbour passphrase 7", role: "admin" };
  const otherAdmin = idOf(await call("POST", "/api/admin/admins", adminBody, staff()));
  const cleanerBody = { name: "Sweep Cleaner", phone: "0412 000 333", email: "sweeper@yarrashine.com.au", colour: "#1d4ed8" };
  const cleaner = idOf(await call("POST", "/api/admin/cleaners", cleanerBody, staff()));

  const samples: Record<string, Record<string, unknown>> = {
    "POST /api/availability/check": { startTimeISO: FRIDAY_9AM, durationHours: 3 },
    "POST /api/bookings": draft(),
    "POST /api/quotes": draft(),
    "POST /api/inquiries": inquiryBody,
    "POST /api/auth/login": { email: adminBody.email, password: adminBody.password },
    "POST /api/admin/services": serviceBody,
    "PUT /api/admin/services/{id}": serviceBody,
    "PATCH /api/admin/services/{id}/reorder-extras": { orders: [{ extraId: extra, order: 1 }] },
    "POST /api/admin/extras": extraBody,
    "PUT /api/admin/extras/{id}": extraBody,
    "POST /api/admin/frequencies": frequencyBody,
    "PUT /api/admin/frequencies/{id}": frequencyBody,
    "POST /api/admin/questions": questionBody,
    "PUT /api/admin/questions/{id}": questionBody,
    "PATCH /api/admin/bookings/{id}/status": { status: "CONFIRMED" },
    "PATCH /api/admin/bookings/{id}/confirm-payment": { amountPaid: 157.05 },
    "POST /api/admin/bookings/{id}/payments": { amount: 20.5, method: "CARD", note: "Deposit" },
    "POST /api/admin/bookings/{id}/payments/{paymentId}/void": { reason: "Card charge reversed" },
    "PATCH /api/admin/inquiries/{id}": { adminNotes: "Called back." },
    "PATCH /api/admin/inquiries/{id}/read": { read: true },
    "PATCH /api/admin/inquiries/{id}/has-address": { hasAddress: true },
    "PUT /api/admin/settings/slot-buffer": { slotBufferMin: 90 },
    "PUT /api/admin/settings/scheduling": {
      slotBufferMin: 120, maxConcurrentPerSlot: 1, enforceBuffer: true, leadDays: 4, horizonDays: 365,
      firstSlotHour: 8, lastSlotHour: 16, closedWeekdays: [0],
    },
    "PUT /api/admin/content": { generalCommentEnabled: true, generalCommentLabel: "Notes", generalCommentPlaceholder: "Gate code?", cancellationPolicyHtml: "<p>24 hours.</p>" },
    "POST /api/admin/admins": { ...adminBody, email: "sweep2@yarrashine.com.au" },
    "PUT /api/admin/admins/{id}": { name: "Sweep Admin", email: adminBody.email, role: "admin" },
    "POST /api/admin/closed-dates": { date: "2027-06-30", label: "Stocktake" },
    "POST /api/admin/cleaners": cleanerBody,
    "PATCH /api/admin/cleaners/{id}": { ...cleanerBody, active: true },
    "PUT /api/admin/bookings/{id}/cleaners": { cleanerIds: [cleaner] },
    "PUT /api/admin/settings/service-area": { postcodes: ["3121", "3000-3207"] },
    "PUT /api/admin/settings/business": {
      legalName: "Yarra Shine Cleaning Pty Ltd", abn: "51 824 753 556", gstRegistered: true, address: "12 Chapel St, Windsor VIC 3181",
      phone: "0412 345 678", email: "accounts@yarrashine.com.au", paymentTerms: "Due within 7 days", bankDetails: "BSB 063-000", emailInvoiceOnDone: true,
    },
  };
  const liveIds: Record<string, string> = {
    "/api/admin/services/": service, "/api/admin/extras/": extra, "/api/admin/frequencies/": frequency,
    "/api/admin/questions/": question, "/api/admin/bookings/": booking, "/api/admin/inquiries/": inquiry,
    "/api/admin/admins/": otherAdmin, "/api/admin/cleaners/": cleaner,
  };
  const liveIdOf = (route: DeclaredRoute) =>
    Object.entries(liveIds).find(([prefix]) => route.path.startsWith(prefix))?.[1];
  // A DELETE of the live record would leave the other routes only unknown ids; a DELETE gets made-up ids.
  const pathArbitrary = (route: DeclaredRoute) =>
    route.path.includes("{")
      ? idArbitrary(route.method === "delete" ? undefined : liveIdOf(route))
        .map((id) => route.path.replace(/\{[^}]+\}/, encodeURIComponent(id)))
      : fc.constant(route.path);

  // Many bookings a slot, so valid-looking drafts reach the store instead of stopping at a 409.
  await call("PUT", "/api/admin/settings/scheduling", { maxConcurrentPerSlot: 50 }, staff());

  const tables = (await db.sql<{ name: string }[]>`
    select table_name as name from information_schema.tables
     where table_schema = current_schema() and table_name in ${db.sql(BUSINESS_TABLES)}`).map((row) => row.name);
  assert.ok(tables.length >= BUSINESS_TABLES.length - 1, `business tables missing: ${BUSINESS_TABLES.filter((name) => !tables.includes(name))}`);
  const sweep: Sweep = { app, db, tables, headers: staff, statuses: new Map(), failures: [], requests: 0 };
  /** The sweep's own session must outlive routes that end sessions: after a 401, another. */
  const keepSession = async () => {
    const me = await send(app, "GET", "/api/admin/me", { headers: staff() });
    await me.body?.cancel();
    if (me.status === 401) session = await adminSession(db, "superadmin", undefined, NOW);
  };
  const started = performance.now();
  const routes = app.declaredRoutes();
  // Settings last: a saved schedule can close every day, which would leave the booking routes only 422s.
  const writes = routes.filter((r) => WRITE_METHODS.has(r.method))
    .sort((a, b) => Number(a.path.includes("/settings")) - Number(b.path.includes("/settings")));

  await t.step(`${writes.length} write routes`, async () => {
    for (const route of writes) {
      const sample = samples[routeName(route)];
      const { schema, defs } = bodyJsonSchema(route);
      const hasBody = Boolean(route.request?.body);
      const body = hasBody
        ? fc.oneof(
          { weight: sample ? 5 : 0, arbitrary: sample ? mutated(sample, route.method === "post") : fc.constant({}) },
          { weight: 3, arbitrary: fromSchema(schema, defs) },
          { weight: 2, arbitrary: arbitraryBody },
        )
        : fc.constant(undefined);
      const input = fc.record({ path: pathArbitrary(route), body });
      const runs = route.path.startsWith("/api/auth/")
        ? RUNS.login
        : ["/api/bookings", "/api/quotes"].includes(route.path)
        ? RUNS.drafts
        : hasBody || route.path.includes("{")
        ? RUNS.write
        : 10;
      await sweepRoute(sweep, route, input, runs);
      await keepSession();
    }
  });

  await t.step("every list query", async () => {
    const queries = routes.filter((r) => r.method === "get" && r.request?.query instanceof z.ZodType);
    for (const route of queries) {
      const json = z.toJSONSchema(route.request!.query as z.ZodType, { io: "input", unrepresentable: "any" }) as JsonSchema;
      const keys = Object.keys((json.properties ?? {}) as object);
      const values = fc.oneof(nastyString, nastyNumber.map(String), fc.constantFrom("1e20", "0", "-5", "2.5", "500", "501", "99999999999"));
      const input = fc.record({
        path: fc.dictionary(fc.constantFrom(...keys, "page", "limit", "x"), values, { maxKeys: 4 })
          .map((query) => `${route.path}?${new URLSearchParams(query as Record<string, string>)}`),
        body: fc.constant(undefined),
      });
      await sweepRoute(sweep, route, input, RUNS.query);
    }
  });

  await t.step("deep and megabyte bodies to every write route (issue 29)", async () => {
    const before = sweep.requests;
    const abuseStatuses = new Map<number, number>();
    const counted = new Map(sweep.statuses);
    for (const route of writes) {
      const input = fc.record({ path: pathArbitrary(route), abuse: costlyBody(samples[routeName(route)]) })
        .map(({ path, abuse }) => ({ path, ...abuse }));
      await sweepRoute(sweep, route, input, RUNS.costly);
      await keepSession();
    }
    for (const [status, count] of sweep.statuses) {
      const added = count - (counted.get(status) ?? 0);
      if (added > 0) abuseStatuses.set(status, added);
    }
    console.log(`deep and megabyte bodies: ${sweep.requests - before} requests, status codes ${JSON.stringify(Object.fromEntries(abuseStatuses))}`);
    assert.ok((abuseStatuses.get(400) ?? 0) > 0 && (abuseStatuses.get(413) ?? 0) > 0, "deep bodies met 400 and big ones 413");
  });

  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const counts = Object.fromEntries([...sweep.statuses].sort(([a], [b]) => a - b));
  console.log(`input sweep: seed ${SEED}, ${sweep.requests} requests in ${seconds} s, status codes ${JSON.stringify(counts)}`);
  assert.deepEqual(sweep.failures, [], "routes that answered 5xx, a bad error body, or stored on a 4xx");
  assert.ok(sweep.requests >= 2_000, `only ${sweep.requests} requests`);
});

/**
 * Customer records (issue 17) through the API on PGlite and PostgreSQL: every answer checked
 * against its declaration; the list and its search, one record's page with the payment ledger,
 * notes and tags (422 with fieldErrors, audited, nothing written when unchanged), merges, and the
 * CSV export read back with a CSV library.
 */
import assert from "node:assert/strict";
import { parse as parseCsv } from "csv-parse/sync";
import { adminSession, buildTestApp, describeApi, type TestApp } from "./test-app.ts";
import { checkedRequest } from "./test-answers.ts";
import { draft, fixedClock, NOW, post } from "./test-fixtures.ts";
import { makeSettingsStore } from "../adapters/postgres/settings-repository.ts";
import type { TestDatabase } from "../adapters/postgres/test-db.ts";
import { CUSTOMER_MESSAGES } from "../core/customers/rules.ts";
import { SCHEDULING_DEFAULTS } from "../core/settings/types.ts";

type Headers = Record<string, string>;
interface Summary {
  _id: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  suburbs: string[];
  tags: string[];
  bookingsCount: number;
  lifetimePaid: number;
  nextVisit: string | null;
  lastVisit: string | null;
  createdAt: string;
}
interface Detail extends Summary {
  notes: string;
  mergedInto: string | null;
  addresses: { unit?: string; street: string; suburb: string; state: string; postCode: string }[];
  bookings: { _id: string; reference: string; type: string; status: string; paymentStatus: string; startTime: string; serviceName: string; firstServiceTotal: number; paidToDate: number; seriesId: string | null }[];
  inquiries: { _id: string; inquiryType: string; createdAt: string; message: string; archived: boolean }[];
  series: unknown[];
  totals: { booked: number; paid: number; balance: number };
  possibleDuplicates: { _id: string; firstName: string; lastName: string; email: string; phone: string }[];
}

/** A one-off booking (no series) through the public form, 2 hours, no add-ons. */
async function book(app: TestApp, startTimeISO: string, overrides: Record<string, unknown> = {}, path = "/api/bookings") {
  const response = await app.request(post(path, draft({ startTimeISO, hours: 2, extras: [], frequencyCode: "ONE_TIME", ...overrides })));
  assert.equal(response.status, 201, await response.clone().text());
  return await response.json() as { _id: string; reference: string; customerId: string; startTime: string; firstServiceTotal: number };
}

const auditRows = async (db: TestDatabase, action: string, entityId: string) => [
  ...await db.sql<{ entity: string; before: unknown; after: unknown }[]>`
    select entity, before, after from audit_log where action = ${action} and entity_id = ${entityId} order by id`,
];

describeApi("staff: customer records through the API", async (t, _app, db) => {
  const app = buildTestApp(db, { clock: fixedClock });
  const { headers } = await adminSession(db, "admin", undefined, NOW);
  const root = (await adminSession(db, "superadmin", undefined, NOW)).headers;
  /** Calls and checks the answer against the route's declaration. */
  const call = async (method: string, path: string, body?: unknown, as: Headers = headers) => {
    const answer = await checkedRequest(app, method, path, { body, headers: as });
    return { status: answer.status, body: answer.body as never, headers: answer.headers };
  };
  const list = async (query = "") => (await call("GET", `/api/admin/customers${query}`)).body as { items: Summary[]; page: number; totalPages: number; totalItems: number };
  const detail = async (id: string) => (await call("GET", `/api/admin/customers/${id}`)).body as Detail;
  // Open every day, room for everyone: these tests are not about capacity.
  await makeSettingsStore(db.sql).saveScheduling({ ...SCHEDULING_DEFAULTS, closedWeekdays: [], maxConcurrentPerSlot: 20 });

  const ada1 = await book(app, "2026-11-27T09:00:00+11:00", { email: "ada@example.com" });
  const ada2 = await book(app, "2026-12-04T09:00:00+11:00", {
    email: " ADA@Example.com ", address: { street: "1 Swan St", suburb: "Richmond", state: "VIC", postCode: "3121" },
  });
  const adaQuote = await book(app, "2026-12-11T09:00:00+11:00", { email: "Ada@example.com" }, "/api/quotes");
  const grace = await book(app, "2026-11-28T10:00:00+11:00", {
    firstName: "Grace", lastName: "Hopper", email: "grace@navy.mil", phone: "(03) 9876 5432",
    address: { street: "7 Lygon St", suburb: "Carlton", state: "VIC", postCode: "3053" },
  });
  const inquiry = await app.request(post("/api/inquiries", {
    inquiryType: "OFFICE", firstName: "Alan", lastName: "Turing", email: "alan@example.com", phone: "+61 412 345 678",
    suburb: "Brunswick", message: "A quote for our office, please.",
  }));
  assert.equal(inquiry.status, 201);
  const alanInquiry = await inquiry.json() as { _id: string };
  // Ada's first visit is over: it was last week.
  await db.sql`update bookings set start_time = start_time - interval '14 days', end_time = end_time - interval '14 days' where id = ${ada1._id}`;
  const ada = ada1.customerId;

  await t.step("bookings, quotes and inquiries name their customer: one per e-mail, case and spaces aside", async () => {
    assert.match(ada, /^[0-9a-f-]{36}$/);
    assert.deepEqual([ada2.customerId, adaQuote.customerId], [ada, ada]);
    assert.notEqual(grace.customerId, ada);
    const record = (await call("GET", `/api/admin/bookings/${ada2._id}`)).body as { customerId: string; seriesId: string | null };
    assert.deepEqual([record.customerId, record.seriesId], [ada, null]);
  });

  await t.step("GET /customers: a page of summaries by last name; 20 a page by default, at most 100", async () => {
    const page = await list();
    assert.deepEqual(page.items.map((c) => c.lastName), ["Hopper", "Lovelace", "Turing"]);
    assert.deepEqual([page.page, page.totalPages, page.totalItems], [1, 1, 3]);
    const summary = page.items[1];
    assert.deepEqual(summary, {
      _id: ada,
      firstName: "Ada",
      lastName: "Lovelace",
      email: "Ada@example.com",
      phone: "0412345678",
      suburbs: ["Fitzroy", "Richmond"],
      tags: [],
      bookingsCount: 2,
      lifetimePaid: 0,
      nextVisit: ada2.startTime,
      lastVisit: "2026-11-12T22:00:00.000Z",
      createdAt: summary.createdAt,
    });
    const paged = await list("?limit=2&page=2");
    assert.deepEqual([paged.items.map((c) => c.lastName), paged.totalPages, paged.totalItems], [["Turing"], 2, 3]);
    const bad = await call("GET", "/api/admin/customers?limit=101&page=0");
    assert.equal(bad.status, 422);
    assert.deepEqual(bad.body, {
      error: "Please fix the highlighted fields, then try again.",
      code: "VALIDATION_FAILED",
      fieldErrors: { limit: ["limit must be at most 100."], page: ["page must be at least 1."] },
    });
  });

  await t.step("q: name, e-mail, phone digits however typed, suburb, booking reference however typed", async () => {
    const found = async (q: string) => (await list(`?q=${encodeURIComponent(q)}`)).items.map((c) => c.lastName);
    const cases: [string, string[]][] = [
      ["lovelace", ["Lovelace"]],
      ["Grace Hopper", ["Hopper"]],
      ["ADA@EXAMPLE", ["Lovelace"]],
      ["0412 345 678", ["Lovelace", "Turing"]],
      ["+61412345678", ["Lovelace", "Turing"]],
      ["9876-5432", ["Hopper"]],
      ["carlton", ["Hopper"]],
      ["Brunswick", ["Turing"]],
      ["richmond", ["Lovelace"]],
      [ada2.reference.toLowerCase(), ["Lovelace"]],
      [` ${adaQuote.reference.replace("-", " ")} `, ["Lovelace"]],
      [grace.reference.slice(3), ["Hopper"]],
      ["Nobody", []],
    ];
    for (const [q, expected] of cases) assert.deepEqual(await found(q), expected, q);
  });

  await t.step("GET /customers/{id}: contacts, addresses, every booking and quote with paid to date from the ledger, inquiries, totals", async () => {
    assert.equal((await call("POST", `/api/admin/bookings/${ada1._id}/payments`, { amount: 100, method: "CASH" })).status, 201);
    assert.equal((await call("POST", `/api/admin/bookings/${ada1._id}/payments`, { amount: 40.5, method: "CARD" })).status, 201);
    const twice = (await call("POST", `/api/admin/bookings/${ada2._id}/payments`, { amount: 25, method: "CARD" })).body as { items: { _id: string }[] };
    assert.equal((await call("POST", `/api/admin/bookings/${ada2._id}/payments/${twice.items[0]._id}/void`, { reason: "Entered twice" }, root)).status, 200);
    const d = await detail(ada);
    assert.deepEqual(d.bookings.map((b) => [b._id, b.type, b.firstServiceTotal, b.paidToDate]), [
      [adaQuote._id, "QUOTE", adaQuote.firstServiceTotal, 0],
      [ada2._id, "BOOKING", ada2.firstServiceTotal, 0],
      [ada1._id, "BOOKING", ada1.firstServiceTotal, 140.5],
    ]);
    assert.deepEqual(d.bookings[1], {
      _id: ada2._id, reference: ada2.reference, type: "BOOKING", status: "PENDING", paymentStatus: "UNPAID", startTime: ada2.startTime,
      serviceName: "Hourly Cleaning", firstServiceTotal: ada2.firstServiceTotal, paidToDate: 0, seriesId: null,
    });
    const booked = Math.round((ada1.firstServiceTotal + ada2.firstServiceTotal) * 100) / 100;
    assert.deepEqual(d.totals, { booked, paid: 140.5, balance: Math.round((booked - 140.5) * 100) / 100 });
    assert.equal(d.lifetimePaid, 140.5);
    assert.deepEqual(d.addresses, [
      { unit: "4", street: "12 Smith St", suburb: "Fitzroy", state: "VIC", postCode: "3065" },
      { street: "1 Swan St", suburb: "Richmond", state: "VIC", postCode: "3121" },
    ], "latest first: the quote used Smith St last");
    assert.deepEqual([d.notes, d.mergedInto, d.inquiries, d.series], ["", null, [], []]);
    assert.deepEqual(d.possibleDuplicates, [{ _id: (await list("?q=turing")).items[0]._id, firstName: "Alan", lastName: "Turing", email: "alan@example.com", phone: "0412345678" }]);
    const alan = await detail(d.possibleDuplicates[0]._id);
    assert.deepEqual(alan.inquiries.map((i) => [i._id, i.inquiryType, i.archived]), [[alanInquiry._id, "OFFICE", false]]);
    assert.deepEqual(alan.possibleDuplicates.map((p) => p._id), [ada]);
    for (const id of [crypto.randomUUID(), "not-an-id"]) {
      const missing = await call("GET", `/api/admin/customers/${id}`);
      assert.deepEqual([missing.status, missing.body], [404, { error: "Customer not found.", code: "CUSTOMER_NOT_FOUND" }]);
    }
  });

  await t.step("PATCH: notes and tags; 422 names each field; the same again writes no audit row", async () => {
    const cases: [unknown, Record<string, string[]>][] = [
      [{ notes: "x".repeat(2001) }, { notes: [CUSTOMER_MESSAGES.notesTooLong] }],
      [{ notes: 12 }, { notes: [CUSTOMER_MESSAGES.notes] }],
      [{ tags: ["VIP", "x".repeat(31)] }, { tags: [CUSTOMER_MESSAGES.tagLength] }],
      [{ tags: [" "] }, { tags: [CUSTOMER_MESSAGES.tagLength] }],
      [{ tags: "VIP" }, { tags: [CUSTOMER_MESSAGES.tags] }],
      [{ tags: Array.from({ length: 21 }, (_, i) => `tag ${i}`) }, { tags: [CUSTOMER_MESSAGES.tooManyTags] }],
      [{ notes: null, tags: [1] }, { notes: [CUSTOMER_MESSAGES.notes], tags: [CUSTOMER_MESSAGES.tags] }],
    ];
    for (const [body, fieldErrors] of cases) {
      const { status, body: answer } = await call("PATCH", `/api/admin/customers/${ada}`, body);
      assert.deepEqual([status, answer], [422, { error: "Please fix the highlighted fields, then try again.", code: "VALIDATION_FAILED", fieldErrors }], JSON.stringify(body));
    }
    const saved = await call("PATCH", `/api/admin/customers/${ada}`, { notes: "  Gate code 4821. Dog: Max.  ", tags: [" VIP", "vip", "=Dog"] });
    assert.equal(saved.status, 200, JSON.stringify(saved.body));
    const d = saved.body as Detail;
    assert.deepEqual([d.notes, d.tags, d._id, d.bookings.length], ["Gate code 4821. Dog: Max.", ["VIP", "=Dog"], ada, 3]);
    assert.equal((await call("PATCH", `/api/admin/customers/${ada}`, { notes: "Gate code 4821. Dog: Max.", tags: ["VIP", "=Dog"] })).status, 200);
    assert.equal((await call("PATCH", `/api/admin/customers/${ada}`, {})).status, 200);
    assert.deepEqual(await auditRows(db, "customer.update", ada), [
      { entity: "customer", before: { notes: "", tags: [] }, after: { notes: "Gate code 4821. Dog: Max.", tags: ["VIP", "=Dog"] } },
    ]);
    assert.deepEqual((await list("?tag=vip")).items.map((c) => c._id), [ada]);
    assert.deepEqual((await list("?tag=Cat")).items, []);
    const missing = await call("PATCH", `/api/admin/customers/${crypto.randomUUID()}`, { notes: "x" });
    assert.equal(missing.status, 404);
    assert.equal((await call("PATCH", `/api/admin/customers/${ada}`, "[]")).status, 400);
  });

  await t.step("the run sheet prints the customer's lasting notes on each of their jobs", async () => {
    const { status, body } = await call("GET", "/api/admin/schedule?from=2026-11-27&to=2026-12-04");
    assert.equal(status, 200);
    const jobs = (body as { jobs: { _id: string; customerNotes: string; seriesId: string | null }[] }).jobs;
    assert.deepEqual(jobs.map((j) => [j._id, j.customerNotes, j.seriesId]), [
      [grace._id, "", null],
      [ada2._id, "Gate code 4821. Dog: Max.", null],
    ]);
  });

  await t.step("POST merge: Grace's record into Ada's: everything moves, notes appended, tags united; audited", async () => {
    const graceId = grace.customerId;
    assert.equal((await call("PATCH", `/api/admin/customers/${graceId}`, { notes: "Parking out the back", tags: ["Dog", "vip", "Monthly"] })).status, 200);
    const merged = await call("POST", `/api/admin/customers/${ada}/merge`, { otherId: graceId });
    assert.equal(merged.status, 200, JSON.stringify(merged.body));
    const d = merged.body as Detail;
    assert.deepEqual([d._id, d.notes, d.tags, d.mergedInto], [ada, "Gate code 4821. Dog: Max.\n\nParking out the back", ["VIP", "=Dog", "Dog", "Monthly"], null]);
    assert.deepEqual(d.bookings.map((b) => b._id).sort(), [ada1._id, ada2._id, adaQuote._id, grace._id].sort());
    assert.deepEqual(d.suburbs.toSorted(), ["Carlton", "Fitzroy", "Richmond"]);
    const gone = await detail(graceId);
    assert.deepEqual([gone.mergedInto, gone.bookings, gone.email], [ada, [], "grace@navy.mil"]);
    assert.deepEqual((await list()).items.map((c) => c.lastName), ["Lovelace", "Turing"]);
    assert.deepEqual((await list("?q=navy.mil")).items.map((c) => c._id), [ada], "the merged record's e-mail finds where it went");
    const [audit] = await auditRows(db, "customer.merge", ada);
    assert.equal(audit.entity, "customer");
    assert.deepEqual((audit.after as { mergedId: string; moved: unknown }).moved, { bookings: 1, inquiries: 0, series: 0, records: 0 });
    // Grace books again with her own e-mail: the booking joins Ada's record.
    const again = await book(app, "2026-12-18T09:00:00+11:00", { email: "GRACE@navy.mil", firstName: "Grace", lastName: "Hopper" });
    assert.equal(again.customerId, ada);
  });

  await t.step("POST merge refused: itself and merged records (422 CUSTOMER_MERGE_INVALID), unknown ones (404), no otherId (422)", async () => {
    const graceId = grace.customerId;
    const cases: [string, unknown, number, string][] = [
      [ada, { otherId: ada }, 422, "CUSTOMER_MERGE_INVALID"],
      [ada, { otherId: graceId }, 422, "CUSTOMER_MERGE_INVALID"],
      [graceId, { otherId: ada }, 422, "CUSTOMER_MERGE_INVALID"],
      [ada, { otherId: crypto.randomUUID() }, 404, "CUSTOMER_NOT_FOUND"],
      [crypto.randomUUID(), { otherId: ada }, 404, "CUSTOMER_NOT_FOUND"],
      [ada, {}, 422, "VALIDATION_FAILED"],
    ];
    for (const [id, body, status, code] of cases) {
      const answer = await call("POST", `/api/admin/customers/${id}/merge`, body);
      assert.deepEqual([answer.status, (answer.body as { code: string }).code], [status, code], JSON.stringify(body));
    }
    const itself = await call("POST", `/api/admin/customers/${ada}/merge`, { otherId: ada });
    assert.equal((itself.body as { error: string }).error, CUSTOMER_MESSAGES.mergeItself);
    const merged = await call("POST", `/api/admin/customers/${ada}/merge`, { otherId: graceId });
    assert.deepEqual(merged.body, { error: CUSTOMER_MESSAGES.mergeMerged, code: "CUSTOMER_MERGE_INVALID", details: { mergedInto: ada } });
    const edit = await call("PATCH", `/api/admin/customers/${graceId}`, { notes: "x" });
    assert.deepEqual([edit.status, edit.body], [404, { error: CUSTOMER_MESSAGES.mergedRecordNotEditable, code: "CUSTOMER_NOT_FOUND", details: { mergedInto: ada } }]);
    assert.equal((await auditRows(db, "customer.merge", ada)).length, 1);
  });

  await t.step("GET /customers/export.csv: BOM, CRLF, phones as text, formula starts neutralised, read back by a CSV library", async () => {
    const alan = (await list("?q=turing")).items[0]._id;
    assert.equal((await call("PATCH", `/api/admin/customers/${alan}`, { notes: '=HYPERLINK("http://x","y")' })).status, 200);
    const response = await app.request(new Request("http://localhost/api/admin/customers/export.csv", { headers }));
    assert.equal(response.status, 200);
    assert.equal(response.headers.get("content-type"), "text/csv; charset=utf-8");
    assert.equal(response.headers.get("content-disposition"), 'attachment; filename="customers-2026-11-22.csv"');
    assert.equal(response.headers.get("cache-control"), "no-store");
    const text = await response.text();
    assert.ok(text.startsWith("\uFEFFid,firstName,lastName,email,phone,"));
    assert.ok(text.endsWith("\r\n"));
    const [header, ...rows] = parseCsv(text.slice(1), { relaxColumnCount: false, record_delimiter: "\r\n" }) as string[][];
    assert.deepEqual(header, ["id", "firstName", "lastName", "email", "phone", "suburbs", "tags", "bookingsCount", "lifetimePaid", "nextVisit", "lastVisit", "createdAt", "notes"]);
    assert.deepEqual(rows.map((r) => r[2]), ["Lovelace", "Turing"]);
    const row = Object.fromEntries(header.map((h, i) => [h, rows[0][i]]));
    assert.deepEqual(row, {
      ...row,
      id: ada,
      email: "Ada@example.com",
      phone: "0412 345 678",
      tags: "VIP; =Dog; Dog; Monthly", // only a cell's start can make a formula
      bookingsCount: "4",
      lifetimePaid: "140.50",
      nextVisit: "2026-11-28 10:00",
      lastVisit: "2026-11-13 09:00",
      notes: "Gate code 4821. Dog: Max.\n\nParking out the back",
    });
    assert.equal(rows[1][4], "0412 345 678", "Alan's +61 number, as people write it");
    assert.equal(rows[1][12], `'=HYPERLINK("http://x","y")`, "a formula start is neutralised");
    const checked = await call("GET", "/api/admin/customers/export.csv?tag=monthly");
    assert.deepEqual(parseCsv((checked.body as string).slice(1), { record_delimiter: "\r\n" }).length, 2, "the header and Ada");
    const filtered = await call("GET", "/api/admin/customers/export.csv?q=turing");
    assert.deepEqual((parseCsv((filtered.body as string).slice(1), { record_delimiter: "\r\n" }) as string[][]).map((r) => r[2]), ["lastName", "Turing"]);
    assert.equal((await call("GET", `/api/admin/customers/export.csv?tag=${"x".repeat(31)}`)).status, 422);
  });

  await t.step("for signed-in staff only", async () => {
    for (const [method, path] of [["GET", "/api/admin/customers"], ["GET", `/api/admin/customers/${ada}`], ["GET", "/api/admin/customers/export.csv"]]) {
      assert.equal((await app.request(new Request(`http://localhost${path}`, { method }))).status, 401, path);
    }
  });
});

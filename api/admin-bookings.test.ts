import { BOOKING_TEXT_FIELDS } from "../core/booking/text-fields.ts";
import assert from "node:assert/strict";
import { parse as parseCsv } from "csv-parse/sync";
import { adminSession, buildTestApp, describeApi, json, type TestApp } from "./test-app.ts";
import { draft, fixedClock, FRIDAY_9AM, NOW, post } from "./test-fixtures.ts";
import { makeSettingsStore } from "../adapters/postgres/settings-repository.ts";
import type { TestDatabase } from "../adapters/postgres/test-db.ts";
import { SCHEDULING_DEFAULTS } from "../core/settings/types.ts";
import { DEMO_CLEANERS } from "../adapters/postgres/demo-data.ts";

type Headers = Record<string, string>;

const request = (method: string, path: string, headers: Headers, body?: unknown) =>
  new Request(`http://localhost/api/admin${path}`, {
    method,
    headers: body === undefined ? headers : { "content-type": "application/json", ...headers },
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });

/** The app on the fixed clock, a signed-in admin, and short ways to call it. */
async function staff(db: TestDatabase) {
  const app = buildTestApp(db, { clock: fixedClock });
  const { headers, admin } = await adminSession(db, "admin", undefined, NOW);
  const call = async (method: string, path: string, body?: unknown, as: Headers = headers) =>
    await json(await app.request(request(method, path, as, body)));
  return { app, admin, headers, call, get: (path: string) => call("GET", path) };
}

/**
 * One-offs unless a test says otherwise: a weekly booking plans its later visits with it (issue 28),
 * and these lists are about the records customers made.
 */
async function createBooking(app: TestApp, path: "/api/bookings" | "/api/quotes", overrides: Record<string, unknown>) {
  const response = await app.request(post(path, draft({ frequencyCode: "ONE_TIME", ...overrides })));
  assert.equal(response.status, 201, await response.clone().text());
  return (await response.json())._id as string;
}

const auditRows = (db: TestDatabase, entityId: string) =>
  db.sql<{ action: string; admin_email: string; entity: string; before: unknown; after: unknown }[]>`
    select action, admin_email, entity, before, after from audit_log where entity_id = ${entityId} order by id`;

const ids = (body: { items: { _id: string }[] }) => body.items.map((i) => i._id);

describeApi("staff bookings: list, filters, stats, paging", async (t, _app, db) => {
  const { app, get, call } = await staff(db);
  // Several starts close together: capacity is not what these tests are about.
  await makeSettingsStore(db.sql).saveScheduling({ ...SCHEDULING_DEFAULTS, enforceBuffer: false });
  const ada = await createBooking(app, "/api/bookings", {});
  const grace = await createBooking(app, "/api/bookings", {
    firstName: "Grace", lastName: "Hopper", email: "grace@navy.example", phone: "(03) 9876 5432",
    address: { street: "1 Swan St", suburb: "Richmond", state: "VIC", postCode: "3121" },
    startTimeISO: "2026-11-28T10:00:00+11:00",
  });
  const alan = await createBooking(app, "/api/quotes", {
    firstName: "Alan", lastName: "Turing", email: "alan@bletchley.example", phone: "0411 111 111",
    address: { street: "2 Lygon St", suburb: "Carlton", state: "VIC", postCode: "3053" },
    startTimeISO: "2026-11-30T08:00:00+11:00",
  });
  const kath = await createBooking(app, "/api/bookings", {
    firstName: "Katherine", lastName: "Johnson", email: "kj@nasa.example", phone: "0422 222 222",
    address: { street: "3 Acland St", suburb: "St Kilda", state: "VIC", postCode: "3182" },
    startTimeISO: "2026-11-26T13:00:00+11:00",
  });
  // Creation order differs from start order, so the two sorts are told apart.
  for (const [id, created] of [[ada, "2026-11-20T01:00:00Z"], [grace, "2026-11-19T01:00:00Z"], [alan, "2026-11-21T01:00:00Z"], [kath, "2026-11-18T01:00:00Z"]]) {
    await db.sql`update bookings set created_at = ${created} where id = ${id}`;
  }

  await t.step("401 without a token, for every call of the group", async () => {
    for (const [method, path] of [["GET", "/bookings"], ["GET", "/bookings.csv"], ["GET", `/bookings/${ada}`], ["PATCH", `/bookings/${ada}/status`], ["PATCH", `/bookings/${ada}/confirm-payment`], ["GET", "/inquiries"], ["GET", `/inquiries/${ada}`], ["PATCH", `/inquiries/${ada}`], ["PATCH", `/inquiries/${ada}/read`], ["PATCH", `/inquiries/${ada}/has-address`], ["DELETE", `/inquiries/${ada}`]]) {
      const { status, body } = await call(method, path, method === "PATCH" ? {} : undefined, {});
      assert.equal(status, 401, `${method} ${path}`);
      assert.equal(body.code, "UNAUTHENTICATED");
    }
  });

  await t.step("defaults: start time ascending, full records with serviceName, chips and page info", async () => {
    const { status, body } = await get("/bookings");
    assert.equal(status, 200);
    assert.deepEqual(ids(body), [kath, ada, grace, alan]);
    assert.equal(body.page, 1);
    assert.equal(body.totalPages, 1);
    assert.equal(body.totalItems, 4);
    assert.deepEqual(body.stats, {
      status: { PENDING: 3, CONFIRMED: 0, CANCELLED: 0, DONE: 0, NEEDS_ATTENTION: 0, QUOTE_REQUESTED: 1 },
      payment: { UNPAID: 4, PAID: 0 },
    });
    const first = body.items[1];
    assert.equal(first.serviceName, first.serviceNameAtBooking);
    assert.equal(first.startTime, "2026-11-26T22:00:00.000Z");
    assert.equal(first.extras.length, 2);
    assert.ok(first.answers.length >= 1);
  });

  await t.step("sort and order", async () => {
    assert.deepEqual(ids((await get("/bookings?order=desc")).body), [alan, grace, ada, kath]);
    assert.deepEqual(ids((await get("/bookings?sort=createdAt")).body), [kath, grace, ada, alan]);
    assert.deepEqual(ids((await get("/bookings?sort=createdAt&order=desc")).body), [alan, ada, grace, kath]);
  });

  await t.step("q matches names, full name, e-mail, phone digits, suburb and id prefix, case-insensitively", async () => {
    const cases: [string, string[]][] = [
      ["ADA", [ada]],
      ["hopper", [grace]],
      ["grace  HOPPER", [grace]],
      ["@nasa.EXAMPLE", [kath]],
      ["03 9876", [grace]],
      ["+61 412 345", [ada]],
      ["0412345678", [ada]],
      ["kilda", [kath]],
      [alan.slice(0, 8).toUpperCase(), [alan]],
      ["%", []],
      ["_", []],
      ["nobody", []],
    ];
    for (const [q, expected] of cases) {
      const { status, body } = await get(`/bookings?q=${encodeURIComponent(q)}`);
      assert.equal(status, 200, q);
      assert.deepEqual(ids(body), expected, q);
      assert.equal(body.totalItems, expected.length, q);
    }
  });

  await t.step("type, and a quote search with no status means QUOTE_REQUESTED", async () => {
    assert.deepEqual(ids((await get("/bookings?type=BOOKING")).body), [kath, ada, grace]);
    const quotes = (await get("/bookings?type=QUOTE")).body;
    assert.deepEqual(ids(quotes), [alan]);
    assert.deepEqual(quotes.stats.status, { PENDING: 0, CONFIRMED: 0, CANCELLED: 0, DONE: 0, NEEDS_ATTENTION: 0, QUOTE_REQUESTED: 1 });
    assert.deepEqual(ids((await get("/bookings?type=QUOTE&status=PENDING")).body), []);
  });

  await t.step("status and paymentStatus filter the list; the chips ignore them but honour q, type and time", async () => {
    assert.equal((await call("PATCH", `/bookings/${grace}/status`, { status: "CONFIRMED" })).status, 200);
    // PAID takes the whole first service total (issue 15).
    const kathTotal = (await get(`/bookings/${kath}`)).body.firstServiceTotal;
    assert.equal((await call("PATCH", `/bookings/${kath}/confirm-payment`, { amountPaid: kathTotal })).status, 200);
    const confirmed = (await get("/bookings?status=CONFIRMED")).body;
    assert.deepEqual(ids(confirmed), [grace]);
    assert.equal(confirmed.totalItems, 1);
    assert.deepEqual(confirmed.stats, {
      status: { PENDING: 2, CONFIRMED: 1, CANCELLED: 0, DONE: 0, NEEDS_ATTENTION: 0, QUOTE_REQUESTED: 1 },
      payment: { UNPAID: 3, PAID: 1 },
    });
    const paid = (await get("/bookings?paymentStatus=PAID")).body;
    assert.deepEqual(ids(paid), [kath]);
    assert.deepEqual(ids((await get("/bookings?paymentStatus=UNPAID&type=BOOKING")).body), [ada, grace]);
    const searched = (await get("/bookings?q=o&type=BOOKING&status=PENDING")).body; // Lovelace, Johnson, Hopper
    assert.deepEqual(ids(searched), [kath, ada]);
    assert.deepEqual(searched.stats, {
      status: { PENDING: 2, CONFIRMED: 1, CANCELLED: 0, DONE: 0, NEEDS_ATTENTION: 0, QUOTE_REQUESTED: 0 },
      payment: { UNPAID: 2, PAID: 1 },
    });
    const window = (await get(`/bookings?startFrom=${encodeURIComponent("2026-11-27T00:00:00+11:00")}`)).body;
    assert.deepEqual(window.stats.status, { PENDING: 1, CONFIRMED: 1, CANCELLED: 0, DONE: 0, NEEDS_ATTENTION: 0, QUOTE_REQUESTED: 1 });
  });

  await t.step("startFrom is inclusive, startTo exclusive", async () => {
    const at = encodeURIComponent(FRIDAY_9AM);
    assert.deepEqual(ids((await get(`/bookings?startFrom=${at}`)).body), [ada, grace, alan]);
    assert.deepEqual(ids((await get(`/bookings?startTo=${at}`)).body), [kath]);
    const sat = encodeURIComponent("2026-11-29T00:00:00+11:00");
    assert.deepEqual(ids((await get(`/bookings?startFrom=${at}&startTo=${sat}`)).body), [ada, grace]);
    assert.deepEqual(ids((await get(`/bookings?startFrom=${encodeURIComponent("2026-11-26T22:00:00Z")}`)).body), [ada, grace, alan]);
  });

  await t.step("endFrom keeps a job in progress listed (Upcoming): it ends after the time, though it started before", async () => {
    const tenAm = encodeURIComponent("2026-11-27T10:00:00+11:00");
    assert.deepEqual(ids((await get(`/bookings?startFrom=${tenAm}`)).body), [grace, alan], "Ada's started at 9: not upcoming by its start");
    assert.deepEqual(ids((await get(`/bookings?endFrom=${tenAm}`)).body), [ada, grace, alan], "still running at 10");
    assert.equal((await get("/bookings?endFrom=yesterday")).status, 422);
  });

  await t.step("paging: limit, page and totalPages over every page", async () => {
    const first = (await get("/bookings?limit=3")).body;
    assert.deepEqual([first.items.length, first.page, first.totalPages, first.totalItems], [3, 1, 2, 4]);
    const second = (await get("/bookings?limit=3&page=2")).body;
    assert.deepEqual(ids(second), [alan]);
    assert.deepEqual(second.stats, first.stats, "the chips count every page");
    assert.equal((await get("/bookings?limit=2")).body.totalPages, 2);
    assert.equal((await get("/bookings?limit=4")).body.totalPages, 1);
    const beyond = (await get("/bookings?limit=3&page=3")).body;
    assert.deepEqual([beyond.items.length, beyond.totalPages, beyond.totalItems], [0, 2, 4]);
    const none = (await get("/bookings?q=nobody")).body;
    assert.deepEqual([none.items.length, none.page, none.totalPages, none.totalItems], [0, 1, 1, 0]);
    assert.equal((await get("/bookings?limit=500")).status, 200);
  });

  await t.step("bad query values are 422s naming the field", async () => {
    const cases: [string, string][] = [
      ["limit=0", "limit"], ["limit=501", "limit"], ["limit=abc", "limit"], ["limit=2.5", "limit"],
      ["page=0", "page"], ["page=x", "page"], ["page=1e20", "page"], ["page=100001", "page"], ["type=ORDER", "type"], ["status=LOST", "status"],
      ["paymentStatus=OWING", "paymentStatus"], ["sort=name", "sort"], ["order=up", "order"],
      ["startFrom=2026-11-27", "startFrom"], ["startTo=tomorrow", "startTo"],
      [`startFrom=${encodeURIComponent(FRIDAY_9AM)}&startTo=${encodeURIComponent(FRIDAY_9AM)}`, "startTo"],
    ];
    for (const [query, field] of cases) {
      const { status, body } = await get(`/bookings?${query}`);
      assert.equal(status, 422, query);
      assert.equal(body.code, "VALIDATION_FAILED", query);
      assert.ok(body.fieldErrors[field], `${query}: ${JSON.stringify(body.fieldErrors)}`);
    }
  });

  await t.step("a superadmin may call it too", async () => {
    const { headers } = await adminSession(db, "superadmin", undefined, NOW);
    assert.equal((await call("GET", "/bookings", undefined, headers)).status, 200);
  });
});

describeApi("staff bookings: details, status, payment", async (t, _app, db) => {
  const { app, admin, get, call } = await staff(db);
  const booking = await createBooking(app, "/api/bookings", {});
  const quote = await createBooking(app, "/api/quotes", {});

  await t.step("GET one: everything the details view shows; 404 for unknown or malformed ids", async () => {
    const { status, body } = await get(`/bookings/${booking}`);
    assert.equal(status, 200);
    for (const key of ["firstName", "lastName", "email", "phone", "address", "serviceName", "hours", "bedrooms", "frequencyCode", "frequencyDiscountPercent", "startTime", "endTime", "extras", "answers", "notes", "baseAmount", "extrasAmount", "firstServiceTotal", "recurringTotal", "paymentStatus", "totalPaid", "paidAt", "createdAt"]) {
      assert.ok(key in body, key);
    }
    assert.deepEqual(Object.keys(body.extras[0]).sort(), ["extraId", "priceAtBooking", "quantity", "titleAtBooking"]);
    for (const id of [crypto.randomUUID(), "nope", "1"]) {
      const missing = await get(`/bookings/${id}`);
      assert.equal(missing.status, 404, id);
      assert.equal(missing.body.code, "BOOKING_NOT_FOUND");
    }
  });

  await t.step("status: CONFIRMED and CANCELLED back and forth, each audited with before and after", async () => {
    // DONE waits for the job's start (issue 15): api/admin-booking-status.test.ts covers it.
    for (const [from, to] of [["PENDING", "CONFIRMED"], ["CONFIRMED", "CANCELLED"], ["CANCELLED", "CONFIRMED"]]) {
      const { status, body } = await call("PATCH", `/bookings/${booking}/status`, { status: to });
      assert.equal(status, 200, `${from} -> ${to}`);
      assert.equal(body.status, to);
      assert.equal(body.serviceName, body.serviceNameAtBooking);
    }
    assert.equal((await get(`/bookings/${booking}`)).body.status, "CONFIRMED");
    const rows = await auditRows(db, booking);
    assert.equal(rows.length, 3);
    assert.deepEqual(rows[0], {
      action: "booking.status", admin_email: admin.email, entity: "booking",
      before: { status: "PENDING" }, after: { status: "CONFIRMED" },
    });
  });

  await t.step("the same status again changes nothing and writes no audit row", async () => {
    const { status, body } = await call("PATCH", `/bookings/${booking}/status`, { status: "CONFIRMED" });
    assert.equal(status, 200);
    assert.equal(body.status, "CONFIRMED");
    assert.equal((await auditRows(db, booking)).length, 3);
  });

  await t.step("status: quotes 409, bad values 422, unknown 404, broken JSON 400", async () => {
    const onQuote = await call("PATCH", `/bookings/${quote}/status`, { status: "CONFIRMED" });
    assert.deepEqual([onQuote.status, onQuote.body.code], [409, "QUOTE_HAS_NO_STATUS"]);
    for (const bad of ["PENDING", "QUOTE_REQUESTED", "confirmed", 3, null, undefined]) {
      const { status, body } = await call("PATCH", `/bookings/${booking}/status`, { status: bad });
      assert.equal(status, 422, String(bad));
      assert.deepEqual(body.fieldErrors, { status: ["Status must be CONFIRMED, CANCELLED or DONE."] });
    }
    assert.equal((await call("PATCH", `/bookings/${crypto.randomUUID()}/status`, { status: "DONE" })).status, 404);
    assert.equal((await call("PATCH", `/bookings/${booking}/status`, "{not json")).status, 400);
    assert.equal((await auditRows(db, quote)).length, 0);
  });

  await t.step("confirm-payment: 'Invalid amount.' for anything but a positive amount, at most 2 decimals, up to A$100,000", async () => {
    // Issue 13: 1e10 overflowed numeric(12,2) (500). Issue 15: 0, a third decimal and A$99,999,999 are no payment.
    for (const amountPaid of ["abc", -1, "-1", "Infinity", "", null, true, [5], { a: 1 }, 0, 12.345, "157.055", 99999999, 1e10, "100000.01"]) {
      const { status, body } = await call("PATCH", `/bookings/${booking}/confirm-payment`, { amountPaid });
      assert.equal(status, 422, JSON.stringify(amountPaid));
      assert.equal(body.error, "Invalid amount.");
      assert.deepEqual(body.fieldErrors, { amountPaid: ["Invalid amount."] });
    }
    const missing = await call("PATCH", `/bookings/${booking}/confirm-payment`, {});
    assert.equal(missing.body.error, "Invalid amount.");
    assert.equal((await get(`/bookings/${booking}`)).body.paymentStatus, "UNPAID");
  });

  await t.step("confirm-payment: the first service total makes it PAID at the clock's time, audited; then 409", async () => {
    // Partial payments and the ledger: api/admin-payments.test.ts.
    const before = (await get(`/bookings/${booking}`)).body;
    const { status, body } = await call("PATCH", `/bookings/${booking}/confirm-payment`, { amountPaid: String(before.firstServiceTotal) });
    assert.equal(status, 200);
    assert.equal(body.paymentStatus, "PAID");
    assert.equal(body.totalPaid, before.firstServiceTotal);
    assert.equal(body.paidAt, NOW.toISOString());
    assert.equal(body.firstServiceTotal, before.firstServiceTotal, "totals untouched");
    const [row] = (await auditRows(db, booking)).filter((r) => r.action === "booking.confirm_payment");
    assert.deepEqual(row.before, { paymentStatus: "UNPAID", totalPaid: null, paidAt: null });
    const { paymentId, ...after } = row.after as Record<string, unknown>;
    assert.equal(typeof paymentId, "string", "the ledger payment it recorded");
    assert.deepEqual(after, { paymentStatus: "PAID", totalPaid: before.firstServiceTotal, paidAt: NOW.toISOString(), amount: before.firstServiceTotal, method: "OTHER" });
    const again = await call("PATCH", `/bookings/${booking}/confirm-payment`, { amountPaid: 10 });
    assert.deepEqual([again.status, again.body.code], [409, "ALREADY_PAID"]);
    assert.equal((await get(`/bookings/${booking}`)).body.totalPaid, before.firstServiceTotal);
  });

  await t.step("confirm-payment: quotes 409, unknown 404", async () => {
    const onQuote = await call("PATCH", `/bookings/${quote}/confirm-payment`, { amountPaid: 10 });
    assert.deepEqual([onQuote.status, onQuote.body.code], [409, "QUOTE_NOT_PAYABLE"]);
    assert.equal((await call("PATCH", `/bookings/nope/confirm-payment`, { amountPaid: 10 })).status, 404);
  });

  await t.step("two simultaneous confirm-payment calls paying in full: exactly one is paid", async () => {
    const racer = await createBooking(app, "/api/bookings", { startTimeISO: "2026-11-28T13:00:00+11:00", hours: 2, extras: [] });
    const total = (await get(`/bookings/${racer}`)).body.firstServiceTotal;
    const results = await Promise.all([total, total].map((amountPaid) =>
      call("PATCH", `/bookings/${racer}/confirm-payment`, { amountPaid })
    ));
    assert.deepEqual(results.map((r) => r.status).sort(), [200, 409]);
    const winner = results.find((r) => r.status === 200)!.body.totalPaid;
    assert.equal((await get(`/bookings/${racer}`)).body.totalPaid, winner);
    assert.equal((await auditRows(db, racer)).length, 1);
  });
});

describeApi("staff bookings: CSV export", async (t, _app, db) => {
  const { app, headers, get, call } = await staff(db);
  const booking = await createBooking(app, "/api/bookings", { frequencyCode: "WEEKLY", notes: 'Gate "B", then\nturn left' });
  // Who is on it (issue 34): the CSV names them.
  const [priya, tom] = DEMO_CLEANERS;
  assert.equal((await call("PUT", `/bookings/${booking}/cleaners`, { cleanerIds: [tom._id, priya._id] })).status, 200);
  const quote = await createBooking(app, "/api/quotes", { firstName: "Alan", lastName: "Turing", startTimeISO: "2026-11-28T16:00:00+11:00" });
  await db.sql`update bookings set first_name = '=HYPERLINK("http://evil.example")', last_name = '+SUM(A1)',
                                   email = '@cmd', phone = '-1', notes = ${"\tTabbed"} where id = ${quote}`;
  const csv = async (query = "") => {
    const response = await app.request(request("GET", `/bookings.csv${query}`, headers));
    return { response, text: await response.text() };
  };
  /** The file as a CSV library reads it (RFC 4180: quotes, doubled quotes, CRLF inside cells). */
  const parse = (text: string): string[][] => parseCsv(text, { relaxColumnCount: false, record_delimiter: "\r\n" });

  await t.step("an attachment of text/csv, UTF-8 with a BOM, not cached", async () => {
    const { response, text } = await csv();
    assert.equal(response.status, 200);
    assert.equal(response.headers.get("content-type"), "text/csv; charset=utf-8");
    assert.equal(response.headers.get("content-disposition"), 'attachment; filename="bookings-2026-11-22.csv"');
    assert.equal(response.headers.get("cache-control"), "no-store");
    assert.ok(text.startsWith("\uFEFFid,reference,type,status,"));
  });

  await t.step("columns, Melbourne times, amounts, extras; every matching row", async () => {
    const [header, ...rows] = parse((await csv()).text.slice(1));
    const fixed = ["id", "reference", "type", "status", "cancelReason", "paymentStatus", "createdAt", "startTime", "endTime", "cleaners", "firstName", "lastName", "email", "phone", "address", "suburb", "postCode", "service", "hours", "bedrooms", "frequency", "discountPercent", "extras", "baseAmount", "extrasAmount", "firstServiceTotal", "recurringTotal", "totalPaid", "paidAt", "paidToDate", "balance", ...BOOKING_TEXT_FIELDS.map((field) => field.csvHeader)];
    assert.deepEqual(header.slice(0, fixed.length), fixed);
    assert.equal(rows.length, 10, "the weekly booking, the quote, and the 8 visits the booking planned with it (issue 28)");
    const record = (await get(`/bookings/${booking}`)).body;
    const answers = record.answers as { label: string; displayValue: string }[];
    assert.ok(answers.length > 0);
    assert.deepEqual(header.slice(fixed.length), [...new Set(answers.map((a) => a.label))], "one column a question the rows answer");
    const row = Object.fromEntries(header.map((h, i) => [h, rows[0][i]]));
    assert.equal(row.id, booking);
    assert.equal(row.reference, record.reference);
    assert.match(row.reference, /^YS-[2-9A-HJ-NP-Z]{6}$/);
    assert.equal(row.startTime, "2026-11-27 09:00");
    assert.equal(row.endTime, "2026-11-27 13:15", "3 hours, two rooms of windows and the oven");
    assert.equal(row.address, "4/12 Smith St, Fitzroy VIC 3065");
    assert.deepEqual([row.suburb, row.postCode], ["Fitzroy", "3065"]);
    assert.match(row.phone, /^04\d\d \d{3} \d{3}$/, "as people write it: a spreadsheet keeps the leading 0");
    for (const answer of answers) assert.equal(row[answer.label], answer.displayValue, answer.label);
    assert.equal(row.service, record.serviceName);
    assert.equal(row.hours, "3");
    assert.equal(row.bedrooms, "");
    assert.equal(row.discountPercent, "15");
    assert.equal(row.extras, record.extras.map((e: { titleAtBooking: string; quantity: number }) => `${e.titleAtBooking} x ${e.quantity}`).join("; "));
    assert.equal(row.firstServiceTotal, record.firstServiceTotal.toFixed(2));
    assert.equal(row.totalPaid, "");
    assert.equal(row.paidToDate, "0.00");
    assert.equal(row.balance, record.firstServiceTotal.toFixed(2));
    assert.equal(row.notes, 'Gate "B", then\nturn left', "quotes, commas and newlines survive");
    assert.equal(row.cleaners, `${DEMO_CLEANERS[1].name}; ${DEMO_CLEANERS[0].name}`, "who is on the job, in the job's order");
  });

  await t.step("cells that would run as formulas start with '", async () => {
    const [header, , row] = parse((await csv()).text.slice(1));
    const cell = Object.fromEntries(header.map((h, i) => [h, row[i]]));
    assert.equal(cell.firstName, `'=HYPERLINK("http://evil.example")`);
    assert.equal(cell.lastName, "'+SUM(A1)");
    assert.equal(cell.email, "'@cmd");
    assert.equal(cell.phone, "'-1");
    assert.equal(cell.notes, "'\tTabbed");
  });

  await t.step("the list's filters apply; bad ones are 422s", async () => {
    const rows = parse((await csv("?type=QUOTE")).text.slice(1));
    assert.deepEqual(rows.slice(1).map((r) => r[0]), [quote]);
    assert.equal(parse((await csv("?q=nobody")).text.slice(1)).length, 1, "the header alone");
    assert.deepEqual(parse((await csv("?order=desc&startTo=2026-11-28T13:00:00Z")).text.slice(1)).slice(1).map((r) => r[0]), [quote, booking]);
    assert.equal((await csv("?status=LOST")).response.status, 422);
  });

  await t.step("ids narrows the file to the bookings ticked on the list (issue 34)", async () => {
    const rows = async (query: string) => parse((await csv(query)).text.slice(1)).slice(1).map((r) => r[0]);
    assert.deepEqual(await rows(`?ids=${quote},${booking}`), [booking, quote], "in the list's order");
    assert.deepEqual(await rows(`?ids=${quote.toUpperCase()}, ${quote}`), [quote], "case and spaces aside, each once");
    assert.deepEqual(await rows(`?ids=${booking}&type=QUOTE`), [], "the other filters still apply");
    assert.deepEqual(await rows(`?ids=${crypto.randomUUID()}`), [], "an id that names nothing");
    for (const bad of ["", "nope", `${booking},x`, Array.from({ length: 201 }, () => crypto.randomUUID()).join(",")]) {
      const { response, text } = await csv(`?ids=${bad}`);
      assert.equal(response.status, 422, bad.slice(0, 40));
      assert.ok(JSON.parse(text).fieldErrors.ids, "names ids");
    }
  });
});

describeApi("staff inquiries", async (t, _app, db) => {
  const { app, admin, get, call } = await staff(db);
  const send = async (body: Record<string, string>) => {
    const response = await app.request(post("/api/inquiries", {
      firstName: "Mary", lastName: "Smith", email: "mary@office.example", phone: "0412 000 111",
      suburb: "Docklands", message: "Weekly office clean, 3 floors.", ...body,
    }));
    assert.equal(response.status, 201);
    return (await response.json())._id as string;
  };
  const office = await send({ inquiryType: "OFFICE" });
  const warehouse = await send({ inquiryType: "INDUSTRIAL", firstName: "Bob", lastName: "Builder", email: "bob@depot.example", phone: "(03) 9123 4567", suburb: "Dandenong", message: "Warehouse floor 5,000 m2" });
  const clinic = await send({ inquiryType: "HEALTHCARE_AGED_CARE", firstName: "Nina", lastName: "Nurse", email: "nina@clinic.example", suburb: "Footscray", message: "Clinic, after hours" });
  for (const [id, created] of [[office, "2026-11-20T01:00:00Z"], [warehouse, "2026-11-21T01:00:00Z"], [clinic, "2026-11-19T01:00:00Z"]]) {
    await db.sql`update inquiries set created_at = ${created} where id = ${id}`;
  }

  await t.step("list: newest first, staff fields included, page info", async () => {
    const { status, body } = await get("/inquiries");
    assert.equal(status, 200);
    assert.deepEqual(ids(body), [warehouse, office, clinic]);
    assert.deepEqual([body.page, body.totalPages, body.totalItems], [1, 1, 3]);
    const first = body.items[0];
    assert.deepEqual([first.inquiryType, first.read, first.hasAddress, first.archivedAt, first.adminNotes], ["INDUSTRIAL_WAREHOUSE", false, false, null, ""]);
    assert.deepEqual(ids((await get("/inquiries?order=asc&sort=createdAt")).body), [clinic, office, warehouse]);
    const paged = (await get("/inquiries?limit=2&page=2")).body;
    assert.deepEqual([ids(paged), paged.totalPages], [[clinic], 2]);
  });

  await t.step("filters: q over names, e-mail, phone digits, suburb, message; type with its alias; created range", async () => {
    const cases: [string, string[]][] = [
      ["q=BUILDER", [warehouse]],
      ["q=mary%20smith", [office]],
      ["q=clinic.example", [clinic]],
      [`q=${encodeURIComponent("03 9123")}`, [warehouse]],
      ["q=91234567", [warehouse]],
      ["q=footscray", [clinic]],
      ["q=3%20floors", [office]],
      ["inquiryType=INDUSTRIAL", [warehouse]],
      ["inquiryType=INDUSTRIAL_WAREHOUSE", [warehouse]],
      ["inquiryType=HEALTHCARE_AGED_CARE", [clinic]],
      ["inquiryType=RETAIL_SHOWROOM", []],
      [`createdFrom=${encodeURIComponent("2026-11-20T01:00:00Z")}`, [warehouse, office]],
      [`createdTo=${encodeURIComponent("2026-11-20T01:00:00Z")}`, [clinic]],
    ];
    for (const [query, expected] of cases) {
      const { status, body } = await get(`/inquiries?${query}`);
      assert.equal(status, 200, query);
      assert.deepEqual(ids(body), expected, query);
    }
    for (const [query, field] of [["inquiryType=HOME", "inquiryType"], ["read=yes", "read"], ["hasAddress=1", "hasAddress"], ["includeArchived=maybe", "includeArchived"], ["createdFrom=2026", "createdFrom"], ["sort=name", "sort"], ["limit=501", "limit"], ["order=sideways", "order"], ["page=1e20", "page"], ["page=100001", "page"]]) {
      const { status, body } = await get(`/inquiries?${query}`);
      assert.equal(status, 422, query);
      assert.ok(body.fieldErrors[field], query);
    }
  });

  await t.step("GET one, 404 for unknown or malformed ids", async () => {
    const { status, body } = await get(`/inquiries/${office}`);
    assert.equal(status, 200);
    assert.equal(body.message, "Weekly office clean, 3 floors.");
    for (const id of [crypto.randomUUID(), "nope"]) {
      const missing = await get(`/inquiries/${id}`);
      assert.deepEqual([missing.status, missing.body.code], [404, "INQUIRY_NOT_FOUND"]);
    }
  });

  await t.step("read and has-address: set, filtered on, audited; booleans only", async () => {
    const read = await call("PATCH", `/inquiries/${office}/read`, { read: true });
    assert.deepEqual([read.status, read.body.read], [200, true]);
    const checked = await call("PATCH", `/inquiries/${warehouse}/has-address`, { hasAddress: true });
    assert.deepEqual([checked.status, checked.body.hasAddress], [200, true]);
    assert.deepEqual(ids((await get("/inquiries?read=true")).body), [office]);
    assert.deepEqual(ids((await get("/inquiries?read=false")).body), [warehouse, clinic]);
    assert.deepEqual(ids((await get("/inquiries?hasAddress=true")).body), [warehouse]);
    assert.deepEqual(ids((await get("/inquiries?hasAddress=false&read=false")).body), [clinic]);
    assert.deepEqual((await auditRows(db, office)).map((r) => [r.action, r.admin_email, r.entity, r.before, r.after]), [
      ["inquiry.read", admin.email, "inquiry", { read: false }, { read: true }],
    ]);
    assert.deepEqual((await auditRows(db, warehouse)).map((r) => [r.action, r.before, r.after]), [
      ["inquiry.has_address", { hasAddress: false }, { hasAddress: true }],
    ]);
    for (const [path, body, field] of [["read", { read: "true" }, "read"], ["read", {}, "read"], ["has-address", { hasAddress: 1 }, "hasAddress"]] as const) {
      const bad = await call("PATCH", `/inquiries/${office}/${path}`, body);
      assert.equal(bad.status, 422, JSON.stringify(body));
      assert.ok(bad.body.fieldErrors[field]);
    }
    assert.equal((await call("PATCH", `/inquiries/${crypto.randomUUID()}/read`, { read: true })).status, 404);
    const unread = await call("PATCH", `/inquiries/${office}/read`, { read: false });
    assert.equal(unread.body.read, false);
    assert.equal((await auditRows(db, office)).length, 2);
  });

  await t.step("admin notes: saved trimmed, audited, at most 5,000 characters", async () => {
    const saved = await call("PATCH", `/inquiries/${clinic}`, { adminNotes: "  Called back, site visit Tue.  " });
    assert.deepEqual([saved.status, saved.body.adminNotes], [200, "Called back, site visit Tue."]);
    assert.equal((await get(`/inquiries/${clinic}`)).body.adminNotes, "Called back, site visit Tue.");
    assert.equal((await call("PATCH", `/inquiries/${clinic}`, { adminNotes: "x".repeat(5000) })).status, 200);
    const long = await call("PATCH", `/inquiries/${clinic}`, { adminNotes: "x".repeat(5001) });
    assert.deepEqual([long.status, long.body.fieldErrors], [422, { adminNotes: ["Please keep admin notes under 5,000 characters."] }]);
    assert.equal((await call("PATCH", `/inquiries/${clinic}`, { adminNotes: 42 })).status, 422);
    assert.equal((await call("PATCH", `/inquiries/${clinic}`, "[]")).status, 400);
    assert.equal((await call("PATCH", `/inquiries/nope`, { adminNotes: "x" })).status, 404);
    const rows = await auditRows(db, clinic);
    assert.deepEqual(rows.map((r) => r.action), ["inquiry.notes", "inquiry.notes"]);
    assert.deepEqual([rows[0].before, rows[0].after], [{ adminNotes: "" }, { adminNotes: "Called back, site visit Tue." }]);
  });

  await t.step("archive: hidden unless includeArchived; idempotent; audited once", async () => {
    const archived = await call("DELETE", `/inquiries/${warehouse}`);
    assert.deepEqual([archived.status, archived.body.archivedAt], [200, NOW.toISOString()]);
    assert.deepEqual(ids((await get("/inquiries")).body), [office, clinic]);
    assert.deepEqual(ids((await get("/inquiries?includeArchived=false")).body), [office, clinic]);
    assert.deepEqual(ids((await get("/inquiries?includeArchived=true")).body), [warehouse, office, clinic]);
    assert.equal((await get(`/inquiries/${warehouse}`)).body.archivedAt, NOW.toISOString());
    await db.sql`update inquiries set archived_at = ${"2026-11-21T05:00:00Z"} where id = ${warehouse}`;
    const again = await call("DELETE", `/inquiries/${warehouse}`);
    assert.deepEqual([again.status, again.body.archivedAt], [200, "2026-11-21T05:00:00.000Z"], "the first date is kept");
    const rows = (await auditRows(db, warehouse)).filter((r) => r.action === "inquiry.archive");
    assert.equal(rows.length, 1);
    assert.deepEqual([rows[0].before, rows[0].after], [{ archivedAt: null }, { archivedAt: NOW.toISOString() }]);
    assert.equal((await call("DELETE", `/inquiries/${crypto.randomUUID()}`)).status, 404);
  });

  await t.step("restore: back in the default list; restoring again writes nothing; audited once", async () => {
    const restored = await call("POST", `/inquiries/${warehouse}/restore`);
    assert.deepEqual([restored.status, restored.body.archivedAt], [200, null]);
    assert.ok(ids((await get("/inquiries")).body).includes(warehouse));
    assert.equal((await call("POST", `/inquiries/${warehouse}/restore`)).status, 200);
    const rows = (await auditRows(db, warehouse)).filter((r) => r.action === "inquiry.restore");
    assert.equal(rows.length, 1);
    assert.deepEqual([rows[0].before, rows[0].after], [{ archivedAt: "2026-11-21T05:00:00.000Z" }, { archivedAt: null }]);
    assert.equal((await call("POST", `/inquiries/${crypto.randomUUID()}/restore`)).status, 404);
  });
});

describeApi("staff bookings and inquiries in the OpenAPI document", async (t, app) => {
  await t.step("every call is documented with a bearer token and the group's tag", async () => {
    const doc = await (await app.request("/api/openapi.json")).json();
    const expected = [
      ["get", "/api/admin/bookings"], ["get", "/api/admin/bookings.csv"], ["get", "/api/admin/bookings/{id}"],
      ["patch", "/api/admin/bookings/{id}/status"], ["patch", "/api/admin/bookings/{id}/confirm-payment"],
      ["get", "/api/admin/inquiries"], ["get", "/api/admin/inquiries/{id}"], ["patch", "/api/admin/inquiries/{id}"],
      ["patch", "/api/admin/inquiries/{id}/read"], ["patch", "/api/admin/inquiries/{id}/has-address"],
      ["delete", "/api/admin/inquiries/{id}"], ["post", "/api/admin/inquiries/{id}/restore"],
    ];
    for (const [method, path] of expected) {
      const op = doc.paths[path]?.[method];
      assert.ok(op, `${method} ${path}`);
      assert.deepEqual(op.tags, ["Staff: bookings and inquiries"]);
      assert.deepEqual(op.security, [{ bearerAuth: [] }]);
    }
    const params = doc.paths["/api/admin/bookings"].get.parameters.map((p: { name: string }) => p.name);
    assert.deepEqual(params.sort(), ["endFrom", "limit", "order", "page", "paymentStatus", "q", "sort", "startFrom", "startTo", "status", "type"]);
  });
});

/**
 * Issue 30: business details, invoices, receipts, the customer's copy, the invoice e-mailed on
 * DONE and the accounting export, through the API on PGlite (and PostgreSQL with DATABASE_URL).
 */
import assert from "node:assert/strict";
import { parse } from "csv-parse/sync";
import PostalMime from "postal-mime";
import { adminSession, buildTestApp, describeApi, json, type TestApp } from "./test-app.ts";
import { draft, fixedClock, FRIDAY_9AM, NOW, post } from "./test-fixtures.ts";
import { makeSettingsStore } from "../adapters/postgres/settings-repository.ts";
import type { TestDatabase } from "../adapters/postgres/test-db.ts";
import { saveManageTokenHash } from "../adapters/postgres/booking-repository.ts";
import { makeMailboxTransport } from "../adapters/email/mailbox-transport.ts";
import { makeOutboxRelay } from "../adapters/jobs/outbox-relay.ts";
import { pdfText } from "../adapters/pdf/test-pdf-text.ts";
import { newManageToken } from "../core/booking/manage/token.ts";
import { SCHEDULING_DEFAULTS } from "../core/settings/types.ts";
import { DEMO_BUSINESS_PROFILE } from "../core/settings/demo-business-profile.ts";
import { INVOICE_CSV_COLUMNS } from "../core/invoicing/csv.ts";

type Headers = Record<string, string>;

const DETAILS = {
  legalName: "Yarra Shine Cleaning Pty Ltd",
  abn: "51 824 753 556",
  gstRegistered: true,
  address: "12 Chapel St, Windsor VIC 3181",
  phone: "0412 345 678",
  email: "accounts@yarrashine.com.au",
  paymentTerms: "Due within 7 days",
  bankDetails: "BSB 063-000\nAccount 1234 5678",
  emailInvoiceOnDone: true,
};

const send = (method: string, path: string, headers: Headers, body?: unknown) =>
  new Request(`http://localhost/api${path}`, {
    method,
    headers: body === undefined ? headers : { "content-type": "application/json", ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

async function bookingOf(app: TestApp, overrides: Record<string, unknown> = {}, path = "/api/bookings"): Promise<string> {
  const response = await app.request(post(path, draft(overrides)));
  assert.equal(response.status, 201, await response.clone().text());
  return (await response.json())._id as string;
}

const pdfOf = async (response: Response) => {
  assert.equal(response.status, 200, response.status === 200 ? "" : await response.clone().text());
  assert.equal(response.headers.get("content-type"), "application/pdf");
  const bytes = new Uint8Array(await response.arrayBuffer());
  assert.equal(new TextDecoder().decode(bytes.slice(0, 5)), "%PDF-");
  return { bytes, disposition: response.headers.get("content-disposition") ?? "" };
};

/** The PDF's text with runs of spaces as one. */
async function textOf(bytes: Uint8Array): Promise<string> {
  return (await pdfText(bytes)).replace(/[ \t]+/g, " ");
}

const audit = (db: TestDatabase, action: string) =>
  db.sql<{ entity_id: string; admin_id: string | null; after: Record<string, unknown> }[]>`
    select entity_id, admin_id, after from audit_log where action = ${action} order by id`;

describeApi("invoices: business details, numbers, PDFs, receipts, the customer's copy, DONE's e-mail, the CSV", async (t, _app, db) => {
  await makeSettingsStore(db.sql).saveScheduling({ ...SCHEDULING_DEFAULTS, enforceBuffer: false, maxConcurrentPerSlot: 20 });
  const app = buildTestApp(db, { clock: fixedClock });
  const admin = await adminSession(db, "admin", undefined, NOW);
  const root = await adminSession(db, "superadmin", undefined, NOW);
  const call = async (method: string, path: string, body?: unknown, as: Headers = admin.headers, on: TestApp = app) =>
    await json(await on.request(send(method, path, as, body)));

  await t.step("before any save, the details come from the business profile; no ABN, no GST", async () => {
    const { status, body } = await call("GET", "/admin/settings/business");
    assert.equal(status, 200);
    assert.deepEqual(
      [body.legalName, body.phone, body.email, body.abn, body.abnFormatted, body.gstRegistered, body.emailInvoiceOnDone],
      [DEMO_BUSINESS_PROFILE.legalName, DEMO_BUSINESS_PROFILE.phone, DEMO_BUSINESS_PROFILE.email, "", "", false, false],
    );
    assert.equal((await app.request(send("GET", "/admin/settings/business", {}))).status, 401);
  });

  await t.step("only a superadmin saves; a bad ABN is a 422 on abn; GST needs an ABN; the save is audited", async () => {
    assert.equal((await call("PUT", "/admin/settings/business", DETAILS)).status, 403);
    const bad = await call("PUT", "/admin/settings/business", { ...DETAILS, abn: "51 824 753 557" }, root.headers);
    assert.equal(bad.status, 422);
    assert.equal(bad.body.code, "VALIDATION_FAILED");
    assert.deepEqual(bad.body.fieldErrors.abn, ["Please enter a valid ABN."]);
    const none = await call("PUT", "/admin/settings/business", { ...DETAILS, abn: "" }, root.headers);
    assert.equal(none.status, 422);
    assert.ok(none.body.fieldErrors.abn);
    const saved = await call("PUT", "/admin/settings/business", DETAILS, root.headers);
    assert.equal(saved.status, 200, JSON.stringify(saved.body));
    assert.deepEqual([saved.body.abn, saved.body.abnFormatted, saved.body.gstRegistered], ["51824753556", "51 824 753 556", true]);
    assert.deepEqual((await call("GET", "/admin/settings/business")).body, saved.body);
    const [row] = await audit(db, "settings.business");
    assert.equal(row.entity_id, "business_details");
    assert.equal(row.after.abn, "51824753556");
  });

  const first = await bookingOf(app);
  const second = await bookingOf(app, { email: "grace@example.com", firstName: "Grace", lastName: "Hopper" });

  await t.step("the first invoice call issues INV-000001 (audited once); the lines add up to the total; GST = total / 11", async () => {
    const { status, body } = await call("GET", `/admin/bookings/${first}/invoice`);
    assert.equal(status, 200, JSON.stringify(body));
    assert.equal(body.number, "INV-000001");
    assert.equal(body.title, "Tax invoice");
    const cents = body.lines.reduce((sum: number, line: { amount: number }) => sum + Math.round(line.amount * 100), 0);
    assert.equal(cents, Math.round(body.total * 100));
    assert.equal(body.gst, Math.round(body.total * 100 / 11) / 100);
    assert.deepEqual([body.paidToDate, body.balance], [0, body.total]);
    assert.match(body.lines[0].description, /, 3 hours$/);
    const again = await call("GET", `/admin/bookings/${first}/invoice`);
    assert.equal(again.body.number, "INV-000001");
    assert.equal(again.body.issuedAt, body.issuedAt);
    const rows = await audit(db, "booking.invoice_issue");
    assert.deepEqual(rows.map((r) => [r.entity_id, r.admin_id, r.after.number]), [[first, admin.admin._id, "INV-000001"]]);
    assert.equal((await call("GET", `/admin/bookings/${second}/invoice`)).body.number, "INV-000002");
  });

  await t.step("404 for an unknown booking, 409 QUOTE_NOT_INVOICEABLE for a quote, 401 without a session", async () => {
    const unknown = await call("GET", `/admin/bookings/${crypto.randomUUID()}/invoice`);
    assert.deepEqual([unknown.status, unknown.body.code], [404, "BOOKING_NOT_FOUND"]);
    const quote = await bookingOf(app, {}, "/api/quotes");
    const refused = await call("GET", `/admin/bookings/${quote}/invoice.pdf`);
    assert.deepEqual([refused.status, refused.body.code], [409, "QUOTE_NOT_INVOICEABLE"]);
    assert.equal((await app.request(send("GET", `/admin/bookings/${first}/invoice.pdf`, {}))).status, 401);
  });

  await t.step("invoice.pdf: an attachment named by its number, whose text is the tax invoice", async () => {
    await call("POST", `/admin/bookings/${first}/payments`, { amount: 50, method: "CARD" });
    const { bytes, disposition } = await pdfOf(await app.request(send("GET", `/admin/bookings/${first}/invoice.pdf`, admin.headers)));
    assert.equal(disposition, 'attachment; filename="INV-000001.pdf"');
    const text = await textOf(bytes);
    const invoice = (await call("GET", `/admin/bookings/${first}/invoice`)).body;
    const aud = (n: number) => `A$${n.toLocaleString("en-AU", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
    for (const expected of [
      "Tax invoice", "Yarra Shine Cleaning Pty Ltd", "ABN 51 824 753 556", "Invoice number INV-000001", "Ada Lovelace",
      "4/12 Smith St, Fitzroy VIC 3065", "Service date Fri 27 Nov 2026", `Total ${aud(invoice.total)}`, `GST included ${aud(invoice.gst)}`,
      "Paid to date A$50.00", `Balance due ${aud(invoice.total - 50)}`, "Due within 7 days", "BSB 063-000",
    ]) assert.ok(text.includes(expected), `missing "${expected}" in:\n${text}`);
  });

  await t.step("receipt.pdf per live payment; 409 for a voided one; 404 for another booking's", async () => {
    const paid = await call("POST", `/admin/bookings/${second}/payments`, { amount: 40, method: "CASH" });
    const paymentId = paid.body.items[0]._id;
    const reference = (await call("GET", `/admin/bookings/${second}`)).body.reference;
    const { bytes, disposition } = await pdfOf(await app.request(send("GET", `/admin/bookings/${second}/payments/${paymentId}/receipt.pdf`, admin.headers)));
    assert.equal(disposition, `attachment; filename="receipt-${reference}-1.pdf"`);
    const text = await textOf(bytes);
    for (const expected of ["Receipt", "Amount received A$40.00", "Method Cash", "Invoice number INV-000002", `Reference ${reference}`]) {
      assert.ok(text.includes(expected), `missing "${expected}" in:\n${text}`);
    }
    const other = await call("GET", `/admin/bookings/${first}/payments/${paymentId}/receipt.pdf`);
    assert.deepEqual([other.status, other.body.code], [404, "PAYMENT_NOT_FOUND"]);
    await call("POST", `/admin/bookings/${second}/payments/${paymentId}/void`, { reason: "Wrong booking" }, root.headers);
    const voided = await call("GET", `/admin/bookings/${second}/payments/${paymentId}/receipt.pdf`);
    assert.deepEqual([voided.status, voided.body.code], [409, "PAYMENT_ALREADY_VOIDED"]);
  });

  await t.step("the customer's copy through their link: the same PDF; 404 MANAGE_LINK_INVALID for a bad token; no-store", async () => {
    const link = newManageToken();
    await saveManageTokenHash(db.sql, first, link.hash);
    const response = await app.request(`http://localhost/api/manage/${link.token}/invoice.pdf`);
    assert.equal(response.headers.get("cache-control"), "no-store");
    assert.equal(response.headers.get("referrer-policy"), "no-referrer");
    const { disposition, bytes } = await pdfOf(response);
    assert.equal(disposition, 'attachment; filename="INV-000001.pdf"');
    const text = await textOf(bytes);
    assert.ok(text.includes("Invoice number INV-000001"), text);
    const bad = await json(await app.request(`http://localhost/api/manage/${"x".repeat(43)}/invoice.pdf`));
    assert.deepEqual([bad.status, bad.body.code], [404, "MANAGE_LINK_INVALID"]);
    const quote = await bookingOf(app, {}, "/api/quotes");
    const quoteLink = newManageToken();
    await saveManageTokenHash(db.sql, quote, quoteLink.hash);
    const refused = await json(await app.request(`http://localhost/api/manage/${quoteLink.token}/invoice.pdf`));
    assert.deepEqual([refused.status, refused.body.code], [409, "QUOTE_NOT_INVOICEABLE"]);
  });

  await t.step("marking a job DONE e-mails the invoice PDF attached (number issued with it); off, nothing is sent", async () => {
    const done = await bookingOf(app, { email: "done@example.com" });
    const quiet = await bookingOf(app, { email: "quiet@example.com" });
    await db.sql`delete from email_outbox`;
    const started = new Date(new Date(FRIDAY_9AM).getTime() + 60 * 60_000);
    const later = buildTestApp(db, { clock: { now: () => started } });
    const laterAdmin = await adminSession(db, "admin", undefined, started);
    const marked = await call("PATCH", `/admin/bookings/${done}/status`, { status: "DONE" }, laterAdmin.headers, later);
    assert.equal(marked.status, 200, JSON.stringify(marked.body));
    const [{ number }] = await db.sql<{ number: string }[]>`select number from invoices where booking_id = ${done}`;
    assert.equal(number, "INV-000003");
    // Issue 32: DONE asks for feedback too (api/feedback.test.ts); this step reads the invoice alone.
    await db.sql`delete from email_outbox where kind = 'feedback-request'`;

    const dir = await Deno.makeTempDir();
    try {
      const quietLog = { info() {}, warn() {}, error() {} };
      const relay = makeOutboxRelay({ sql: db.sql, transport: makeMailboxTransport(dir), from: "Yarra Shine <hello@yarrashine.com.au>", log: quietLog });
      assert.equal((await relay.runOnce()).sent, 1);
      const [file] = [...Deno.readDirSync(dir)];
      const mail = await PostalMime.parse(await Deno.readTextFile(`${dir}/${file.name}`));
      assert.equal(mail.to?.[0]?.address, "done@example.com");
      assert.match(mail.subject ?? "", /^Tax invoice INV-000003 from /);
      assert.ok((mail.text ?? "").includes("Invoice number: INV-000003") || (mail.text ?? "").includes("INV-000003"));
      const pdf = mail.attachments.find((a) => a.filename === "INV-000003.pdf");
      assert.ok(pdf, "the PDF is attached");
      assert.equal(pdf.mimeType, "application/pdf");
      const bytes = new Uint8Array(pdf.content as ArrayBuffer);
      assert.equal(new TextDecoder().decode(bytes.slice(0, 5)), "%PDF-");
      const text = await textOf(bytes);
      assert.ok(text.includes("Invoice number INV-000003"), text);
    } finally {
      await Deno.remove(dir, { recursive: true });
    }

    await call("PUT", "/admin/settings/business", { ...DETAILS, emailInvoiceOnDone: false }, root.headers);
    await db.sql`delete from email_outbox`;
    assert.equal((await call("PATCH", `/admin/bookings/${quiet}/status`, { status: "DONE" }, laterAdmin.headers, later)).status, 200);
    assert.equal((await db.sql`select 1 from email_outbox where kind = 'invoice'`).length, 0);
    assert.equal((await db.sql`select 1 from invoices where booking_id = ${quiet}`).length, 0);
  });

  await t.step("invoices.csv: Xero's columns, one row per line, by issue date (Melbourne days)", async () => {
    const response = await app.request(send("GET", "/admin/invoices.csv?from=2026-11-22&to=2026-11-28", admin.headers));
    assert.equal(response.status, 200);
    assert.equal(response.headers.get("content-type"), "text/csv; charset=utf-8");
    assert.equal(response.headers.get("content-disposition"), 'attachment; filename="invoices-2026-11-22-to-2026-11-28.csv"');
    const rows: Record<string, string>[] = parse(await response.text(), { columns: true, bom: true });
    assert.deepEqual(Object.keys(rows[0]), [...INVOICE_CSV_COLUMNS]);
    assert.deepEqual([...new Set(rows.map((r) => r.InvoiceNumber))], ["INV-000001", "INV-000002", "INV-000003"]);
    const firstRows = rows.filter((r) => r.InvoiceNumber === "INV-000001");
    const invoice = (await call("GET", `/admin/bookings/${first}/invoice`)).body;
    assert.equal(firstRows.length, invoice.lines.length);
    assert.deepEqual(firstRows.map((r) => r.Description), invoice.lines.map((l: { description: string }) => l.description));
    const r = firstRows[0];
    assert.deepEqual([r.ContactName, r.EmailAddress, r.POAddressLine1, r.POCity, r.POPostalCode, r.POCountry], [
      "Ada Lovelace", "ada@example.com", "4/12 Smith St", "Fitzroy", "3065", "Australia",
    ]);
    assert.deepEqual([r.InvoiceDate, r.DueDate, r.AccountCode, r.TaxType, r.AmountPaid], ["22/11/2026", "22/11/2026", "200", "GST on Income", "50"]);
    const tax = firstRows.reduce((sum, row) => sum + Math.round(Number(row.TaxAmount) * 100), 0);
    assert.equal(tax, Math.round(invoice.gst * 100));
    const none = await app.request(send("GET", "/admin/invoices.csv?from=2026-12-01&to=2026-12-31", admin.headers));
    assert.equal((await none.text()).trim().split("\n").length, 1, "the header alone");
    const backwards = await call("GET", "/admin/invoices.csv?from=2026-12-31&to=2026-12-01");
    assert.equal(backwards.status, 422);
  });

  await t.step("a booking from an accepted priced quote is invoiced with the quote's lines", async () => {
    const id = await bookingOf(app, { email: "office@example.com" });
    const lines = [
      { description: "Office clean, level 2", quantity: 1, unitPrice: 400, amount: 400 },
      { description: "Carpet steam (per room)", quantity: 3, unitPrice: 45.5, amount: 136.5 },
    ];
    // As accepting a priced quote leaves it (migration 027, quotes-repository.ts acceptQuote).
    await db.sql`update bookings set base_amount = 536.5, extras_amount = 0, first_service_total = 536.5, recurring_total = 536.5 where id = ${id}`;
    await db.sql`
      insert into quote_prices (booking_id, line_items, total, message, valid_until, status, sent_at, decided_at, decline_reason)
      values (${id}, ${db.sql.json(lines)}, 536.5, '', null, 'ACCEPTED', ${NOW}, ${NOW}, '')`;
    const { body } = await call("GET", `/admin/bookings/${id}/invoice`);
    assert.deepEqual([body.lines, body.total, body.gst], [lines, 536.5, 48.77]);
  });
});

/**
 * The payment ledger (issue 15): amounts that are money, partial payments, PAID once the first
 * service total is reached, voids by superadmins only, the audit trail, and no payment lost to a race.
 */
import assert from "node:assert/strict";
import { adminSession, buildTestApp, describeApi, json, type TestApp } from "./test-app.ts";
import { draft, fixedClock, NOW, post } from "./test-fixtures.ts";
import { makeSettingsStore } from "../adapters/postgres/settings-repository.ts";
import type { TestDatabase } from "../adapters/postgres/test-db.ts";
import { SCHEDULING_DEFAULTS } from "../core/settings/types.ts";

type Headers = Record<string, string>;

const INVALID_AMOUNT = { error: "Invalid amount.", code: "INVALID_AMOUNT" };

const send = (method: string, path: string, headers: Headers, body?: unknown) =>
  new Request(`http://localhost/api/admin${path}`, {
    method,
    headers: body === undefined ? headers : { "content-type": "application/json", ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

/** A booking whose first service total is `total`, so the sums read plainly. */
async function bookingOf(app: TestApp, db: TestDatabase, total: number, overrides: Record<string, unknown> = {}): Promise<string> {
  const response = await app.request(post("/api/bookings", draft(overrides)));
  assert.equal(response.status, 201, await response.clone().text());
  const id = (await response.json())._id as string;
  await db.sql`update bookings set first_service_total = ${total} where id = ${id}`;
  return id;
}

const auditRows = (db: TestDatabase, id: string) =>
  db.sql<{ action: string; admin_email: string; before: Record<string, unknown>; after: Record<string, unknown> }[]>`
    select action, admin_email, before, after from audit_log where entity_id = ${id} order by id`;

const stateOf = async (db: TestDatabase, id: string) => {
  const [row] = await db.sql<{ payment_status: string; total_paid: string | null; paid_at: Date | null }[]>`
    select payment_status, total_paid, paid_at from bookings where id = ${id}`;
  return [row.payment_status, row.total_paid === null ? null : Number(row.total_paid), row.paid_at && new Date(row.paid_at).toISOString()];
};

describeApi("staff payments: a ledger, PAID at the first service total, voids by superadmins", async (t, _app, db) => {
  // Several bookings at the same time: capacity is not what these tests are about.
  await makeSettingsStore(db.sql).saveScheduling({ ...SCHEDULING_DEFAULTS, enforceBuffer: false });
  const app = buildTestApp(db, { clock: fixedClock });
  const admin = await adminSession(db, "admin", undefined, NOW);
  const root = await adminSession(db, "superadmin", undefined, NOW);
  const call = async (method: string, path: string, body?: unknown, as: Headers = admin.headers, on: TestApp = app) =>
    await json(await on.request(send(method, path, as, body)));
  const pay = (id: string, body: unknown, as?: Headers) => call("POST", `/bookings/${id}/payments`, body, as);
  const ledger = (id: string) => call("GET", `/bookings/${id}/payments`);
  const booking = (id: string) => call("GET", `/bookings/${id}`);

  await t.step("A$200 against A$275: UNPAID, paid to date 200, balance 75", async () => {
    const id = await bookingOf(app, db, 275);
    const { status, body } = await pay(id, { amount: 200, method: "CARD", note: "  deposit " });
    assert.equal(status, 201, JSON.stringify(body));
    assert.deepEqual([body.paidToDate, body.balance, body.paymentStatus], [200, 75, "UNPAID"]);
    assert.deepEqual(body.items.map((p: Record<string, unknown>) => [p.amount, p.method, p.note, p.receivedAt, p.voidedAt]), [
      [200, "CARD", "deposit", NOW.toISOString(), null],
    ]);
    assert.deepEqual(body.items[0].recordedBy, { adminId: admin.admin._id, name: admin.admin.name, email: admin.admin.email });
    const record = (await booking(id)).body;
    assert.deepEqual([record.paymentStatus, record.totalPaid, record.paidAt], ["UNPAID", 200, null]);
    assert.deepEqual((await ledger(id)).body, body);
  });

  await t.step("partial payments stay UNPAID until they reach the total; then PAID at the one that did", async () => {
    const id = await bookingOf(app, db, 275);
    const received = ["2026-11-20T01:00:00.000Z", "2026-11-21T01:00:00.000Z", "2026-11-21T05:30:00.000Z"];
    for (const [i, [amount, receivedAt]] of ([[100, received[0]], [100.5, received[1]]] as const).entries()) {
      const { status, body } = await pay(id, { amount, method: "CASH", receivedAt });
      assert.equal(status, 201);
      assert.equal(body.paymentStatus, "UNPAID", `payment ${i + 1}`);
    }
    const last = await pay(id, { amount: 74.5, method: "BANK_TRANSFER", receivedAt: "2026-11-21T16:30:00+11:00" });
    assert.deepEqual([last.body.paidToDate, last.body.balance, last.body.paymentStatus], [275, 0, "PAID"]);
    assert.deepEqual(last.body.items.map((p: { amount: number }) => p.amount), [74.5, 100.5, 100], "latest received first");
    assert.deepEqual(await stateOf(db, id), ["PAID", 275, received[2]]);
    const record = (await booking(id)).body;
    assert.deepEqual([record.paymentStatus, record.totalPaid, record.paidAt], ["PAID", 275, received[2]]);
  });

  await t.step("amounts that are not money: 422 'Invalid amount.' on both calls, nothing recorded", async () => {
    const id = await bookingOf(app, db, 275);
    for (const amount of [99999999, 12.345, 0, -5, "abc", 100000.01, "", null, true]) {
      const viaLedger = await pay(id, { amount, method: "CASH" });
      assert.equal(viaLedger.status, 422, JSON.stringify(amount));
      assert.deepEqual(viaLedger.body, { ...INVALID_AMOUNT, fieldErrors: { amount: ["Invalid amount."] } }, JSON.stringify(amount));
      const viaSpec = await call("PATCH", `/bookings/${id}/confirm-payment`, { amountPaid: amount });
      assert.equal(viaSpec.status, 422, JSON.stringify(amount));
      assert.deepEqual(viaSpec.body, { ...INVALID_AMOUNT, fieldErrors: { amountPaid: ["Invalid amount."] } }, JSON.stringify(amount));
    }
    const missing = await pay(id, { method: "CASH" });
    assert.deepEqual(missing.body, { ...INVALID_AMOUNT, fieldErrors: { amount: ["Invalid amount."] } });
    assert.deepEqual((await ledger(id)).body.items, []);
    assert.equal((await auditRows(db, id)).length, 0);
  });

  await t.step("the most a payment may be is A$100,000; a numeric string is read as its amount", async () => {
    const id = await bookingOf(app, db, 275);
    assert.equal((await pay(id, { amount: 100000, method: "OTHER" })).status, 201);
    assert.equal((await pay(id, { amount: "0.07", method: "OTHER" })).body.paidToDate, 100000.07);
  });

  await t.step("the method, the note and receivedAt are checked; a payment is not received in the future", async () => {
    const id = await bookingOf(app, db, 275);
    const cases: [Record<string, unknown>, string][] = [
      [{ amount: 10, method: "CHEQUE" }, "method"],
      [{ amount: 10 }, "method"],
      [{ amount: 10, method: "CASH", note: "x".repeat(501) }, "note"],
      [{ amount: 10, method: "CASH", receivedAt: "yesterday" }, "receivedAt"],
      [{ amount: 10, method: "CASH", receivedAt: "2026-11-22T00:00:01Z" }, "receivedAt"],
    ];
    for (const [body, field] of cases) {
      const answer = await pay(id, body);
      assert.equal(answer.status, 422, JSON.stringify(body));
      assert.equal(answer.body.code, "VALIDATION_FAILED");
      assert.deepEqual(Object.keys(answer.body.fieldErrors), [field], JSON.stringify(answer.body));
    }
    assert.deepEqual((await ledger(id)).body.items, []);
  });

  await t.step("quotes: never paid (409 QUOTE_NOT_PAYABLE), their ledger is empty with no balance; unknown ids 404", async () => {
    const response = await app.request(post("/api/quotes", draft()));
    const quote = (await response.json())._id as string;
    const refused = await pay(quote, { amount: 10, method: "CASH" });
    assert.deepEqual([refused.status, refused.body.code], [409, "QUOTE_NOT_PAYABLE"]);
    assert.deepEqual((await ledger(quote)).body, { items: [], paidToDate: 0, balance: null, paymentStatus: "UNPAID" });
    for (const id of [crypto.randomUUID(), "nope"]) {
      assert.deepEqual([(await ledger(id)).status, (await ledger(id)).body.code], [404, "BOOKING_NOT_FOUND"]);
      assert.equal((await pay(id, { amount: 10, method: "CASH" })).status, 404);
    }
  });

  await t.step("confirm-payment records one OTHER payment; the booking stays UNPAID below the total; refused once PAID", async () => {
    const id = await bookingOf(app, db, 275);
    const partial = await call("PATCH", `/bookings/${id}/confirm-payment`, { amountPaid: 200 });
    assert.equal(partial.status, 200);
    assert.deepEqual([partial.body.paymentStatus, partial.body.totalPaid, partial.body.paidAt], ["UNPAID", 200, null]);
    const rest = await call("PATCH", `/bookings/${id}/confirm-payment`, { amountPaid: "75", method: "CASH", note: "On the day" });
    assert.deepEqual([rest.status, rest.body.paymentStatus, rest.body.totalPaid, rest.body.paidAt], [200, "PAID", 275, NOW.toISOString()]);
    const items = (await ledger(id)).body.items;
    assert.deepEqual(items.map((p: Record<string, unknown>) => [p.amount, p.method, p.note]), [[75, "CASH", "On the day"], [200, "OTHER", ""]]);
    const again = await call("PATCH", `/bookings/${id}/confirm-payment`, { amountPaid: 10 });
    assert.deepEqual([again.status, again.body.code], [409, "ALREADY_PAID"]);
    const badMethod = await call("PATCH", `/bookings/${id}/confirm-payment`, { amountPaid: 10, method: "IOU" });
    assert.deepEqual([badMethod.status, badMethod.body.code, Object.keys(badMethod.body.fieldErrors)], [422, "VALIDATION_FAILED", ["method"]]);
    const rows = (await auditRows(db, id)).filter((r) => r.action === "booking.confirm_payment");
    assert.equal(rows.length, 2);
    assert.deepEqual(rows[1].before, { paymentStatus: "UNPAID", totalPaid: 200, paidAt: null });
    assert.deepEqual(rows[1].after, {
      paymentStatus: "PAID", totalPaid: 275, paidAt: NOW.toISOString(), paymentId: items[0]._id, amount: 75, method: "CASH",
    });
  });

  await t.step("a PAID booking may take more through the ledger (overpaid: a negative balance)", async () => {
    const id = await bookingOf(app, db, 100);
    await pay(id, { amount: 100, method: "CARD" });
    const more = await pay(id, { amount: 20, method: "CASH", note: "Extra hour" });
    assert.deepEqual([more.status, more.body.paidToDate, more.body.balance, more.body.paymentStatus], [201, 120, -20, "PAID"]);
  });

  await t.step("every payment is audited as booking.payment with the amount, the method and the totals", async () => {
    const id = await bookingOf(app, db, 275);
    const { body } = await pay(id, { amount: 120, method: "BANK_TRANSFER", note: "ref 42" });
    const [row] = await auditRows(db, id);
    assert.equal(row.action, "booking.payment");
    assert.equal(row.admin_email, admin.admin.email);
    assert.deepEqual(row.before, { paymentStatus: "UNPAID", totalPaid: null, paidAt: null });
    assert.deepEqual(row.after, {
      paymentId: body.items[0]._id, amount: 120, method: "BANK_TRANSFER", note: "ref 42", receivedAt: NOW.toISOString(),
      paymentStatus: "UNPAID", totalPaid: 120, paidAt: null, balance: 155,
    });
  });

  await t.step("void: an admin gets 403; a superadmin's void recomputes the status and is audited with the reason", async () => {
    const id = await bookingOf(app, db, 275);
    await pay(id, { amount: 200, method: "CARD" });
    const bounced = (await pay(id, { amount: 75, method: "CARD" })).body.items[0];
    assert.equal((await booking(id)).body.paymentStatus, "PAID");
    const path = `/bookings/${id}/payments/${bounced._id}/void`;

    const forbidden = await call("POST", path, { reason: "Charge reversed" });
    assert.deepEqual([forbidden.status, forbidden.body.code], [403, "FORBIDDEN"]);
    assert.deepEqual(await stateOf(db, id), ["PAID", 275, NOW.toISOString()]);

    for (const reason of [undefined, "", "   "]) {
      const noReason = await call("POST", path, reason === undefined ? {} : { reason }, root.headers);
      assert.equal(noReason.status, 422, JSON.stringify(reason));
      assert.deepEqual(noReason.body.fieldErrors, { reason: ["A reason is required to void a payment."] });
    }

    const { status, body } = await call("POST", path, { reason: "  Charge reversed " }, root.headers);
    assert.equal(status, 200, JSON.stringify(body));
    assert.deepEqual([body.paidToDate, body.balance, body.paymentStatus], [200, 75, "UNPAID"]);
    const voided = body.items.find((p: { _id: string }) => p._id === bounced._id);
    assert.deepEqual([voided.voidedAt, voided.voidReason, voided.voidedBy.email], [NOW.toISOString(), "Charge reversed", root.admin.email]);
    assert.deepEqual(await stateOf(db, id), ["UNPAID", 200, null]);

    const [row] = (await auditRows(db, id)).filter((r) => r.action === "booking.payment_void");
    assert.equal(row.admin_email, root.admin.email);
    assert.deepEqual(row.before, { paymentId: bounced._id, amount: 75, method: "CARD", paymentStatus: "PAID", totalPaid: 275, paidAt: NOW.toISOString() });
    assert.deepEqual(row.after, { paymentId: bounced._id, reason: "Charge reversed", paymentStatus: "UNPAID", totalPaid: 200, paidAt: null, balance: 75 });

    const twice = await call("POST", path, { reason: "Again" }, root.headers);
    assert.deepEqual([twice.status, twice.body.code], [409, "PAYMENT_ALREADY_VOIDED"]);
    const elsewhere = await bookingOf(app, db, 275);
    const notHis = await call("POST", `/bookings/${elsewhere}/payments/${bounced._id}/void`, { reason: "x" }, root.headers);
    assert.deepEqual([notHis.status, notHis.body.code], [404, "PAYMENT_NOT_FOUND"]);
    const unknown = await call("POST", `/bookings/${id}/payments/nope/void`, { reason: "x" }, root.headers);
    assert.deepEqual([unknown.status, unknown.body.code], [404, "PAYMENT_NOT_FOUND"]);
    const last = body.items.find((p: { _id: string }) => p._id !== bounced._id);
    const all = await call("POST", `/bookings/${id}/payments/${last._id}/void`, { reason: "Wrong booking" }, root.headers);
    assert.deepEqual([all.body.paidToDate, all.body.paymentStatus], [0, "UNPAID"]);
    assert.deepEqual(await stateOf(db, id), ["UNPAID", null, null], "no live payment: nothing paid");
  });

  await t.step("the CSV carries paid to date and the balance; quotes have none", async () => {
    const id = await bookingOf(app, db, 275, { firstName: "Csvtest" });
    await pay(id, { amount: 200, method: "CASH" });
    const response = await app.request(send("GET", `/bookings.csv?q=Csvtest`, admin.headers));
    const [header, row] = (await response.text()).replace(/^\uFEFF/, "").split("\r\n");
    // Counted from the end: the quoted address holds a comma.
    const names = header.split(",");
    const values = row.split(",");
    const cell = (name: string) => values[values.length - (names.length - names.indexOf(name))];
    assert.deepEqual([cell("totalPaid"), cell("paidToDate"), cell("balance")], ["200.00", "200.00", "75.00"]);
  });

  await t.step("simultaneous payments on two API instances: every one is kept, and the totals add up", async () => {
    const id = await bookingOf(app, db, 1000);
    const other = await db.openAnother();
    try {
      const second = buildTestApp(other, { clock: fixedClock });
      const amounts = Array.from({ length: 12 }, (_, i) => 10 + i + 0.01 * i);
      const answers = await Promise.all(amounts.map((amount, i) =>
        call("POST", `/bookings/${id}/payments`, { amount, method: "CASH" }, admin.headers, i % 2 ? second : app)
      ));
      assert.deepEqual(answers.map((a) => a.status), amounts.map(() => 201));
      const expected = Math.round(amounts.reduce((sum, a) => sum + a * 100, 0)) / 100;
      const final = (await ledger(id)).body;
      assert.equal(final.items.length, amounts.length);
      assert.equal(final.paidToDate, expected);
      assert.deepEqual(await stateOf(db, id), ["UNPAID", expected, null]);
      assert.equal((await auditRows(db, id)).length, amounts.length);
    } finally {
      await other.close();
    }
  });
});

/**
 * Card payments through Stripe (issue 30), against a local stand-in for Stripe's HTTP API and
 * events signed with Stripe's own helper: off without keys, the settings, Checkout Sessions from
 * the manage link and from the booking form, the webhook (signature, replay, two events for one
 * session, out of order, unknown bookings) and refunds as negative ledger entries.
 */
import assert from "node:assert/strict";
import { adminSession, buildTestApp, json, type TestApp } from "./test-app.ts";
import { completedEvent, deliver as deliverTo, signer, SITE, stripeApp, stripeStandIn, WEBHOOK_SECRET } from "./test-stripe.ts";
import { draft, fixedClock, NOW, post } from "./test-fixtures.ts";
import { makeSettingsStore } from "../adapters/postgres/settings-repository.ts";
import { saveManageTokenHash } from "../adapters/postgres/booking-repository.ts";
import { describeOnTargets } from "../adapters/postgres/test-db.ts";
import { seedDemoData } from "../adapters/postgres/seed.ts";
import { newManageToken } from "../core/booking/manage/token.ts";
import { STRIPE_ACTOR_EMAIL as AUDIT_STRIPE_EMAIL } from "../core/admin/audit-log/actor.ts";
import { STRIPE_ACTOR_EMAIL } from "../core/booking/payments/online.ts";
import { SCHEDULING_DEFAULTS } from "../core/settings/types.ts";

type Headers = Record<string, string>;
const admin = async (app: TestApp, method: string, path: string, headers: Headers, body?: unknown) =>
  await json(await app.request(new Request(`http://localhost/api/admin${path}`, {
    method,
    headers: body === undefined ? headers : { "content-type": "application/json", ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  })));

describeOnTargets("card payments through Stripe (issue 30)", async (t, db) => {
  await seedDemoData(db.sql);
  await makeSettingsStore(db.sql).saveScheduling({ ...SCHEDULING_DEFAULTS, enforceBuffer: false, maxConcurrentPerSlot: 50 });
  const stand = stripeStandIn();
  const logs: string[] = [];
  const app = stripeApp(db, stand.url, logs);
  const deliver = (on: TestApp, event: unknown, secret = WEBHOOK_SECRET, signature?: string | null) =>
    deliverTo(on, event, secret, signature).then(async (response) => await json(response));
  const root = await adminSession(db, "superadmin", undefined, NOW);
  const staff = await adminSession(db, "admin", undefined, NOW);

  /** A one-off booking of `total`, and a manage token that opens it. */
  async function booked(total = 275, overrides: Record<string, unknown> = {}) {
    const created = await json(await app.request(post("/api/bookings", draft({ frequencyCode: "ONE_TIME", ...overrides }))));
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const id = created.body._id as string;
    await db.sql`update bookings set first_service_total = ${total} where id = ${id}`;
    const link = newManageToken();
    await saveManageTokenHash(db.sql, id, link.hash);
    return { id, reference: created.body.reference as string, token: link.token };
  }
  const checkout = async (token: string, kind: string) => await json(await app.request(post(`/api/manage/${token}/checkout`, { kind })));
  const ledger = (id: string) => admin(app, "GET", `/bookings/${id}/payments`, staff.headers);
  const lastSession = () => stand.calls.filter((c) => c.path === "/v1/checkout/sessions").at(-1)!.form;

  try {
    await t.step("without Stripe keys nothing about payments is offered", async () => {
      const off = buildTestApp(db, { clock: fixedClock });
      assert.deepEqual((await json(await off.request(new Request("http://localhost/api/payments/config")))).body, {
        enabled: false,
        deposit: { mode: "NONE", value: 0 },
        balanceOnline: false,
      });
      const { id, token } = await booked();
      for (const response of [
        await json(await off.request(post(`/api/manage/${token}/checkout`, { kind: "BALANCE" }))),
        await json(await off.request(post(`/api/bookings/${id}/deposit-checkout`, {}))),
        await json(await off.request(post("/api/payments/stripe/webhook", { id: "evt_1" }))),
        await admin(off, "PUT", "/settings/payments", root.headers, { deposit: { mode: "NONE" }, balanceOnline: true }),
        await json(await off.request(new Request(`http://localhost/api/manage/${token}/payment-options`))),
      ]) {
        assert.deepEqual([response.status, response.body.code], [404, "PAYMENTS_OFF"]);
      }
      assert.equal((await admin(off, "GET", "/settings/payments", staff.headers)).body.enabled, false);
    });

    await t.step("superadmins set the deposit and the balance online; admins may only read; audited", async () => {
      const refused = await admin(app, "PUT", "/settings/payments", staff.headers, { deposit: { mode: "PERCENT", value: 20 }, balanceOnline: true });
      assert.equal(refused.status, 403);
      const bad = await admin(app, "PUT", "/settings/payments", root.headers, { deposit: { mode: "PERCENT", value: 120 }, balanceOnline: true });
      assert.deepEqual([bad.status, bad.body.fieldErrors], [422, { "deposit.value": ["Please enter a percentage from 1 to 100."] }]);
      const saved = await admin(app, "PUT", "/settings/payments", root.headers, { deposit: { mode: "PERCENT", value: 20 }, balanceOnline: true });
      assert.deepEqual(saved, { status: 200, body: { enabled: true, deposit: { mode: "PERCENT", value: 20 }, balanceOnline: true } });
      assert.deepEqual((await admin(app, "GET", "/settings/payments", staff.headers)).body, saved.body);
      assert.deepEqual((await json(await app.request(new Request("http://localhost/api/payments/config")))).body, saved.body);
      const rows = await db.sql<{ action: string; entity_id: string; after: unknown }[]>`
        select action, entity_id, after from audit_log where action = 'settings.payments'`;
      assert.deepEqual(rows.map((r) => [r.entity_id, r.after]), [["payments", saved.body && { deposit: { mode: "PERCENT", value: 20 }, balanceOnline: true }]]);
    });

    await t.step("the manage link's deposit: 20% of the first service total, one line, back to the manage page", async () => {
      const { id, reference, token } = await booked(275);
      const { status, body } = await checkout(token, "DEPOSIT");
      assert.equal(status, 201, JSON.stringify(body));
      assert.match(body.url, /^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/);
      const form = lastSession();
      assert.deepEqual(Object.fromEntries(form), {
        mode: "payment",
        "line_items[0][quantity]": "1",
        "line_items[0][price_data][currency]": "aud",
        "line_items[0][price_data][unit_amount]": "5500",
        "line_items[0][price_data][product_data][name]": `Deposit for ${reference}`,
        "metadata[bookingId]": id,
        "metadata[kind]": "DEPOSIT",
        "payment_intent_data[metadata][bookingId]": id,
        "payment_intent_data[metadata][kind]": "DEPOSIT",
        customer_email: "ada@example.com",
        success_url: `${SITE}/manage/${token}?paid=1`,
        cancel_url: `${SITE}/manage/${token}?paid=0`,
      });
      assert.equal((await ledger(id)).body.items.length, 0, "nothing is recorded until Stripe reports it");
    });

    await t.step("refusals: a bad link, a quote, a cancelled booking, nothing owed, a bad kind", async () => {
      const bad = await checkout("x".repeat(43), "BALANCE");
      assert.deepEqual([bad.status, bad.body.code], [404, "MANAGE_LINK_INVALID"]);
      const quote = await booked(275);
      await db.sql`update bookings set type = 'QUOTE', status = 'QUOTE_REQUESTED' where id = ${quote.id}`;
      assert.deepEqual((await checkout(quote.token, "BALANCE")).body.code, "QUOTE_NOT_PAYABLE");
      const cancelled = await booked(275);
      await db.sql`update bookings set status = 'CANCELLED' where id = ${cancelled.id}`;
      const refused = await checkout(cancelled.token, "DEPOSIT");
      assert.deepEqual([refused.status, refused.body.code], [409, "NOTHING_DUE"]);
      const kind = await checkout(cancelled.token, "TIP");
      assert.equal(kind.status, 422);
    });

    await t.step("the booking form's deposit: by the new booking's id, within the hour, without the e-mail", async () => {
      const { id, reference } = await booked(300);
      const { status, body } = await json(await app.request(post(`/api/bookings/${id}/deposit-checkout`, {})));
      assert.equal(status, 201, JSON.stringify(body));
      const form = lastSession();
      assert.equal(form.get("line_items[0][price_data][unit_amount]"), "6000");
      assert.equal(form.get("customer_email"), null);
      assert.equal(form.get("success_url"), `${SITE}/book-now?deposit=paid&ref=${reference}`);
      await db.sql`update bookings set created_at = ${new Date(NOW.getTime() - 61 * 60_000)} where id = ${id}`;
      const late = await json(await app.request(post(`/api/bookings/${id}/deposit-checkout`, {})));
      assert.deepEqual([late.status, late.body.code], [409, "NOTHING_DUE"]);
      const unknown = await json(await app.request(post(`/api/bookings/${crypto.randomUUID()}/deposit-checkout`, {})));
      assert.deepEqual([unknown.status, unknown.body.code], [404, "BOOKING_NOT_FOUND"]);
    });

    await t.step("the webhook: the signature over the raw body, or 400", async () => {
      const { id } = await booked();
      const event = completedEvent("evt_sig", { id: "cs_sig", bookingId: id, kind: "DEPOSIT", amountCents: 5500, intent: "pi_sig" });
      for (const [name, secret, signature] of [
        ["another endpoint's secret", "whsec_someone_else", undefined],
        ["no header", WEBHOOK_SECRET, null],
        ["a made-up header", WEBHOOK_SECRET, "t=1,v1=deadbeef"],
      ] as const) {
        const answer = await deliver(app, event, secret, signature);
        assert.deepEqual([answer.status, answer.body.code], [400, "WEBHOOK_SIGNATURE_INVALID"], name);
      }
      // A body changed after signing (here: re-serialised) no longer matches.
      const payload = JSON.stringify(event);
      const header = await signer.webhooks.generateTestHeaderStringAsync({ payload, secret: WEBHOOK_SECRET });
      const tampered = await app.request(new Request("http://localhost/api/payments/stripe/webhook", {
        method: "POST",
        headers: { "content-type": "application/json", "stripe-signature": header },
        body: payload.replace("5500", "5"),
      }));
      assert.equal(tampered.status, 400);
      assert.equal((await ledger(id)).body.items.length, 0);
    });

    await t.step("checkout.session.completed: one CARD payment by Stripe, the ids kept, the state recomputed, audited", async () => {
      const { id } = await booked(275);
      const event = completedEvent("evt_paid_1", { id: "cs_paid_1", bookingId: id, kind: "DEPOSIT", amountCents: 5500, intent: "pi_paid_1" });
      const answer = await deliver(app, event);
      assert.deepEqual(answer, { status: 200, body: { received: true, outcome: "recorded" } });
      const { body } = await ledger(id);
      assert.deepEqual([body.paidToDate, body.balance, body.paymentStatus], [55, 220, "UNPAID"]);
      const [payment] = body.items;
      assert.deepEqual([payment.amount, payment.method, payment.kind, payment.recordedBy], [55, "CARD", "PAYMENT", { adminId: null, name: "Stripe", email: "" }]);
      assert.deepEqual(payment.stripe, { sessionId: "cs_paid_1", paymentIntentId: "pi_paid_1", refundId: null });
      assert.match(payment.note, /cs_paid_1/);
      assert.equal(payment.receivedAt, new Date((event.created) * 1000).toISOString());
      const audit = await db.sql<{ action: string; admin_id: string | null; admin_email: string }[]>`
        select action, admin_id, admin_email from audit_log where entity_id = ${id} and action = 'booking.card_payment'`;
      assert.deepEqual(audit.map((r) => [r.admin_id, r.admin_email]), [[null, "stripe"]]);
      assert.equal(STRIPE_ACTOR_EMAIL, AUDIT_STRIPE_EMAIL, "the audit log names these rows Stripe");
      const history = await admin(app, "GET", `/audit?entityId=${id}`, root.headers);
      const row = history.body.items.find((r: { action: string }) => r.action === "booking.card_payment");
      assert.equal(row.actor.name, "Stripe");
      assert.match(row.summary, /^Received a deposit of A\$55\.00 by card online on booking/);
    });

    await t.step("a redelivery, another event of the same session, and both at once: still one payment", async () => {
      const { id } = await booked(275);
      const session = { id: "cs_twice", bookingId: id, kind: "BALANCE", amountCents: 27500, intent: "pi_twice" };
      assert.equal((await deliver(app, completedEvent("evt_a", session))).body.outcome, "recorded");
      assert.equal((await deliver(app, completedEvent("evt_a", session))).body.outcome, "duplicate");
      assert.equal((await deliver(app, completedEvent("evt_b", session))).body.outcome, "duplicate");
      const racing = { ...session, id: "cs_race" };
      const outcomes = await Promise.all([
        deliver(app, completedEvent("evt_c", racing)),
        deliver(app, completedEvent("evt_c", racing)),
        deliver(app, completedEvent("evt_d", racing)),
      ]);
      assert.deepEqual(outcomes.map((o) => o.status), [200, 200, 200]);
      assert.deepEqual(outcomes.map((o) => o.body.outcome).sort(), ["duplicate", "duplicate", "recorded"]);
      const { body } = await ledger(id);
      assert.deepEqual(body.items.map((p: { stripe: { sessionId: string } }) => p.stripe.sessionId).sort(), ["cs_race", "cs_twice"]);
      assert.deepEqual([body.paidToDate, body.paymentStatus], [550, "PAID"]);
      const [{ count }] = await db.sql<{ count: number }[]>`
        select count(*)::int as count from stripe_events where id in ('evt_a', 'evt_b', 'evt_c', 'evt_d')`;
      assert.equal(count, 4, "every event id acted on is kept");
    });

    await t.step("events after the booking changed: cancelled or re-priced, the money received is still recorded", async () => {
      const { id } = await booked(275);
      await db.sql`update bookings set status = 'CANCELLED' where id = ${id}`;
      const late = await deliver(app, completedEvent("evt_cancelled", { id: "cs_cancelled", bookingId: id, kind: "BALANCE", amountCents: 27500, intent: "pi_c" }));
      assert.equal(late.body.outcome, "recorded");
      assert.deepEqual([(await ledger(id)).body.paidToDate], [275]);
      const repriced = await booked(275);
      await db.sql`update bookings set first_service_total = 300 where id = ${repriced.id}`;
      await deliver(app, completedEvent("evt_repriced", { id: "cs_repriced", bookingId: repriced.id, kind: "BALANCE", amountCents: 27500, intent: "pi_r" }));
      const after = (await ledger(repriced.id)).body;
      assert.deepEqual([after.paidToDate, after.balance, after.paymentStatus], [275, 25, "UNPAID"], "judged against the price as it is now");
    });

    await t.step("an unknown booking is logged and answered 200, nothing written; other events are ignored", async () => {
      const before = await db.sql<{ count: number }[]>`select count(*)::int as count from stripe_events`;
      const ghost = crypto.randomUUID();
      const answer = await deliver(app, completedEvent("evt_ghost", { id: "cs_ghost", bookingId: ghost, kind: "BALANCE", amountCents: 100, intent: "pi_g" }));
      assert.deepEqual(answer, { status: 200, body: { received: true, outcome: "unknown_booking" } });
      assert.ok(logs.some((line) => line.includes("evt_ghost") && line.includes(ghost)));
      const other = await deliver(app, { ...completedEvent("evt_other", { id: "cs_o", bookingId: ghost, kind: "", amountCents: 1, intent: "" }), type: "payment_intent.created" });
      assert.deepEqual(other.body, { received: true, outcome: "ignored" });
      const unpaid = completedEvent("evt_unpaid", { id: "cs_u", bookingId: ghost, kind: "", amountCents: 100, intent: "" });
      unpaid.data.object.payment_status = "unpaid";
      assert.equal((await deliver(app, unpaid)).body.outcome, "not_paid");
      const afterCount = await db.sql<{ count: number }[]>`select count(*)::int as count from stripe_events`;
      assert.equal(afterCount[0].count, before[0].count);
    });

    await t.step("the balance from the manage link: what is still owed after the deposit; nothing once paid", async () => {
      const { id, reference, token } = await booked(275);
      const options = async () => await json(await app.request(new Request(`http://localhost/api/manage/${token}/payment-options`)));
      assert.deepEqual(await options(), { status: 200, body: { paidToDate: 0, balance: 275, depositDue: 55, balanceDue: 275 } });
      await deliver(app, completedEvent("evt_dep", { id: "cs_dep", bookingId: id, kind: "DEPOSIT", amountCents: 5500, intent: "pi_dep" }));
      assert.equal((await checkout(token, "DEPOSIT")).body.code, "NOTHING_DUE", "the deposit is paid");
      assert.deepEqual((await options()).body, { paidToDate: 55, balance: 220, depositDue: null, balanceDue: 220 });
      assert.equal((await checkout(token, "BALANCE")).status, 201);
      assert.equal(lastSession().get("line_items[0][price_data][unit_amount]"), "22000");
      assert.equal(lastSession().get("line_items[0][price_data][product_data][name]"), `Balance for ${reference}`);
      await deliver(app, completedEvent("evt_bal", { id: "cs_bal", bookingId: id, kind: "BALANCE", amountCents: 22000, intent: "pi_bal" }));
      assert.equal((await ledger(id)).body.paymentStatus, "PAID");
      assert.deepEqual((await options()).body, { paidToDate: 275, balance: 0, depositDue: null, balanceDue: null });
      const done = await checkout(token, "BALANCE");
      assert.deepEqual([done.status, done.body.code], [409, "NOTHING_DUE"]);
    });

    await t.step("refunds: superadmins, through Stripe, as negative entries, never past what was paid", async () => {
      const { id } = await booked(275);
      await deliver(app, completedEvent("evt_rf", { id: "cs_rf", bookingId: id, kind: "BALANCE", amountCents: 27500, intent: "pi_rf" }));
      const cash = await admin(app, "POST", `/bookings/${id}/payments`, staff.headers, { amount: 10, method: "CASH" });
      assert.equal(cash.status, 201);
      const card = (await ledger(id)).body.items.find((p: { method: string }) => p.method === "CARD");
      const cashId = cash.body.items.find((p: { method: string }) => p.method === "CASH")._id;
      const refund = (paymentId: string, body: unknown, as: Headers = root.headers) =>
        admin(app, "POST", `/bookings/${id}/payments/${paymentId}/refund`, as, body);

      assert.equal((await refund(card._id, { amount: 20, reason: "Goodwill" }, staff.headers)).status, 403);
      assert.deepEqual((await refund(cashId, { reason: "Oops" })).body.code, "PAYMENT_NOT_REFUNDABLE");
      assert.deepEqual((await refund(card._id, { amount: 20 })).body.fieldErrors, { reason: ["A reason is required to refund a payment."] });

      const first = await refund(card._id, { amount: 20, reason: "Goodwill" });
      assert.equal(first.status, 200, JSON.stringify(first.body));
      const call = stand.calls.filter((c) => c.path === "/v1/refunds").at(-1)!;
      assert.deepEqual([call.form.get("payment_intent"), call.form.get("amount")], ["pi_rf", "2000"]);
      assert.ok(call.idempotencyKey?.startsWith(`refund-${card._id}-`));
      assert.deepEqual([first.body.paidToDate, first.body.balance, first.body.paymentStatus], [265, 10, "UNPAID"]);
      const entry = first.body.items.find((p: { kind: string }) => p.kind === "REFUND");
      assert.deepEqual([entry.amount, entry.method, entry.refundOf, entry.note, entry.recordedBy.name], [-20, "CARD", card._id, "Goodwill", "Test superadmin"]);
      assert.match(entry.stripe.refundId, /^re_test_/);

      const tooMuch = await refund(card._id, { amount: 255.01, reason: "All" });
      assert.deepEqual([tooMuch.status, tooMuch.body.fieldErrors], [422, { amount: ["You can refund at most A$255.00 of this payment."] }]);
      assert.deepEqual((await refund(entry._id, { reason: "x" })).body.code, "PAYMENT_NOT_REFUNDABLE");
      const voidRefund = await admin(app, "POST", `/bookings/${id}/payments/${entry._id}/void`, root.headers, { reason: "x" });
      assert.deepEqual([voidRefund.status, voidRefund.body.code], [409, "PAYMENT_NOT_VOIDABLE"]);
      const voidRefunded = await admin(app, "POST", `/bookings/${id}/payments/${card._id}/void`, root.headers, { reason: "x" });
      assert.deepEqual([voidRefunded.status, voidRefunded.body.code], [409, "PAYMENT_NOT_VOIDABLE"]);

      stand.failRefunds(true);
      const refused = await refund(card._id, { amount: 5, reason: "Again" });
      assert.deepEqual([refused.status, refused.body.code], [409, "REFUND_FAILED"]);
      assert.equal((await ledger(id)).body.items.length, 3, "nothing recorded when Stripe refuses");
      assert.ok(logs.some((line) => line.includes("refund") && line.includes("already been refunded")));
      stand.failRefunds(false);

      const rest = await refund(card._id, { reason: "Cancelled by us" });
      assert.deepEqual([rest.status, rest.body.paidToDate, rest.body.balance], [200, 10, 265], "the rest: A$255");
      assert.equal((await refund(card._id, { reason: "More" })).body.code, "PAYMENT_NOT_REFUNDABLE");

      const audit = await db.sql<{ admin_email: string; before: { amount: number }; after: { refunded: number; reason: string } }[]>`
        select admin_email, before, after from audit_log where entity_id = ${id} and action = 'booking.payment_refund' order by id`;
      assert.deepEqual(audit.map((r) => [r.admin_email, r.before.amount, r.after.refunded, r.after.reason]), [
        [root.admin.email, 275, 20, "Goodwill"],
        [root.admin.email, 275, 255, "Cancelled by us"],
      ]);
      const [state] = await db.sql<{ payment_status: string; total_paid: string }[]>`select payment_status, total_paid from bookings where id = ${id}`;
      assert.deepEqual([state.payment_status, Number(state.total_paid)], ["UNPAID", 10]);
    });
  } finally {
    await stand.close();
  }
});

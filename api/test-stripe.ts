/**
 * Issue 30's test kit: a local stand-in for the two calls of Stripe's API the server makes
 * (Checkout Sessions, refunds), the app with Stripe's keys pointing at it, and events as Stripe
 * sends them, signed with the official package's own helper.
 */
import Stripe from "stripe";
import { buildApp } from "./app.ts";
import { makeAppDeps } from "./app-deps.ts";
import { makeMailer } from "./mailer.ts";
import { TEST_JWT_SECRET, TEST_LIMITS, type TestApp } from "./test-app.ts";
import { fixedClock, NOW } from "./test-fixtures.ts";
import { makeSettingsStore } from "../adapters/postgres/settings-repository.ts";
import type { TestDatabase } from "../adapters/postgres/test-db.ts";

export const SITE = "https://yarrashine.test";
export const WEBHOOK_SECRET = "whsec_test_issue30_local_stand_in";
export const signer = new Stripe("sk_test_signer_only");

/** What the stand-in was asked, as Stripe would read it (form-encoded). */
interface StandInCall {
  path: string;
  form: URLSearchParams;
  idempotencyKey: string | null;
}

/** A local stand-in for the two calls of Stripe's API this code makes, answering as Stripe does. */
export function stripeStandIn() {
  const calls: StandInCall[] = [];
  let refundsFail = false;
  let n = 0;
  const server = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen: () => {} }, async (request) => {
    const path = new URL(request.url).pathname;
    const form = new URLSearchParams(await request.text());
    calls.push({ path, form, idempotencyKey: request.headers.get("idempotency-key") });
    const created = Math.floor(NOW.getTime() / 1000);
    if (request.method === "POST" && path === "/v1/checkout/sessions") {
      const id = `cs_test_${++n}${"a".repeat(20)}`;
      return Response.json({
        id,
        object: "checkout.session",
        amount_subtotal: Number(form.get("line_items[0][price_data][unit_amount]")),
        amount_total: Number(form.get("line_items[0][price_data][unit_amount]")),
        currency: form.get("line_items[0][price_data][currency]"),
        created,
        customer_email: form.get("customer_email"),
        expires_at: created + 86_400,
        livemode: false,
        metadata: { bookingId: form.get("metadata[bookingId]"), kind: form.get("metadata[kind]") },
        mode: form.get("mode"),
        payment_intent: null,
        payment_status: "unpaid",
        status: "open",
        success_url: form.get("success_url"),
        cancel_url: form.get("cancel_url"),
        url: `https://checkout.stripe.com/c/pay/${id}`,
      });
    }
    if (request.method === "POST" && path === "/v1/refunds") {
      if (refundsFail) {
        return Response.json({
          error: { type: "invalid_request_error", code: "charge_already_refunded", message: "Charge has already been refunded." },
        }, { status: 400 });
      }
      return Response.json({
        id: `re_test_${++n}`,
        object: "refund",
        amount: Number(form.get("amount")),
        currency: "aud",
        created,
        payment_intent: form.get("payment_intent"),
        metadata: {},
        status: "succeeded",
      });
    }
    return Response.json({ error: { type: "invalid_request_error", message: `Unrecognized request URL (${path})` } }, { status: 404 });
  });
  return {
    url: `http://127.0.0.1:${server.addr.port}`,
    calls,
    failRefunds: (fail: boolean) => (refundsFail = fail),
    close: () => server.shutdown(),
  };
}

export function stripeApp(db: { sql: TestDatabase["sql"] }, apiBase: string, logs: string[]): TestApp {
  return buildApp({
    ...makeAppDeps(db.sql, {
      clock: fixedClock,
      mailer: makeMailer(makeSettingsStore(db.sql)),
      jwtSecret: TEST_JWT_SECRET,
      tokenTtlHours: 12,
      sleep: () => Promise.resolve(),
      siteUrl: SITE,
      stripe: { secretKey: "sk_test_stand_in", webhookSecret: WEBHOOK_SECRET, apiBase, log: (line) => logs.push(line) },
    }),
    limits: TEST_LIMITS,
    trustProxy: 1,
  });
}

/** A checkout.session.completed event as Stripe sends it, paid. */
export function completedEvent(eventId: string, session: { id: string; bookingId: string; kind: string; amountCents: number; intent: string }) {
  return {
    id: eventId,
    object: "event",
    api_version: "2025-10-29.clover",
    created: Math.floor(NOW.getTime() / 1000) - 60,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type: "checkout.session.completed",
    data: {
      object: {
        id: session.id,
        object: "checkout.session",
        amount_subtotal: session.amountCents,
        amount_total: session.amountCents,
        currency: "aud",
        customer_details: { email: "ada@example.com", name: "Ada Lovelace" },
        metadata: { bookingId: session.bookingId, kind: session.kind },
        mode: "payment",
        payment_intent: session.intent,
        payment_status: "paid",
        status: "complete",
      },
    },
  };
}

/** Stripe's request to the webhook: the event as JSON, signed with Stripe's own helper (or the given header; null: none). */
export async function webhookRequest(event: unknown, secret = WEBHOOK_SECRET, signature?: string | null) {
  const payload = JSON.stringify(event, null, 2);
  const header = signature === undefined ? await signer.webhooks.generateTestHeaderStringAsync({ payload, secret }) : signature;
  return { payload, headers: { "content-type": "application/json", ...(header === null ? {} : { "stripe-signature": header }) } };
}

export async function deliver(app: TestApp, event: unknown, secret = WEBHOOK_SECRET, signature?: string | null): Promise<Response> {
  const { payload, headers } = await webhookRequest(event, secret, signature);
  return await app.request(new Request("http://localhost/api/payments/stripe/webhook", { method: "POST", headers, body: payload }));
}


/**
 * Stripe behind core's CardGateway (issue 30), with the official `stripe` package: Checkout
 * Sessions (a redirect: no Stripe code runs in the browser), refunds, and the webhook's signature
 * check on the raw body. `apiBase` points the client at a local stand-in in tests.
 */
import Stripe from "stripe";
import type { CardGateway, CompletedCheckout } from "../../core/booking/payments/online.ts";

export interface StripeOptions {
  secretKey: string;
  webhookSecret: string;
  /** e.g. http://127.0.0.1:4010 (STRIPE_API_BASE); Stripe's own API when unset. */
  apiBase?: string;
  /** Where a refusal is written (stderr by default). */
  log?: (line: string) => void;
}

/** The client: Stripe's, or the stand-in at apiBase, over fetch (Deno's own). */
export function stripeClient(options: Pick<StripeOptions, "secretKey" | "apiBase">): Stripe {
  const base = options.apiBase ? new URL(options.apiBase) : null;
  return new Stripe(options.secretKey, {
    httpClient: Stripe.createFetchHttpClient(),
    maxNetworkRetries: 1,
    timeout: 20_000,
    ...(base
      ? {
        host: base.hostname,
        port: Number(base.port || (base.protocol === "https:" ? 443 : 80)),
        protocol: base.protocol === "https:" ? "https" : "http",
      }
      : {}),
  });
}

export interface StripeWebhook {
  /** The event, when the signature over the raw body is Stripe's (with the endpoint's secret); null otherwise. */
  verify(rawBody: string, signature: string | undefined): Promise<Stripe.Event | null>;
}

export function makeStripeGateway(options: StripeOptions): CardGateway & StripeWebhook {
  const stripe = stripeClient(options);
  const log = options.log ?? ((line: string) => console.error(line));
  const crypto = Stripe.createSubtleCryptoProvider();
  return {
    async createCheckout(request) {
      try {
        const session = await stripe.checkout.sessions.create({
          mode: "payment",
          line_items: [{
            quantity: 1,
            price_data: { currency: "aud", unit_amount: request.amountCents, product_data: { name: request.description } },
          }],
          metadata: { bookingId: request.bookingId, kind: request.kind },
          payment_intent_data: { metadata: { bookingId: request.bookingId, kind: request.kind } },
          ...(request.customerEmail ? { customer_email: request.customerEmail } : {}),
          success_url: request.successUrl,
          cancel_url: request.cancelUrl,
        });
        if (!session.url) throw new Error(`session ${session.id} has no url`);
        return { id: session.id, url: session.url };
      } catch (error) {
        log(`stripe: checkout session for booking ${request.bookingId} failed: ${(error as Error).message}`);
        return null;
      }
    },

    async refund(request) {
      try {
        const refund = await stripe.refunds.create(
          { payment_intent: request.paymentIntentId, amount: request.amountCents, metadata: { bookingId: request.bookingId, paymentId: request.paymentId } },
          // A retry of the same refund (a transaction run again) is the same refund at Stripe.
          { idempotencyKey: `refund-${request.paymentId}-${request.idempotencyKey}` },
        );
        if (refund.status === "failed" || refund.status === "canceled") throw new Error(`refund ${refund.id} is ${refund.status}`);
        return { id: refund.id };
      } catch (error) {
        log(`stripe: refund of payment ${request.paymentId} failed: ${(error as Error).message}`);
        return null;
      }
    },

    async verify(rawBody, signature) {
      if (!signature) return null;
      try {
        return await stripe.webhooks.constructEventAsync(rawBody, signature, options.webhookSecret, undefined, crypto);
      } catch {
        return null;
      }
    },
  };
}

/** checkout.session.completed as core reads it; null for any other event. */
export function completedCheckoutOf(event: Stripe.Event): CompletedCheckout | null {
  if (event.type !== "checkout.session.completed" && event.type !== "checkout.session.async_payment_succeeded") return null;
  const session = event.data.object;
  const intent = session.payment_intent;
  return {
    eventId: event.id,
    eventType: event.type,
    sessionId: session.id,
    paymentIntentId: typeof intent === "string" ? intent : intent?.id ?? null,
    bookingId: session.metadata?.bookingId ?? null,
    kind: session.metadata?.kind ?? null,
    amountTotalCents: session.amount_total ?? 0,
    paid: session.payment_status === "paid",
    created: new Date(event.created * 1000),
  };
}

/**
 * A deposit by card at booking (issue 30), while card payments are on and the business takes one:
 * the review step says how much, the result card offers "Pay deposit now" (a redirect to Stripe
 * Checkout, no Stripe code here), and Stripe sends the customer back to /book-now with
 * ?deposit=paid (or cancelled) and the reference. Part of the booking page's own chunk.
 */
import { useMutation, useQuery } from "@tanstack/react-query";
import { useRouterState } from "@tanstack/react-router";
import { type FailureDescription, NETWORK_ERROR } from "@yarra/api/client/error-catalogue.ts";
import { isApiError } from "@yarra/api/client/http.ts";
import { formatAud, fromCents, toCents } from "@yarra/core/shared/money.ts";
import { api } from "../../lib/api.ts";
import { type PaymentsConfig, paymentsConfigQuery } from "../../lib/payments-config.ts";
import { ErrorAlert } from "../../ui/error-alert.tsx";


export const DEPOSIT_TEXT = {
  review: (amount: number) =>
    `A deposit of ${formatAud(amount)} secures this booking. You can pay it by card as soon as you have booked; the rest is due as usual.`,
  payNow: (amount: number) => `Pay deposit now (${formatAud(amount)})`,
  opening: "Opening the payment page…",
  secure: "You pay on Stripe’s secure page; your confirmation e-mail has a link to pay later instead.",
  paid: (reference: string) => `Thank you! Your deposit for booking ${reference} is being confirmed. We’ll show it on your booking as soon as it has gone through.`,
  cancelled: (reference: string) => `The deposit payment for booking ${reference} was cancelled and nothing was charged. You can pay it from the link in your confirmation e-mail.`,
} as const;

/** The deposit on a first service total, as the server takes it: a percent rounded to the cent, or the fixed amount, at most the total. */
export function depositOf(config: PaymentsConfig | undefined, firstServiceTotal: number): number | null {
  if (!config?.enabled || config.deposit.mode === "NONE") return null;
  const total = toCents(firstServiceTotal);
  const wanted = config.deposit.mode === "PERCENT" ? toCents(firstServiceTotal * config.deposit.value / 100) : toCents(config.deposit.value);
  const cents = Math.min(wanted, total);
  return cents > 0 ? fromCents(cents) : null;
}

/** Sends the browser to Stripe Checkout; tests replace it. */
export const goTo = { url: (url: string) => window.location.assign(url) };

/** The review step's line about the deposit; nothing without one. */
export function DepositNote({ firstServiceTotal }: { firstServiceTotal: number | null }) {
  const config = useQuery(paymentsConfigQuery);
  const amount = firstServiceTotal === null ? null : depositOf(config.data, firstServiceTotal);
  if (amount === null) return null;
  return <p className="booking-notice">{DEPOSIT_TEXT.review(amount)}</p>;
}

/** "Pay deposit now" on the result card of a booking just made; nothing for a quote or without a deposit. */
export function PayDepositNow({ result }: { result: { _id: string; type: string; status: string; firstServiceTotal: number } }) {
  const config = useQuery(paymentsConfigQuery);
  const checkout = useMutation({
    mutationFn: () => api.post<{ url: string }>(`/api/bookings/${encodeURIComponent(result._id)}/deposit-checkout`),
    onSuccess: ({ url }) => goTo.url(url),
  });
  const amount = result.type === "BOOKING" && result.status !== "CANCELLED" ? depositOf(config.data, result.firstServiceTotal) : null;
  if (amount === null) return null;
  const failure: FailureDescription | null = checkout.error ? (isApiError(checkout.error) ? checkout.error : { ...NETWORK_ERROR }) : null;
  return (
    <div className="result-card__deposit">
      {failure && <ErrorAlert failure={failure} message={failure.serverMessage ?? failure.text} onDismiss={() => checkout.reset()} />}
      <button type="button" className="button button--primary" disabled={checkout.isPending} onClick={() => checkout.mutate()}>
        {checkout.isPending ? DEPOSIT_TEXT.opening : DEPOSIT_TEXT.payNow(amount)}
      </button>
      <p>{DEPOSIT_TEXT.secure}</p>
    </div>
  );
}

/** Back from Stripe: ?deposit=paid|cancelled&ref=…; nothing otherwise. */
export function DepositReturnNotice() {
  const search = new URLSearchParams(useRouterState({ select: (state) => state.location.searchStr }));
  const outcome = search.get("deposit");
  const reference = search.get("ref")?.trim() ?? "";
  if ((outcome !== "paid" && outcome !== "cancelled") || !/^[A-Z0-9-]{1,20}$/.test(reference)) return null;
  return (
    <p role="status" className="booking-notice">
      {outcome === "paid" ? DEPOSIT_TEXT.paid(reference) : DEPOSIT_TEXT.cancelled(reference)}
    </p>
  );
}

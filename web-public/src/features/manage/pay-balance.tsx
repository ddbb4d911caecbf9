/**
 * Card payments from the manage link (issue 30): what is paid so far, the balance, and "Pay balance"
 * (or the deposit, while nothing is paid) through Stripe Checkout: a redirect to Stripe's own page,
 * so no Stripe code runs here. Nothing shows, and nothing more is asked, while card payments are off.
 * Stripe sends the customer back here with ?paid=1 (or ?paid=0 when they cancel there).
 */
import { useMutation, useQuery } from "@tanstack/react-query";
import { useRouterState } from "@tanstack/react-router";
import { isApiError } from "@yarra/api/client/http.ts";
import { type FailureDescription, NETWORK_ERROR } from "@yarra/api/client/error-catalogue.ts";
import { formatAud } from "@yarra/core/shared/money.ts";
import { api } from "../../lib/api.ts";
import { paymentsConfigQuery } from "../../lib/payments-config.ts";
import { ErrorAlert } from "../../ui/error-alert.tsx";

export const PAY_TEXT = {
  title: "Payment",
  paidSoFar: "Paid so far",
  balance: "Balance",
  payBalance: (amount: number) => `Pay balance (${formatAud(amount)})`,
  payDeposit: (amount: number) => `Pay deposit (${formatAud(amount)})`,
  opening: "Opening the payment page…",
  secure: "You pay on Stripe’s secure page and come back here afterwards.",
  paid: "Thank you! Your card payment is being confirmed; it shows here as soon as it has gone through.",
  cancelled: "The payment was cancelled and nothing was charged.",
} as const;

interface PaymentOptions {
  paidToDate: number;
  balance: number | null;
  depositDue: number | null;
  balanceDue: number | null;
}

const base = (token: string) => `/api/manage/${encodeURIComponent(token)}`;

export const paymentOptionsQuery = (token: string) => ({
  queryKey: ["managed-booking", token, "payment-options"] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => api.get<PaymentOptions>(`${base(token)}/payment-options`, { signal }),
  // Asked only while payments are on; a 404 PAYMENTS_OFF (turned off since) is an answer, not a failure to retry.
  retry: false,
});

/** ?paid=1 or ?paid=0 on the page Stripe sent the customer back to; null otherwise. */
function returnedFromStripe(searchStr: string): "paid" | "cancelled" | null {
  const paid = new URLSearchParams(searchStr).get("paid");
  return paid === "1" ? "paid" : paid === "0" ? "cancelled" : null;
}

/** Sends the browser to Stripe Checkout; tests replace it. */
export const goTo = { url: (url: string) => window.location.assign(url) };

export function PayBalance({ token }: { token: string }) {
  const config = useQuery(paymentsConfigQuery);
  const options = useQuery({ ...paymentOptionsQuery(token), enabled: config.data?.enabled === true });
  const checkout = useMutation({
    mutationFn: (kind: "DEPOSIT" | "BALANCE") => api.post<{ url: string }>(`${base(token)}/checkout`, { kind }),
    onSuccess: ({ url }) => goTo.url(url),
  });
  const returned = returnedFromStripe(useRouterState({ select: (state) => state.location.searchStr }));
  const offer = options.data;
  if (!offer) return null;
  const failure: FailureDescription | null = checkout.error ? (isApiError(checkout.error) ? checkout.error : { ...NETWORK_ERROR }) : null;
  return (
    <section className="manage-panel" aria-labelledby="manage-payment-title">
      <h2 id="manage-payment-title" className="manage-panel__title">{PAY_TEXT.title}</h2>
      {returned && <p role="status" className="manage__note">{returned === "paid" ? PAY_TEXT.paid : PAY_TEXT.cancelled}</p>}
      <dl className="result-card__rows">
        <div className="result-card__row">
          <dt>{PAY_TEXT.paidSoFar}</dt>
          <dd>{formatAud(offer.paidToDate)}</dd>
        </div>
        {offer.balance !== null && (
          <div className="result-card__row">
            <dt>{PAY_TEXT.balance}</dt>
            <dd>{formatAud(Math.max(0, offer.balance))}</dd>
          </div>
        )}
      </dl>
      {failure && <ErrorAlert failure={failure} message={failure.serverMessage ?? failure.text} onDismiss={() => checkout.reset()} />}
      {(offer.depositDue !== null || offer.balanceDue !== null) && (
        <>
          <div className="booking-actions">
            {offer.depositDue !== null && (
              <button type="button" className="button button--primary" disabled={checkout.isPending} onClick={() => checkout.mutate("DEPOSIT")}>
                {checkout.isPending && checkout.variables === "DEPOSIT" ? PAY_TEXT.opening : PAY_TEXT.payDeposit(offer.depositDue)}
              </button>
            )}
            {offer.balanceDue !== null && (
              <button
                type="button"
                className={offer.depositDue !== null ? "button button--outline" : "button button--primary"}
                disabled={checkout.isPending}
                onClick={() => checkout.mutate("BALANCE")}
              >
                {checkout.isPending && checkout.variables === "BALANCE" ? PAY_TEXT.opening : PAY_TEXT.payBalance(offer.balanceDue)}
              </button>
            )}
          </div>
          <p className="manage__note">{PAY_TEXT.secure}</p>
        </>
      )}
    </section>
  );
}

/**
 * Whether the site takes card payments (issue 30): GET /api/payments/config, always answered (200),
 * so a page asks it first and calls the payment routes (404 PAYMENTS_OFF without Stripe keys) only
 * when they are on. Shared by the booking form's deposit and the manage page's Pay balance.
 */
import { api } from "./api.ts";

export interface PaymentsConfig {
  enabled: boolean;
  deposit: { mode: "NONE" | "PERCENT" | "FIXED"; value: number };
  balanceOnline: boolean;
}

export const paymentsConfigQuery = {
  queryKey: ["payments-config"] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => api.get<PaymentsConfig>("/api/payments/config", { signal }),
};

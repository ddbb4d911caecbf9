/** The payment ledger calls (issue 15): a booking's payments, Confirm Payment with how it was paid, a void. */
import { queryOptions } from "@tanstack/react-query";
import type { Payment, PaymentMethod, PaymentSummary } from "@yarra/core/booking/payments/ledger.ts";
import type { Wire } from "@yarra/api/client/types.ts";
import { api } from "../../lib/api.ts";
import type { BookingDto } from "./bookings-api.ts";

export type PaymentDto = Wire<Payment>;
export type PaymentLedgerDto = Wire<PaymentSummary>;

/** What the payment form sends: an amount already checked by core's rule. */
export interface PaymentEntry {
  amount: number;
  method: PaymentMethod;
  note: string;
}

const ledgerPath = (bookingId: string) => `/api/admin/bookings/${encodeURIComponent(bookingId)}/payments`;

export const fetchPayments = (bookingId: string, signal?: AbortSignal) =>
  api.get<PaymentLedgerDto>(ledgerPath(bookingId), { signal });

/** Under the bookings key, so every bookings write marks it stale too. */
export const paymentsQuery = (bookingId: string) =>
  queryOptions({
    queryKey: ["bookings", "payments", bookingId] as const,
    queryFn: ({ signal }) => fetchPayments(bookingId, signal),
  });

/** Confirm Payment: the spec's call, which records one payment of the ledger and answers with the booking. */
export const confirmPaymentWith = (bookingId: string, entry: PaymentEntry) =>
  api.patch<BookingDto>(`/api/admin/bookings/${encodeURIComponent(bookingId)}/confirm-payment`, {
    amountPaid: entry.amount,
    method: entry.method,
    ...(entry.note.trim() ? { note: entry.note.trim() } : {}),
  });

/** Superadmins only; the payment stays in the ledger, struck through. */
export const voidPayment = (bookingId: string, paymentId: string, reason: string) =>
  api.post<PaymentLedgerDto>(`${ledgerPath(bookingId)}/${encodeURIComponent(paymentId)}/void`, { reason });

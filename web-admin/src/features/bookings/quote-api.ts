/** A quote's price from the office (issue 30): read it, and send it (again, while the customer has not decided). */
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../lib/api.ts";
import type { PricedQuoteDto, QuoteInput } from "../../ui/quote-editor.tsx";

const quotePath = (bookingId: string) => `/api/admin/bookings/${encodeURIComponent(bookingId)}/quote`;

/** The record's price, or null while the office has not priced it. */
export async function fetchPricedQuote(bookingId: string, signal?: AbortSignal): Promise<PricedQuoteDto | null> {
  return (await api.get<{ pricedQuote: PricedQuoteDto | null }>(quotePath(bookingId), { signal })).pricedQuote;
}

/** Under the bookings key, so every bookings write marks it stale too. */
export const pricedQuoteQuery = (bookingId: string) =>
  queryOptions({
    queryKey: ["bookings", "quote", bookingId] as const,
    queryFn: ({ signal }) => fetchPricedQuote(bookingId, signal),
  });

/** Prices the quote and e-mails the customer; a SENT quote's price is replaced (and e-mailed again). */
export const sendPricedQuote = (bookingId: string, input: QuoteInput) => api.put<PricedQuoteDto>(quotePath(bookingId), input);

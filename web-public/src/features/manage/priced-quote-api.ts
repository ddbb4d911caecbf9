/**
 * A priced quote's answers through the customer's link (issue 30): accept at a time (the quote
 * becomes a booking at the quoted total) or decline with a reason. Each answers with the link's
 * view, as the other manage calls do.
 */
import { queryOptions } from "@tanstack/react-query";
import type { PublicSchedulingDto } from "@yarra/api/client/types.ts";
import { earliestBookableYmd, latestBookableYmd } from "@yarra/core/booking/capacity/scheduling.ts";
import { melbourneYmd } from "@yarra/core/shared/melbourne-time.ts";
import { api } from "../../lib/api.ts";
import type { ManagedBooking } from "./manage-api.ts";
import type { StartRange } from "./start-time-picker.tsx";

const base = (token: string) => `/api/manage/${encodeURIComponent(token)}`;

export const acceptPricedQuote = (token: string, startTimeISO: string) =>
  api.post<ManagedBooking>(`${base(token)}/accept`, { startTimeISO });

export const declinePricedQuote = (token: string, reason: string) =>
  api.post<ManagedBooking>(`${base(token)}/decline`, { reason });

/**
 * The dates a quote may be booked on, worked out as a new booking's are (the lead and the horizon
 * the office set) when the link's view names none: a quote is never moved, so it has no move range.
 */
export const bookableRangeQuery = queryOptions({
  queryKey: ["scheduling", "bookable-range"],
  queryFn: async ({ signal }): Promise<StartRange> => {
    const settings = await api.get<PublicSchedulingDto>("/api/scheduling", { signal });
    const now = new Date();
    return {
      todayYmd: melbourneYmd(now),
      earliestYmd: earliestBookableYmd(now, settings),
      latestYmd: latestBookableYmd(now, settings),
    };
  },
});

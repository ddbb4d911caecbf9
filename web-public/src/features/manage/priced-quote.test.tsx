/** A priced quote on /manage/$token (issue 30) against msw handlers in the shapes of the quotes API. */
import { screen, waitFor, within } from "@testing-library/react";
import { QUOTE_LIMITS, QUOTE_MESSAGES } from "@yarra/core/booking/quotes/priced-quote.ts";
import { http, HttpResponse } from "msw";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderApp } from "../../test/render-app.tsx";
import { server, TEST_PROFILE } from "../../test/server.ts";
import type { AvailabilityDay } from "../booking/booking-api.ts";
import type { ManagedBooking } from "./manage-api.ts";
import { MANAGE_TEXT } from "./manage-page.tsx";
import { DECLINE_REASON, PRICED_QUOTE_TEXT as T } from "./priced-quote.tsx";

const TOKEN = "Qt_7x-".repeat(7) + "B";
const PATH = `/api/manage/${TOKEN}`;

type Quote = NonNullable<ManagedBooking["pricedQuote"]>;

/** GET /api/scheduling: a day's lead and a year ahead. */
const SCHEDULING = {
  leadDays: 1,
  horizonDays: 365,
  firstSlotHour: 8,
  lastSlotHour: 16,
  closedWeekdays: [],
  dayEndHour: 18,
  serviceArea: { postcodes: [] },
};

const PRICED: Quote = {
  lineItems: [
    { description: "Office clean, 3 floors", quantity: 5, unitPrice: 96, amount: 480 },
    { description: "Window cleaning", quantity: 2.5, unitPrice: 40.1, amount: 100.25 },
  ],
  total: 580.25,
  message: "Five evenings a week, from 6 pm.",
  validUntil: "2026-12-31",
  status: "SENT",
  sentAt: "2026-11-21T03:00:00.000Z",
  decidedAt: null,
  declineReason: "",
};

/** Priya's quote request, priced by the office: nothing is booked yet, so nothing can be moved. */
const QUOTE: ManagedBooking = {
  reference: "YS-Q7K3F9",
  type: "QUOTE",
  status: "QUOTE_REQUESTED",
  firstName: "Priya",
  serviceName: "Office Cleaning",
  pricingModel: "FIXED",
  hours: null,
  bedrooms: null,
  frequencyCode: "ONE_TIME",
  frequencyName: "One-time",
  extras: [],
  address: { unit: "", street: "12 Swanston St", suburb: "Melbourne", state: "VIC", postCode: "3000" },
  startTime: "2026-11-30T22:00:00.000Z",
  endTime: "2026-12-01T01:00:00.000Z",
  durationMinutes: 180,
  baseAmount: 300,
  extrasAmount: 0,
  firstServiceTotal: 300,
  recurringTotal: 300,
  discountPercent: 0,
  cancelReason: "",
  canChange: false,
  changeUntil: null,
  policy: { freeChangeCutoffHours: 24, lateChangeFeePercent: 50, phone: TEST_PROFILE.phone },
  reschedule: null,
  series: null,
  pricedQuote: PRICED,
};

/** Accepted for Saturday 28 Nov, 11:00 am Melbourne: now a booking at the quoted total. */
const ACCEPTED: ManagedBooking = {
  ...QUOTE,
  type: "BOOKING",
  status: "PENDING",
  startTime: "2026-11-28T00:00:00.000Z",
  endTime: "2026-11-28T03:00:00.000Z",
  firstServiceTotal: 580.25,
  canChange: true,
  changeUntil: "2026-11-27T00:00:00.000Z",
  reschedule: { todayYmd: "2026-11-22", earliestYmd: "2026-11-23", latestYmd: "2027-11-22" },
  pricedQuote: null,
};

const DECLINED: ManagedBooking = {
  ...QUOTE,
  pricedQuote: { ...PRICED, status: "DECLINED", decidedAt: "2026-11-22T01:00:00.000Z", declineReason: "We found another cleaner." },
};

/** Saturday 28 Nov is open at 11:00 and 12:00 (Melbourne); every other day is full. */
function days(from: string, to: string): AvailabilityDay[] {
  const list: AvailabilityDay[] = [];
  for (let ymd = from; ymd <= to; ymd = new Date(Date.parse(`${ymd}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10)) {
    list.push(ymd === "2026-11-28"
      ? { date: ymd, open: true, slots: [{ startTimeISO: "2026-11-28T00:00:00.000Z", available: true }, { startTimeISO: "2026-11-28T01:00:00.000Z", available: true }] }
      : { date: ymd, open: false, reason: "FULL" });
  }
  return list;
}

interface Calls {
  calendar: string[];
  accept: unknown[];
  decline: unknown[];
}

function serve(view: ManagedBooking, answers: { accept?: () => Response; decline?: () => Response } = {}): Calls {
  const calls: Calls = { calendar: [], accept: [], decline: [] };
  server.use(
    http.get(PATH, () => HttpResponse.json(view)),
    http.get("/api/scheduling", () => HttpResponse.json(SCHEDULING)),
    http.get(`${PATH}/availability`, ({ request }) => {
      const url = new URL(request.url);
      calls.calendar.push(`${url.searchParams.get("from")}..${url.searchParams.get("to")}`);
      return HttpResponse.json({ durationMinutes: 180, days: days(url.searchParams.get("from")!, url.searchParams.get("to")!) });
    }),
    http.post(`${PATH}/accept`, async ({ request }) => {
      calls.accept.push(await request.json());
      return answers.accept ? answers.accept() : HttpResponse.json(ACCEPTED);
    }),
    http.post(`${PATH}/decline`, async ({ request }) => {
      calls.decline.push(await request.json());
      return answers.decline ? answers.decline() : HttpResponse.json(DECLINED);
    }),
  );
  return calls;
}

const main = () => within(screen.getByRole("main"));
const detail = (term: string) => main().queryByText(term, { selector: "dt" })?.nextElementSibling?.textContent;
const announcement = () => main().getAllByRole("status").find((node) => node.classList.contains("manage__announcement"))!;

async function openQuote() {
  const view = await renderApp(`/manage/${TOKEN}`);
  const quote = await main().findByRole("region", { name: T.title });
  return { ...view, quote: within(quote) };
}

async function pickSaturday(user: Awaited<ReturnType<typeof renderApp>>["user"], time: string) {
  const panel = within(main().getByRole("region", { name: T.acceptTitle }));
  const saturday = await panel.findByRole("button", { name: /^Saturday 28 November 2026/ }, { timeout: 10_000 });
  await waitFor(() => expect(saturday).toHaveProperty("disabled", false));
  await user.click(saturday);
  await user.click(panel.getByRole("button", { name: time }));
  return panel;
}

beforeEach(() => {
  // Sunday 22 November 2026, noon in Melbourne: the quote's last day is weeks away.
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date("2026-11-22T01:00:00.000Z"));
});
afterEach(() => vi.useRealTimers());

describe("a priced quote on the customer's link", { timeout: 30_000 }, () => {
  it("shows the lines, the total, the office's message and the last day, with Accept and Decline", async () => {
    serve(QUOTE);
    const { quote } = await openQuote();
    expect(main().getByRole("heading", { level: 1 }).textContent).toBe(MANAGE_TEXT.quoteTitle);
    const rows = quote.getAllByRole("row").map((row) => [...row.children].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ["Description", "Qty", "Unit price", "Amount"],
      ["Office clean, 3 floors", "5", "A$96.00", "A$480.00"],
      ["Window cleaning", "2.5", "A$40.10", "A$100.25"],
      ["Total", "A$580.25"],
    ]);
    expect(quote.getByText("Five evenings a week, from 6 pm.")).toBeTruthy();
    expect(quote.getByText(T.validUntil("2026-12-31")).textContent).toBe("This price stands until Thursday 31 December 2026.");
    // The estimate gives way to the office's price; no "call us to change it" for a quote with a price.
    expect(detail("Estimated price")).toBeUndefined();
    expect(main().queryByText(/Nothing is booked yet/)).toBeNull();
    expect(quote.getByRole("button", { name: T.accept })).toBeTruthy();
    expect(quote.getByRole("button", { name: T.decline })).toBeTruthy();
  });

  it("accepts at a time from the calendar: the page then shows the booking at the quoted total", async () => {
    const calls = serve(QUOTE);
    const { user, quote } = await openQuote();
    await user.click(quote.getByRole("button", { name: T.accept }));
    const heading = main().getByRole("heading", { name: T.acceptTitle });
    expect(document.activeElement).toBe(heading);
    const panel = await pickSaturday(user, "11:00 am");
    // The view names no range for a quote: the dates are a new booking's, from the scheduling settings.
    expect(panel.getByText(/This clean takes about 3 hours/)).toBeTruthy();
    expect(calls.calendar[0]).toBe("2026-11-01..2026-12-31");
    await user.click(panel.getByRole("button", { name: `${T.confirm}: 11:00 am, Saturday 28 November 2026` }));

    await waitFor(() =>
      expect(announcement().textContent).toBe(T.accepted("Saturday 28 November 2026, 11:00 am – 2:00 pm (Melbourne time)"))
    );
    expect(document.activeElement).toBe(announcement());
    expect(calls.accept).toEqual([{ startTimeISO: "2026-11-28T00:00:00.000Z" }]);
    expect(main().getByRole("heading", { level: 1 }).textContent).toBe(MANAGE_TEXT.title);
    expect(detail("Status")).toBe("Requested — we’ll confirm availability shortly");
    expect(detail("When")).toBe("Saturday 28 November 2026, 11:00 am – 2:00 pm (Melbourne time)");
    expect(detail("Price")).toBe("A$580.25");
    expect(main().queryByRole("region", { name: T.title })).toBeNull();
    expect(main().getByRole("button", { name: MANAGE_TEXT.move })).toBeTruthy();
  });

  it("a time taken meanwhile: says so, asks the calendar again, and keeps the calendar open", async () => {
    const calls = serve(QUOTE, {
      accept: () => HttpResponse.json({ error: "That time isn’t available. Please choose another.", code: "SLOT_UNAVAILABLE" }, { status: 409 }),
    });
    const { user, quote } = await openQuote();
    await user.click(quote.getByRole("button", { name: T.accept }));
    const panel = await pickSaturday(user, "12:00 pm");
    const asked = calls.calendar.length;
    await user.click(panel.getByRole("button", { name: /^Accept and book:/ }));

    expect((await panel.findByText(T.taken)).getAttribute("role")).toBe("alert");
    await waitFor(() => expect(calls.calendar.length).toBeGreaterThan(asked));
    expect(panel.getByRole("button", { name: T.confirm })).toHaveProperty("disabled", true);
    expect(main().getByRole("region", { name: T.acceptTitle })).toBeTruthy();
  });

  it("an expired quote: the server's refusal is said, and Accept goes; past its day, the page says so at once", async () => {
    serve(QUOTE, {
      accept: () => HttpResponse.json({ error: T.expired, code: "QUOTE_EXPIRED" }, { status: 409 }),
    });
    const first = await openQuote();
    await first.user.click(first.quote.getByRole("button", { name: T.accept }));
    const panel = await pickSaturday(first.user, "11:00 am");
    await first.user.click(panel.getByRole("button", { name: /^Accept and book:/ }));
    expect((await first.quote.findByText(T.expired)).closest("[role=alert]")).toBeTruthy();
    expect(main().queryByRole("region", { name: T.acceptTitle })).toBeNull();
    expect(first.quote.queryByRole("button", { name: T.accept })).toBeNull();
    first.unmount();

    vi.setSystemTime(new Date("2027-01-01T01:00:00.000Z"));
    serve(QUOTE);
    const later = await openQuote();
    expect(later.quote.getByText(T.expired)).toBeTruthy();
    expect(later.quote.getByRole("link", { name: `Call ${TEST_PROFILE.phone}` })).toBeTruthy();
    expect(later.quote.queryByRole("button", { name: T.accept })).toBeNull();
  });

  it("declines with a reason (required), then says so and shows the quote as declined", async () => {
    const calls = serve(QUOTE);
    const { user, quote } = await openQuote();
    const opener = quote.getByRole("button", { name: T.decline });
    await user.click(opener);
    const panel = within(main().getByRole("region", { name: T.declineTitle }));
    await user.click(panel.getByRole("button", { name: T.declineConfirm }));
    const reason = panel.getByLabelText(T.declineReason);
    expect(reason.getAttribute("aria-invalid")).toBe("true");
    expect(panel.getByRole("alert").textContent).toBe(QUOTE_MESSAGES.declineReason);
    expect(document.activeElement).toBe(reason);
    expect(calls.decline).toHaveLength(0);

    await user.type(reason, "We found another cleaner.");
    await user.click(panel.getByRole("button", { name: T.declineConfirm }));
    await waitFor(() => expect(announcement().textContent).toBe(T.declined));
    expect(calls.decline).toEqual([{ reason: "We found another cleaner." }]);
    const declined = within(main().getByRole("region", { name: T.title }));
    expect(declined.getByText(/^You declined this quote\./).textContent).toContain("Your reason: “We found another cleaner.”");
    expect(declined.queryByRole("button", { name: T.accept })).toBeNull();
    expect(declined.queryByRole("button", { name: T.decline })).toBeNull();
  });

  it("asks for the reason under core's own rule", () => {
    expect(DECLINE_REASON).toEqual({ max: QUOTE_LIMITS.declineReason, required: QUOTE_MESSAGES.declineReason });
  });

  it("Keep the quote closes the panel and gives focus back to Decline", async () => {
    serve(QUOTE);
    const { user, quote } = await openQuote();
    const opener = quote.getByRole("button", { name: T.decline });
    await user.click(opener);
    await user.click(main().getByRole("button", { name: T.keep }));
    expect(main().queryByRole("region", { name: T.declineTitle })).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });
});

/** Issue 30: the customer's "Download invoice (PDF)" on /manage/$token, for a booking and never for a quote. */
import { screen, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { renderApp } from "../../test/render-app.tsx";
import { server, TEST_PROFILE } from "../../test/server.ts";
import { INVOICE_LINK_TEXT } from "./invoice-link.tsx";
import type { ManagedBooking } from "./manage-api.ts";

const TOKEN = "Tk_3x-".repeat(7) + "A";
const PATH = `/api/manage/${TOKEN}`;

const BOOKING: ManagedBooking = {
  reference: "YS-7K3F9Q",
  type: "BOOKING",
  status: "DONE",
  firstName: "Ada",
  serviceName: "Hourly Cleaning",
  pricingModel: "HOURLY",
  hours: 3,
  bedrooms: null,
  frequencyCode: "ONE_TIME",
  frequencyName: "One-time",
  extras: [],
  address: { unit: "4", street: "12 Smith St", suburb: "Fitzroy", state: "VIC", postCode: "3065" },
  startTime: "2026-11-26T22:00:00.000Z",
  endTime: "2026-11-27T01:00:00.000Z",
  durationMinutes: 180,
  baseAmount: 165,
  extrasAmount: 0,
  firstServiceTotal: 165,
  recurringTotal: 165,
  discountPercent: 0,
  cancelReason: "",
  canChange: false,
  changeUntil: null,
  policy: { freeChangeCutoffHours: 24, lateChangeFeePercent: 50, phone: TEST_PROFILE.phone },
  reschedule: null,
  series: null,
  // Issue 30 (H3): the office's price of a quote; none on a booking.
  pricedQuote: null,
};

const main = () => within(screen.getByRole("main"));

async function open(booking: ManagedBooking) {
  server.use(http.get(PATH, () => HttpResponse.json(booking)));
  const view = await renderApp(`/manage/${TOKEN}`);
  expect(await main().findByText("YS-7K3F9Q")).toBeTruthy();
  return view;
}

describe("the invoice on the manage page", { timeout: 30_000 }, () => {
  it("links a booking's invoice PDF through the link's own token: a plain download, no login", async () => {
    await open(BOOKING);
    const link = main().getByRole("link", { name: INVOICE_LINK_TEXT.download });
    expect(link.getAttribute("href")).toBe(`/api/manage/${TOKEN}/invoice.pdf`);
    expect(link.hasAttribute("download")).toBe(true);
    expect(link.getAttribute("rel")).toBe("noreferrer");
  });

  it("links it for a booking still to come as well", async () => {
    await open({ ...BOOKING, status: "CONFIRMED" });
    expect(main().getByRole("link", { name: INVOICE_LINK_TEXT.download })).toBeTruthy();
  });

  it("offers no invoice for a quote request", async () => {
    await open({ ...BOOKING, type: "QUOTE", status: "QUOTE_REQUESTED" });
    expect(main().getByRole("heading", { level: 1 }).textContent).toBe("Your quote request");
    expect(main().queryByRole("link", { name: INVOICE_LINK_TEXT.download })).toBeNull();
  });
});

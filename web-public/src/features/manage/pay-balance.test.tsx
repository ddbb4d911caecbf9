/** "Pay balance" on /manage/$token (issue 30), against msw handlers that follow the API's contract. */
import { screen, waitFor, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderApp } from "../../test/render-app.tsx";
import { server, TEST_PROFILE } from "../../test/server.ts";
import type { ManagedBooking } from "./manage-api.ts";
import { goTo, PAY_TEXT } from "./pay-balance.tsx";

const TOKEN = "Pay_4x-".repeat(6) + "Abcd" + "Q";
const PATH = `/api/manage/${TOKEN}`;

const BOOKING: ManagedBooking = {
  reference: "YS-7K3F9Q",
  type: "BOOKING",
  status: "CONFIRMED",
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
  endTime: "2026-11-27T02:15:00.000Z",
  durationMinutes: 255,
  baseAmount: 275,
  extrasAmount: 0,
  firstServiceTotal: 275,
  recurringTotal: 275,
  discountPercent: 0,
  cancelReason: "",
  canChange: false,
  changeUntil: null,
  policy: { freeChangeCutoffHours: 24, lateChangeFeePercent: 50, phone: TEST_PROFILE.phone },
  reschedule: null,
  series: null,
  pricedQuote: null,
};

/** The payment-options calls the page made, since the last serve(). */
const asked: string[] = [];
const CONFIG = { enabled: true, deposit: { mode: "PERCENT", value: 20 }, balanceOnline: true };

function serve(
  options: Response | { paidToDate: number; balance: number | null; depositDue: number | null; balanceDue: number | null },
  checkout?: () => Response,
  config: typeof CONFIG | { enabled: false; deposit: { mode: "NONE"; value: 0 }; balanceOnline: false } = CONFIG,
) {
  const kinds: unknown[] = [];
  asked.length = 0;
  server.use(
    http.get("/api/payments/config", () => HttpResponse.json(config)),
    http.get(PATH, () => HttpResponse.json(BOOKING)),
    http.get(`${PATH}/payment-options`, () => {
      asked.push("payment-options");
      return options instanceof Response ? options : HttpResponse.json(options);
    }),
    http.post(`${PATH}/checkout`, async ({ request }) => {
      kinds.push(await request.json());
      return checkout ? checkout() : HttpResponse.json({ url: "https://checkout.stripe.com/c/pay/cs_test_1" }, { status: 201 });
    }),
  );
  return kinds;
}

afterEach(() => vi.restoreAllMocks());

describe("paying the balance from the manage link", () => {
  it("shows what is paid and the balance, and sends the customer to Stripe Checkout", async () => {
    const kinds = serve({ paidToDate: 55, balance: 220, depositDue: null, balanceDue: 220 });
    const assign = vi.spyOn(goTo, "url").mockImplementation(() => {});
    const { user } = await renderApp(`/manage/${TOKEN}`);
    const section = within((await screen.findByRole("heading", { name: PAY_TEXT.title })).closest("section")!);
    expect(section.getByText("A$55.00")).toBeTruthy();
    expect(section.getByText("A$220.00")).toBeTruthy();
    expect(section.queryByRole("button", { name: /Pay deposit/ })).toBeNull();
    await user.click(section.getByRole("button", { name: PAY_TEXT.payBalance(220) }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith("https://checkout.stripe.com/c/pay/cs_test_1"));
    expect(kinds).toEqual([{ kind: "BALANCE" }]);
  });

  it("offers the deposit while nothing is paid", async () => {
    const kinds = serve({ paidToDate: 0, balance: 275, depositDue: 55, balanceDue: null });
    vi.spyOn(goTo, "url").mockImplementation(() => {});
    const { user } = await renderApp(`/manage/${TOKEN}`);
    await user.click(await screen.findByRole("button", { name: PAY_TEXT.payDeposit(55) }));
    await waitFor(() => expect(kinds).toEqual([{ kind: "DEPOSIT" }]));
  });

  it("says thank you when Stripe sends the customer back, and offers nothing once paid", async () => {
    serve({ paidToDate: 275, balance: 0, depositDue: null, balanceDue: null });
    await renderApp(`/manage/${TOKEN}?paid=1`);
    expect(await screen.findByText(PAY_TEXT.paid)).toBeTruthy();
    expect(screen.queryByRole("button", { name: /^Pay / })).toBeNull();
  });

  it("shows the server's refusal where the customer is looking", async () => {
    serve({ paidToDate: 0, balance: 275, depositDue: null, balanceDue: 275 }, () =>
      HttpResponse.json({ error: "Nothing is due on this booking.", code: "NOTHING_DUE" }, { status: 409 }));
    const assign = vi.spyOn(goTo, "url").mockImplementation(() => {});
    const { user } = await renderApp(`/manage/${TOKEN}`);
    await user.click(await screen.findByRole("button", { name: PAY_TEXT.payBalance(275) }));
    expect((await screen.findByRole("alert")).textContent).toContain("Nothing is due on this booking.");
    expect(assign).not.toHaveBeenCalled();
  });

  it("shows nothing about payments, and asks for no payment options, while card payments are off", async () => {
    serve(
      HttpResponse.json({ error: "Card payments are not available.", code: "PAYMENTS_OFF" }, { status: 404 }),
      undefined,
      { enabled: false, deposit: { mode: "NONE", value: 0 }, balanceOnline: false },
    );
    await renderApp(`/manage/${TOKEN}`);
    await screen.findByText("YS-7K3F9Q");
    // The page's own call has answered; the payment card never appears, and the link is not taken for a dead one.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole("heading", { name: PAY_TEXT.title })).toBeNull();
    expect(screen.queryByText(/expired or is not valid/)).toBeNull();
    expect(asked, "no call that would answer 404 PAYMENTS_OFF").toEqual([]);
  });

  it("shows nothing when payments were turned off after the page asked (404 PAYMENTS_OFF)", async () => {
    serve(HttpResponse.json({ error: "Card payments are not available.", code: "PAYMENTS_OFF" }, { status: 404 }));
    await renderApp(`/manage/${TOKEN}`);
    await screen.findByText("YS-7K3F9Q");
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole("heading", { name: PAY_TEXT.title })).toBeNull();
    expect(screen.queryByText(/expired or is not valid/)).toBeNull();
  });
});

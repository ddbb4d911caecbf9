/** The deposit by card at booking (issue 30): the review step, "Pay deposit now", and the way back from Stripe. */
import { screen, waitFor, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderApp } from "../../test/render-app.tsx";
import { server } from "../../test/server.ts";
import { bookingRecord, catalogHandlers, firstBookableDate } from "./booking-test-fixtures.ts";
import { chooseHourly, fillContactAndAddress, openPage as openBookingPage, pickDay, pickTime } from "./booking.test-helper.tsx";
import { DEPOSIT_TEXT, depositOf, goTo } from "./deposit.tsx";

const ON = { enabled: true, deposit: { mode: "PERCENT" as const, value: 20 }, balanceOnline: true };

beforeEach(() => {
  server.use(...catalogHandlers());
  sessionStorage.clear();
  vi.spyOn(Element.prototype, "scrollIntoView").mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

const section = (name: RegExp) => screen.getByRole("region", { name });

/** Fills the form and books; the server answers a booking of A$275 first service. */
async function book(config: typeof ON | { enabled: false; deposit: { mode: "NONE"; value: 0 }; balanceOnline: false }) {
  const checkouts: string[] = [];
  server.use(
    http.get("/api/payments/config", () => HttpResponse.json(config)),
    http.post("/api/bookings", () =>
      HttpResponse.json(bookingRecord({ _id: "bk-275", firstServiceTotal: 275, frequencyCode: "ONE_TIME", frequencyNameAtBooking: "One-time" }), { status: 201 })),
    http.post("/api/bookings/:id/deposit-checkout", ({ params }) => {
      checkouts.push(String(params.id));
      return HttpResponse.json({ url: "https://checkout.stripe.com/c/pay/cs_test_dep" }, { status: 201 });
    }),
  );
  const view = await openBookingPage("/book-now", firstBookableDate());
  fillContactAndAddress();
  await chooseHourly(view.user, "3");
  await pickDay(view.user, firstBookableDate());
  await pickTime(view.user, "9:00 am");
  await view.user.click(await screen.findByRole("radio", { name: "Someone will be home" }));
  return { ...view, checkouts };
}

describe("depositOf", () => {
  it("is the percent of the first service rounded to the cent, or the fixed amount, at most the total; none when off", () => {
    expect(depositOf(ON, 275)).toBe(55);
    expect(depositOf({ ...ON, deposit: { mode: "PERCENT", value: 12.5 } }, 157.05)).toBe(19.63);
    expect(depositOf({ ...ON, deposit: { mode: "FIXED", value: 500 } }, 275)).toBe(275);
    expect(depositOf({ ...ON, enabled: false }, 275)).toBeNull();
    expect(depositOf({ ...ON, deposit: { mode: "NONE", value: 0 } }, 275)).toBeNull();
    expect(depositOf(undefined, 275)).toBeNull();
  });
});

describe("a deposit at booking", () => {
  it("the review step says how much, and the result card sends the customer to Stripe to pay it", async () => {
    const assign = vi.spyOn(goTo, "url").mockImplementation(() => {});
    const { user, checkouts } = await book(ON);
    const review = section(/Review and Submit/);
    const note = await within(review).findByText(/^A deposit of /);
    expect(note.textContent).toMatch(/^A deposit of A\$\d/);
    await user.click(screen.getByRole("button", { name: "Book Now" }));
    const card = await screen.findByRole("region", { name: "Booking created. We’ve emailed your confirmation." });
    await user.click(within(card).getByRole("button", { name: DEPOSIT_TEXT.payNow(55) }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith("https://checkout.stripe.com/c/pay/cs_test_dep"));
    expect(checkouts).toEqual(["bk-275"]);
  });

  it("says nothing about a deposit while card payments are off", async () => {
    const { user } = await book({ enabled: false, deposit: { mode: "NONE", value: 0 }, balanceOnline: false });
    const review = section(/Review and Submit/);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(within(review).queryByText(/deposit/i)).toBeNull();
    await user.click(screen.getByRole("button", { name: "Book Now" }));
    const card = await screen.findByRole("region", { name: "Booking created. We’ve emailed your confirmation." });
    expect(within(card).queryByRole("button", { name: /deposit/i })).toBeNull();
  });

  it("thanks the customer when Stripe sends them back", async () => {
    server.use(http.get("/api/payments/config", () => HttpResponse.json(ON)));
    await renderApp("/book-now?deposit=paid&ref=YS-7K3F9Q");
    expect(await screen.findByText(DEPOSIT_TEXT.paid("YS-7K3F9Q"))).toBeTruthy();
  });
});

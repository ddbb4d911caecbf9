/** Issue 17 in the bookings screens: visits of a regular clean, and those that need attention. */
import { screen, waitFor, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderAdmin, storeSession } from "../../test/render-admin.tsx";
import { server } from "../../test/server.ts";
import type { BookingDto } from "./bookings-api.ts";
import { CLEANERS_TEXT, NEEDS_ATTENTION_ACTIONS, NEEDS_ATTENTION_HINT } from "./booking-card.tsx";
import { aBooking, aPage } from "./test-fixtures.ts";

// Wed 25 Nov 2026, 2:00 pm in Melbourne (AEDT, UTC+11).
const NOW = new Date("2026-11-25T03:00:00.000Z");

let queries: Record<string, string>[];

function serve(items: BookingDto[]) {
  server.use(
    http.get("/api/admin/bookings", ({ request }) => {
      queries.push(Object.fromEntries(new URL(request.url).searchParams));
      return HttpResponse.json(aPage(items, {
        stats: { status: { PENDING: 0, CONFIRMED: 1, CANCELLED: 0, DONE: 0, NEEDS_ATTENTION: 2, QUOTE_REQUESTED: 0 }, payment: { UNPAID: 1, PAID: 0 } },
      }));
    }),
    http.get("/api/admin/bookings/:id", ({ params }) => HttpResponse.json(items.find((b) => b._id === params.id))),
    http.get("/api/admin/bookings/:id/payments", () => HttpResponse.json({ items: [], paidToDate: 0, balance: 225, paymentStatus: "UNPAID" })),
    http.get("/api/admin/customers/:id", () => HttpResponse.json({ error: "Not found", code: "CUSTOMER_NOT_FOUND" }, { status: 404 })),
  );
}

const visit = aBooking({ _id: "b7", seriesId: "sr1", seriesDate: "2026-12-02", status: "CONFIRMED", frequencyNameAtBooking: "Weekly" });
const unplaced = aBooking({
  _id: "b8",
  reference: "YS-NEEDS8",
  firstName: "Jack",
  lastName: "Smith",
  seriesId: "sr2",
  seriesDate: "2026-12-09",
  status: "NEEDS_ATTENTION",
  frequencyNameAtBooking: "Fortnightly",
});

beforeEach(() => {
  queries = [];
  vi.useFakeTimers({ toFake: ["Date"], now: NOW });
  storeSession();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("regular cleans in the bookings list", () => {
  it("marks a visit of a regular clean with a link to its series; a one-off has none", async () => {
    serve([visit, aBooking({ _id: "b9", firstName: "Ada", lastName: "Lovelace", frequencyCode: "ONE_TIME" })]);
    renderAdmin("/admin/bookings");
    const card = await screen.findByRole("article", { name: /Olivia Nguyen/ });
    const mark = within(card).getByRole("link", { name: "Regular · Weekly" });
    expect(mark.getAttribute("href")).toBe("/admin/series/sr1");
    expect(within(screen.getByRole("article", { name: /Ada Lovelace/ })).queryByRole("link", { name: /^Regular/ })).toBeNull();
  });

  it("a visit that needs attention says so and what to do", async () => {
    serve([unplaced]);
    renderAdmin("/admin/bookings");
    const card = await screen.findByRole("article", { name: /Jack Smith/ });
    expect(within(card).getByText(NEEDS_ATTENTION_HINT)).toBeTruthy();
    expect(within(card).getByRole("link", { name: "Regular · Fortnightly" }).getAttribute("href")).toBe("/admin/series/sr2");
  });

  it("a job that needs attention offers its two ways out: move it, or cancel it and tell the customer", async () => {
    serve([unplaced]);
    const { user } = renderAdmin("/admin/bookings");
    const card = await screen.findByRole("article", { name: /Jack Smith/ });
    expect(within(card).getByRole("link", { name: NEEDS_ATTENTION_ACTIONS.move }).getAttribute("href")).toBe("/admin/bookings/b8/edit");
    await user.click(within(card).getByRole("button", { name: NEEDS_ATTENTION_ACTIONS.cancel }));
    // The cancellation dialog asks for its reason before anything is sent (the customer's e-mail quotes it).
    const dialog = await screen.findByRole("dialog", { hidden: true });
    expect(within(dialog).getByText(/^Cancel the booking of .*Jack Smith/)).toBeTruthy();
  });

  it("a job says who is on it (team mode chose them, or the office did) and links to the day's schedule to change it", async () => {
    serve([aBooking({ _id: "b5", firstName: "Mia", lastName: "Lee", cleanerIds: ["c1"], startTime: "2026-12-01T22:00:00.000Z" })]);
    server.use(http.get("/api/admin/cleaners", () => HttpResponse.json({ items: [{ _id: "c1", name: "Priya Sharma" }] })));
    renderAdmin("/admin/bookings");
    const card = await screen.findByRole("article", { name: /Mia Lee/ });
    expect(await within(card).findByText(/^Cleaner: Priya Sharma/)).toBeTruthy();
    expect(within(card).getByRole("link", { name: CLEANERS_TEXT.change }).getAttribute("href")).toBe("/admin/schedule?date=2026-12-02");
  });

  it("the Needs attention chip counts them and filters the list by them", async () => {
    serve([unplaced]);
    const { user } = renderAdmin("/admin/bookings");
    const counts = await screen.findByRole("list", { name: "Counts" });
    const chip = within(counts).getByRole("button", { name: /^Needs attention/ });
    expect(chip.textContent).toBe("Needs attention 2");
    await user.click(chip);
    await waitFor(() => expect(queries[queries.length - 1].status).toBe("NEEDS_ATTENTION"));
    expect((screen.getByLabelText("Status") as HTMLSelectElement).value).toBe("NEEDS_ATTENTION");
  });

  it("the details of a visit link to its regular clean", async () => {
    serve([visit]);
    const { user } = renderAdmin("/admin/bookings");
    const card = await screen.findByRole("article", { name: /Olivia Nguyen/ });
    await user.click(within(card).getByRole("button", { name: "View details" }));
    const link = await within(card).findByRole("link", { name: "Open the regular clean" });
    expect(link.getAttribute("href")).toBe("/admin/series/sr1");
    expect(link.closest("p")!.textContent).toBe("A visit of a regular clean (Weekly). Open the regular clean");
  });
});

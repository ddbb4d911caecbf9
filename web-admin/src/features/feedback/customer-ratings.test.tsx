/** A customer's ratings on their record (issue 32), against msw answers in the shapes of GET /api/admin/feedback. */
import { screen, waitFor, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { beforeEach, describe, expect, it } from "vitest";
import { renderAdmin, storeSession } from "../../test/render-admin.tsx";
import { server } from "../../test/server.ts";
import { CUSTOMER_RATINGS_TEXT as T } from "./customer-ratings.tsx";
import type { RatingList } from "./feedback-api.ts";
import { aCustomerRecord } from "./test-fixtures.ts";

const TWO_RATINGS: RatingList = {
  items: [
    {
      bookingId: "b2",
      reference: "YS-BBBB22",
      customerName: "Olivia Nguyen",
      // Sat 21 Nov 2026, 9:00 am in Melbourne.
      startTime: "2026-11-20T22:00:00.000Z",
      serviceName: "Hourly Cleaning",
      rating: 5,
      comment: "Spotless, thank you!",
      ratedAt: "2026-11-21T06:00:00.000Z",
      cleanerNames: ["Priya Sharma", "Tom Lee"],
    },
    {
      bookingId: "b1",
      reference: "YS-AAAA11",
      customerName: "Olivia Nguyen",
      startTime: "2026-11-06T22:00:00.000Z",
      serviceName: "Deep Clean",
      rating: 4,
      comment: "",
      ratedAt: "2026-11-08T01:00:00.000Z",
      cleanerNames: [],
    },
  ],
  averageRating: 4.5,
  ratings: 2,
};

/** The record as `record` says, and the ratings as `ratings()` answers; every ratings query is kept. */
function serve(ratings: () => Response, record = aCustomerRecord()) {
  const queries: string[] = [];
  server.use(
    http.get("/api/admin/customers/cu1", () => HttpResponse.json(record)),
    http.get("/api/admin/feedback", ({ request }) => {
      queries.push(new URL(request.url).search);
      return ratings();
    }),
  );
  return queries;
}

async function openRatings() {
  renderAdmin("/admin/customers/cu1");
  await screen.findByRole("heading", { level: 1, name: "Olivia Nguyen" });
  const card = await screen.findByRole("region", { name: T.title });
  await waitFor(() => expect(within(card).queryByText(T.loading)).toBeNull());
  return within(card);
}

beforeEach(() => storeSession());

describe("a customer's ratings", () => {
  it("lists the customer's rated jobs with the average, each with its rating, comment, cleaners and a link to the job", async () => {
    const queries = serve(() => HttpResponse.json(TWO_RATINGS));
    const card = await openRatings();
    expect(queries).toEqual(["?customerId=cu1"]);
    expect(card.getByText(/^Average rating:/).textContent).toBe("Average rating: ★ 4.5 (2 ratings)");

    const items = within(card.getByRole("list", { name: T.list })).getAllByRole("listitem");
    expect(items).toHaveLength(2);
    const first = within(items[0]);
    expect(first.getByRole("link", { name: "YS-BBBB22" }).getAttribute("href")).toBe("/admin/bookings/b2");
    expect(items[0].querySelector(".feedback-ratings__job")?.textContent).toBe("YS-BBBB22, Hourly Cleaning, Sat 21 Nov 2026");
    expect(first.getByText("5 out of 5")).toBeTruthy();
    expect(first.getByText("Spotless, thank you!")).toBeTruthy();
    expect(first.getByText(/Cleaned by/).textContent).toBe("Cleaned by Priya Sharma, Tom Lee. Rated Sat 21 Nov 2026.");

    const second = within(items[1]);
    expect(second.getByText("4 out of 5")).toBeTruthy();
    expect(second.getByText(/^Rated/).textContent).toBe("Rated Sun 8 Nov 2026.");
    // No comment, no empty paragraph for it.
    expect(items[1].querySelector(".feedback-comment")).toBeNull();
    expect(card.queryByText(/The latest/)).toBeNull();
  });

  it("says when the list holds only the latest of more ratings", async () => {
    serve(() => HttpResponse.json({ ...TWO_RATINGS, averageRating: 3.8, ratings: 25 }));
    const card = await openRatings();
    expect(card.getByText(/^Average rating:/).textContent).toBe("Average rating: ★ 3.8 (25 ratings)");
    expect(card.getByText(T.shown(2, 25)).textContent).toBe("The latest 2 of 25 ratings.");
  });

  it("a customer without ratings has none to show", async () => {
    serve(() => HttpResponse.json({ items: [], averageRating: null, ratings: 0 }));
    const card = await openRatings();
    expect(card.getByText(T.none)).toBeTruthy();
    expect(card.queryByRole("list")).toBeNull();
    expect(card.queryByText(/Average rating/)).toBeNull();
  });

  it("a failed load says so in the card, and the rest of the record stays", async () => {
    serve(() => HttpResponse.json({ error: "down", code: "INTERNAL_ERROR" }, { status: 500 }));
    const card = await openRatings();
    expect(card.getByRole("alert").textContent).toContain(T.loadFailed);
    expect(screen.getByRole("region", { name: "Contacts" })).toBeTruthy();
  });

  it("a merged record (kept as history) shows no ratings and asks for none", async () => {
    const queries = serve(() => HttpResponse.json(TWO_RATINGS), aCustomerRecord({ mergedInto: "cu9" }));
    renderAdmin("/admin/customers/cu1");
    await screen.findByRole("region", { name: "Contacts" });
    expect(screen.queryByRole("region", { name: T.title })).toBeNull();
    expect(queries).toEqual([]);
  });
});

/** Each cleaner's average rating on the Team screen (issue 32), against msw answers in the shapes of the feedback API. */
import { screen, waitFor, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { beforeEach, describe, expect, it } from "vitest";
import { renderAdmin, storeSession } from "../../test/render-admin.tsx";
import { server } from "../../test/server.ts";
import type { CleanerRating } from "./feedback-api.ts";

/** A cleaner as GET /api/admin/cleaners sends one (the team feature's own shape). */
const cleaner = (_id: string, name: string) => ({
  _id,
  name,
  phone: "",
  email: "",
  colour: "#1f7a6d",
  active: true,
  createdAt: "2026-11-01T00:00:00.000Z",
  workingHours: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: "08:00", end: "16:00" })),
  workingHoursSet: true,
  timeOff: [],
});

const TEAM = [cleaner("c1", "Priya Sharma"), cleaner("c2", "Tom Lee"), cleaner("c3", "Wei Zhang")];

/** The team, and the averages as `ratings()` answers them; the averages' reads are counted. */
function serve(ratings: () => Response) {
  const reads = { ratings: 0 };
  server.use(
    http.get("/api/admin/cleaners", () => HttpResponse.json({ items: TEAM })),
    http.get("/api/admin/feedback/cleaners", () => {
      reads.ratings += 1;
      return ratings();
    }),
  );
  return reads;
}

const row = (name: string) => within(screen.getByRole("heading", { name: new RegExp(name), level: 3 }).closest("li")!);

async function openTeam() {
  renderAdmin("/admin/team");
  await screen.findByRole("heading", { name: "Team", level: 1 });
  await screen.findByRole("list", { name: "Cleaners" });
}

beforeEach(() => storeSession());

describe("average ratings on the Team screen", () => {
  it("shows each rated cleaner's average and count, and 'No ratings yet' for the others, from one read", async () => {
    const items: CleanerRating[] = [
      { cleanerId: "c1", averageRating: 4.6, ratings: 12 },
      { cleanerId: "c2", averageRating: 5, ratings: 1 },
    ];
    const reads = serve(() => HttpResponse.json({ items }));
    await openTeam();
    const priya = await waitFor(() => row("Priya Sharma").getByText(/4\.6/));
    // The star is drawn; a screen reader hears "Average rating 4.6 (12 ratings)".
    expect(priya.textContent).toBe("★ Average rating 4.6 (12 ratings)");
    expect(priya.querySelector("[aria-hidden='true']")?.textContent).toBe("★");
    expect(row("Tom Lee").getByText(/5\.0/).textContent).toBe("★ Average rating 5.0 (1 rating)");
    expect(row("Wei Zhang").getByText("No ratings yet")).toBeTruthy();
    expect(reads.ratings).toBe(1);
  });

  it("a failed read leaves the team as it is, without ratings", async () => {
    const reads = serve(() => HttpResponse.json({ error: "down", code: "INTERNAL_ERROR" }, { status: 500 }));
    await openTeam();
    await waitFor(() => expect(reads.ratings).toBeGreaterThan(0));
    await waitFor(() => expect(row("Priya Sharma").getByText("Active")).toBeTruthy());
    expect(screen.queryByText(/ratings?\)/)).toBeNull();
    expect(screen.queryByText("No ratings yet")).toBeNull();
    expect(screen.queryByRole("alert")).toBeNull();
  });
});

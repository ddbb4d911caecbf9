import { screen, waitFor, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderAdmin, storeSession } from "../../test/render-admin.tsx";
import { server } from "../../test/server.ts";
import type { SeriesSummary } from "./series-api.ts";
import { aSummary, NOW } from "./test-fixtures.ts";

let queries: Record<string, string>[];

function answerList(items: SeriesSummary[], page: { page?: number; totalPages?: number; totalItems?: number } = {}, status = 200) {
  server.use(
    http.get("/api/admin/series", ({ request }) => {
      queries.push(Object.fromEntries(new URL(request.url).searchParams));
      if (status !== 200) return HttpResponse.json({ error: "Database down", code: "X" }, { status });
      return HttpResponse.json({ items, page: 1, totalPages: 1, totalItems: items.length, ...page });
    }),
  );
}

const lastQuery = () => queries[queries.length - 1];

async function openList(path = "/admin/series") {
  const view = renderAdmin(path);
  await screen.findByRole("heading", { name: "Regular cleans", level: 1 });
  return view;
}

beforeEach(() => {
  queries = [];
  vi.useFakeTimers({ toFake: ["Date"], now: NOW });
  storeSession();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("regular cleans list", () => {
  it("asks for a page of 50 and shows customer, service, rhythm, next visit, what needs attention and status", async () => {
    answerList([
      aSummary(),
      aSummary({
        _id: "sr2",
        customerName: "Jack Smith",
        suburb: "Fitzroy",
        status: "PAUSED",
        repeatUnit: "MONTH",
        repeatEvery: 1,
        anchorDate: "2026-10-31",
        startTime: "13:30",
        nextVisit: null,
        needsAttention: 0,
      }),
    ]);
    await openList();
    const table = await screen.findByRole("table", { name: "Regular cleans" });
    expect(lastQuery()).toEqual({ page: "1", limit: "50" });
    const rows = within(table).getAllByRole("row").slice(1).map((row) =>
      within(row).getAllByRole("cell").map((cell) => cell.textContent));
    expect(rows).toEqual([
      ["Olivia NguyenRichmond", "Hourly Cleaning", "Every week · Wed 9:00 am", "Wed 2 Dec 2026, 9:00 amConfirmed", "1", "Active"],
      ["Jack SmithFitzroy", "Hourly Cleaning", "Every month · 31st · 1:30 pm", "None planned", "0", "Paused"],
    ]);
    const link = within(table).getByRole("link", { name: "Olivia Nguyen" });
    expect(link.getAttribute("href")).toBe("/admin/series/sr1");
    expect(screen.getByText("2 regular cleans")).toBeTruthy();
  });

  it("filters by status and searches, keeping both in the URL", async () => {
    answerList([aSummary()]);
    const { user, history } = await openList();
    await screen.findByRole("table");
    await user.selectOptions(screen.getByLabelText("Status"), "Paused");
    await waitFor(() => expect(lastQuery()).toMatchObject({ status: "PAUSED" }));
    expect(history.location.search).toContain("status=PAUSED");
    await user.type(screen.getByLabelText("Search"), "olivia");
    await waitFor(() => expect(lastQuery()).toMatchObject({ status: "PAUSED", q: "olivia" }));
    expect(history.location.search).toContain("q=olivia");
  });

  it("opens with the URL's filter", async () => {
    answerList([]);
    await openList("/admin/series?status=ENDED");
    await screen.findByText("No results for your search.");
    expect(lastQuery()).toMatchObject({ status: "ENDED" });
    expect((screen.getByLabelText("Status") as HTMLSelectElement).value).toBe("ENDED");
  });

  it("says how a regular clean starts when there are none", async () => {
    answerList([]);
    await openList();
    expect(await screen.findByText("No regular cleans yet. A booking with a repeating frequency starts one.")).toBeTruthy();
  });

  it("pages like the bookings list", async () => {
    answerList([aSummary()], { totalPages: 3, totalItems: 120 });
    const { user } = await openList();
    expect(await screen.findByText("Page 1 of 3")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Next page" }));
    await waitFor(() => expect(lastQuery()).toMatchObject({ page: "2" }));
  });

  it("shows 'Failed to load the regular cleans' when the list cannot load", async () => {
    answerList([], {}, 500);
    await openList();
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Failed to load the regular cleans");
    expect(alert.textContent).toContain("Server error");
  });

  it("is in the side bar after Bookings", async () => {
    answerList([]);
    server.use(http.get("/api/admin/bookings", () => HttpResponse.json({ items: [], page: 1, totalPages: 1, totalItems: 0 })));
    const { user } = renderAdmin("/admin/bookings");
    const nav = await screen.findByRole("navigation", { name: "Staff screens" });
    const labels = within(nav).getAllByRole("link").map((link) => link.textContent);
    expect(labels.indexOf("Regular cleans")).toBe(labels.indexOf("Bookings") + 1);
    await user.click(within(nav).getByRole("link", { name: "Regular cleans" }));
    expect(await screen.findByRole("heading", { name: "Regular cleans", level: 1 })).toBeTruthy();
  });
});

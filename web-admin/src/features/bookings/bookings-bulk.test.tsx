/** Issue 34: ticking bookings for a bulk action, and the filters folded behind a button on a phone. */
import { screen, waitFor, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderAdmin, storeSession } from "../../test/render-admin.tsx";
import { server } from "../../test/server.ts";
import type { BookingDto } from "./bookings-api.ts";
import { bulkSummary } from "./bulk-actions.tsx";
import { READ_MARKS_KEY } from "./read-marks.ts";
import { aBooking, aPage } from "./test-fixtures.ts";

const NOW = new Date("2026-11-25T03:00:00.000Z");

const ada = aBooking({ _id: "11111111-1111-4111-8111-111111111111", reference: "YS-AAAAAA", firstName: "Ada" });
const ben = aBooking({ _id: "22222222-2222-4222-8222-222222222222", reference: "YS-BBBBBB", firstName: "Ben" });
const cal = aBooking({ _id: "33333333-3333-4333-8333-333333333333", reference: "YS-CCCCCC", firstName: "Cal" });
const quote = aBooking({
  _id: "44444444-4444-4444-8444-444444444444", reference: "YS-QQQQQQ", firstName: "Quinn", type: "QUOTE", status: "QUOTE_REQUESTED",
});

let innerWidth: number;
let statusCalls: string[];
let assignCalls: { id: string; cleanerIds: string[] }[];

function serve(items: BookingDto[]) {
  server.use(
    http.get("/api/admin/bookings", () => HttpResponse.json(aPage(items))),
    http.get("/api/admin/cleaners", () =>
      HttpResponse.json([{ _id: "c1", name: "Priya Shah", active: true }, { _id: "c2", name: "Tom Lee", active: true }])),
    http.patch("/api/admin/bookings/:id/status", async ({ params, request }) => {
      const id = String(params.id);
      statusCalls.push(id);
      const body = (await request.json()) as { status: string };
      if (id === ben._id) {
        return HttpResponse.json({ error: "That time is no longer available.", code: "SLOT_UNAVAILABLE" }, { status: 409 });
      }
      const booking = items.find((one) => one._id === id)!;
      return HttpResponse.json({ ...booking, status: body.status });
    }),
    http.put("/api/admin/bookings/:id/cleaners", async ({ params, request }) => {
      const id = String(params.id);
      const { cleanerIds } = (await request.json()) as { cleanerIds: string[] };
      assignCalls.push({ id, cleanerIds });
      if (id === cal._id) {
        return HttpResponse.json({ error: "Priya Shah is on YS-ZZZZZZ then.", code: "CLEANER_BUSY" }, { status: 409 });
      }
      const booking = items.find((one) => one._id === id)!;
      return HttpResponse.json({ ...booking, cleanerIds });
    }),
  );
}

async function openBookings() {
  const view = renderAdmin("/admin/bookings");
  await screen.findByRole("heading", { name: "Ada Nguyen" });
  return view;
}

const said = () => screen.getAllByRole("status").map((node) => node.textContent).join(" ");
const bar = () => screen.getByRole("group", { name: "Selected bookings" });

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"], now: NOW });
  storeSession();
  statusCalls = [];
  assignCalls = [];
  innerWidth = window.innerWidth;
});
afterEach(() => {
  vi.useRealTimers();
  Object.assign(window, { innerWidth });
});

describe("selecting bookings", () => {
  it("a tick on each card named by its reference; the bar counts them and Clear takes them all off", async () => {
    serve([ada, ben, cal]);
    const { user } = await openBookings();
    expect(screen.queryByRole("group", { name: "Selected bookings" })).toBeNull();
    await user.click(screen.getByRole("checkbox", { name: "Select YS-AAAAAA" }));
    expect(within(bar()).getByText("1 selected")).toBeTruthy();
    await user.click(screen.getByRole("checkbox", { name: "Select YS-CCCCCC" }));
    expect(within(bar()).getByText("2 selected")).toBeTruthy();
    const all = screen.getByRole("checkbox", { name: "Select all on this page" }) as HTMLInputElement;
    expect(all.checked).toBe(false);
    expect(all.indeterminate).toBe(true);
    await user.click(within(bar()).getByRole("button", { name: "Clear" }));
    expect(screen.queryByRole("group", { name: "Selected bookings" })).toBeNull();
    expect(document.activeElement).toBe(all);
  });

  it("Select all on this page ticks every card, and unticks them again", async () => {
    serve([ada, ben, cal]);
    const { user } = await openBookings();
    await user.click(screen.getByRole("checkbox", { name: "Select all on this page" }));
    expect(within(bar()).getByText("3 selected")).toBeTruthy();
    for (const reference of ["YS-AAAAAA", "YS-BBBBBB", "YS-CCCCCC"]) {
      expect((screen.getByRole("checkbox", { name: `Select ${reference}` }) as HTMLInputElement).checked).toBe(true);
    }
    await user.click(screen.getByRole("checkbox", { name: "Select all on this page" }));
    expect(screen.queryByRole("group", { name: "Selected bookings" })).toBeNull();
  });
});

describe("bulk actions", () => {
  it("Confirm goes one by one through the status call; a refusal is named with the server's words; a quote is skipped", async () => {
    serve([ada, ben, cal, quote]);
    const { user } = await openBookings();
    await user.click(screen.getByRole("checkbox", { name: "Select all on this page" }));
    await user.click(within(bar()).getByRole("button", { name: "Confirm" }));
    await waitFor(() =>
      expect(said()).toContain(
        "2 confirmed; 1 could not be: YS-BBBBBB — That time is no longer available. YS-QQQQQQ skipped: a quote can't be confirmed.",
      ));
    expect(statusCalls).toEqual([ada._id, ben._id, cal._id]);
    // The confirmed cards show it at once.
    expect(within(screen.getByRole("article", { name: /Ada/ })).getByText("CONFIRMED")).toBeTruthy();
    expect(within(screen.getByRole("article", { name: /Ben/ })).getByText("PENDING")).toBeTruthy();
  });

  it("Confirm of three that all go through says so", async () => {
    serve([ada, cal, aBooking({ _id: "55555555-5555-4555-8555-555555555555", reference: "YS-DDDDDD", firstName: "Dee" })]);
    const { user } = await openBookings();
    await user.click(screen.getByRole("checkbox", { name: "Select all on this page" }));
    await user.click(within(bar()).getByRole("button", { name: "Confirm" }));
    await waitFor(() => expect(said()).toContain("3 bookings confirmed."));
  });

  it("Assign puts the chosen active cleaner on each through the schedule's call, and names a refusal", async () => {
    serve([ada, cal, quote]);
    const { user } = await openBookings();
    await user.click(screen.getByRole("checkbox", { name: "Select all on this page" }));
    const assign = within(bar()).getByRole("button", { name: "Assign" }) as HTMLButtonElement;
    expect(assign.disabled).toBe(true);
    await screen.findByRole("option", { name: "Priya Shah" });
    await user.selectOptions(within(bar()).getByLabelText("Assign cleaner"), "Priya Shah");
    await user.click(assign);
    await waitFor(() =>
      expect(said()).toContain(
        "1 assigned to Priya Shah; 1 could not be: YS-CCCCCC — Priya Shah is on YS-ZZZZZZ then. YS-QQQQQQ skipped: a quote can't be assigned.",
      ));
    expect(assignCalls).toEqual([{ id: ada._id, cleanerIds: ["c1"] }, { id: cal._id, cleanerIds: ["c1"] }]);
  });

  it("Export CSV asks the bookings CSV for just the ticked ones", async () => {
    serve([ada, ben, cal]);
    let csvUrl: URL | undefined;
    server.use(http.get("/api/admin/bookings.csv", ({ request }) => {
      csvUrl = new URL(request.url);
      return new HttpResponse("id\r\n", { headers: { "Content-Type": "text/csv", "Content-Disposition": 'attachment; filename="bookings-2026-11-25.csv"' } });
    }));
    vi.spyOn(URL, "createObjectURL").mockReturnValue("blob:bookings");
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => {});
    const { user } = await openBookings();
    await user.click(screen.getByRole("checkbox", { name: "Select YS-AAAAAA" }));
    await user.click(screen.getByRole("checkbox", { name: "Select YS-CCCCCC" }));
    await user.click(within(bar()).getByRole("button", { name: "Export CSV" }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(Object.fromEntries(csvUrl!.searchParams)).toEqual({ ids: `${ada._id},${cal._id}`, sort: "startTime", order: "asc" });
    await waitFor(() => expect(said()).toContain("2 bookings exported."));
  });

  it("Mark read keeps the marks in this browser's versioned key", async () => {
    localStorage.removeItem(READ_MARKS_KEY);
    serve([ada, ben, cal]);
    const { user } = await openBookings();
    await user.click(screen.getByRole("checkbox", { name: "Select YS-AAAAAA" }));
    await user.click(screen.getByRole("checkbox", { name: "Select YS-BBBBBB" }));
    await user.click(within(bar()).getByRole("button", { name: "Mark read" }));
    expect(JSON.parse(localStorage.getItem(READ_MARKS_KEY)!).sort()).toEqual([ada._id, ben._id]);
    expect(within(screen.getByRole("article", { name: /Ada/ })).getByRole("button", { name: "Mark unread" })).toBeTruthy();
    expect(within(screen.getByRole("article", { name: /Cal/ })).getByRole("button", { name: "Mark read" })).toBeTruthy();
    expect(said()).toContain("2 bookings marked read.");
    localStorage.removeItem(READ_MARKS_KEY);
  });
});

describe("the summary", () => {
  it("reads as the office would say it", () => {
    expect(bulkSummary("confirmed", 1, [], [])).toBe("1 booking confirmed.");
    expect(bulkSummary("confirmed", 0, [], [{ reference: "YS-Q", reason: "a quote can't be confirmed" }]))
      .toBe("YS-Q skipped: a quote can't be confirmed.");
    expect(bulkSummary("confirmed", 0, [{ reference: "YS-A", message: "Not found" }, { reference: "YS-B", message: "Gone." }], []))
      .toBe("0 confirmed; 2 could not be: YS-A — Not found; YS-B — Gone.");
  });
});

describe("the filters on a phone", () => {
  it("fold behind 'Filters (N)' at 390 px, counting the filters in use", async () => {
    Object.assign(window, { innerWidth: 390 });
    serve([ada]);
    const { user } = renderAdmin("/admin/bookings?status=PENDING&type=BOOKING");
    await screen.findByRole("heading", { name: "Ada Nguyen" });
    const toggle = screen.getByRole("button", { name: "Filters (2)" });
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    const fold = document.getElementById(toggle.getAttribute("aria-controls")!)!;
    expect(fold.dataset.open).toBe("false");
    expect(within(fold).getByRole("search", { name: "Bookings" })).toBeTruthy();
    await user.click(toggle);
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
    expect(fold.dataset.open).toBe("true");
  });

  it("are open at a desk's width", async () => {
    Object.assign(window, { innerWidth: 1280 });
    serve([ada]);
    await openBookings();
    expect(screen.getByRole("button", { name: "Filters (0)" }).getAttribute("aria-expanded")).toBe("true");
  });
});

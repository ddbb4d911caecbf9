import { act, screen, waitFor, within } from "@testing-library/react";
import { delay, http, HttpResponse } from "msw";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderAdmin, storeSession } from "../../test/render-admin.tsx";
import { server } from "../../test/server.ts";
import type { BookingDto } from "./bookings-api.ts";
import { READ_MARKS_KEY } from "./read-marks.ts";
import { aBooking, aPage } from "./test-fixtures.ts";
import { CUSTOM_RANGE_NEEDS_BOTH } from "./time-window.ts";

// Wed 25 Nov 2026, 2:00 pm in Melbourne (AEDT, UTC+11).
const NOW = new Date("2026-11-25T03:00:00.000Z");

let queries: URLSearchParams[];

function answerList(items: BookingDto[] | (() => object), status = 200) {
  server.use(
    http.get("/api/admin/bookings", ({ request }) => {
      queries.push(new URL(request.url).searchParams);
      if (status !== 200) return HttpResponse.json({ error: "Database down", code: "X" }, { status });
      return HttpResponse.json(typeof items === "function" ? items() : aPage(items));
    }),
  );
}

const lastQuery = () => Object.fromEntries(queries[queries.length - 1]);
const card = (name: string) => screen.getByRole("article", { name: new RegExp(name) });

async function openBookings() {
  const view = renderAdmin("/admin/bookings");
  await screen.findByRole("heading", { name: "Bookings", level: 1 });
  return view;
}

async function choose(label: string, option: string, user: ReturnType<typeof renderAdmin>["user"]) {
  await user.selectOptions(screen.getByLabelText(label), option);
}

beforeEach(() => {
  queries = [];
  vi.useFakeTimers({ toFake: ["Date"], now: NOW });
  storeSession();
  // The details show the payment ledger (issue 15): payments-panel.test.tsx tests it; here, none yet.
  server.use(http.get("/api/admin/bookings/:id/payments", () =>
    HttpResponse.json({ items: [], paidToDate: 0, balance: 250, paymentStatus: "UNPAID" })));
  // And a job's feedback panel (issue 32; features/feedback tests it).
  server.use(http.get("/api/admin/bookings/:id/feedback", () => HttpResponse.json({ feedback: null })));
  // And who is on the job (issue 31; features/attendance tests it).
  server.use(http.get("/api/admin/bookings/:id/attendance", () => HttpResponse.json({ items: [] })));
});
afterEach(() => {
  vi.useRealTimers();
});

describe("bookings list", () => {
  it("asks for upcoming bookings by start time, 200 a page, and shows cards and chips", async () => {
    answerList([aBooking()]);
    await openBookings();
    expect(await screen.findByRole("heading", { name: "Olivia Nguyen" })).toBeTruthy();
    expect(lastQuery()).toEqual({
      sort: "startTime",
      order: "asc",
      endFrom: NOW.toISOString(),
      limit: "200",
      page: "1",
    });
    const chips = within(screen.getByRole("list", { name: "Counts" })).getAllByRole("listitem").map((li) => li.textContent);
    expect(chips).toEqual([
      "Pending 1", "Confirmed 2", "Cancelled 0", "Done 3", "Needs attention 0", "Quote requested 4", "Unpaid 5", "Paid 6",
    ]);
    const article = card("Olivia Nguyen");
    expect(within(article).getByText("PENDING")).toBeTruthy();
    expect(within(article).getByText("A$250.00")).toBeTruthy();
    expect(within(article).getByText("Sat 28 Nov 2026, 9:00 am")).toBeTruthy();
  });

  it("a count chip filters the list when clicked, and clears the filter when clicked again", async () => {
    answerList([aBooking()]);
    const { user } = await openBookings();
    const counts = await screen.findByRole("list", { name: "Counts" });
    const quotes = within(counts).getByRole("button", { name: /^Quote requested/ });
    expect(quotes.getAttribute("aria-pressed")).toBe("false");
    await user.click(quotes);
    await waitFor(() => expect(lastQuery().status).toBe("QUOTE_REQUESTED"));
    expect(within(screen.getByRole("list", { name: "Counts" })).getByRole("button", { name: /^Quote requested/ }).getAttribute("aria-pressed")).toBe("true");
    await user.click(within(screen.getByRole("list", { name: "Counts" })).getByRole("button", { name: /^Paid/ }));
    await waitFor(() => expect(lastQuery().paymentStatus).toBe("PAID"));
    await user.click(within(screen.getByRole("list", { name: "Counts" })).getByRole("button", { name: /^Quote requested/ }));
    await waitFor(() => expect(lastQuery().status).toBeUndefined());
    expect(lastQuery().paymentStatus).toBe("PAID");
  });

  it("says 'No bookings.' for an empty list and 'No results for your search.' when searching", async () => {
    answerList([]);
    const { user } = await openBookings();
    expect(await screen.findByText("No bookings.")).toBeTruthy();
    await user.type(screen.getByLabelText("Search"), "zed");
    expect(await screen.findByText("No results for your search.")).toBeTruthy();
    expect(lastQuery().q).toBe("zed");
  });

  it("accepts a bare array", async () => {
    answerList(() => [aBooking()]);
    await openBookings();
    expect(await screen.findByRole("heading", { name: "Olivia Nguyen" })).toBeTruthy();
  });

  it("shows 'Failed to load bookings' when the list cannot load", async () => {
    answerList([], 500);
    await openBookings();
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Failed to load bookings");
    expect(alert.textContent).toContain("Server error");
  });
});

describe("time windows", () => {
  it("turns each window into Melbourne-day startFrom and startTo", async () => {
    answerList([]);
    const { user } = await openBookings();
    await screen.findByText("No bookings.");

    await choose("Time window", "Today", user);
    await waitFor(() => expect(lastQuery().startTo).toBe("2026-11-25T13:00:00.000Z"));
    expect(lastQuery().startFrom).toBe("2026-11-24T13:00:00.000Z");

    await choose("Time window", "Next 7 days", user);
    await waitFor(() => expect(lastQuery().startTo).toBe("2026-12-01T13:00:00.000Z"));
    expect(lastQuery().startFrom).toBe("2026-11-24T13:00:00.000Z");

    await choose("Time window", "Next 30 days", user);
    await waitFor(() => expect(lastQuery().startTo).toBe("2026-12-24T13:00:00.000Z"));

    await choose("Time window", "All", user);
    await waitFor(() => expect(lastQuery().startTo).toBeUndefined());
    expect(lastQuery().startFrom).toBeUndefined();
  });

  it("reads Past 7 days newest first when the sort is start time ascending", async () => {
    answerList([]);
    const { user } = await openBookings();
    await screen.findByText("No bookings.");
    await choose("Time window", "Past 7 days", user);
    await waitFor(() => expect(lastQuery().startFrom).toBe("2026-11-17T13:00:00.000Z"));
    expect(lastQuery()).toMatchObject({ startTo: NOW.toISOString(), sort: "startTime", order: "desc" });

    await choose("Sort by", "Created", user);
    await waitFor(() => expect(lastQuery().sort).toBe("createdAt"));
    expect(lastQuery().order).toBe("asc");
  });

  it("asks for nothing on Custom range until both dates are set", async () => {
    answerList([]);
    const { user } = await openBookings();
    await screen.findByText("No bookings.");
    const before = queries.length;

    await choose("Time window", "Custom range", user);
    expect(await screen.findByText(CUSTOM_RANGE_NEEDS_BOTH)).toBeTruthy();
    await user.type(screen.getByLabelText("From"), "2026-12-01");
    expect(screen.getByText(CUSTOM_RANGE_NEEDS_BOTH)).toBeTruthy();
    expect(screen.getByRole("button", { name: "Download CSV" })).toHaveProperty("disabled", true);
    expect(queries.length).toBe(before);

    await user.type(screen.getByLabelText("To"), "2026-12-03");
    await waitFor(() => expect(queries.length).toBe(before + 1));
    expect(lastQuery()).toMatchObject({
      startFrom: "2026-11-30T13:00:00.000Z",
      startTo: "2026-12-03T13:00:00.000Z",
    });
    expect(screen.queryByText(CUSTOM_RANGE_NEEDS_BOTH)).toBeNull();
  });
});

describe("quotes", () => {
  it("searches quotes as QUOTE_REQUESTED and shows them without a status badge or actions", async () => {
    answerList([aBooking({ _id: "q1", type: "QUOTE", status: "QUOTE_REQUESTED", firstName: "Quinn" })]);
    const { user } = await openBookings();
    await screen.findByRole("heading", { name: "Quinn Nguyen" });
    await choose("Type", "Quotes", user);
    await waitFor(() => expect(lastQuery()).toMatchObject({ type: "QUOTE", status: "QUOTE_REQUESTED" }));

    const quote = card("Quinn");
    expect(within(quote).queryByText("QUOTE_REQUESTED")).toBeNull();
    expect(within(quote).getByText("Quote")).toBeTruthy();
    expect(within(quote).queryByRole("button", { name: "Confirm" })).toBeNull();
    expect(within(quote).queryByRole("button", { name: "Confirm Payment" })).toBeNull();
    expect(within(quote).getByRole("button", { name: "View details" })).toBeTruthy();
  });

  it("keeps a chosen status for a quote search", async () => {
    answerList([]);
    const { user } = await openBookings();
    await screen.findByText("No bookings.");
    await choose("Status", "CANCELLED", user);
    await choose("Type", "Quotes", user);
    await waitFor(() => expect(lastQuery()).toMatchObject({ type: "QUOTE", status: "CANCELLED" }));
  });
});

describe("grouping", () => {
  const two = [
    aBooking({ _id: "b1", firstName: "Ava", startTime: "2026-11-27T22:00:00.000Z" }),
    aBooking({ _id: "b2", firstName: "Ben", startTime: "2026-11-28T03:00:00.000Z" }),
    aBooking({ _id: "b3", firstName: "Cal", startTime: "2026-11-29T22:00:00.000Z" }),
  ];

  it("groups by Melbourne date when sorted by start time ascending, not otherwise", async () => {
    answerList(two);
    const { user } = await openBookings();
    await screen.findByRole("heading", { name: "Ava Nguyen" });
    const headings = screen.getAllByRole("heading", { level: 2 }).map((h) => h.textContent);
    expect(headings).toEqual(["Saturday 28 November 2026", "Monday 30 November 2026"]);
    const saturday = screen.getByRole("region", { name: "Saturday 28 November 2026" });
    expect(within(saturday).getAllByRole("article")).toHaveLength(2);

    await choose("Order", "Descending", user);
    await waitFor(() => expect(lastQuery().order).toBe("desc"));
    await screen.findByRole("heading", { name: "Ava Nguyen" });
    expect(screen.queryAllByRole("heading", { level: 2 })).toHaveLength(0);
  });
});

describe("a booking card", () => {
  it("shows every detail from GET /api/admin/bookings/{id}", async () => {
    answerList([aBooking()]);
    server.use(
      http.get("/api/admin/bookings/b1", () =>
        HttpResponse.json(aBooking({ paymentStatus: "PAID", totalPaid: 240.5, paidAt: "2026-11-28T05:30:00.000Z" }))),
    );
    const { user } = await openBookings();
    await screen.findByRole("heading", { name: "Olivia Nguyen" });
    const button = screen.getByRole("button", { name: "View details" });
    await user.click(button);
    expect(button.getAttribute("aria-expanded")).toBe("true");
    const details = await screen.findByText("Inside oven");
    const article = card("Olivia");
    const text = article.textContent ?? "";
    for (const expected of [
      "olivia@example.com", "0412345678", "4/12 Chapel St, Richmond, VIC 3121", "Hourly Cleaning", "Hours3",
      "Weekly (10% discount)", "Sat 28 Nov 2026, 9:00 am", "Sat 28 Nov 2026, 12:00 pm", "Any pets?", "Dog",
      "Key under the mat", "A$180.00", "A$70.00", "A$250.00", "A$225.00", "A$35.00", "A$240.50", "Sat 28 Nov 2026, 4:30 pm",
    ]) expect(text).toContain(expected);
    expect(details.closest("tr")?.textContent).toBe("Inside oven2A$35.00");
    await user.click(screen.getByRole("button", { name: "Hide details" }));
    expect(screen.queryByText("Inside oven")).toBeNull();
  });

  it("links the e-mail and phone, and shows a recurring total only for a recurring frequency (issue 20)", async () => {
    const oneTime = aBooking({ frequencyCode: "ONE_TIME", frequencyNameAtBooking: "One-time", frequencyDiscountPercent: 0, recurringTotal: 250, phone: "0412 345 678" });
    answerList([oneTime]);
    server.use(http.get("/api/admin/bookings/b1", () => HttpResponse.json(oneTime)));
    const { user } = await openBookings();
    await screen.findByRole("heading", { name: "Olivia Nguyen" });
    await user.click(screen.getByRole("button", { name: "View details" }));
    await screen.findByText("Inside oven");
    const article = card("Olivia");
    expect(within(article).getByRole("link", { name: "olivia@example.com" }).getAttribute("href")).toBe("mailto:olivia@example.com");
    expect(within(article).getByRole("link", { name: "0412 345 678" }).getAttribute("href")).toBe("tel:0412345678");
    expect(within(article).queryByText("Recurring total")).toBeNull();
    expect(within(article).getByText("First service total")).toBeTruthy();
  });

  it("shows the customer's notes and the office's own, each under its name; none reads as a dash", async () => {
    const noted = aBooking({ notes: "Side gate", officeNotes: "Bring the tall ladder" });
    answerList([noted]);
    server.use(http.get("/api/admin/bookings/b1", () => HttpResponse.json(noted)));
    const { user } = await openBookings();
    await screen.findByRole("heading", { name: "Olivia Nguyen" });
    await user.click(screen.getByRole("button", { name: "View details" }));
    await screen.findByText("Inside oven");
    const valueOf = (label: string) => within(card("Olivia")).getByText(label, { selector: "dt" }).nextElementSibling?.textContent;
    expect(valueOf("Notes")).toBe("Side gate");
    expect(valueOf("Office notes")).toBe("Bring the tall ladder");
  });

  it("a record from before the office's notes (no field at all) shows a dash", async () => {
    const { officeNotes: _none, ...older } = aBooking();
    answerList([older]);
    server.use(http.get("/api/admin/bookings/b1", () => HttpResponse.json(older)));
    const { user } = await openBookings();
    await screen.findByRole("heading", { name: "Olivia Nguyen" });
    await user.click(screen.getByRole("button", { name: "View details" }));
    await screen.findByText("Inside oven");
    expect(within(card("Olivia")).getByText("Office notes", { selector: "dt" }).nextElementSibling?.textContent).toBe("—");
  });

  it("isolates customer text holding a right-to-left override (U+202E), in the card and its details (issue 13)", async () => {
    const evil = aBooking({
      firstName: "Ann\u202E", lastName: "fdp.exe", notes: "\u202Enot reversed outside", address: { unit: "", street: "1 \u202ESt", suburb: "\u202ERichmond", state: "VIC", postCode: "3121" },
    });
    answerList([evil]);
    server.use(http.get("/api/admin/bookings/b1", () => HttpResponse.json(evil)));
    const { user } = await openBookings();
    const heading = await screen.findByRole("heading", { name: /Ann/ });
    expect(heading.querySelector("bdi")?.textContent).toBe("Ann\u202E fdp.exe");
    await user.click(screen.getByRole("button", { name: "View details" }));
    await screen.findByText("Inside oven");
    const article = heading.closest("article")!;
    const overridden = [];
    const walker = document.createTreeWalker(article, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (node.textContent?.includes("\u202E")) overridden.push(node);
    }
    // Name (title and details), suburb, address and notes: each inside its own isolate.
    expect(overridden.length).toBeGreaterThanOrEqual(5);
    for (const node of overridden) expect(node.parentElement?.closest("bdi"), node.textContent!).not.toBeNull();
  });

  it("sets a status with PATCH and locks only that card's buttons meanwhile", async () => {
    answerList([aBooking({ _id: "b1", firstName: "Ava" }), aBooking({ _id: "b2", firstName: "Ben" })]);
    let sent: unknown;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.patch("/api/admin/bookings/b1/status", async ({ request }) => {
        sent = await request.json();
        await gate;
        return HttpResponse.json(aBooking({ _id: "b1", firstName: "Ava", status: "CONFIRMED" }));
      }),
    );
    const { user } = await openBookings();
    await screen.findByRole("heading", { name: "Ava Nguyen" });
    const ava = card("Ava");
    await user.click(within(ava).getByRole("button", { name: "Confirm" }));
    await waitFor(() => expect(within(ava).getByRole("button", { name: "Mark done" })).toHaveProperty("disabled", true));
    for (const button of within(ava).getAllByRole("button")) expect(button).toHaveProperty("disabled", true);
    expect(within(card("Ben")).getByRole("button", { name: "Mark done" })).toHaveProperty("disabled", false);

    await act(async () => release());
    await waitFor(() => expect(within(ava).getByText("CONFIRMED")).toBeTruthy());
    expect(sent).toEqual({ status: "CONFIRMED" });
    expect(within(ava).getByRole("button", { name: "Mark done" })).toHaveProperty("disabled", false);
    expect(within(ava).getByRole("button", { name: "Confirm" })).toHaveProperty("disabled", true);
    // The chips follow the change.
    expect(screen.getByRole("list", { name: "Counts" }).textContent).toContain("Pending 0");
  });

  it("shows the server's text when a status change fails", async () => {
    answerList([aBooking()]);
    server.use(
      http.patch("/api/admin/bookings/b1/status", () =>
        HttpResponse.json({ error: "A quote has no status.", code: "QUOTE_HAS_NO_STATUS" }, { status: 409 })),
    );
    const { user } = await openBookings();
    await screen.findByRole("heading", { name: "Olivia Nguyen" });
    await user.click(screen.getByRole("button", { name: "Cancel booking" }));
    // Cancelling asks in a dialog (issue 15): booking-status-actions.test.tsx tests it.
    await user.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Cancel booking" }));
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Conflict");
    expect(alert.textContent).toContain("A quote has no status.");
  });

  it("Confirm Payment opens the payment form with the first service total, rejects what is not an amount, and is disabled once PAID", async () => {
    answerList([aBooking()]);
    let sent: unknown;
    server.use(
      http.patch("/api/admin/bookings/b1/confirm-payment", async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json(aBooking({ paymentStatus: "PAID", totalPaid: 250, paidAt: "2026-11-25T03:00:00.000Z" }));
      }),
    );
    const { user } = await openBookings();
    await screen.findByRole("heading", { name: "Olivia Nguyen" });
    const pay = screen.getByRole("button", { name: "Confirm Payment" });

    await user.click(pay);
    const form = within(screen.getByRole("form", { name: "Confirm payment" }));
    const amount = form.getByLabelText<HTMLInputElement>("Amount");
    expect(amount.value).toBe("250");
    await user.clear(amount);
    await user.click(form.getByRole("button", { name: "Record payment" }));
    expect(form.getByText("Invalid amount.")).toBeTruthy();
    expect(amount.getAttribute("aria-invalid")).toBe("true");
    expect(sent).toBeUndefined();

    await user.type(amount, "250");
    await user.click(form.getByRole("button", { name: "Record payment" }));
    await waitFor(() => expect(pay).toHaveProperty("disabled", true));
    expect(sent).toEqual({ amountPaid: 250, method: "OTHER" });
    expect(card("Olivia").textContent).toContain("Paid A$250.00 on Wed 25 Nov 2026, 2:00 pm");
    expect(screen.queryByRole("form", { name: "Confirm payment" })).toBeNull();
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("keeps read marks in localStorage under the v4 key, and 'Mark all unread' clears them", async () => {
    answerList([aBooking({ _id: "b1", firstName: "Ava" }), aBooking({ _id: "b2", firstName: "Ben" })]);
    const { user, unmount } = await openBookings();
    await screen.findByRole("heading", { name: /Ava Nguyen/ });
    expect(READ_MARKS_KEY).toMatch(/v4$/);
    await user.click(within(card("Ava")).getByRole("button", { name: "Mark read" }));
    await user.click(within(card("Ben")).getByRole("button", { name: "Mark read" }));
    expect(JSON.parse(localStorage.getItem(READ_MARKS_KEY)!)).toEqual(["b1", "b2"]);
    await user.click(within(card("Ben")).getByRole("button", { name: "Mark unread" }));
    expect(JSON.parse(localStorage.getItem(READ_MARKS_KEY)!)).toEqual(["b1"]);

    // A fresh visit remembers.
    unmount();
    const again = await openBookings();
    await screen.findByRole("heading", { name: /Ava Nguyen/ });
    expect(within(card("Ava")).getByRole("button", { name: "Mark unread" })).toBeTruthy();
    expect(within(card("Ben")).getByRole("button", { name: "Mark read" })).toBeTruthy();

    await again.user.click(screen.getByRole("button", { name: "Mark all unread" }));
    expect(localStorage.getItem(READ_MARKS_KEY)).toBeNull();
    expect(within(card("Ava")).getByRole("button", { name: "Mark read" })).toBeTruthy();
  });

  it("pages through more than 200 results", async () => {
    answerList(() => aPage([aBooking()], { page: Number(lastQuery().page), totalPages: 3, totalItems: 401 }));
    const { user } = await openBookings();
    await screen.findByText("Page 1 of 3");
    expect(screen.getByRole("button", { name: "Previous page" })).toHaveProperty("disabled", true);
    await user.click(screen.getByRole("button", { name: "Next page" }));
    await screen.findByText("Page 2 of 3");
    expect(lastQuery().page).toBe("2");
  });
});

describe("CSV export", () => {
  it("fetches /api/admin/bookings.csv with the filters and the session cookie (no bearer token), and saves it", async () => {
    answerList([]);
    let csvUrl: URL | undefined;
    let authorization: string | null = null;
    server.use(
      http.get("/api/admin/bookings.csv", async ({ request }) => {
        csvUrl = new URL(request.url);
        authorization = request.headers.get("Authorization");
        await delay(5);
        return new HttpResponse("id,name\r\n", {
          headers: { "Content-Type": "text/csv", "Content-Disposition": 'attachment; filename="bookings-2026-11-25.csv"' },
        });
      }),
    );
    const createUrl = vi.spyOn(URL, "createObjectURL").mockReturnValue("blob:bookings");
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => {});
    const { user } = await openBookings();
    await screen.findByText("No bookings.");
    await choose("Payment", "PAID", user);
    await waitFor(() => expect(lastQuery().paymentStatus).toBe("PAID"));
    await user.click(screen.getByRole("button", { name: "Download CSV" }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(Object.fromEntries(csvUrl!.searchParams)).toEqual({
      sort: "startTime", order: "asc", paymentStatus: "PAID", endFrom: NOW.toISOString(),
    });
    expect(authorization).toBeNull();
    expect(createUrl).toHaveBeenCalled();
    const anchor = click.mock.contexts[0] as HTMLAnchorElement;
    expect(anchor.download).toBe("bookings-2026-11-25.csv");
  });
});

describe("filters in the URL", () => {
  it("opens with the filters, sort and page a link carries", async () => {
    answerList(() => aPage([aBooking()], { page: 2, totalPages: 3, totalItems: 401 }));
    renderAdmin("/admin/bookings?q=olivia&type=BOOKING&status=PENDING&paymentStatus=UNPAID&sort=createdAt&order=desc&window=all&page=2");
    await screen.findByText("Page 2 of 3");
    expect(lastQuery()).toEqual({
      q: "olivia", type: "BOOKING", status: "PENDING", paymentStatus: "UNPAID", sort: "createdAt", order: "desc", limit: "200", page: "2",
    });
    expect(screen.getByLabelText<HTMLInputElement>("Search").value).toBe("olivia");
    expect(screen.getByLabelText<HTMLSelectElement>("Status").value).toBe("PENDING");
    expect(screen.getByLabelText<HTMLSelectElement>("Time window").value).toBe("all");
  });

  it("puts each choice in the URL, back on page 1, and Back returns to the previous view", async () => {
    answerList(() => aPage([aBooking()], { page: Number(lastQuery().page), totalPages: 3, totalItems: 401 }));
    const { user, history } = await openBookings();
    await screen.findByText("Page 1 of 3");
    await user.click(screen.getByRole("button", { name: "Next page" }));
    await screen.findByText("Page 2 of 3");
    expect(history.location.search).toBe("?page=2");

    await choose("Status", "CONFIRMED", user);
    await waitFor(() => expect(lastQuery()).toMatchObject({ status: "CONFIRMED", page: "1" }));
    expect(history.location.search).toBe("?status=CONFIRMED");
    await user.type(screen.getByLabelText("Search"), "ava");
    await waitFor(() => expect(history.location.search).toBe("?q=ava&status=CONFIRMED"));

    // Typing replaced its entry: one Back leaves the status view for page 2 of the first one,
    // which the cache still holds.
    const asked = queries.length;
    await act(async () => history.back());
    await screen.findByText("Page 2 of 3");
    expect(history.location.search).toBe("?page=2");
    expect(queries.length).toBe(asked);
    expect(screen.getByLabelText<HTMLSelectElement>("Status").value).toBe("");
    expect(screen.getByLabelText<HTMLInputElement>("Search").value).toBe("");
  });

  it("keeps a custom range in the URL", async () => {
    answerList([]);
    renderAdmin("/admin/bookings?window=custom&from=2026-12-01&to=2026-12-03");
    await screen.findByText("No bookings.");
    expect(lastQuery()).toMatchObject({ startFrom: "2026-11-30T13:00:00.000Z", startTo: "2026-12-03T13:00:00.000Z" });
    expect(screen.getByLabelText<HTMLInputElement>("From").value).toBe("2026-12-01");
  });

  it("drops values a link cannot mean and opens the default view", async () => {
    answerList([]);
    const { history } = renderAdmin("/admin/bookings?status=SOMETHING&page=-3&sort=price");
    await screen.findByText("No bookings.");
    expect(lastQuery()).toEqual({ sort: "startTime", order: "asc", endFrom: NOW.toISOString(), limit: "200", page: "1" });
    await waitFor(() => expect(history.location.search).toBe(""));
  });
});

describe("a booking's own URL", () => {
  it("is linked from its card", async () => {
    answerList([aBooking()]);
    await openBookings();
    const link = await screen.findByRole("link", { name: "Olivia Nguyen" });
    expect(link.getAttribute("href")).toBe("/admin/bookings/b1");
  });

  it("opens the booking with its details, and its actions work there", async () => {
    let record = aBooking();
    server.use(
      http.get("/api/admin/bookings/b1", () => HttpResponse.json(record)),
      http.patch("/api/admin/bookings/b1/status", () => {
        record = aBooking({ status: "CONFIRMED" });
        return HttpResponse.json(record);
      }),
    );
    const { user } = renderAdmin("/admin/bookings/b1");
    expect(await screen.findByRole("heading", { name: "Booking", level: 1 })).toBeTruthy();
    await screen.findByText("Inside oven");
    const article = card("Olivia");
    expect(within(article).getByRole("button", { name: "Hide details" })).toBeTruthy();
    expect(article.textContent).toContain("4/12 Chapel St, Richmond, VIC 3121");
    await user.click(within(article).getByRole("button", { name: "Confirm" }));
    await waitFor(() => expect(within(card("Olivia")).getByText("CONFIRMED")).toBeTruthy());
    expect(screen.getByRole("link", { name: "Back to bookings" }).getAttribute("href")).toBe("/admin/bookings");
  });

  it("shows 'Not found' for an id no booking has", async () => {
    server.use(
      http.get("/api/admin/bookings/nope", () =>
        HttpResponse.json({ error: "Booking not found.", code: "BOOKING_NOT_FOUND" }, { status: 404 })),
    );
    renderAdmin("/admin/bookings/nope");
    expect(await screen.findByRole("heading", { name: "Not found" })).toBeTruthy();
    expect(screen.getByRole("navigation", { name: "Staff screens" })).toBeTruthy();
  });

  it("shows the load failure for other errors", async () => {
    server.use(http.get("/api/admin/bookings/b1", () => HttpResponse.json({ error: "down", code: "INTERNAL_ERROR" }, { status: 500 })));
    renderAdmin("/admin/bookings/b1");
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Failed to load the booking");
  });
});

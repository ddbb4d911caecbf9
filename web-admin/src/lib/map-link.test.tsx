import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SCHEDULING_DEFAULTS } from "@yarra/core/settings/types.ts";
import { BookingDetails } from "../features/bookings/booking-details.tsx";
import { aBooking } from "../features/bookings/test-fixtures.ts";
import { aBookingRecord, aJob, aSchedule } from "../features/schedule/test-fixtures.ts";
import { renderAdmin, storeSession } from "../test/render-admin.tsx";
import { server } from "../test/server.ts";
import { MapLink, mapLinkLabel } from "./map-link.tsx";

// Issue 34 item 15: an address opens a map, in a new tab, with a name that says so.
const MAPS = "https://www.google.com/maps/search/?api=1&query=";
const CHAPEL_ST = "4/12 Chapel St, Richmond VIC 3121";

/** The link's href, read back: the query must be the address and nothing else. */
function mapQueryOf(link: HTMLElement): string | null {
  const href = link.getAttribute("href")!;
  expect(href.startsWith(MAPS)).toBe(true);
  return new URL(href).searchParams.get("query");
}

function expectOpensInNewTab(link: HTMLElement) {
  expect(link.getAttribute("target")).toBe("_blank");
  expect(link.getAttribute("rel")).toBe("noopener noreferrer");
}

describe("MapLink", () => {
  it("links the address to a Google Maps search for it, in a new tab, named as opening a map", () => {
    render(<MapLink address={` ${CHAPEL_ST} `} />);
    const link = screen.getByRole("link", { name: `${CHAPEL_ST} (open in Maps)` });
    expect(link.getAttribute("href")).toBe(`${MAPS}4%2F12%20Chapel%20St%2C%20Richmond%20VIC%203121`);
    expect(mapQueryOf(link)).toBe(CHAPEL_ST);
    expectOpensInNewTab(link);
    expect(link.textContent).toBe(CHAPEL_ST);
    expect(mapLinkLabel("1 Lygon St")).toBe("1 Lygon St (open in Maps)");
  });

  it("shows what it is given, still named by the whole address", () => {
    render(<MapLink address={CHAPEL_ST}>Richmond</MapLink>);
    const link = screen.getByRole("link", { name: `${CHAPEL_ST} (open in Maps)` });
    expect(link.textContent).toBe("Richmond");
  });

  it("is a dash, not a link, for a blank address", () => {
    const { container } = render(<MapLink address="  " />);
    expect(screen.queryByRole("link")).toBeNull();
    expect(container.textContent).toBe("—");
  });
});

describe("booking details", () => {
  it("links the address row to the map", async () => {
    server.use(http.get("/api/admin/bookings/:id/payments", () => HttpResponse.json({ items: [], totalPaid: 0, balance: 0 })));
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={queryClient}>
        <BookingDetails booking={aBooking()} />
      </QueryClientProvider>,
    );
    const row = [...document.querySelectorAll(".booking-details__row")].find((item) => item.querySelector("dt")?.textContent === "Address");
    const link = within(row as HTMLElement).getByRole("link", { name: "4/12 Chapel St, Richmond, VIC 3121 (open in Maps)" });
    expect(link.textContent).toBe("4/12 Chapel St, Richmond, VIC 3121");
    expect(mapQueryOf(link)).toBe("4/12 Chapel St, Richmond, VIC 3121");
    expectOpensInNewTab(link);
    // The other rows are as they were: e-mail and phone links, the rest plain text.
    expect(screen.getByRole("link", { name: aBooking().email }).getAttribute("target")).toBeNull();
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
  });
});

describe("on the staff screens", () => {
  // Wed 25 Nov 2026, 2:00 pm in Melbourne.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-11-25T03:00:00.000Z") });
    storeSession();
    server.use(
      http.get("/api/admin/settings/scheduling", () => HttpResponse.json(SCHEDULING_DEFAULTS)),
      http.get("/api/admin/schedule", ({ request }) => {
        const query = new URL(request.url).searchParams;
        return HttpResponse.json(aSchedule(query.get("from")!, query.get("to")!, { jobs: [aJob()] }));
      }),
      http.get("/api/admin/bookings", () => HttpResponse.json({ items: [aBookingRecord()], page: 1, totalPages: 1, totalItems: 1 })),
    );
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("the schedule's job card: the suburb opens the whole address in Maps", async () => {
    renderAdmin("/admin/schedule");
    const card = await screen.findByRole("article", { name: "Olivia Nguyen" });
    const link = within(card).getByRole("link", { name: `${CHAPEL_ST} (open in Maps)` });
    expect(link.textContent).toBe("Richmond");
    expect(mapQueryOf(link)).toBe(CHAPEL_ST);
    expectOpensInNewTab(link);
    // The card's own link still opens the booking.
    expect(within(card).getByRole("link", { name: "Olivia Nguyen" }).getAttribute("href")).toBe("/admin/bookings/b1");
  });

  it("the run sheet: the address row opens it in Maps", async () => {
    renderAdmin("/admin/schedule/print?date=2026-11-25");
    const job = await screen.findByRole("article", { name: /Olivia Nguyen/ });
    const link = await within(job).findByRole("link", { name: "4/12 Chapel St, Richmond, VIC 3121 (open in Maps)" });
    expect(link.closest(".run-sheet__fact")?.querySelector("dt")?.textContent).toBe("Address");
    expect(mapQueryOf(link)).toBe("4/12 Chapel St, Richmond, VIC 3121");
    expectOpensInNewTab(link);
  });
});

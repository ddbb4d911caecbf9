import { QueryClientProvider } from "@tanstack/react-query";
import { createMemoryHistory, createRootRoute, createRoute, createRouter, RouterProvider } from "@tanstack/react-router";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { http, HttpResponse } from "msw";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { createStaffQueryClient } from "../../lib/query-client.ts";
import { storeSession } from "../../test/render-admin.tsx";
import { server } from "../../test/server.ts";
import type { AffectedJob, ClosedDate, PublicHoliday } from "./closed-dates-api.ts";
import { ClosedDatesCard, splitByToday } from "./closed-dates-card.tsx";

const christmas = { date: "2099-12-25", label: "Christmas Day" };
const teamDay = { date: "2099-05-04", label: "" };
const oldAustraliaDay = { date: "2001-01-26", label: "Australia Day" };
const oldAnzacDay = { date: "2002-04-25", label: "ANZAC Day" };

interface Seen {
  method: string;
  path: string;
  body: unknown;
}

/** Issue 28: the jobs a closing finds, by date (none unless a test puts some there). */
let jobsByDate: Record<string, AffectedJob[]> = {};
const jobsOn = (date: string) => jobsByDate[date] ?? [];

/** Answers the list with `items` (kept up to date by the writes) and records every write. */
function serve(initial: ClosedDate[]) {
  let items = [...initial];
  const seen: Seen[] = [];
  const record = async (request: Request) => {
    const text = await request.text();
    const body = text ? JSON.parse(text) : undefined;
    seen.push({ method: request.method, path: new URL(request.url).pathname, body });
    return body;
  };
  server.use(
    http.get("/api/admin/closed-dates", () => HttpResponse.json({ items })),
    http.post("/api/admin/closed-dates", async ({ request }) => {
      const body = await record(request) as { date: string; label?: string };
      if (items.some((closed) => closed.date === body.date)) {
        return HttpResponse.json({ error: "That date is already closed.", code: "CLOSED_DATE_EXISTS" }, { status: 409 });
      }
      const saved = { date: body.date, label: body.label ?? "" };
      items = [...items, saved].sort((a, b) => a.date.localeCompare(b.date));
      return HttpResponse.json({ ...saved, affected: jobsOn(body.date) }, { status: 201 });
    }),
    http.delete("/api/admin/closed-dates/:date", async ({ request, params }) => {
      await record(request);
      items = items.filter((closed) => closed.date !== params.date);
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return seen;
}

/**
 * The card as the Settings page shows it, on the staff area's own query cache, inside a router as
 * there (its add form is a staff form, which watches for leaving with unsaved work).
 */
const renderCard = () => renderCardWithLinks();

const addForm = () => within(screen.getByRole("form", { name: "Add a closed date" }));
const upcomingList = () => within(screen.getByRole("list", { name: "Upcoming" }));
const rowTexts = (list: HTMLElement) => within(list).getAllByRole("listitem").map((item) => item.textContent);
const pickDate = (ymd: string) => fireEvent.change(addForm().getByLabelText("Date"), { target: { value: ymd } });

// happy-dom has no dialogs; give the spies something to wrap (an unexpected dialog says no).
beforeEach(() => {
  Object.assign(window, { confirm: () => false, alert: () => {} });
  jobsByDate = {};
});

/** The card inside a router of its own, so the links to the bookings it shows can resolve. */
async function renderCardWithLinks() {
  storeSession();
  const user = userEvent.setup();
  const root = createRootRoute({ component: () => <ClosedDatesCard /> });
  const routeTree = root.addChildren([
    createRoute({ getParentRoute: () => root, path: "/" }),
    createRoute({ getParentRoute: () => root, path: "/bookings" }),
    createRoute({ getParentRoute: () => root, path: "/bookings/$bookingId" }),
  ]);
  const router = createRouter({ routeTree, history: createMemoryHistory({ initialEntries: ["/"] }) });
  const view = render(
    <QueryClientProvider client={createStaffQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  await screen.findByRole("heading", { name: "Closed dates", level: 2 });
  await waitFor(() => expect(screen.queryByText("Loading closed dates…")).toBeNull());
  return { ...view, user };
}

const mondayJobs: AffectedJob[] = [
  { _id: "b1", reference: "YS-AAA111", customerName: "Ada Lovelace", startTime: "2099-11-29T21:00:00.000Z" },
  { _id: "b2", reference: "YS-BBB222", customerName: "Grace Hopper", startTime: "2099-11-30T03:00:00.000Z" },
];

describe("splitByToday", () => {
  it("puts today and later first, soonest first, and the past after, latest first", () => {
    const dates = [christmas, oldAustraliaDay, { date: "2026-05-01", label: "" }, oldAnzacDay, teamDay];
    expect(splitByToday(dates, "2026-05-01")).toEqual({
      upcoming: [{ date: "2026-05-01", label: "" }, teamDay, christmas],
      past: [oldAnzacDay, oldAustraliaDay],
    });
  });
});

describe("closed dates list", () => {
  it("lists upcoming dates soonest first with their labels, and keeps past ones collapsed", async () => {
    serve([oldAustraliaDay, oldAnzacDay, teamDay, christmas]);
    const { user } = await renderCard();
    expect(rowTexts(screen.getByRole("list", { name: "Upcoming" }))).toEqual([
      "Mon 4 May 2099Remove",
      "Fri 25 Dec 2099Christmas DayRemove",
    ]);
    expect(upcomingList().getByRole("button", { name: "Remove Fri 25 Dec 2099 (Christmas Day)" })).toBeTruthy();
    expect(upcomingList().getByRole("button", { name: "Remove Mon 4 May 2099" })).toBeTruthy();
    const past = screen.getByText("Past closed dates (2)").closest("details")!;
    expect(past.open).toBe(false);
    await user.click(screen.getByText("Past closed dates (2)"));
    expect(past.open).toBe(true);
    expect(rowTexts(within(past).getByRole("list", { name: "Past closed dates" }))).toEqual([
      "Thu 25 Apr 2002ANZAC DayRemove",
      "Fri 26 Jan 2001Australia DayRemove",
    ]);
  });

  it("says when nothing upcoming is closed, with no past section when there is none", async () => {
    serve([]);
    await renderCard();
    expect(screen.getByText("No upcoming closed dates.")).toBeTruthy();
    expect(screen.queryByText(/Past closed dates/)).toBeNull();
  });

  it("shows 'Failed to load closed dates' and can try again", async () => {
    server.use(http.get("/api/admin/closed-dates", () => HttpResponse.json({ error: "down" }, { status: 503 })));
    const { user } = await renderCard();
    const alert = await screen.findByRole("alert");
    expect(within(alert).getByText("Failed to load closed dates")).toBeTruthy();
    expect(within(alert).getByText("Server error")).toBeTruthy();
    serve([christmas]);
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByText("Christmas Day")).toBeTruthy();
  });
});

describe("adding a closed date", () => {
  it("posts the date and the trimmed label, then lists it and says so", async () => {
    const seen = serve([christmas]);
    const { user } = await renderCard();
    pickDate("2099-03-10");
    await user.type(addForm().getByLabelText("Label (optional)"), "  Team day off ");
    await user.click(addForm().getByRole("button", { name: "Add closed date" }));
    expect(await screen.findByText("Tue 10 Mar 2099 is closed.")).toBeTruthy();
    expect(seen).toEqual([{ method: "POST", path: "/api/admin/closed-dates", body: { date: "2099-03-10", label: "Team day off" } }]);
    expect(rowTexts(screen.getByRole("list", { name: "Upcoming" }))).toEqual([
      "Tue 10 Mar 2099Team day offRemove",
      "Fri 25 Dec 2099Christmas DayRemove",
    ]);
    expect(addForm().getByLabelText<HTMLInputElement>("Date").value).toBe("");
    expect(addForm().getByLabelText<HTMLInputElement>("Label (optional)").value).toBe("");
  });

  it("sends no label when none is given, and keeps the label within 80 characters", async () => {
    const seen = serve([]);
    const { user } = await renderCard();
    expect(addForm().getByLabelText<HTMLInputElement>("Label (optional)").maxLength).toBe(80);
    pickDate("2099-05-04");
    await user.click(addForm().getByRole("button", { name: "Add closed date" }));
    await screen.findByText("Mon 4 May 2099 is closed.");
    expect(seen[0]!.body).toEqual({ date: "2099-05-04" });
  });

  it("shows the server's 409 on the date field: 'That date is already closed.'", async () => {
    const seen = serve([christmas]);
    const { user } = await renderCard();
    pickDate("2099-12-25");
    await user.click(addForm().getByRole("button", { name: "Add closed date" }));
    const date = addForm().getByLabelText("Date");
    await waitFor(() => expect(date.getAttribute("aria-invalid")).toBe("true"));
    expect(date.getAttribute("aria-describedby")).toBeTruthy();
    expect(document.getElementById(date.getAttribute("aria-describedby")!)!.textContent).toBe("That date is already closed.");
    await waitFor(() => expect(document.activeElement).toBe(date));
    expect(seen).toHaveLength(1);
    expect(screen.queryByRole("alert")).toBeNull();
    expect(screen.getAllByText("Christmas Day")).toHaveLength(1);
  });

  it("shows the server's 422 field errors on their fields", async () => {
    serve([]);
    server.use(http.post("/api/admin/closed-dates", () =>
      HttpResponse.json(
        { error: "Validation failed", code: "VALIDATION", fieldErrors: { label: ["Label must be 80 characters or fewer."] } },
        { status: 422 },
      )));
    const { user } = await renderCard();
    pickDate("2099-05-04");
    await user.type(addForm().getByLabelText("Label (optional)"), "Stocktake");
    await user.click(addForm().getByRole("button", { name: "Add closed date" }));
    expect(await addForm().findByText("Label must be 80 characters or fewer.")).toBeTruthy();
    expect(addForm().getByLabelText("Label (optional)").getAttribute("aria-invalid")).toBe("true");
    expect(addForm().getByLabelText("Date").getAttribute("aria-invalid")).toBeNull();
  });

  it("asks for a date before sending anything", async () => {
    const seen = serve([]);
    const { user } = await renderCard();
    await user.click(addForm().getByRole("button", { name: "Add closed date" }));
    const date = addForm().getByLabelText("Date");
    expect(date.getAttribute("aria-invalid")).toBe("true");
    expect(addForm().getByText("Choose a date.")).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(date));
    expect(seen).toEqual([]);
  });

  it("shows any other failure in an alert with the server's text", async () => {
    serve([]);
    server.use(http.post("/api/admin/closed-dates", () => new HttpResponse(null, { status: 500 })));
    const { user } = await renderCard();
    pickDate("2099-05-04");
    await user.click(addForm().getByRole("button", { name: "Add closed date" }));
    const alert = await addForm().findByRole("alert");
    expect(alert.textContent).toContain("Adding the closed date failed");
  });
});

describe("closing a day with jobs on it (issue 28)", () => {
  it("names the jobs that need a new time, each a link to its booking, with a link to Needs attention", async () => {
    serve([]);
    jobsByDate = { "2099-11-30": mondayJobs };
    const { user } = await renderCardWithLinks();
    pickDate("2099-11-30");
    await user.click(addForm().getByRole("button", { name: "Add closed date" }));
    const affected = within(await screen.findByRole("region", { name: "Closed Monday 30 November. 2 jobs on that day need a new time:" }));
    const links = affected.getAllByRole("link");
    expect(links.map((link) => [link.textContent, link.getAttribute("href")])).toEqual([
      ["YS-AAA111 · Ada Lovelace, Mon 30 Nov 2099, 8:00 am", "/bookings/b1"],
      ["YS-BBB222 · Grace Hopper, Mon 30 Nov 2099, 2:00 pm", "/bookings/b2"],
      ["Open Needs attention", "/bookings?status=NEEDS_ATTENTION"],
    ]);
    expect(affected.getByText(/move it to a new time, or cancel it and tell the customer/)).toBeTruthy();
    await user.click(affected.getByRole("button", { name: "Dismiss" }));
    expect(screen.queryByRole("region", { name: /need a new time/ })).toBeNull();
  });

  it("one job reads in the singular; a day with none shows no list", async () => {
    serve([]);
    jobsByDate = { "2099-11-30": mondayJobs.slice(0, 1) };
    const { user } = await renderCardWithLinks();
    pickDate("2099-12-01");
    await user.click(addForm().getByRole("button", { name: "Add closed date" }));
    expect(await screen.findByText("Tue 1 Dec 2099 is closed.")).toBeTruthy();
    expect(screen.queryByRole("region", { name: /need a new time/ })).toBeNull();
    pickDate("2099-11-30");
    await user.click(addForm().getByRole("button", { name: "Add closed date" }));
    expect(await screen.findByRole("region", { name: "Closed Monday 30 November. 1 job on that day needs a new time:" })).toBeTruthy();
  });

  it("the public holidays name the jobs on every date they closed", async () => {
    serve([]);
    server.use(
      http.get("/api/admin/closed-dates/public-holidays", () =>
        HttpResponse.json({ items: [{ date: "2099-12-25", label: "Christmas Day", closed: false }] })),
      http.post("/api/admin/closed-dates/public-holidays", () =>
        HttpResponse.json({ added: 1, items: [{ date: "2099-12-25", label: "Christmas Day" }], affected: mondayJobs })),
    );
    const { user } = await renderCardWithLinks();
    await user.click(screen.getByRole("button", { name: "Add Victoria's public holidays" }));
    await user.click(await screen.findByRole("button", { name: "Add 1 date" }));
    const affected = within(await screen.findByRole("region", { name: "2 jobs on the dates just closed need a new time:" }));
    expect(affected.getAllByRole("link")).toHaveLength(3);
  });
});

describe("removing a closed date", () => {
  it("asks first, then deletes it and says the date is open again", async () => {
    const seen = serve([teamDay, christmas]);
    const confirm = vi.spyOn(window, "confirm").mockReturnValueOnce(false).mockReturnValueOnce(true);
    const { user } = await renderCard();
    await user.click(screen.getByRole("button", { name: "Remove Fri 25 Dec 2099 (Christmas Day)" }));
    expect(confirm).toHaveBeenCalledWith(
      "Remove the closed date Fri 25 Dec 2099 (Christmas Day)? Customers will be able to book it again.",
    );
    expect(seen).toEqual([]);
    expect(screen.getByText("Christmas Day")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Remove Fri 25 Dec 2099 (Christmas Day)" }));
    expect(await screen.findByText("Fri 25 Dec 2099 is open again.")).toBeTruthy();
    expect(screen.queryByText("Christmas Day")).toBeNull();
    expect(seen).toEqual([{ method: "DELETE", path: "/api/admin/closed-dates/2099-12-25", body: undefined }]);
  });

  it("shows the server's text when the date was not closed any more, and reloads the list", async () => {
    serve([christmas]);
    let lists = 0;
    server.use(
      http.get("/api/admin/closed-dates", () => HttpResponse.json({ items: lists++ === 0 ? [christmas] : [] })),
      http.delete("/api/admin/closed-dates/:date", () =>
        HttpResponse.json({ error: "Closed date not found", code: "CLOSED_DATE_NOT_FOUND" }, { status: 404 })),
    );
    vi.spyOn(window, "confirm").mockReturnValue(true);
    const { user } = await renderCard();
    await user.click(screen.getByRole("button", { name: "Remove Fri 25 Dec 2099 (Christmas Day)" }));
    const alert = await screen.findByRole("alert");
    expect(within(alert).getByText("Closed date not found")).toBeTruthy();
    expect(await screen.findByText("No upcoming closed dates.")).toBeTruthy();
  });
});

describe("Victoria's public holidays", () => {
  const holidays: PublicHoliday[] = [
    { date: "2099-12-25", label: "Christmas Day", closed: true },
    { date: "2099-12-26", label: "Boxing Day", closed: false },
    { date: "2100-01-01", label: "New Year's Day", closed: false },
  ];

  function serveHolidays(list: PublicHoliday[] = holidays) {
    const posts: unknown[] = [];
    server.use(
      http.get("/api/admin/closed-dates/public-holidays", () => HttpResponse.json({ items: list })),
      http.post("/api/admin/closed-dates/public-holidays", async ({ request }) => {
        posts.push(await request.text());
        const items = list.map(({ date, label }) => ({ date, label }));
        return HttpResponse.json({ added: list.filter((holiday) => !holiday.closed).length, items });
      }),
    );
    return posts;
  }

  it("first lists the holidays, saying which are closed already, then adds the rest in one click", async () => {
    serve([christmas]);
    const posts = serveHolidays();
    const { user } = await renderCard();
    const open = screen.getByRole("button", { name: "Add Victoria's public holidays" });
    expect(open.getAttribute("aria-expanded")).toBe("false");
    await user.click(open);
    expect(open.getAttribute("aria-expanded")).toBe("true");
    const panel = within(screen.getByRole("region", { name: "Victoria's public holidays" }));
    expect(await panel.findByText("2 of them are not closed yet.")).toBeTruthy();
    const rows = panel.getByRole("list", { name: "Victoria's public holidays" });
    expect(rowTexts(rows)).toEqual([
      "Fri 25 Dec 2099Christmas DayClosed already",
      "Sat 26 Dec 2099Boxing Day",
      "Fri 1 Jan 2100New Year's Day",
    ]);
    expect(posts).toEqual([]);

    await user.click(panel.getByRole("button", { name: "Add 2 dates" }));
    expect(await screen.findByText("2 dates added.")).toBeTruthy();
    expect(posts).toEqual([""]);
    expect(screen.queryByRole("region", { name: "Victoria's public holidays" })).toBeNull();
    expect(rowTexts(screen.getByRole("list", { name: "Upcoming" }))).toEqual([
      "Fri 25 Dec 2099Christmas DayRemove",
      "Sat 26 Dec 2099Boxing DayRemove",
      "Fri 1 Jan 2100New Year's DayRemove",
    ]);
    await waitFor(() => expect(document.activeElement).toBe(open));
  });

  it("offers nothing to add when every holiday is closed already, and Cancel closes the list", async () => {
    serve([]);
    const posts = serveHolidays(holidays.map((holiday) => ({ ...holiday, closed: true })));
    const { user } = await renderCard();
    await user.click(screen.getByRole("button", { name: "Add Victoria's public holidays" }));
    const panel = within(screen.getByRole("region", { name: "Victoria's public holidays" }));
    expect(await panel.findByText("Every one of them is closed already.")).toBeTruthy();
    expect(panel.queryByRole("button", { name: /^Add \d/ })).toBeNull();
    await user.click(panel.getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("region", { name: "Victoria's public holidays" })).toBeNull();
    expect(posts).toEqual([]);
  });

  it("says so when the holidays cannot be loaded, and when adding them fails", async () => {
    serve([]);
    server.use(http.get("/api/admin/closed-dates/public-holidays", () => HttpResponse.json({ error: "down" }, { status: 500 })));
    const { user } = await renderCard();
    await user.click(screen.getByRole("button", { name: "Add Victoria's public holidays" }));
    const panel = within(screen.getByRole("region", { name: "Victoria's public holidays" }));
    expect(within(await panel.findByRole("alert")).getByText("Failed to load public holidays")).toBeTruthy();

    serveHolidays();
    server.use(http.post("/api/admin/closed-dates/public-holidays", () => new HttpResponse(null, { status: 500 })));
    await user.click(panel.getByRole("button", { name: "Try again" }));
    await user.click(await panel.findByRole("button", { name: "Add 2 dates" }));
    expect(within(await panel.findByRole("alert")).getByText("Adding the public holidays failed")).toBeTruthy();
    expect(screen.queryByText(/dates added/)).toBeNull();
  });
});

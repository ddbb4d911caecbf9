import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SCHEDULING_DEFAULTS } from "@yarra/core/settings/types.ts";
import { renderAdmin, storeSession } from "../../test/render-admin.tsx";
import { server } from "../../test/server.ts";
import { LAST_LOOK_KEY } from "./last-look.ts";
import type { Schedule, ScheduleJob } from "./schedule-api.ts";
import { aJob, aSchedule } from "./test-fixtures.ts";

// Wed 25 Nov 2026, 2:00 pm in Melbourne (AEDT, UTC+11).
const NOW = new Date("2026-11-25T03:00:00.000Z");

/** Olivia (9 am, Priya) and Jack (1 pm, nobody yet, booked half an hour ago). */
const olivia = aJob();
const jack = aJob({
  _id: "b2",
  reference: "YS-BBBB22",
  status: "PENDING",
  startTime: "2026-11-25T02:00:00.000Z",
  endTime: "2026-11-25T04:00:00.000Z",
  createdAt: "2026-11-25T02:30:00.000Z",
  customerName: "Jack Smith",
  suburb: "Fitzroy",
  serviceName: "Regular Clean",
  sizeLabel: "2 bedrooms",
  extras: [],
  cleanerIds: [],
});

interface Calls {
  ranges: string[];
  puts: { path: string; body: unknown }[];
}

/**
 * GET /api/admin/schedule over jobs that PUT .../cleaners changes, as the contract has them;
 * `busy` makes a PUT answer 409 CLEANER_BUSY instead.
 */
function serveSchedule(jobs: ScheduleJob[], options: { busy?: string; more?: () => ScheduleJob[] } = {}): Calls {
  let current = jobs.map((job) => ({ ...job }));
  const calls: Calls = { ranges: [], puts: [] };
  server.use(
    http.get("/api/admin/settings/scheduling", () => HttpResponse.json(SCHEDULING_DEFAULTS)),
    http.get("/api/admin/schedule", ({ request }) => {
      const url = new URL(request.url);
      const from = url.searchParams.get("from")!;
      const to = url.searchParams.get("to")!;
      calls.ranges.push(`${from}..${to}`);
      const extra = options.more?.() ?? [];
      return HttpResponse.json(aSchedule(from, to, { jobs: [...current, ...extra] }) satisfies Schedule);
    }),
    http.put("/api/admin/bookings/:id/cleaners", async ({ request, params }) => {
      const body = (await request.json()) as { cleanerIds: string[] };
      calls.puts.push({ path: new URL(request.url).pathname, body });
      if (options.busy) return HttpResponse.json({ error: options.busy, code: "CLEANER_BUSY" }, { status: 409 });
      current = current.map((job) => (job._id === params.id ? { ...job, cleanerIds: body.cleanerIds } : job));
      return HttpResponse.json({ _id: params.id, cleanerIds: body.cleanerIds });
    }),
  );
  return calls;
}

const column = (name: string) => screen.getByRole("region", { name: new RegExp(`^${name}`) });
const card = (name: string) => screen.getByRole("article", { name });

async function openSchedule(path = "/admin/schedule") {
  const view = renderAdmin(path);
  await screen.findByRole("heading", { name: "Schedule", level: 1 });
  await waitFor(() => expect(screen.queryByText("Loading the schedule…")).toBeNull());
  return view;
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"], now: NOW });
  storeSession({ _id: "a1" });
});
afterEach(() => {
  vi.useRealTimers();
});

describe("day view", () => {
  it("asks for today in Melbourne and draws a column per cleaner plus Unassigned", async () => {
    const calls = serveSchedule([olivia, jack]);
    await openSchedule();
    expect(calls.ranges).toEqual(["2026-11-25..2026-11-25"]);
    expect(screen.getByRole("heading", { name: "Wednesday 25 November 2026 (AEDT)" })).toBeTruthy();
    const columns = screen.getAllByRole("region").map((region) => region.getAttribute("data-column")).filter(Boolean);
    expect(columns).toEqual(["unassigned", "c1", "c2"]);

    const unassigned = within(column("Unassigned"));
    const jackCard = within(unassigned.getByRole("article", { name: "Jack Smith" }));
    expect(jackCard.getByText("1:00 pm – 3:00 pm")).toBeTruthy();
    expect(jackCard.getByText("Pending")).toBeTruthy();
    expect(jackCard.getByText("Unassigned")).toBeTruthy();
    expect(jackCard.getByText("YS-BBBB22")).toBeTruthy();
    expect(column("Unassigned").querySelector(".job-card__meta")?.textContent).toBe("Fitzroy · Regular Clean, 2 bedrooms");
    expect(unassigned.getByRole("article", { name: "Jack Smith" }).className).toContain("job-card--unassigned");

    const priya = within(column("Priya Sharma"));
    const oliviaCard = within(priya.getByRole("article", { name: "Olivia Nguyen" }));
    expect(oliviaCard.getByText("Confirmed")).toBeTruthy();
    expect(oliviaCard.getByText("9:00 am – 12:00 pm")).toBeTruthy();
    expect(oliviaCard.getByRole("link", { name: "Olivia Nguyen" }).getAttribute("href")).toBe("/admin/bookings/b1");
    expect(within(column("Tom Lee")).getByText("No jobs.")).toBeTruthy();

    // Drawn at its start (9 am is an hour after the 8 am first slot) and as long as it lasts.
    const placed = priya.getByRole("article", { name: "Olivia Nguyen" }) as HTMLElement;
    expect(placed.style.getPropertyValue("--job-start")).toBe("60");
    expect(placed.style.getPropertyValue("--job-length")).toBe("180");

    expect(screen.getByText("1 unassigned")).toBeTruthy();
    const slots = within(screen.getByRole("list", { name: "Free places by start time" })).getAllByRole("listitem");
    expect(slots.map((slot) => slot.textContent)).toEqual(["8:00 am full", "9:00 am 1 free"]);
    const legend = within(screen.getByRole("list", { name: "Legend" }));
    expect(legend.getByText("Pending")).toBeTruthy();
    expect(legend.getByText("Confirmed")).toBeTruthy();
    expect(legend.getByText("Done")).toBeTruthy();
  });

  it("says why a day is closed", async () => {
    serveSchedule([]);
    server.use(http.get("/api/admin/schedule", ({ request }) => {
      const url = new URL(request.url);
      return HttpResponse.json(aSchedule(url.searchParams.get("from")!, url.searchParams.get("to")!, {
        days: [{ date: "2026-12-25", open: false, reason: "CLOSED_DATE", label: "Christmas Day", slots: [] }],
      }));
    }));
    await openSchedule("/admin/schedule?date=2026-12-25");
    expect(screen.getByText("Closed: Christmas Day")).toBeTruthy();
    expect(screen.getByText("No jobs on this day.")).toBeTruthy();
  });

  it("links to the run sheets of the day shown", async () => {
    serveSchedule([]);
    await openSchedule("/admin/schedule?date=2026-11-26");
    expect(screen.getByRole("link", { name: "Print run sheets" }).getAttribute("href")).toBe("/admin/schedule/print?date=2026-11-26");
  });

  it("shows a load error with a way to try again", async () => {
    serveSchedule([]);
    server.use(http.get("/api/admin/schedule", () => HttpResponse.json({ error: "Database down" }, { status: 500 }), { once: true }));
    const { user } = renderAdmin("/admin/schedule");
    const alert = await screen.findByRole("alert");
    expect(within(alert).getByText("Failed to load the schedule")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("region", { name: /^Unassigned/ })).toBeTruthy();
  });
});

describe("assigning", () => {
  it("assigns from the keyboard: Assign, tick a cleaner, Save sends the PUT and the view refreshes", async () => {
    const calls = serveSchedule([olivia, jack]);
    const { user } = await openSchedule();
    const assign = within(card("Jack Smith")).getByRole("button", { name: "Assign YS-BBBB22" });
    assign.focus();
    await user.keyboard("{Enter}");
    const panel = within(screen.getByRole("group", { name: "Cleaners for YS-BBBB22" }));
    expect(document.activeElement).toBe(panel.getByRole("checkbox", { name: /Priya Sharma/ }));
    await user.keyboard("{Tab}");
    expect(document.activeElement).toBe(panel.getByRole("checkbox", { name: /Tom Lee/ }));
    await user.keyboard(" ");
    await user.keyboard("{Tab}{Enter}");

    await waitFor(() => expect(within(column("Tom Lee")).getByRole("article", { name: "Jack Smith" })).toBeTruthy());
    expect(calls.puts).toEqual([{ path: "/api/admin/bookings/b2/cleaners", body: { cleanerIds: ["c2"] } }]);
    await waitFor(() => expect(calls.ranges.length).toBe(2));
    expect(within(column("Unassigned")).queryByRole("article")).toBeNull();
    expect(screen.getByText("YS-BBBB22 assigned to Tom Lee.")).toBeTruthy();
  });

  it("assigns two cleaners to one job, in the order ticked", async () => {
    const calls = serveSchedule([jack]);
    const { user } = await openSchedule();
    await user.click(within(card("Jack Smith")).getByRole("button", { name: "Assign YS-BBBB22" }));
    const panel = within(screen.getByRole("group", { name: "Cleaners for YS-BBBB22" }));
    await user.click(panel.getByRole("checkbox", { name: /Tom Lee/ }));
    await user.click(panel.getByRole("checkbox", { name: /Priya Sharma/ }));
    await user.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(within(column("Priya Sharma")).getByRole("article", { name: "Jack Smith" })).toBeTruthy());
    expect(within(column("Tom Lee")).getByRole("article", { name: "Jack Smith" })).toBeTruthy();
    expect(calls.puts[0].body).toEqual({ cleanerIds: ["c2", "c1"] });
  });

  it("shows the server's CLEANER_BUSY message next to the job and leaves it where it was", async () => {
    const busy = "Priya Sharma is already on YS-AAAA11 at that time: Wed 25 Nov 2026, 9:00 am to 12:00 pm.";
    serveSchedule([olivia, jack], { busy });
    const { user } = await openSchedule();
    await user.click(within(card("Jack Smith")).getByRole("button", { name: "Assign YS-BBBB22" }));
    await user.click(screen.getByRole("checkbox", { name: /Priya Sharma/ }));
    await user.click(screen.getByRole("button", { name: "Save" }));
    const jackCard = within(card("Jack Smith"));
    expect((await jackCard.findByRole("alert")).textContent).toBe(busy);
    expect(within(column("Unassigned")).getByRole("article", { name: "Jack Smith" })).toBeTruthy();
    // The panel stays open to choose someone else.
    expect(screen.getByRole("group", { name: "Cleaners for YS-BBBB22" })).toBeTruthy();
  });

  it("moves a job by dragging it onto another column, and back to Unassigned", async () => {
    const calls = serveSchedule([olivia, jack]);
    await openSchedule();
    const drag = (name: string, from: string, to: string) => {
      fireEvent.dragStart(within(column(from)).getByRole("article", { name }));
      fireEvent.dragOver(column(to));
      fireEvent.drop(column(to));
    };
    drag("Jack Smith", "Unassigned", "Priya Sharma");
    await waitFor(() => expect(within(column("Priya Sharma")).getByRole("article", { name: "Jack Smith" })).toBeTruthy());
    drag("Olivia Nguyen", "Priya Sharma", "Tom Lee");
    await waitFor(() => expect(within(column("Tom Lee")).getByRole("article", { name: "Olivia Nguyen" })).toBeTruthy());
    drag("Olivia Nguyen", "Tom Lee", "Unassigned");
    await waitFor(() => expect(within(column("Unassigned")).getByRole("article", { name: "Olivia Nguyen" })).toBeTruthy());
    expect(calls.puts).toEqual([
      { path: "/api/admin/bookings/b2/cleaners", body: { cleanerIds: ["c1"] } },
      { path: "/api/admin/bookings/b1/cleaners", body: { cleanerIds: ["c2"] } },
      { path: "/api/admin/bookings/b1/cleaners", body: { cleanerIds: [] } },
    ]);
  });
});

describe("navigation", () => {
  it("Next, Previous and Today change the day asked for, and the URL", async () => {
    const calls = serveSchedule([]);
    const { user, history } = await openSchedule();
    await user.click(screen.getByRole("button", { name: "Next day" }));
    await waitFor(() => expect(calls.ranges.at(-1)).toBe("2026-11-26..2026-11-26"));
    expect(history.location.search).toBe("?date=2026-11-26");
    expect(await screen.findByRole("heading", { name: "Thursday 26 November 2026 (AEDT)" })).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Previous day" }));
    await user.click(screen.getByRole("button", { name: "Previous day" }));
    await waitFor(() => expect(calls.ranges.at(-1)).toBe("2026-11-24..2026-11-24"));
    await user.click(screen.getByRole("button", { name: "Today" }));
    await waitFor(() => expect(history.location.search).toBe(""));
    expect(await screen.findByRole("heading", { name: "Wednesday 25 November 2026 (AEDT)" })).toBeTruthy();
  });

  it("the date picker opens a day; a winter day is in AEST", async () => {
    const calls = serveSchedule([]);
    await openSchedule();
    fireEvent.change(screen.getByLabelText("Date"), { target: { value: "2026-07-01" } });
    await waitFor(() => expect(calls.ranges.at(-1)).toBe("2026-07-01..2026-07-01"));
    expect(await screen.findByRole("heading", { name: "Wednesday 1 July 2026 (AEST)" })).toBeTruthy();
  });

  it("the week view asks for Monday to Sunday and has a row per cleaner, Unassigned first, a column per day", async () => {
    const calls = serveSchedule([olivia, jack]);
    const { user, history } = await openSchedule();
    await user.click(screen.getByRole("button", { name: "Week" }));
    await waitFor(() => expect(calls.ranges.at(-1)).toBe("2026-11-23..2026-11-29"));
    expect(history.location.search).toBe("?view=week");
    const table = await screen.findByRole("table", { name: "Jobs by cleaner and day" });
    const days = within(table).getAllByRole("columnheader").map((head) => head.querySelector("a")?.textContent);
    expect(days).toEqual(["Mon 23 Nov", "Tue 24 Nov", "Wed 25 Nov", "Thu 26 Nov", "Fri 27 Nov", "Sat 28 Nov", "Sun 29 Nov"]);
    const rows = within(table).getAllByRole("rowheader").map((head) => head.textContent);
    expect(rows).toEqual(["Unassigned 1 job", "Priya Sharma 1 job", "Tom Lee 0 jobs"]);

    // Olivia is in Priya's row under Wednesday; Jack, nobody's yet, in the Unassigned row.
    const cellOf = (rowId: string, date: string) =>
      table.querySelector<HTMLElement>(`tr[data-row="${rowId}"] td[data-date="${date}"]`)!;
    expect(within(cellOf("c1", "2026-11-25")).getByRole("article", { name: "Olivia Nguyen" })).toBeTruthy();
    expect(within(cellOf("unassigned", "2026-11-25")).getByRole("article", { name: "Jack Smith" })).toBeTruthy();
    expect(within(cellOf("c2", "2026-11-25")).queryByRole("article")).toBeNull();
    expect(within(cellOf("c1", "2026-11-24")).queryByRole("article")).toBeNull();
    expect(within(card("Jack Smith")).getByText("Unassigned")).toBeTruthy();
    expect(within(table).getByRole("link", { name: "Wed 25 Nov" }).getAttribute("href")).toBe("/admin/schedule?date=2026-11-25");
    expect(within(table).getByRole("columnheader", { name: /Wed 25 Nov/ }).textContent).toContain("Today");
    expect(within(table).getByRole("columnheader", { name: /Wed 25 Nov/ }).textContent).toContain("1 unassigned");
    await user.click(screen.getByRole("button", { name: "Next week" }));
    await waitFor(() => expect(calls.ranges.at(-1)).toBe("2026-11-30..2026-12-06"));
  });

  it("a job with two cleaners is in both their rows of the week, the other named beside the colour", async () => {
    serveSchedule([aJob({ cleanerIds: ["c1", "c2"] })]);
    await openSchedule("/admin/schedule?view=week");
    const table = await screen.findByRole("table", { name: "Jobs by cleaner and day" });
    for (const [rowId, other] of [["c1", "Tom Lee"], ["c2", "Priya Sharma"]]) {
      const cell = table.querySelector<HTMLElement>(`tr[data-row="${rowId}"] td[data-date="2026-11-25"]`)!;
      const also = within(within(cell).getByRole("article", { name: "Olivia Nguyen" })).getByRole("list", { name: "Also on this job" });
      expect(within(also).getByText(other)).toBeTruthy();
    }
  });
});

describe("keeping up", () => {
  it("marks jobs booked since this user's last look as New, and remembers this look", async () => {
    const key = `${LAST_LOOK_KEY}:a1`;
    localStorage.setItem(key, String(Date.parse("2026-11-25T01:00:00.000Z")));
    serveSchedule([olivia, jack]);
    await openSchedule();
    expect(within(card("Jack Smith")).getByText("New")).toBeTruthy();
    expect(within(card("Olivia Nguyen")).queryByText("New")).toBeNull();
    expect(screen.getByText("1 new since your last look")).toBeTruthy();
    await waitFor(() => expect(localStorage.getItem(key)).toBe(String(NOW.getTime())));
  });

  it("marks nothing on a first look", async () => {
    serveSchedule([olivia, jack]);
    await openSchedule();
    expect(screen.queryByText("New", { selector: ".job-card .job-card__new" })).toBeNull();
  });

  it("loads again every minute, and a job that arrives meanwhile is New", async () => {
    vi.useFakeTimers({ toFake: ["Date", "setInterval", "clearInterval"], now: NOW });
    localStorage.setItem(`${LAST_LOOK_KEY}:a1`, String(Date.parse("2026-11-25T01:00:00.000Z")));
    let arrived: ScheduleJob[] = [];
    const calls = serveSchedule([olivia], { more: () => arrived });
    await openSchedule();
    expect(calls.ranges.length).toBe(1);
    arrived = [aJob({ _id: "b3", reference: "YS-CCCC33", customerName: "Mia Chen", cleanerIds: [], createdAt: "2026-11-25T03:00:30.000Z" })];
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    await waitFor(() => expect(calls.ranges.length).toBe(2));
    expect(within(await screen.findByRole("article", { name: "Mia Chen" })).getByText("New")).toBeTruthy();
  });
});

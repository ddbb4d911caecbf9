/**
 * Issue 34 item 11: the schedule for a real team. Ten cleaners fit the 1280 px screen (narrow
 * columns, names on two lines under their colour), colours never repeat while the palette lasts,
 * a pending job is confirmed from its card, and a job needing attention cannot be missed.
 */
import { screen, waitFor, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CLEANER_PALETTE } from "@yarra/core/cleaners/rules.ts";
import { SCHEDULING_DEFAULTS } from "@yarra/core/settings/types.ts";
import { renderAdmin, storeSession } from "../../test/render-admin.tsx";
import { server } from "../../test/server.ts";
import { JOB_CARD_TEXT } from "./job-card.tsx";
import type { ScheduleCleaner, ScheduleJob } from "./schedule-api.ts";
import { DAY_GRID, dayGrid } from "./schedule-layout.ts";
import { aBookingRecord, aCleaner, aJob, aSchedule } from "./test-fixtures.ts";

// Wed 25 Nov 2026, 2:00 pm in Melbourne (AEDT, UTC+11).
const NOW = new Date("2026-11-25T03:00:00.000Z");
const FIRST_NAMES = ["Priya", "Tom", "Mia", "Jack", "Anh", "Lucas", "Sofia", "Noah", "Chloe", "Oscar", "Ruby", "Leo", "Ava", "Finn"];

/** A team as the server gives it: palette colours in turn, so the ninth repeats the first. */
const teamOf = (count: number, colour?: (index: number) => string): ScheduleCleaner[] =>
  Array.from({ length: count }, (_, index) =>
    aCleaner({
      _id: `c${index + 1}`,
      name: `${FIRST_NAMES[index]} Fitzgerald-Montgomery`,
      colour: colour?.(index) ?? CLEANER_PALETTE[index % CLEANER_PALETTE.length],
    }));

const pending = aJob({
  _id: "b2",
  reference: "YS-BBBB22",
  status: "PENDING",
  startTime: "2026-11-25T02:00:00.000Z",
  endTime: "2026-11-25T04:00:00.000Z",
  customerName: "Jack Smith",
  cleanerIds: ["c2"],
});
const waiting = aJob({
  _id: "b3",
  reference: "YS-CCCC33",
  status: "NEEDS_ATTENTION",
  startTime: "2026-11-24T23:00:00.000Z",
  endTime: "2026-11-25T01:00:00.000Z",
  customerName: "Mia Chen",
  cleanerIds: [],
});

interface Served {
  patches: { path: string; body: unknown }[];
}

function serve(cleaners: ScheduleCleaner[], jobs: ScheduleJob[], options: { refuse?: string } = {}): Served {
  let current = jobs.map((job) => ({ ...job }));
  const served: Served = { patches: [] };
  server.use(
    http.get("/api/admin/settings/scheduling", () => HttpResponse.json(SCHEDULING_DEFAULTS)),
    http.get("/api/admin/schedule", ({ request }) => {
      const url = new URL(request.url);
      return HttpResponse.json(aSchedule(url.searchParams.get("from")!, url.searchParams.get("to")!, { cleaners, jobs: current }));
    }),
    http.patch("/api/admin/bookings/:id/status", async ({ request, params }) => {
      const body = (await request.json()) as { status: "CONFIRMED" };
      served.patches.push({ path: new URL(request.url).pathname, body });
      if (options.refuse) return HttpResponse.json({ error: options.refuse, code: "SLOT_UNAVAILABLE" }, { status: 409 });
      current = current.map((job) => (job._id === params.id ? { ...job, status: body.status } : job));
      return HttpResponse.json(aBookingRecord({ _id: String(params.id), reference: "YS-BBBB22", status: body.status }));
    }),
  );
  return served;
}

async function openSchedule(path = "/admin/schedule") {
  const view = renderAdmin(path);
  await screen.findByRole("heading", { name: "Schedule", level: 1 });
  await waitFor(() => expect(screen.queryByText("Loading the schedule…")).toBeNull());
  return view;
}

const grid = () => document.querySelector<HTMLElement>(".schedule-day")!;
const columnHeads = () => [...grid().querySelectorAll<HTMLElement>(".schedule-column > .schedule-column__head")];
const colourOf = (head: HTMLElement) => head.style.getPropertyValue("--cleaner-colour");

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"], now: NOW });
  storeSession({ _id: "a1" });
});
afterEach(() => {
  vi.useRealTimers();
});

describe("ten cleaners at 1280 px", () => {
  it("draws 11 narrow columns that fit the 961 px box, each name on two lines under its colour", async () => {
    serve(teamOf(10), [pending, aJob({ cleanerIds: ["c1", "c3"] })]);
    await openSchedule();
    const heads = columnHeads();
    expect(heads.length).toBe(11);
    // The grid asks for no more than the box holds (961 px less its borders): no sideways scroll.
    const columns = grid().style.gridTemplateColumns;
    expect(columns).toBe(dayGrid(Array.from({ length: 11 }, () => 1)).template);
    expect((DAY_GRID.axisRem + 11 * DAY_GRID.columnRem) * DAY_GRID.remPx).toBeLessThanOrEqual(959);

    // First name, then the rest, each its own line; the heading still reads as the whole name.
    const priya = screen.getByRole("region", { name: /^Priya Fitzgerald-Montgomery/ });
    const lines = [...priya.querySelectorAll(".schedule-column__line")].map((line) => line.textContent);
    expect(lines).toEqual(["Priya", "Fitzgerald-Montgomery"]);
    expect(within(priya).getByRole("heading", { level: 3 }).textContent).toBe("Priya Fitzgerald-Montgomery 1 job");
    expect(within(screen.getByRole("region", { name: /^Tom Fitzgerald-Montgomery/ })).getByRole("article", { name: "Jack Smith" })).toBeTruthy();
    // The job's other cleaner: their colour and initials for a narrow card, the name kept for screen readers.
    const also = within(within(priya).getByRole("article", { name: "Olivia Nguyen" })).getByRole("list", { name: "Also on this job" });
    const chip = within(also).getByRole("listitem");
    expect(chip.getAttribute("title")).toBe("Mia Fitzgerald-Montgomery");
    expect(chip.querySelector(".schedule-chip__name")?.textContent).toBe("Mia Fitzgerald-Montgomery");
    const initials = chip.querySelector(".schedule-chip__initials");
    expect([initials?.textContent, initials?.getAttribute("aria-hidden")]).toEqual(["MF", "true"]);
    expect((chip.querySelector(".schedule-swatch") as HTMLElement).style.backgroundColor).toBe(CLEANER_PALETTE[2]);
  });

  it("with 14 cleaners the columns keep their width and the grid scrolls sideways", async () => {
    serve(teamOf(14), []);
    await openSchedule();
    expect(columnHeads().length).toBe(15);
    const { template, minWidthPx } = dayGrid(Array.from({ length: 15 }, () => 1));
    expect(grid().style.gridTemplateColumns).toBe(template);
    expect(minWidthPx).toBeGreaterThan(959);
  });

  it("never draws two cleaners alike while the palette lasts", async () => {
    // A whole palette's worth of cleaners all in the same teal (chosen by hand, say): each still shows in a colour of their own.
    serve(teamOf(CLEANER_PALETTE.length, () => CLEANER_PALETTE[0]), [waiting]);
    const { user } = await openSchedule();
    const colours = columnHeads().slice(1).map(colourOf);
    expect(new Set(colours).size).toBe(CLEANER_PALETTE.length);
    expect(colours).toEqual([...CLEANER_PALETTE]);
    // The Assign list shows each cleaner in the colour of their column.
    await user.click(screen.getByRole("button", { name: "Assign YS-CCCC33" }));
    const swatches = [...screen.getByRole("group", { name: "Cleaners for YS-CCCC33" }).querySelectorAll<HTMLElement>(".schedule-swatch")];
    expect(swatches.map((swatch) => swatch.style.backgroundColor)).toEqual([...CLEANER_PALETTE]);
  });

  it("ten cleaners, ten colours; past the palette's twelve, colours repeat", async () => {
    serve(teamOf(10), []);
    await openSchedule();
    expect(new Set(columnHeads().slice(1).map(colourOf)).size).toBe(10);
  });

  it("fourteen cleaners: the first twelve differ, the last two take the first colours again", async () => {
    serve(teamOf(14), []);
    await openSchedule();
    const colours = columnHeads().slice(1).map(colourOf);
    expect(new Set(colours.slice(0, CLEANER_PALETTE.length)).size).toBe(CLEANER_PALETTE.length);
    expect(colours.slice(CLEANER_PALETTE.length)).toEqual([CLEANER_PALETTE[0], CLEANER_PALETTE[1]]);
  });
});

describe("Confirm on the card", () => {
  it("confirms a pending job through the bookings' status call; the card then says Confirmed", async () => {
    const served = serve(teamOf(2), [pending, aJob()]);
    const { user } = await openSchedule();
    const jack = screen.getByRole("article", { name: "Jack Smith" });
    // Only the pending job offers it.
    expect(within(screen.getByRole("article", { name: "Olivia Nguyen" })).queryByRole("button", { name: /^Confirm/ })).toBeNull();
    const confirm = within(jack).getByRole("button", { name: "Confirm YS-BBBB22" });
    expect(confirm.textContent).toBe(JOB_CARD_TEXT.confirm);
    await user.click(confirm);

    await waitFor(() => expect(within(screen.getByRole("article", { name: "Jack Smith" })).getByText("Confirmed")).toBeTruthy());
    expect(served.patches).toEqual([{ path: "/api/admin/bookings/b2/status", body: { status: "CONFIRMED" } }]);
    expect(screen.getByText("YS-BBBB22 confirmed; the customer is e-mailed.")).toBeTruthy();
    expect(within(screen.getByRole("article", { name: "Jack Smith" })).queryByRole("button", { name: /^Confirm/ })).toBeNull();
  });

  it("shows the server's refusal on the card and keeps it pending", async () => {
    const full = "That time is fully booked. Move the booking, or confirm anyway as a superadmin.";
    serve(teamOf(2), [pending], { refuse: full });
    const { user } = await openSchedule();
    await user.click(within(screen.getByRole("article", { name: "Jack Smith" })).getByRole("button", { name: "Confirm YS-BBBB22" }));
    const jack = within(screen.getByRole("article", { name: "Jack Smith" }));
    expect((await jack.findByRole("alert")).textContent).toBe(full);
    expect(jack.getByText("Pending")).toBeTruthy();
    expect(jack.getByRole("button", { name: "Confirm YS-BBBB22" })).toBeTruthy();
  });

  it("is on the card in the week view too", async () => {
    const served = serve(teamOf(2), [pending]);
    const { user } = await openSchedule("/admin/schedule?view=week");
    await user.click(await screen.findByRole("button", { name: "Confirm YS-BBBB22" }));
    await waitFor(() => expect(served.patches.length).toBe(1));
    expect(served.patches[0].path).toBe("/api/admin/bookings/b2/status");
  });
});

describe("jobs needing attention", () => {
  it("shows them on their day, counted, with what they wait for", async () => {
    serve(teamOf(10), [pending, waiting]);
    await openSchedule();
    expect(screen.getByText("1 needs attention")).toBeTruthy();
    const card = screen.getByRole("article", { name: "Mia Chen" });
    expect(within(screen.getByRole("region", { name: /^Unassigned/ })).getByRole("article", { name: "Mia Chen" })).toBe(card);
    expect(card.className).toContain("job-card--needs_attention");
    expect(within(card).getByText("Needs attention")).toBeTruthy();
    expect(within(card).getByText(JOB_CARD_TEXT.needsAttention)).toBeTruthy();
    // It holds no place: it is moved from its details, not confirmed here.
    expect(within(card).queryByRole("button", { name: /^Confirm/ })).toBeNull();
    expect(within(card).getByRole("link", { name: "Mia Chen" }).getAttribute("href")).toBe("/admin/bookings/b3");
  });

  it("shows them in the week too", async () => {
    serve(teamOf(2), [waiting]);
    await openSchedule("/admin/schedule?view=week");
    const card = await screen.findByRole("article", { name: "Mia Chen" });
    expect(within(card).getByText("Needs attention")).toBeTruthy();
    expect(screen.getByText("1 needs attention")).toBeTruthy();
  });
});

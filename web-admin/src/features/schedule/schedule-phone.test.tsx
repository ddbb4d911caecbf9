/**
 * Issue 34 item 15: the staff area on a phone (390 px). /admin opens on today's Schedule, the day
 * reads as lists of jobs by time, and Assign works by touch: taps only, no hover, no drag.
 */
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SCHEDULING_DEFAULTS } from "@yarra/core/settings/types.ts";
import { renderAdmin, storeSession } from "../../test/render-admin.tsx";
import { server } from "../../test/server.ts";
import type { ScheduleJob } from "./schedule-api.ts";
import { aJob, aSchedule } from "./test-fixtures.ts";

// Wed 25 Nov 2026, 2:00 pm in Melbourne (AEDT, UTC+11).
const NOW = new Date("2026-11-25T03:00:00.000Z");
const PHONE = { width: 390, height: 844 };
const scheduleCss = readFileSync(join(dirname(fileURLToPath(import.meta.url)), "schedule.css"), "utf8");

const olivia = aJob();
const jack = aJob({
  _id: "b2",
  reference: "YS-BBBB22",
  status: "PENDING",
  startTime: "2026-11-25T02:00:00.000Z",
  endTime: "2026-11-25T04:00:00.000Z",
  customerName: "Jack Smith",
  suburb: "Fitzroy",
  addressLine: "7 Brunswick St, Fitzroy VIC 3065",
  cleanerIds: [],
});
const mia = aJob({
  _id: "b3",
  reference: "YS-CCCC33",
  startTime: "2026-11-24T21:00:00.000Z",
  endTime: "2026-11-24T23:00:00.000Z",
  customerName: "Mia Chen",
  suburb: "Carlton",
  addressLine: "1 Lygon St, Carlton VIC 3053",
  cleanerIds: [],
});

function serve(jobs: ScheduleJob[]) {
  let current = jobs.map((job) => ({ ...job }));
  const puts: { path: string; body: unknown }[] = [];
  const ranges: string[] = [];
  server.use(
    http.get("/api/admin/settings/scheduling", () => HttpResponse.json(SCHEDULING_DEFAULTS)),
    http.get("/api/admin/schedule", ({ request }) => {
      const url = new URL(request.url);
      const from = url.searchParams.get("from")!;
      const to = url.searchParams.get("to")!;
      ranges.push(`${from}..${to}`);
      return HttpResponse.json(aSchedule(from, to, { jobs: current }));
    }),
    http.put("/api/admin/bookings/:id/cleaners", async ({ request, params }) => {
      const body = (await request.json()) as { cleanerIds: string[] };
      puts.push({ path: new URL(request.url).pathname, body });
      current = current.map((job) => (job._id === params.id ? { ...job, cleanerIds: body.cleanerIds } : job));
      return HttpResponse.json({ _id: params.id, cleanerIds: body.cleanerIds });
    }),
  );
  return { puts, ranges };
}

/** A finger's tap as the browser reports it: pointer (touch) down and up, then the click. */
function tap(element: Element) {
  const touch = { pointerType: "touch", isPrimary: true, pointerId: 1 };
  fireEvent.pointerDown(element, touch);
  fireEvent.pointerUp(element, touch);
  fireEvent.click(element);
}

const rem = (value: string) => Number.parseFloat(value) * 16;
/** The declarations of `selector` inside the CSS text (the first block that names it exactly). */
function declarationsOf(css: string, selector: string): string {
  const at = css.indexOf(`${selector} {`);
  expect(at, `${selector} in schedule.css`).toBeGreaterThanOrEqual(0);
  return css.slice(at, css.indexOf("}", at));
}

let innerWidth: number;
beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"], now: NOW });
  storeSession({ _id: "a1" });
  innerWidth = window.innerWidth;
  Object.assign(window, { innerWidth: PHONE.width, innerHeight: PHONE.height });
  window.dispatchEvent(new Event("resize"));
});
afterEach(() => {
  vi.useRealTimers();
  Object.assign(window, { innerWidth });
});

describe("on a phone", () => {
  it("the Schedule (where staff land after logging in) opens on today's day view, the day's jobs in order of time", async () => {
    const { ranges } = serve([jack, olivia, mia]);
    const { history } = renderAdmin("/admin/schedule");
    await screen.findByRole("heading", { name: "Schedule", level: 1 });
    await waitFor(() => expect(screen.queryByText("Loading the schedule…")).toBeNull());
    expect(history.location.pathname).toBe("/admin/schedule");
    expect(ranges).toEqual(["2026-11-25..2026-11-25"]);
    expect(screen.getByRole("heading", { name: "Wednesday 25 November 2026 (AEDT)" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Day" }).getAttribute("aria-pressed")).toBe("true");
    // Each list (Unassigned here) reads its jobs by start time: 8 am, then 1 pm.
    const unassigned = screen.getByRole("region", { name: /^Unassigned/ });
    expect(within(unassigned).getAllByRole("article").map((card) => card.querySelector(".job-card__time")?.textContent))
      .toEqual(["8:00 am – 10:00 am", "1:00 pm – 3:00 pm"]);
  });

  it("assigns by touch: tap Assign, tap a cleaner, tap Save", async () => {
    const { puts } = serve([jack]);
    renderAdmin("/admin/schedule");
    const card = await screen.findByRole("article", { name: "Jack Smith" });
    // No drag needed: the card is never the only way, its Assign button is.
    const assign = within(card).getByRole("button", { name: "Assign YS-BBBB22" });
    expect(assign.getAttribute("aria-expanded")).toBe("false");
    tap(assign);
    expect(assign.getAttribute("aria-expanded")).toBe("true");
    const panel = within(card).getByRole("group", { name: "Cleaners for YS-BBBB22" });
    // The whole row (label) is the target, not only the box.
    const tom = within(panel).getByRole("checkbox", { name: "Tom Lee" });
    tap(tom.closest("label")!);
    expect((tom as HTMLInputElement).checked).toBe(true);
    await act(async () => tap(within(card).getByRole("button", { name: "Save" })));
    await waitFor(() => expect(puts).toEqual([{ path: "/api/admin/bookings/b2/cleaners", body: { cleanerIds: ["c2"] } }]));
    // Closed once the server took it; the job is now in Tom's list.
    await waitFor(() => expect(screen.queryByRole("group", { name: "Cleaners for YS-BBBB22" })).toBeNull());
    await waitFor(() => expect(within(screen.getByRole("region", { name: /^Tom Lee/ })).getByRole("article", { name: "Jack Smith" })).toBeTruthy());
  });

  it("a second tap on Assign, or Cancel, closes the list unchanged", async () => {
    const { puts } = serve([jack]);
    renderAdmin("/admin/schedule");
    const card = await screen.findByRole("article", { name: "Jack Smith" });
    const assign = within(card).getByRole("button", { name: "Assign YS-BBBB22" });
    tap(assign);
    tap(within(card).getByRole("checkbox", { name: "Priya Sharma" }));
    tap(assign);
    expect(within(card).queryByRole("group")).toBeNull();
    tap(assign);
    expect(within(card).getByRole<HTMLInputElement>("checkbox", { name: "Priya Sharma" }).checked).toBe(false);
    tap(within(card).getByRole("button", { name: "Cancel" }));
    expect(within(card).queryByRole("group")).toBeNull();
    expect(puts).toEqual([]);
  });

  it("the styles: at 390 px the list sits in the card (no popover wider than the screen), every target at least 24 px", () => {
    const phone = scheduleCss.slice(scheduleCss.indexOf("@media (max-width: 700px)"));
    expect(PHONE.width).toBeLessThanOrEqual(700);
    const panel = declarationsOf(phone, "  .assign__panel");
    expect(panel).toContain("position: static");
    expect(panel).toContain("width: auto");
    expect(panel).toContain("max-width: none");
    // The cards are lists, not placed on a time grid, so nothing is cut off or overlaps.
    expect(phone).toMatch(/\.job-card--placed\.is-raised \{ position: relative; top: auto; left: auto;/);
    // Targets: the Assign button (also in a compact card), each cleaner's row, the map link.
    expect(rem(/min-height: ([\d.]+)rem/.exec(declarationsOf(scheduleCss, ".assign__toggle"))![1])).toBeGreaterThanOrEqual(24);
    expect(rem(/min-height: ([\d.]+)rem/.exec(declarationsOf(scheduleCss, "  .job-card :is(.job-card__confirm, .assign__toggle)"))![1])).toBeGreaterThanOrEqual(24);
    expect(rem(/min-height: ([\d.]+)rem/.exec(declarationsOf(scheduleCss, ".assign__option"))![1])).toBeGreaterThanOrEqual(24);
    expect(rem(/min-height: ([\d.]+)rem/.exec(declarationsOf(scheduleCss, ".job-card__map"))![1])).toBeGreaterThanOrEqual(24);
    // Nothing is shown only on hover: every :hover rule also answers :focus-within or the open list.
    for (const rule of scheduleCss.match(/[^{}]*:hover[^{}]*\{/g) ?? []) {
      if (rule.includes(".job-card__link:hover")) continue; // an underline only
      expect(rule).toMatch(/:focus-within|:has\(\.assign__panel\)/);
    }
  });
});

/**
 * Issue 31: the schedule's job blocks say what the cleaners' taps say (on the way, arrived, done)
 * and flag a job nobody has checked in to 30 minutes after its start, in words as well as colour:
 * the day's columns, the week's table and the phone's day list (the same cards, laid out as lists).
 */
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { screen, waitFor, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SCHEDULING_DEFAULTS } from "@yarra/core/settings/types.ts";
import { renderAdmin, storeSession } from "../../test/render-admin.tsx";
import { server } from "../../test/server.ts";
import { jobMarks, markTexts } from "./job-marks.ts";
import type { ScheduleJob } from "./schedule-api.ts";
import { aJob, aSchedule } from "./test-fixtures.ts";

// Wed 25 Nov 2026, 2:00 pm in Melbourne (AEDT, UTC+11).
const NOW = new Date("2026-11-25T03:00:00.000Z");
const scheduleCss = readFileSync(join(dirname(fileURLToPath(import.meta.url)), "schedule.css"), "utf8");

const none = (cleanerId: string) => ({ cleanerId, onMyWayAt: null, checkInAt: null, checkOutAt: null });

/** 9 am – 12 pm, Priya: arrived 8:52 am, left 11:40 am. */
const olivia = aJob({
  attendance: [{ cleanerId: "c1", onMyWayAt: "2026-11-24T21:30:00.000Z", checkInAt: "2026-11-24T21:52:00.000Z", checkOutAt: "2026-11-25T00:40:00.000Z" }],
});
/** 12:30 pm – 2:30 pm, Tom: not checked in at 2 pm, so late. */
const jack = aJob({
  _id: "b2",
  reference: "YS-BBBB22",
  startTime: "2026-11-25T01:30:00.000Z",
  endTime: "2026-11-25T03:30:00.000Z",
  customerName: "Jack Smith",
  suburb: "Fitzroy",
  cleanerIds: ["c2"],
  attendance: [none("c2")],
  late: true,
});
/** 1 pm – 4 pm, Priya and Tom: Priya arrived 12:58 pm, Tom on his way. */
const mia = aJob({
  _id: "b3",
  reference: "YS-CCCC33",
  startTime: "2026-11-25T02:00:00.000Z",
  endTime: "2026-11-25T05:00:00.000Z",
  customerName: "Mia Chen",
  suburb: "Carlton",
  cleanerIds: ["c1", "c2"],
  attendance: [
    { cleanerId: "c1", onMyWayAt: null, checkInAt: "2026-11-25T01:58:00.000Z", checkOutAt: null },
    { cleanerId: "c2", onMyWayAt: "2026-11-25T02:10:00.000Z", checkInAt: null, checkOutAt: null },
  ],
});

function serve(jobs: ScheduleJob[]) {
  server.use(
    http.get("/api/admin/settings/scheduling", () => HttpResponse.json(SCHEDULING_DEFAULTS)),
    http.get("/api/admin/schedule", ({ request }) => {
      const url = new URL(request.url);
      return HttpResponse.json(aSchedule(url.searchParams.get("from")!, url.searchParams.get("to")!, { jobs }));
    }),
  );
}

async function openSchedule(path: string) {
  renderAdmin(path);
  await screen.findByRole("heading", { name: "Schedule", level: 1 });
  await waitFor(() => expect(screen.queryByText("Loading the schedule…")).toBeNull());
}

const marksOf = (card: HTMLElement) => [...card.querySelectorAll(".job-card__mark")].map((mark) => mark.textContent);
/** The late flag as a screen reader reads it (the word, then why, hidden from the eye). */
const lateFlagOf = (card: HTMLElement) => within(card).getByText((_, element) => element?.className === "job-card__late");

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"], now: NOW });
  storeSession({ _id: "a1" });
});
afterEach(() => vi.useRealTimers());

describe("the day's job blocks", () => {
  it("say Arrived and Done with their Melbourne times, and nothing for a job with no taps", async () => {
    serve([olivia, jack, aJob({ _id: "b4", reference: "YS-DDDD44", customerName: "Ben Ho", startTime: "2026-11-25T05:00:00.000Z", endTime: "2026-11-25T06:00:00.000Z" })]);
    await openSchedule("/admin/schedule");
    const priya = within(screen.getByRole("region", { name: /^Priya Sharma/ }));
    expect(marksOf(priya.getByRole("article", { name: "Olivia Nguyen" }))).toEqual(["Arrived 8:52 am", "Done 11:40 am"]);
    expect(priya.getByRole("article", { name: "Olivia Nguyen" }).querySelector(".job-card__late")).toBeNull();
    expect(marksOf(priya.getByRole("article", { name: "Ben Ho" }))).toEqual([]);
  });

  it("flag a late job in words (read as 'Late: not checked in') and colour, and count them", async () => {
    serve([olivia, jack]);
    await openSchedule("/admin/schedule");
    const card = within(screen.getByRole("region", { name: /^Tom Lee/ })).getByRole("article", { name: "Jack Smith" });
    const flag = lateFlagOf(card);
    expect(flag.textContent).toBe("Late: not checked in");
    // Seen: the word; heard: the word and why.
    expect(flag.firstChild?.textContent).toBe("Late");
    expect(flag.querySelector(".admin-visually-hidden")?.textContent).toBe(": not checked in");
    expect(card.className).toContain("job-card--late");
    expect(marksOf(card)).toEqual([]);
    expect(screen.getByText("1 late")).toBeTruthy();
    expect(within(screen.getByRole("list", { name: "Legend" })).getByText("Late").parentElement?.textContent)
      .toBe("Late not checked in 30 min after the start");
    // The colour is a red the white word reads on.
    expect(scheduleCss).toMatch(/\.job-card__late \{[^}]*background: #a12622; color: var\(--admin-white\)/);
  });

  it("a job with two cleaners: arrived once either is in, not done while one is still there, on the way only before anyone arrives", async () => {
    serve([mia]);
    await openSchedule("/admin/schedule");
    // The same job in each of its cleaners' columns says the same.
    for (const name of ["Priya Sharma", "Tom Lee"]) {
      const card = within(screen.getByRole("region", { name: new RegExp(`^${name}`) })).getByRole("article", { name: "Mia Chen" });
      expect(marksOf(card)).toEqual(["Arrived 12:58 pm"]);
    }
  });
});

describe("the week's table", () => {
  it("shows the same marks and flag on each cell's cards", async () => {
    serve([olivia, jack]);
    await openSchedule("/admin/schedule?view=week");
    const priyaRow = document.querySelector<HTMLElement>("tr[data-row='c1']")!;
    expect(marksOf(within(priyaRow).getByRole("article", { name: "Olivia Nguyen" }))).toEqual(["Arrived 8:52 am", "Done 11:40 am"]);
    const tomRow = document.querySelector<HTMLElement>("tr[data-row='c2']")!;
    expect(lateFlagOf(within(tomRow).getByRole("article", { name: "Jack Smith" })).textContent).toBe("Late: not checked in");
  });
});

describe("on a phone", () => {
  it("the compact card keeps the marks and the flag in view (only the address and reference go to the screen reader)", () => {
    const compact = scheduleCss.slice(scheduleCss.indexOf("@container job-card (max-width: 9rem)"));
    const hidden = /:is\(([^)]*)\) \{\s*position: absolute;/.exec(compact)![1];
    expect(hidden).not.toContain("job-card__marks");
    expect(hidden).not.toContain("job-card__late");
    // The phone's day list (max-width 700px) lays the same cards out as lists: nothing there hides them either.
    const phone = scheduleCss.slice(scheduleCss.indexOf("@media (max-width: 700px)"));
    expect(phone).not.toMatch(/job-card__(marks|late|mark)[^{]*\{[^}]*(display: none|clip-path)/);
  });
});

describe("jobMarks", () => {
  const at = (time: string | null) => time && `2026-11-25T${time}:00.000Z`;
  const mark = (cleanerId: string, onMyWay: string | null, checkIn: string | null, checkOut: string | null) =>
    ({ cleanerId, onMyWayAt: at(onMyWay), checkInAt: at(checkIn), checkOutAt: at(checkOut) });

  it.each([
    { name: "no taps", attendance: [mark("c1", null, null, null)], texts: [] },
    { name: "on the way", attendance: [mark("c1", "00:10", null, null), mark("c2", "00:05", null, null)], texts: ["On the way 11:05 am"] },
    { name: "arrived: the first check-in", attendance: [mark("c1", "00:10", "00:40", null), mark("c2", null, "00:20", null)], texts: ["Arrived 11:20 am"] },
    { name: "one of two left", attendance: [mark("c1", null, "00:00", "01:00"), mark("c2", null, "00:05", null)], texts: ["Arrived 11:00 am"] },
    { name: "both left: the last out", attendance: [mark("c1", null, "00:00", "02:00"), mark("c2", null, "00:05", "01:30")], texts: ["Arrived 11:00 am", "Done 1:00 pm"] },
    { name: "one never came, the other left", attendance: [mark("c1", null, "00:00", "01:00"), mark("c2", null, null, null)], texts: ["Arrived 11:00 am", "Done 12:00 pm"] },
  ])("$name", ({ attendance, texts }) => {
    expect(markTexts(jobMarks({ attendance })).map((entry) => entry.text)).toEqual(texts);
  });
});

/**
 * The Timesheets screen (issue 31) against msw answers in the contract's shape: the week picker
 * and its URL, each cleaner's sums and jobs, the totals, the CSV, and the phone's width.
 */
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderAdmin, storeSession } from "../../test/render-admin.tsx";
import { server } from "../../test/server.ts";
import type { Timesheet } from "./timesheets-api.ts";
import { TIMESHEETS_TEXT as T } from "./timesheets-page.tsx";
import { formatRange, hoursText, rangeOf, stepWeek, weekOf } from "./timesheet-week.ts";

// Wed 25 Nov 2026, 2:00 pm in Melbourne (AEDT, UTC+11): the week is Mon 23 – Sun 29 Nov.
const NOW = new Date("2026-11-25T03:00:00.000Z");
const css = readFileSync(join(dirname(fileURLToPath(import.meta.url)), "timesheets.css"), "utf8");

const priya: Timesheet = {
  cleanerId: "c1",
  name: "Priya Sharma",
  jobs: 2,
  scheduledMinutes: 300,
  workedMinutes: 281,
  late: 1,
  entries: [
    // Mon 23 Nov, 9 am – 12 pm: in 9:12 am (late), out 11:55 am.
    { bookingId: "b1", reference: "YS-AAAA11", start: "2026-11-22T22:00:00.000Z", end: "2026-11-23T01:00:00.000Z", checkIn: "2026-11-22T22:12:40.000Z", checkOut: "2026-11-23T00:55:10.000Z" },
    // Tue 24 Nov, 1 pm – 3 pm: in 12:58 pm, out 3:02 pm.
    { bookingId: "b2", reference: "YS-BBBB22", start: "2026-11-24T02:00:00.000Z", end: "2026-11-24T04:00:00.000Z", checkIn: "2026-11-24T01:58:00.000Z", checkOut: "2026-11-24T04:02:00.000Z" },
  ],
};
const tom: Timesheet = {
  cleanerId: "c2",
  name: "Tom Lee",
  jobs: 1,
  scheduledMinutes: 150,
  workedMinutes: 0,
  late: 0,
  entries: [
    { bookingId: "b3", reference: "YS-CCCC33", start: "2026-11-25T22:00:00.000Z", end: "2026-11-26T00:30:00.000Z", checkIn: null, checkOut: null },
  ],
};

/** GET /api/admin/timesheets answers `sheets(from, to)`; every range asked is kept. */
function serve(sheets: (from: string, to: string) => Timesheet[] = () => [priya, tom]) {
  const ranges: string[] = [];
  server.use(
    http.get("/api/admin/timesheets", ({ request }) => {
      const url = new URL(request.url);
      const [from, to] = [url.searchParams.get("from")!, url.searchParams.get("to")!];
      ranges.push(`${from}..${to}`);
      return HttpResponse.json({ items: sheets(from, to) });
    }),
  );
  return ranges;
}

async function openTimesheets(path = "/admin/timesheets") {
  const view = renderAdmin(path);
  await screen.findByRole("heading", { name: T.title, level: 1 });
  await waitFor(() => expect(screen.queryByText(T.loading)).toBeNull());
  return view;
}

/** The main table's rows as their cells' text. */
const rowsOf = () =>
  [...document.querySelectorAll(".timesheets-table > tbody > tr.timesheets-table__cleaner, .timesheets-table > tfoot > tr")].map((row) =>
    [...row.children].map((cell) => cell.textContent)
  );

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"], now: NOW });
  storeSession({ role: "admin" });
});
afterEach(() => vi.useRealTimers());

describe("Timesheets", () => {
  it("opens on this week (Mon–Sun) with a row per cleaner and the totals", async () => {
    const ranges = serve();
    await openTimesheets();
    expect(ranges).toEqual(["2026-11-23..2026-11-29"]);
    expect(screen.getByRole("heading", { name: "Mon 23 Nov – Sun 29 Nov 2026", level: 2 })).toBeTruthy();
    expect(screen.getByRole("button", { name: T.thisWeek }).getAttribute("aria-pressed")).toBe("true");
    expect(screen.getByLabelText<HTMLInputElement>(T.weekOf).value).toBe("2026-11-23");
    const table = screen.getByRole("table", { name: "Hours by cleaner, Mon 23 Nov – Sun 29 Nov 2026" });
    expect(within(table).getAllByRole("columnheader").map((th) => th.textContent)).toEqual(["Cleaner", "Jobs", "Scheduled", "Worked", "Late"]);
    expect(rowsOf()).toEqual([
      ["Priya Sharma", "2", "5 h", "4.68 h", "1"],
      ["Tom Lee", "1", "2.5 h", "0 h", "0"],
      ["Total", "3", "7.5 h", "4.68 h", "1"],
    ]);
  });

  it("expands a cleaner's jobs: date, reference link, scheduled times, check-in and out in Melbourne, worked; late marked", async () => {
    serve();
    const { user } = await openTimesheets();
    const toggle = screen.getByRole("button", { name: "Jobs of Priya Sharma" });
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    expect(screen.queryByRole("table", { name: "Priya Sharma's jobs" })).toBeNull();
    await user.click(toggle);
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
    const entries = screen.getByRole("table", { name: "Priya Sharma's jobs" });
    expect(document.getElementById(toggle.getAttribute("aria-controls")!)?.contains(entries)).toBe(true);
    const rows = within(entries).getAllByRole("row").slice(1).map((row) => within(row).getAllByRole("cell").map((cell) => cell.textContent));
    expect(rows).toEqual([
      ["Mon 23 Nov", "YS-AAAA11", "9:00 am – 12:00 pm", "9:12 am (late)", "11:55 am", "2.7 h"],
      ["Tue 24 Nov", "YS-BBBB22", "1:00 pm – 3:00 pm", "12:58 pm", "3:02 pm", "2.07 h"],
    ]);
    expect(within(entries).getByRole("link", { name: "YS-AAAA11" }).getAttribute("href")).toBe("/admin/bookings/b1");

    await user.click(screen.getByRole("button", { name: "Jobs of Tom Lee" }));
    const tomsJobs = within(screen.getByRole("table", { name: "Tom Lee's jobs" }));
    // No check-in or out: a dash for the eye, "None" for a screen reader.
    expect(tomsJobs.getAllByRole("row")[1].textContent).toBe("Thu 26 Nov" + "YS-CCCC33" + "9:00 am – 11:30 am" + "—None" + "—None" + "—None");

    await user.click(toggle);
    expect(screen.queryByRole("table", { name: "Priya Sharma's jobs" })).toBeNull();
  });

  it("previous and next week, and a chosen date's week, go into the URL; This week takes them out", async () => {
    const ranges = serve();
    const { user, history } = await openTimesheets();
    await user.click(screen.getByRole("button", { name: T.previous }));
    await waitFor(() => expect(history.location.search).toBe("?from=2026-11-16&to=2026-11-22"));
    expect(await screen.findByRole("heading", { name: "Mon 16 Nov – Sun 22 Nov 2026", level: 2 })).toBeTruthy();
    expect(screen.getByRole("button", { name: T.thisWeek }).getAttribute("aria-pressed")).toBe("false");

    await user.click(screen.getByRole("button", { name: T.next }));
    await user.click(screen.getByRole("button", { name: T.next }));
    await waitFor(() => expect(history.location.search).toBe("?from=2026-11-30&to=2026-12-06"));

    const date = screen.getByLabelText<HTMLInputElement>(T.weekOf);
    fireEvent.change(date, { target: { value: "2027-01-01" } });
    // Friday 1 January: its week starts on Monday 28 December, across the new year.
    await waitFor(() => expect(history.location.search).toBe("?from=2026-12-28&to=2027-01-03"));
    expect(await screen.findByRole("heading", { name: "Mon 28 Dec 2026 – Sun 3 Jan 2027", level: 2 })).toBeTruthy();

    await user.click(screen.getByRole("button", { name: T.thisWeek }));
    await waitFor(() => expect(history.location.search).toBe(""));
    expect(ranges).toEqual(["2026-11-23..2026-11-29", "2026-11-16..2026-11-22", "2026-11-30..2026-12-06", "2026-12-28..2027-01-03"]);
  });

  it("a shared link opens its range: a fortnight as given, a lone or odd date as its week", async () => {
    const ranges = serve(() => []);
    await openTimesheets("/admin/timesheets?from=2026-11-16&to=2026-11-29");
    expect(screen.getByRole("heading", { name: "Mon 16 Nov – Sun 29 Nov 2026", level: 2 })).toBeTruthy();
    expect(screen.getByText(T.emptyRange)).toBeTruthy();
    expect(ranges).toEqual(["2026-11-16..2026-11-29"]);
  });

  it("says so when nobody worked, and offers Try again when the load fails", async () => {
    server.use(http.get("/api/admin/timesheets", () => HttpResponse.json({ error: "boom" }, { status: 500 })));
    const { user } = await openTimesheets();
    expect(await screen.findByText(T.loadFailed)).toBeTruthy();
    serve(() => []);
    await user.click(screen.getByRole("button", { name: T.tryAgain }));
    expect(await screen.findByText(T.empty)).toBeTruthy();
    expect(screen.queryByRole("table")).toBeNull();
  });

  it("Download CSV asks /api/admin/timesheets.csv for the week shown and saves the server's file", async () => {
    serve();
    const asked: string[] = [];
    server.use(
      http.get("/api/admin/timesheets.csv", ({ request }) => {
        asked.push(new URL(request.url).search);
        return new HttpResponse("cleaner,date\r\n", {
          headers: { "Content-Type": "text/csv", "Content-Disposition": 'attachment; filename="timesheets-2026-11-16-to-2026-11-22.csv"' },
        });
      }),
    );
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    Object.assign(URL, { createObjectURL: () => "blob:csv", revokeObjectURL: () => {} });
    const { user } = await openTimesheets("/admin/timesheets?from=2026-11-16&to=2026-11-22");
    await user.click(screen.getByRole("button", { name: T.download }));
    await waitFor(() => expect(saved).toEqual(["timesheets-2026-11-16-to-2026-11-22.csv"]));
    expect(asked).toEqual(["?from=2026-11-16&to=2026-11-22"]);
  });

  it("shows a failed download", async () => {
    serve();
    server.use(http.get("/api/admin/timesheets.csv", () => HttpResponse.json({ error: "Ask for at most 62 days at a time.", code: "VALIDATION_FAILED" }, { status: 422 })));
    const { user } = await openTimesheets();
    await user.click(screen.getByRole("button", { name: T.download }));
    expect(await screen.findByText(T.downloadFailed)).toBeTruthy();
  });

  it("fits a 390 px phone: the tables scroll in their own boxes, nothing sets a width wider than the screen", () => {
    expect(css).toMatch(/\.timesheets-table__wrap, \.timesheets-entries__wrap \{ max-width: 100%; overflow-x: auto; \}/);
    expect(css).toMatch(/\.timesheets \{ min-width: 0;/);
    for (const [, value, unit] of css.matchAll(/(?:^|[\s;{])(?:min-)?width: ([\d.]+)(rem|px)/g)) {
      expect(Number(value) * (unit === "rem" ? 16 : 1)).toBeLessThanOrEqual(390);
    }
  });
});

describe("the weeks", () => {
  it("rangeOf, stepWeek and the texts", () => {
    expect(weekOf("2026-11-29")).toEqual({ from: "2026-11-23", to: "2026-11-29" });
    expect(weekOf("2026-11-30")).toEqual({ from: "2026-11-30", to: "2026-12-06" });
    expect(rangeOf({}, "2026-11-25")).toEqual({ from: "2026-11-23", to: "2026-11-29" });
    expect(rangeOf({ from: "2026-11-26" }, "2026-11-25")).toEqual({ from: "2026-11-23", to: "2026-11-29" });
    // Backwards, or longer than the server takes (62 days): the week of `from`.
    expect(rangeOf({ from: "2026-11-26", to: "2026-11-20" }, "2026-11-25")).toEqual({ from: "2026-11-23", to: "2026-11-29" });
    expect(rangeOf({ from: "2026-10-01", to: "2026-12-01" }, "2026-11-25")).toEqual({ from: "2026-10-01", to: "2026-12-01" });
    expect(rangeOf({ from: "2026-10-01", to: "2026-12-02" }, "2026-11-25")).toEqual({ from: "2026-09-28", to: "2026-10-04" });
    expect(stepWeek({ from: "2026-11-16", to: "2026-11-29" }, 1)).toEqual({ from: "2026-11-23", to: "2026-11-29" });
    expect(formatRange({ from: "2026-12-28", to: "2027-01-03" })).toBe("Mon 28 Dec 2026 – Sun 3 Jan 2027");
    expect([0, 45, 90, 281, 300].map(hoursText)).toEqual(["0 h", "0.75 h", "1.5 h", "4.68 h", "5 h"]);
  });
});

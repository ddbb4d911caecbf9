import { screen, waitFor, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderAdmin, storeSession } from "../../test/render-admin.tsx";
import { server } from "../../test/server.ts";
import { RUN_SHEET_TEXT_FIELDS } from "@yarra/core/booking/text-fields.ts";
import { aBookingRecord, aJob, aSchedule } from "./test-fixtures.ts";

// Wed 25 Nov 2026, 2:00 pm in Melbourne (AEDT, UTC+11).
const NOW = new Date("2026-11-25T03:00:00.000Z");

const olivia = aJob();
const jack = aJob({
  _id: "b2",
  reference: "YS-BBBB22",
  status: "PENDING",
  startTime: "2026-11-25T02:00:00.000Z",
  endTime: "2026-11-25T04:00:00.000Z",
  customerName: "Jack Smith",
  phone: "0398765432",
  suburb: "Fitzroy",
  addressLine: "7 Brunswick St, Fitzroy VIC 3065",
  serviceName: "Regular Clean",
  sizeLabel: "2 bedrooms",
  extras: [],
  cleanerIds: ["c2", "c1"],
});
const mia = aJob({
  _id: "b3",
  reference: "YS-CCCC33",
  startTime: "2026-11-25T05:00:00.000Z",
  endTime: "2026-11-25T07:00:00.000Z",
  customerName: "Mia Chen",
  suburb: "Carlton",
  addressLine: "1 Lygon St, Carlton VIC 3053",
  cleanerIds: [],
});

const records = [
  aBookingRecord({ officeNotes: "Bring the tall ladder" }),
  aBookingRecord({
    _id: "b2",
    reference: "YS-BBBB22",
    status: "PENDING",
    firstName: "Jack",
    lastName: "Smith",
    phone: "0398765432",
    address: { street: "7 Brunswick St", suburb: "Fitzroy", state: "VIC", postCode: "3065" },
    serviceNameAtBooking: "Regular Clean",
    pricingModel: "BEDROOMS",
    hours: null,
    bedrooms: 2,
    extras: [],
    answers: [{ questionId: "q2", label: "Any pets?", value: "cat", displayValue: "Cat" }],
    notes: "",
    firstServiceTotal: 200,
    totalPaid: 200,
    startTime: "2026-11-25T02:00:00.000Z",
    endTime: "2026-11-25T04:00:00.000Z",
  }),
  aBookingRecord({
    _id: "b3",
    reference: "YS-CCCC33",
    firstName: "Mia",
    lastName: "Chen",
    address: { street: "1 Lygon St", suburb: "Carlton", state: "VIC", postCode: "3053" },
    answers: [],
    notes: "Call on arrival",
    startTime: "2026-11-25T05:00:00.000Z",
    endTime: "2026-11-25T07:00:00.000Z",
  }),
];

let bookingQueries: Record<string, string>[];
let scheduleQueries: Record<string, string>[];

function serveDay(options: { bookingsFail?: boolean } = {}) {
  server.use(
    http.get("/api/admin/schedule", ({ request }) => {
      const query = Object.fromEntries(new URL(request.url).searchParams);
      scheduleQueries.push(query);
      return HttpResponse.json(aSchedule(query.from, query.to, { jobs: [olivia, jack, mia] }));
    }),
    http.get("/api/admin/bookings", ({ request }) => {
      bookingQueries.push(Object.fromEntries(new URL(request.url).searchParams));
      if (options.bookingsFail) return HttpResponse.json({ error: "Database down" }, { status: 500 });
      return HttpResponse.json({ items: records, page: 1, totalPages: 1, totalItems: records.length });
    }),
  );
}

const sheet = (name: string) => screen.getByRole("region", { name });
const job = (group: HTMLElement, customer: string) => within(group).getByRole("article", { name: new RegExp(customer) });
const fact = (article: HTMLElement, label: string) =>
  [...article.querySelectorAll(".run-sheet__fact")].find((row) => row.querySelector("dt")?.textContent === label)?.querySelector("dd")?.textContent;

async function openRunSheet(path = "/admin/schedule/print?date=2026-11-25") {
  const view = renderAdmin(path);
  await screen.findByRole("heading", { name: "Run sheets: Wednesday 25 November 2026 (AEDT)", level: 1 });
  await waitFor(() => expect(screen.queryByText("Loading the run sheets…")).toBeNull());
  return view;
}

beforeEach(() => {
  bookingQueries = [];
  scheduleQueries = [];
  vi.useFakeTimers({ toFake: ["Date"], now: NOW });
  storeSession();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("run sheets", () => {
  it("asks for the day's schedule and its full bookings", async () => {
    serveDay();
    await openRunSheet();
    expect(scheduleQueries).toEqual([{ from: "2026-11-25", to: "2026-11-25" }]);
    // Melbourne's 25 November (AEDT) runs from 13:00 UTC on the 24th to 13:00 UTC on the 25th.
    expect(bookingQueries).toEqual([{
      startFrom: "2026-11-24T13:00:00.000Z",
      startTo: "2026-11-25T13:00:00.000Z",
      limit: "500",
      type: "BOOKING",
    }]);
  });

  it("prints a section per cleaner, then Unassigned, each job with what the cleaner needs", async () => {
    serveDay();
    await openRunSheet();
    await waitFor(() => expect(fact(job(sheet("Priya Sharma"), "Olivia Nguyen"), "Address")).toBe("4/12 Chapel St, Richmond, VIC 3121"));
    const groups = [...document.querySelectorAll<HTMLElement>(".run-sheet__group")].map((group) => group.dataset.group);
    expect(groups).toEqual(["c1", "c2", "unassigned"]);

    const priya = sheet("Priya Sharma");
    expect(within(priya).getByText(/Wednesday 25 November 2026 \(AEDT\) · 2 jobs · 0412 345 678/)).toBeTruthy();
    const olivia = job(priya, "Olivia Nguyen");
    expect(within(olivia).getByText("9:00 am – 12:00 pm AEDT")).toBeTruthy();
    expect(within(olivia).getByRole("link", { name: "0412 345 678" }).getAttribute("href")).toBe("tel:0412345678");
    expect(fact(olivia, "Service")).toBe("Hourly Cleaning");
    expect(fact(olivia, "Size")).toBe("3 hours");
    expect(fact(olivia, "Add-ons")).toBe("Inside oven × 2, Balcony");
    expect(fact(olivia, "Access")).toBe("Lockbox (code 1234)");
    expect(fact(olivia, "Any pets?")).toBe("Dog");
    // What the cleaner collects (issue 34): the first service, less what was paid; a paid job says so.
    expect(fact(olivia, "To collect")).toBe("A$270.00");
    expect(within(olivia).getByText("Park in the visitor bay")).toBeTruthy();
    // The office's own notes follow the customer's, under their own heading.
    const subheads = [...olivia.querySelectorAll(".run-sheet__subhead")].map((h) => h.textContent);
    expect(subheads.slice(-RUN_SHEET_TEXT_FIELDS.length)).toEqual(RUN_SHEET_TEXT_FIELDS.map((field) => field.label));
    expect(subheads).toContain("Office notes");
    expect(within(olivia).getByText("Bring the tall ladder")).toBeTruthy();
    expect(olivia.querySelector(".run-sheet__signoff")?.textContent).toBe("Arrived Left Signature ");

    // Jack has two cleaners: on both sheets, each saying who else is there.
    const jackOnPriya = job(priya, "Jack Smith");
    expect(fact(jackOnPriya, "With")).toBe("Tom Lee");
    expect(fact(jackOnPriya, "Add-ons")).toBe("None");
    expect(fact(jackOnPriya, "Any pets?")).toBe("Cat");
    expect(fact(jackOnPriya, "To collect")).toBe("Nothing: paid");
    // Neither the customer's notes nor the office's: each section says so.
    expect(within(jackOnPriya).getAllByText("None", { selector: ".run-sheet__notes bdi" })).toHaveLength(RUN_SHEET_TEXT_FIELDS.length);
    expect(fact(job(sheet("Tom Lee"), "Jack Smith"), "With")).toBe("Priya Sharma");

    const unassigned = sheet("Unassigned");
    expect(fact(job(unassigned, "Mia Chen"), "Address")).toBe("1 Lygon St, Carlton, VIC 3053");
    expect(within(job(unassigned, "Mia Chen")).getByText("Call on arrival")).toBeTruthy();
  });

  it("keeps every button off the paper and starts each cleaner on a new page", async () => {
    serveDay();
    const { user } = await openRunSheet();
    // happy-dom has no print dialog.
    const print = vi.fn();
    Object.assign(window, { print });
    const buttons = within(screen.getByRole("region", { name: /Run sheets/ })).getAllByRole("button");
    expect(buttons.map((button) => button.textContent)).toEqual(["Print"]);
    for (const button of buttons) expect(button.closest(".run-sheet__screen-only")).not.toBeNull();
    await user.click(screen.getByRole("button", { name: "Print" }));
    expect(print).toHaveBeenCalledTimes(1);

    // happy-dom applies no print media: the rules themselves are what paper gets.
    const css = readFileSync(join(dirname(fileURLToPath(import.meta.url)), "run-sheet.css"), "utf8").replace(/\s+/g, " ");
    expect(css).toContain(".run-sheet__group + .run-sheet__group { break-before: page; }");
    const printRules = css.slice(css.indexOf("@media print"));
    expect(printRules).toContain(".run-sheet__screen-only { display: none !important; }");
    expect(printRules).toMatch(/\.admin-root:has\(\.run-sheet\) \.admin-sidebar,.*\{ display: none !important; \}/);
  });

  it("prints one cleaner's sheet when chosen", async () => {
    serveDay();
    const { user, history } = await openRunSheet();
    await user.selectOptions(screen.getByLabelText("Sheets for"), "Tom Lee");
    await waitFor(() => expect(screen.queryByRole("region", { name: "Priya Sharma" })).toBeNull());
    expect(sheet("Tom Lee")).toBeTruthy();
    expect(screen.queryByRole("region", { name: "Unassigned" })).toBeNull();
    expect(history.location.search).toBe("?date=2026-11-25&cleaner=c2");
  });

  it("still prints from the schedule when the bookings' details fail to load", async () => {
    serveDay({ bookingsFail: true });
    await openRunSheet();
    const alert = await screen.findByRole("alert");
    expect(within(alert).getByText("Failed to load the bookings' details: the sheets show what the schedule has.")).toBeTruthy();
    expect(alert.closest(".run-sheet__screen-only")).not.toBeNull();
    const mia = job(sheet("Unassigned"), "Mia Chen");
    expect(fact(mia, "Address")).toBe("1 Lygon St, Carlton VIC 3053");
    expect(fact(mia, "Add-ons")).toBe("Inside oven × 2");
  });

  it("prints the customer's lasting notes first, and nothing for a customer without (or a schedule from before them)", async () => {
    // An older schedule answer has no customerNotes at all: read as none.
    const { customerNotes: _none, ...jackBefore } = { ...jack, customerNotes: "" };
    const jobs = [{ ...olivia, customerNotes: "  Gate code 4821.\nFriendly dog (Max).  " }, jackBefore, { ...mia, customerNotes: "" }];
    server.use(
      http.get("/api/admin/schedule", ({ request }) => {
        const query = Object.fromEntries(new URL(request.url).searchParams);
        return HttpResponse.json(aSchedule(query.from, query.to, { jobs: jobs as typeof olivia[] }));
      }),
      http.get("/api/admin/bookings", () => HttpResponse.json({ items: records, page: 1, totalPages: 1, totalItems: records.length })),
    );
    await openRunSheet();
    const oliviaJob = job(sheet("Priya Sharma"), "Olivia Nguyen");
    await waitFor(() => expect(within(oliviaJob).getByText("Park in the visitor bay")).toBeTruthy());
    const box = oliviaJob.querySelector<HTMLElement>(".run-sheet__customer-notes")!;
    expect(within(box).getByRole("heading", { name: "Customer notes", level: 4 })).toBeTruthy();
    expect(box.querySelector(".run-sheet__notes")?.textContent).toBe("Gate code 4821.\nFriendly dog (Max).");
    // Before the job's facts: what matters at the door comes first.
    expect(box.compareDocumentPosition(oliviaJob.querySelector(".run-sheet__facts")!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(job(sheet("Priya Sharma"), "Jack Smith").querySelector(".run-sheet__customer-notes")).toBeNull();
    expect(job(sheet("Unassigned"), "Mia Chen").querySelector(".run-sheet__customer-notes")).toBeNull();

    const css = readFileSync(join(dirname(fileURLToPath(import.meta.url)), "run-sheet.css"), "utf8");
    // Boxed in ink, not shaded: it survives a black-and-white printer that drops backgrounds.
    expect(css).toMatch(/\.run-sheet__customer-notes \{[^}]*border: 2px solid/);
  });

  it("says when the day has no jobs, and links back to the schedule", async () => {
    server.use(
      http.get("/api/admin/schedule", ({ request }) => {
        const query = Object.fromEntries(new URL(request.url).searchParams);
        return HttpResponse.json(aSchedule(query.from, query.to));
      }),
      http.get("/api/admin/bookings", () => HttpResponse.json({ items: [] })),
    );
    await openRunSheet();
    expect(screen.getByText("No jobs on this day.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Back to the schedule" }).getAttribute("href")).toBe("/admin/schedule?date=2026-11-25");
  });
});

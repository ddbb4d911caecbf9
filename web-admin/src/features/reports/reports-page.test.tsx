import { screen, waitFor, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { REPORT_MESSAGES, type ReportRange, type ReportSummary } from "@yarra/core/reports/schemas.ts";
import { renderAdmin, storeSession } from "../../test/render-admin.tsx";
import { server } from "../../test/server.ts";

/** Wednesday 25 November 2026, 12 pm in Melbourne. */
const NOW = new Date("2026-11-25T01:00:00Z");

function aReport(range: ReportRange, overrides: Partial<ReportSummary> = {}): ReportSummary {
  return {
    ...range,
    bookedRevenue: 1120,
    collected: 980.5,
    outstanding: 140,
    jobs: 12,
    cancelled: 3,
    cancelledValue: 450,
    cancelReasons: [{ reason: "Customer away", count: 2 }, { reason: "", count: 1 }],
    newCustomers: 4,
    returningCustomers: 10,
    recurringRunRate: 2600,
    byWeek: [
      { weekStart: "2026-10-26", booked: 200, collected: 150.5, jobs: 2, cancelled: 0 },
      { weekStart: "2026-11-02", booked: 920, collected: 830, jobs: 10, cancelled: 3 },
    ],
    byService: [
      { serviceId: "s1", name: "End of Lease", jobs: 2, booked: 700 },
      { serviceId: null, name: "Oven Clean", jobs: 10, booked: 420 },
    ],
    byCleaner: [
      { cleanerId: "c1", name: "Priya Sharma", jobs: 8, hours: 31.5, utilisation: 0.853, averageRating: 4.7 },
      { cleanerId: "c2", name: "Tom Lee", jobs: 4, hours: 12.25, utilisation: null, averageRating: null },
    ],
    averageRating: 4.6,
    ratings: 23,
    ...overrides,
  };
}

/** The figures of the period before November's (2 Oct to 31 Oct): what the tiles compare with. */
const before = (range: ReportRange) =>
  aReport(range, {
    bookedRevenue: 1000,
    collected: 980.5,
    outstanding: 200,
    jobs: 16,
    cancelled: 2,
    cancelledValue: 300,
    newCustomers: 2,
    returningCustomers: 10,
    averageRating: 4.3,
    ratings: 9,
  });

let asked: ReportRange[];

/** GET /api/admin/reports/summary: `answer` for the range asked, by default this month's figures and the previous period's. */
function serveReports(answer?: (range: ReportRange) => ReportSummary | Response) {
  server.use(
    http.get("/api/admin/reports/summary", ({ request }) => {
      const params = new URL(request.url).searchParams;
      const range = { from: params.get("from") ?? "", to: params.get("to") ?? "" };
      asked.push(range);
      const result = answer ? answer(range) : range.from === "2026-10-02" ? before(range) : aReport(range);
      return result instanceof Response ? result : HttpResponse.json(result);
    }),
  );
}

async function openReports(path = "/admin/reports") {
  const view = renderAdmin(path);
  await screen.findByRole("heading", { name: "Reports", level: 1 });
  return view;
}

const tiles = () => within(screen.getByRole("list", { name: "Headline figures" }));
const tile = (label: string) => tiles().getByRole("heading", { name: label, level: 3 }).closest("li")!;
const rowsOf = (table: HTMLElement) =>
  within(table).getAllByRole("row").map((row) => [...row.querySelectorAll("th, td")].map((cell) => cell.textContent));

beforeEach(() => {
  // Only the clock is faked: "today" is fixed, timers and promises run as they do.
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(NOW);
  asked = [];
  storeSession();
});

afterEach(() => {
  vi.useRealTimers();
});

describe("the reports screen", () => {
  it("is in the side bar for every staff member", async () => {
    serveReports();
    await openReports();
    const link = within(screen.getByRole("navigation", { name: "Staff screens" })).getByRole("link", { name: "Reports" });
    expect(link.getAttribute("href")).toBe("/admin/reports");
  });

  it("shows this month's tiles against the 30 days before", async () => {
    serveReports();
    await openReports();
    await screen.findByRole("list", { name: "Headline figures" });
    expect(asked).toEqual(expect.arrayContaining([{ from: "2026-11-01", to: "2026-11-30" }, { from: "2026-10-02", to: "2026-10-31" }]));
    expect(screen.getByLabelText<HTMLSelectElement>("Range").value).toBe("this-month");
    expect(screen.getByText("1 Nov 2026 – 30 Nov 2026")).toBeTruthy();
    expect(screen.getByText(/compared with 2 Oct 2026 – 31 Oct 2026/)).toBeTruthy();

    await waitFor(() => expect(tile("Booked").textContent).toContain("+12% (+A$120.00) on previous period"));
    expect(tile("Booked").textContent).toContain("A$1,120.00");
    expect(tile("Collected").textContent).toContain("A$980.50");
    expect(tile("Collected").textContent).toContain("No change on previous period");
    // Less owed is better: the text says down, the class says better.
    const outstanding = tile("Outstanding").querySelector(".reports-tile__change")!;
    expect(outstanding.textContent).toBe("▼\u221230% (\u2212A$60.00) on previous period");
    // The arrow is for the eye; the words say the same to a screen reader.
    expect(outstanding.querySelector('[aria-hidden="true"]')?.textContent).toBe("▼");
    expect(outstanding.className).toContain("reports-tile__change--better");
    expect(tile("Jobs").textContent).toContain("12");
    expect(tile("Jobs").textContent).toContain("\u221225% (\u22124) on previous period");
    expect(tile("Cancelled").textContent).toContain("worth A$450.00");
    expect(tile("Cancelled").textContent).toContain("+50% (+1); value +50% (+A$150.00) on previous period");
    expect(tile("Cancelled").querySelector(".reports-tile__change")!.className).toContain("--worse");
    expect(tile("New / returning customers").textContent).toContain("4 new, 10 returning");
    expect(tile("New / returning customers").textContent).toContain("New +100% (+2); returning no change on previous period");
    expect(tile("Regular work per 4 weeks").textContent).toContain("A$2,600.00");
    expect(tile("Regular work per 4 weeks").textContent).toContain("From the regular cleans active today");
    expect(tile("Average rating").textContent).toContain("4.6 / 5");
    expect(tile("Average rating").textContent).toContain("23 ratings");
    expect(tile("Average rating").textContent).toContain("+0.3 on previous period");
  });

  it("says so on the tiles when the previous period can't be loaded", async () => {
    serveReports((range) =>
      range.from === "2026-10-02" ? HttpResponse.json({ error: "Database down", code: "INTERNAL" }, { status: 503 }) : aReport(range));
    await openReports();
    await waitFor(() => expect(tile("Booked").textContent).toContain("The previous period couldn’t be loaded."));
    expect(tile("Booked").textContent).toContain("A$1,120.00");
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("gives each chart a summary and a table behind Show table", async () => {
    serveReports();
    const { user } = await openReports();
    const weeks = await screen.findByRole("region", { name: "Booked vs collected by week" });
    // The canvas is an image named by its summary (chart.js draws nothing without a canvas here).
    const canvas = await within(weeks).findByRole("img");
    expect(canvas.tagName).toBe("CANVAS");
    expect(canvas.getAttribute("aria-label")).toBe(
      "Booked and collected by week, 2 weeks from the week of 26 Oct 2026: A$1,120.00 booked and A$980.50 collected in all; " +
        "most booked in the week of 2 Nov 2026, A$920.00.",
    );
    expect(within(weeks).queryByRole("table")).toBeNull();
    const toggle = within(weeks).getByRole("button", { name: "Show table" });
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    await user.click(toggle);
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
    expect(toggle.textContent).toBe("Hide table");
    const weekTable = within(weeks).getByRole("table", { name: "Booked vs collected by week" });
    expect(rowsOf(weekTable)).toEqual([
      ["Week of", "Booked", "Collected", "Jobs", "Cancelled"],
      ["26 Oct 2026", "A$200.00", "A$150.50", "2", "0"],
      ["2 Nov 2026", "A$920.00", "A$830.00", "10", "3"],
    ]);

    const services = screen.getByRole("region", { name: "Jobs by service" });
    expect((await within(services).findByRole("img")).getAttribute("aria-label"))
      .toBe("Jobs by service: Oven Clean 10 jobs, End of Lease 2 jobs.");
    await user.click(within(services).getByRole("button", { name: "Show table" }));
    expect(rowsOf(within(services).getByRole("table", { name: "Jobs by service" }))).toEqual([
      ["Service", "Jobs", "Booked"],
      ["End of Lease", "2", "A$700.00"],
      ["Oven Clean", "10", "A$420.00"],
    ]);

    const hours = screen.getByRole("region", { name: "Hours per cleaner" });
    expect((await within(hours).findByRole("img")).getAttribute("aria-label"))
      .toBe("Hours per cleaner: Priya Sharma 31.5 h, Tom Lee 12.25 h.");
    await user.click(within(hours).getByRole("button", { name: "Show table" }));
    expect(rowsOf(within(hours).getByRole("table", { name: "Hours per cleaner" }))).toEqual([
      ["Cleaner", "Hours", "Jobs"],
      ["Priya Sharma", "31.5", "8"],
      ["Tom Lee", "12.25", "4"],
    ]);
  });

  it("lists cancellations by reason and each cleaner's jobs, hours, utilisation and rating", async () => {
    serveReports();
    await openReports();
    expect(rowsOf(await screen.findByRole("table", { name: "Cancellations by reason" }))).toEqual([
      ["Reason", "Cancellations"],
      ["Customer away", "2"],
      ["No reason given", "1"],
    ]);
    expect(rowsOf(screen.getByRole("table", { name: "Cleaners" }))).toEqual([
      ["Cleaner", "Jobs", "Hours", "Utilisation", "Average rating"],
      ["Priya Sharma", "8", "31.5", "85.3%", "4.7"],
      ["Tom Lee", "4", "12.25", "—", "—"],
    ]);
  });

  it("says when a range has no jobs and no cancellations", async () => {
    serveReports((range) => aReport(range, { byService: [], cancelReasons: [], cancelled: 0, cancelledValue: 0 }));
    await openReports();
    expect(await screen.findByText("No jobs in this range.")).toBeTruthy();
    expect(screen.getByText("No cancellations in this range.")).toBeTruthy();
    expect(screen.queryByRole("region", { name: "Jobs by service" })?.querySelector("canvas") ?? null).toBeNull();
  });
});

describe("the range", () => {
  it("follows each preset, in the URL, against the period of the same length before it", async () => {
    serveReports();
    const { user, history } = await openReports();
    await screen.findByRole("list", { name: "Headline figures" });

    await user.selectOptions(screen.getByLabelText("Range"), "Last week");
    await waitFor(() => expect(history.location.search).toBe("?preset=last-week"));
    await waitFor(() => expect(asked).toEqual(expect.arrayContaining([
      { from: "2026-11-16", to: "2026-11-22" },
      { from: "2026-11-09", to: "2026-11-15" },
    ])));
    expect(await screen.findByText("16 Nov 2026 – 22 Nov 2026")).toBeTruthy();

    await user.selectOptions(screen.getByLabelText("Range"), "This week");
    await waitFor(() => expect(asked).toContainEqual({ from: "2026-11-23", to: "2026-11-29" }));

    await user.selectOptions(screen.getByLabelText("Range"), "Last month");
    await waitFor(() => expect(asked).toContainEqual({ from: "2026-10-01", to: "2026-10-31" }));

    await user.selectOptions(screen.getByLabelText("Range"), "This financial year");
    await waitFor(() => expect(history.location.search).toBe("?preset=this-fy"));
    await waitFor(() => expect(asked).toEqual(expect.arrayContaining([
      { from: "2026-07-01", to: "2027-06-30" },
      { from: "2025-07-01", to: "2026-06-30" },
    ])));

    // This month is the default: it leaves the URL.
    await user.selectOptions(screen.getByLabelText("Range"), "This month");
    await waitFor(() => expect(history.location.search).toBe(""));
  });

  it("opens a custom range from the range shown, and shows the dates chosen", async () => {
    serveReports();
    const { user, history } = await openReports();
    await screen.findByRole("list", { name: "Headline figures" });
    await user.selectOptions(screen.getByLabelText("Range"), "Custom");
    await waitFor(() => expect(history.location.search).toBe("?preset=custom&from=2026-11-01&to=2026-11-30"));
    const from = screen.getByLabelText<HTMLInputElement>("From");
    const to = screen.getByLabelText<HTMLInputElement>("To");
    expect(from.value).toBe("2026-11-01");
    expect(to.value).toBe("2026-11-30");

    await user.clear(from);
    await user.type(from, "2026-10-05");
    await user.clear(to);
    await user.type(to, "2026-11-03");
    await user.click(screen.getByRole("button", { name: "Show report" }));
    await waitFor(() => expect(history.location.search).toBe("?preset=custom&from=2026-10-05&to=2026-11-03"));
    await waitFor(() => expect(asked).toEqual(expect.arrayContaining([
      { from: "2026-10-05", to: "2026-11-03" },
      { from: "2026-09-05", to: "2026-10-04" },
    ])));
    expect(await screen.findByText("5 Oct 2026 – 3 Nov 2026")).toBeTruthy();
  });

  it("checks a custom range before asking: in order, and at most 400 days", async () => {
    serveReports();
    const { user, history } = await openReports("/admin/reports?preset=custom&from=2026-11-01&to=2026-11-30");
    await screen.findByRole("list", { name: "Headline figures" });
    const count = asked.length;
    const to = screen.getByLabelText<HTMLInputElement>("To");

    await user.clear(to);
    await user.type(to, "2026-10-31");
    await user.click(screen.getByRole("button", { name: "Show report" }));
    expect(to.getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByText(REPORT_MESSAGES.order)).toBeTruthy();

    await user.clear(to);
    await user.type(to, "2027-12-31");
    await user.click(screen.getByRole("button", { name: "Show report" }));
    expect(screen.getByText(REPORT_MESSAGES.span)).toBeTruthy();
    expect(history.location.search).toBe("?preset=custom&from=2026-11-01&to=2026-11-30");
    expect(asked.length).toBe(count);
  });

  it("says what is wrong with a link's range without asking the server", async () => {
    serveReports();
    await openReports("/admin/reports?preset=custom&from=2026-11-01&to=2028-01-01");
    expect(await screen.findByText(REPORT_MESSAGES.span)).toBeTruthy();
    expect(screen.getByLabelText("To").getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByRole("button", { name: "Download CSV" })).toHaveProperty("disabled", true);
    expect(asked).toEqual([]);
  });

  it("shows the server's refusal of the range on the field", async () => {
    serveReports(() =>
      HttpResponse.json(
        { error: "Validation failed", code: "VALIDATION_FAILED", fieldErrors: { to: ["The server says this range is too long."] } },
        { status: 422 },
      ));
    await openReports("/admin/reports?from=2026-01-01&to=2026-03-31");
    expect(await screen.findByText("The server says this range is too long.")).toBeTruthy();
    const to = screen.getByLabelText("To");
    expect(to.getAttribute("aria-invalid")).toBe("true");
    expect(to.getAttribute("aria-describedby")).toBe(screen.getByText("The server says this range is too long.").id);
    expect(screen.queryByRole("alert")).toBeNull();
    expect(screen.queryByRole("list", { name: "Headline figures" })).toBeNull();
    expect(screen.getByRole("button", { name: "Download CSV" })).toHaveProperty("disabled", true);
  });
});

describe("failures and the CSV", () => {
  it("shows the shared failure alert with Try again when the report fails", async () => {
    let fail = true;
    serveReports((range) => (fail ? HttpResponse.json({ error: "Database down", code: "INTERNAL" }, { status: 503 }) : aReport(range)));
    const { user } = await openReports();
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Server error");
    expect(alert.textContent).toContain("Failed to load the report");
    expect(screen.queryByRole("list", { name: "Headline figures" })).toBeNull();
    fail = false;
    await user.click(screen.getByRole("button", { name: "Try again" }));
    await waitFor(() => expect(tile("Booked").textContent).toContain("A$1,120.00"));
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("downloads the range's CSV under the server's file name", async () => {
    serveReports();
    let csvQuery: Record<string, string> | undefined;
    server.use(
      http.get("/api/admin/reports/summary.csv", ({ request }) => {
        csvQuery = Object.fromEntries(new URL(request.url).searchParams);
        return new HttpResponse("Figure,Value\r\n", {
          headers: { "Content-Type": "text/csv", "Content-Disposition": 'attachment; filename="reports-2026-11-16-to-2026-11-22.csv"' },
        });
      }),
    );
    const createUrl = vi.spyOn(URL, "createObjectURL").mockReturnValue("blob:reports");
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => {});
    const { user } = await openReports("/admin/reports?preset=last-week");
    await screen.findByRole("list", { name: "Headline figures" });
    await user.click(screen.getByRole("button", { name: "Download CSV" }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(csvQuery).toEqual({ from: "2026-11-16", to: "2026-11-22" });
    expect(createUrl).toHaveBeenCalled();
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe("reports-2026-11-16-to-2026-11-22.csv");
    expect(await screen.findByRole("button", { name: "Download CSV" })).toHaveProperty("disabled", false);
  });

  it("shows the server's reason when the CSV fails", async () => {
    serveReports();
    server.use(
      http.get("/api/admin/reports/summary.csv", () =>
        HttpResponse.json({ error: "Reports are resting.", code: "INTERNAL" }, { status: 500 })),
    );
    const { user } = await openReports();
    await screen.findByRole("list", { name: "Headline figures" });
    await user.click(screen.getByRole("button", { name: "Download CSV" }));
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Reports are resting.");
    await user.click(within(alert).getByRole("button", { name: "Dismiss" }));
    expect(screen.queryByRole("alert")).toBeNull();
  });
});

import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { renderAdmin, storeSession } from "../../test/render-admin.tsx";
import { server } from "../../test/server.ts";
import type { SeriesDetail } from "./series-api.ts";
import { aDetail, FREQUENCIES, FRIDGE, HOURLY, NOW, OVEN, SCHEDULING, TEAM, VISITS } from "./test-fixtures.ts";

interface Sent {
  path: string;
  body: Record<string, unknown>;
}

/**
 * GET /api/admin/series/sr1 answers `current`; each write (POST, or PUT of the cleaners) records
 * its method, path and body and answers what `answer` makes of it (the series as it now is), or
 * the error it is given. The team answers only when asked with the deactivated cleaners included.
 */
function serveSeries(
  current: SeriesDetail,
  answer: (path: string, body: Record<string, unknown>) => SeriesDetail | Response = () => current,
) {
  const sent: Sent[] = [];
  const write = async ({ request }: { request: Request }) => {
    const path = new URL(request.url).pathname;
    const body = (await request.json()) as Record<string, unknown>;
    sent.push({ path: request.method === "POST" ? path : `${request.method} ${path}`, body });
    const result = answer(path, body);
    if (result instanceof Response) return result;
    current = result;
    return HttpResponse.json(result);
  };
  server.use(
    http.get("/api/admin/series/:id", ({ params }) =>
      params.id === current._id
        ? HttpResponse.json(current)
        : HttpResponse.json({ error: "That regular clean doesn’t exist.", code: "SERIES_NOT_FOUND" }, { status: 404 })),
    http.post("/api/admin/series/:id/*", write),
    http.put("/api/admin/series/:id/cleaners", write),
    http.get("/api/scheduling", () => HttpResponse.json(SCHEDULING)),
    http.get("/api/admin/cleaners", ({ request }) =>
      new URL(request.url).searchParams.get("includeInactive") === "true"
        ? HttpResponse.json({ items: TEAM })
        : HttpResponse.json({ items: TEAM.filter((cleaner) => cleaner.active) })),
  );
  return sent;
}

function serveCatalogue() {
  server.use(
    http.get("/api/admin/bookings/:id", () => HttpResponse.json({ _id: "b0", serviceId: "s1" })),
    http.get("/api/services", () => HttpResponse.json({ items: [HOURLY] })),
    http.get("/api/frequencies", () => HttpResponse.json({ items: FREQUENCIES })),
    http.get("/api/extras", () => HttpResponse.json({ items: [OVEN, FRIDGE] })),
  );
}

const error = (status: number, code: string, text: string, fieldErrors?: Record<string, string[]>) =>
  HttpResponse.json({ error: text, code, ...(fieldErrors ? { fieldErrors } : {}) }, { status });

async function openSeries(path = "/admin/series/sr1") {
  const view = renderAdmin(path);
  await screen.findByRole("heading", { name: /^Regular clean/, level: 1 });
  await waitFor(() => expect(screen.queryByText("Loading the regular clean…")).toBeNull());
  return view;
}

const coming = () => within(screen.getByRole("region", { name: "Coming visits" }));
const past = () => within(screen.getByRole("region", { name: "Past visits" }));
const dialog = () => within(screen.getByRole("dialog"));
const said = () => document.querySelector(".series-said")!;

/** The row of a visit, by its reference. */
const rowOf = (reference: string) => within(screen.getByRole("link", { name: reference }).closest("tr")!);

// The route loads the page as its own chunk: transform it once up front, so the first test's
// wait for the heading is not spent compiling on a busy machine.
beforeAll(async () => {
  await import("./series-page.tsx");
}, 60_000);

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"], now: NOW });
  storeSession();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("a regular clean's page", () => {
  it("shows its terms, a link to the customer, and its visits coming and past", async () => {
    serveSeries(aDetail());
    await openSeries();
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Regular clean: Olivia Nguyen");
    const terms = within(screen.getByRole("region", { name: "Terms" }));
    expect(terms.getByRole("link", { name: "Olivia Nguyen" }).getAttribute("href")).toBe("/admin/customers/c1");
    expect(terms.getByText("Every week · Wed 9:00 am (Weekly)")).toBeTruthy();
    expect(terms.getByText("A$211.50")).toBeTruthy();
    expect(terms.getByText("Inside oven × 2")).toBeTruthy();
    expect(terms.getByText("8 weeks")).toBeTruthy();
    expect(terms.getByText("4/12 Chapel St, Richmond, VIC 3121")).toBeTruthy();

    const comingRows = coming().getAllByRole("row").slice(1).map((row) => within(row).getAllByRole("cell").slice(0, 7).map((c) => c.textContent));
    expect(comingRows[0]).toEqual(["Wed 2 Dec 2026", "9:00 am – 1:00 pm", "Confirmed", "—", "YS-AAAA11", "A$211.50", "Unpaid"]);
    expect(comingRows[2][2]).toBe("CancelledAway on holiday");
    expect(coming().getByRole("link", { name: "YS-AAAA11" }).getAttribute("href")).toBe("/admin/bookings/b1");
    expect(past().getByRole("link", { name: "YS-FIRST0" })).toBeTruthy();
    expect(within(past().getAllByRole("row")[1]).getAllByRole("cell").slice(0, 7).map((c) => c.textContent))
      .toEqual(["Wed 18 Nov 2026", "9:00 am – 1:00 pm", "Done", "—", "YS-FIRST0", "A$235.00", "Paid"]);
    // Only standing coming visits can change; the past and the cancelled cannot.
    expect(rowOf("YS-AAAA11").getByRole("button", { name: /^Skip/ })).toBeTruthy();
    expect(rowOf("YS-CCCC33").queryByRole("button")).toBeNull();
    expect(past().queryByRole("button")).toBeNull();
  });

  it("highlights a visit that needs attention and says what to do", async () => {
    serveSeries(aDetail());
    await openSeries();
    expect(screen.getByRole("note").textContent).toBe(
      "1 visit needs attention: the time was full or the day closed, so it holds no place. Move each to a free time, or skip it, under Coming visits.",
    );
    const row = screen.getByRole("link", { name: "YS-BBBB22" }).closest("tr")!;
    expect(row.className).toBe("is-attention");
    expect(within(row).getByText("Needs attention")).toBeTruthy();
    expect(within(row).getByText(/Couldn’t be placed: the time was full or the day closed/)).toBeTruthy();
    expect(within(row).getByRole("button", { name: "Move the visit of Wed 9 Dec 2026, 9:00 am" })).toBeTruthy();
  });

  it("says when no regular clean has the id", async () => {
    serveSeries(aDetail());
    renderAdmin("/admin/series/nope");
    expect(await screen.findByText("No regular clean has this id; it may have been mistyped.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Back to regular cleans" }).getAttribute("href")).toBe("/admin/series");
  });

  it("shows 'Failed to load the regular clean' when it cannot load", async () => {
    server.use(http.get("/api/admin/series/:id", () => error(500, "X", "Database down")));
    renderAdmin("/admin/series/sr1");
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Failed to load the regular clean");
  });

  it("an ended regular clean says so and offers no changes", async () => {
    serveSeries(aDetail({ status: "ENDED", endsOn: "2026-12-09", visits: VISITS.slice(0, 2), needsAttention: 0 }));
    await openSeries();
    expect(screen.getByText("This regular clean ended on Wednesday 9 December 2026. Nothing more can change.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: /Skip|Move|Pause|End regular clean|Change from a date/ })).toBeNull();
  });
});

describe("skip a visit", () => {
  it("asks first, sends the reason typed, then says so and takes focus", async () => {
    const sent = serveSeries(aDetail(), (_path, body) =>
      aDetail({ visits: VISITS.map((v) => (v._id === "b1" ? { ...v, status: "CANCELLED", cancelReason: String(body.reason) } : v)) }));
    const { user } = await openSeries();
    await user.click(rowOf("YS-AAAA11").getByRole("button", { name: "Skip the visit of Wed 2 Dec 2026, 9:00 am" }));
    expect(dialog().getByRole("heading", { name: "Skip this visit?" })).toBeTruthy();
    expect(dialog().getByText(
      "The visit on Wed 2 Dec 2026, 9:00 am is cancelled; the regular clean carries on. The customer gets one e-mail.",
    )).toBeTruthy();
    // Focus starts in the dialog, on the reason.
    expect(document.activeElement).toBe(dialog().getByLabelText("Reason (optional)"));
    await user.type(dialog().getByLabelText("Reason (optional)"), "  Family visiting  ");
    await user.click(dialog().getByRole("button", { name: "Skip visit" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(sent).toEqual([{ path: "/api/admin/series/sr1/visits/b1/skip", body: { reason: "Family visiting" } }]);
    expect(said().textContent).toBe("The visit on Wed 2 Dec 2026, 9:00 am was skipped.");
    await waitFor(() => expect(document.activeElement).toBe(said()));
    expect(rowOf("YS-AAAA11").getByText("Family visiting")).toBeTruthy();
    expect(rowOf("YS-AAAA11").queryByRole("button")).toBeNull();
  });

  it("sends no reason when none is typed, and nothing at all when kept", async () => {
    const sent = serveSeries(aDetail());
    const { user } = await openSeries();
    await user.click(rowOf("YS-AAAA11").getByRole("button", { name: /^Skip/ }));
    await user.click(dialog().getByRole("button", { name: "Keep as is" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(sent).toEqual([]);
    await user.click(rowOf("YS-AAAA11").getByRole("button", { name: /^Skip/ }));
    await user.click(dialog().getByRole("button", { name: "Skip visit" }));
    await waitFor(() => expect(sent).toEqual([{ path: "/api/admin/series/sr1/visits/b1/skip", body: {} }]));
  });

  it("shows the server's text in the dialog when the visit can no longer change", async () => {
    serveSeries(aDetail(), () =>
      error(409, "VISIT_NOT_CHANGEABLE", "Only a coming visit that is pending, confirmed or needs attention can be skipped or moved."));
    const { user } = await openSeries();
    await user.click(rowOf("YS-AAAA11").getByRole("button", { name: /^Skip/ }));
    await user.click(dialog().getByRole("button", { name: "Skip visit" }));
    const alert = await dialog().findByRole("alert");
    expect(alert.textContent).toContain("Only a coming visit that is pending, confirmed or needs attention can be skipped or moved.");
    expect(screen.getByRole("dialog")).toBeTruthy();
  });
});

describe("move a visit", () => {
  it("sends the new Melbourne start and says where it went", async () => {
    const sent = serveSeries(aDetail(), (_path, body) =>
      aDetail({ visits: VISITS.map((v) => (v._id === "b2" ? { ...v, status: "CONFIRMED", startTime: String(body.startTimeISO) } : v)) }));
    const { user } = await openSeries();
    await user.click(rowOf("YS-BBBB22").getByRole("button", { name: /^Move/ }));
    expect(dialog().getByText("Now on Wed 9 Dec 2026, 9:00 am. Only this visit moves; the customer gets one e-mail.")).toBeTruthy();
    expect((dialog().getByLabelText("New date") as HTMLInputElement).value).toBe("2026-12-09");
    expect((dialog().getByLabelText("New start time") as HTMLInputElement).value).toBe("09:00");
    // Any quarter hour of the working day (issue 28), as the hint says.
    expect(dialog().getByLabelText("New start time").getAttribute("step")).toBe("900");
    expect(await dialog().findByText(
      "Starts are on the quarter hour from 8:00 to 16:00 on open days; tick “Outside working hours” for another time or a closed weekday.",
    )).toBeTruthy();
    expect((dialog().getByRole("checkbox", { name: "Outside working hours" }) as HTMLInputElement).checked).toBe(false);
    await user.clear(dialog().getByLabelText("New date"));
    await user.type(dialog().getByLabelText("New date"), "2026-12-10");
    fireEvent.change(dialog().getByLabelText("New start time"), { target: { value: "13:00" } });
    await user.click(dialog().getByRole("button", { name: "Move visit" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(sent).toEqual([{ path: "/api/admin/series/sr1/visits/b2/move", body: { startTimeISO: "2026-12-10T02:00:00.000Z" } }]);
    expect(said().textContent).toBe("The visit was moved to Thu 10 Dec 2026, 1:00 pm.");
  });

  it("checks the date before sending: not in the past", async () => {
    const sent = serveSeries(aDetail());
    const { user } = await openSeries();
    await user.click(rowOf("YS-AAAA11").getByRole("button", { name: /^Move/ }));
    await user.clear(dialog().getByLabelText("New date"));
    await user.type(dialog().getByLabelText("New date"), "2026-11-20");
    await user.click(dialog().getByRole("button", { name: "Move visit" }));
    expect(dialog().getByText("Choose today or a later date.")).toBeTruthy();
    expect(dialog().getByLabelText("New date").getAttribute("aria-invalid")).toBe("true");
    // Today, but at an hour already gone.
    await user.clear(dialog().getByLabelText("New date"));
    await user.type(dialog().getByLabelText("New date"), "2026-11-25");
    fireEvent.change(dialog().getByLabelText("New start time"), { target: { value: "08:00" } });
    await user.click(dialog().getByRole("button", { name: "Move visit" }));
    expect(dialog().getByText("Choose a time from now on.")).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it("moves to a quarter hour, and outside the working hours only with the tick, which is sent (issue 28)", async () => {
    const offHours = "Please choose a start time on the quarter hour between 8:00 and 16:00, or tick “Outside working hours”.";
    const sent = serveSeries(aDetail(), (_path, body) =>
      String(body.startTimeISO).endsWith("07:00:00.000Z") && !body.allowOutsideHours
        ? error(422, "VALIDATION_FAILED", "Please fix the highlighted fields, then try again.", { startTimeISO: [offHours] })
        : aDetail());
    const { user } = await openSeries();
    await user.click(rowOf("YS-AAAA11").getByRole("button", { name: /^Move/ }));
    fireEvent.change(dialog().getByLabelText("New start time"), { target: { value: "10:30" } });
    await user.click(dialog().getByRole("button", { name: "Move visit" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(said().textContent).toBe("The visit was moved to Wed 2 Dec 2026, 10:30 am.");

    // 6 pm: the server's message under the time, focus on it; ticked, the same start goes with allowOutsideHours.
    await user.click(rowOf("YS-AAAA11").getByRole("button", { name: /^Move/ }));
    fireEvent.change(dialog().getByLabelText("New start time"), { target: { value: "18:00" } });
    await user.click(dialog().getByRole("button", { name: "Move visit" }));
    expect(await dialog().findByText(offHours)).toBeTruthy();
    expect(dialog().getByLabelText("New start time").getAttribute("aria-invalid")).toBe("true");
    await waitFor(() => expect(document.activeElement).toBe(dialog().getByLabelText("New start time")));
    expect(dialog().queryByRole("alert")).toBeNull();
    await user.click(dialog().getByRole("checkbox", { name: "Outside working hours" }));
    await user.click(dialog().getByRole("button", { name: "Move visit" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(sent.map((s) => s.body)).toEqual([
      { startTimeISO: "2026-12-01T23:30:00.000Z" },
      { startTimeISO: "2026-12-02T07:00:00.000Z" },
      { startTimeISO: "2026-12-02T07:00:00.000Z", allowOutsideHours: true },
    ]);
  });

  it("a full time is said inline; an admin has no override", async () => {
    serveSeries(aDetail(), () => error(409, "SLOT_UNAVAILABLE", "That time is fully booked."));
    const { user } = await openSeries();
    await user.click(rowOf("YS-AAAA11").getByRole("button", { name: /^Move/ }));
    await user.click(dialog().getByRole("button", { name: "Move visit" }));
    expect((await dialog().findByRole("alert")).textContent).toBe("That time is fully booked.");
    expect(dialog().queryByRole("button", { name: "Book anyway (override capacity)" })).toBeNull();
  });

  it("a superadmin may book a full time anyway", async () => {
    storeSession({ role: "superadmin" });
    const sent = serveSeries(aDetail(), (_path, body) =>
      body.overrideCapacity ? aDetail() : error(409, "SLOT_UNAVAILABLE", "That time is fully booked."));
    const { user } = await openSeries();
    await user.click(rowOf("YS-AAAA11").getByRole("button", { name: /^Move/ }));
    await user.click(dialog().getByRole("button", { name: "Move visit" }));
    await user.click(await dialog().findByRole("button", { name: "Book anyway (override capacity)" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(sent.map((s) => s.body)).toEqual([
      { startTimeISO: "2026-12-01T22:00:00.000Z" },
      { startTimeISO: "2026-12-01T22:00:00.000Z", overrideCapacity: true },
    ]);
  });

  it("Esc closes the dialog and sends nothing", async () => {
    const sent = serveSeries(aDetail());
    const { user } = await openSeries();
    await user.click(rowOf("YS-AAAA11").getByRole("button", { name: /^Move/ }));
    screen.getByRole("dialog").dispatchEvent(new Event("cancel", { cancelable: true }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(sent).toEqual([]);
  });
});

describe("change from a date", () => {
  async function openChange() {
    serveCatalogue();
    const view = await openSeries();
    const toggle = screen.getByRole("button", { name: "Change from a date…" });
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    await view.user.click(toggle);
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
    await screen.findByLabelText("Hours");
    return view;
  }
  const changeForm = () => within(screen.getByRole("region", { name: "Change from a date" }));

  it("prices the new terms with core as they are chosen, and sends only what changed", async () => {
    const sent = serveSeries(aDetail(), () => aDetail({ hours: 4, recurringTotal: 261 }));
    const { user } = await openChange();
    expect(changeForm().getByText("Now A$211.50")).toBeTruthy();
    expect(changeForm().getByText(/From Wednesday 25 November 2026/).textContent).toBe("From Wednesday 25 November 2026: A$211.50");
    // Only frequencies that repeat are offered.
    expect(within(changeForm().getByLabelText("Repeats")).getAllByRole("option").map((o) => o.textContent))
      .toEqual(["Weekly (every week, 10% off)", "Fortnightly (every 2 weeks, 5% off)"]);
    await user.selectOptions(changeForm().getByLabelText("Hours"), "4 hours");
    expect(changeForm().getByText(/From Wednesday/).textContent).toBe("From Wednesday 25 November 2026: A$261.00");
    await user.clear(changeForm().getByLabelText("From"));
    await user.type(changeForm().getByLabelText("From"), "2026-12-09");
    await user.click(changeForm().getByRole("button", { name: "Change the regular clean" }));
    await waitFor(() => expect(sent).toEqual([{ path: "/api/admin/series/sr1/change", body: { fromDate: "2026-12-09", hours: 4 } }]));
    await waitFor(() => expect(said().textContent).toBe("The regular clean changes from Wednesday 9 December 2026."));
    expect(screen.queryByLabelText("Hours")).toBeNull();
    expect(within(screen.getByRole("region", { name: "Terms" })).getByText("A$261.00")).toBeTruthy();
  });

  it("sends a new time, frequency and add-ons", async () => {
    const sent = serveSeries(aDetail());
    const { user } = await openChange();
    fireEvent.change(changeForm().getByLabelText("Start time"), { target: { value: "10:00" } });
    await user.selectOptions(changeForm().getByLabelText("Repeats"), "Fortnightly (every 2 weeks, 5% off)");
    await user.click(changeForm().getByLabelText("Inside fridge (A$30.00)"));
    await user.clear(changeForm().getByLabelText("How many: Inside oven"));
    await user.type(changeForm().getByLabelText("How many: Inside oven"), "1");
    // 3 hours at A$55 and an oven and a fridge, 5% off: (165 + 35 + 30) x 0.95.
    expect(changeForm().getByText(/From Wednesday/).textContent).toBe("From Wednesday 25 November 2026: A$218.50");
    await user.click(changeForm().getByRole("button", { name: "Change the regular clean" }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0].body).toEqual({
      fromDate: "2026-11-25",
      startTime: "10:00",
      frequencyCode: "FORTNIGHTLY",
      extras: [{ extraId: "e1", quantity: 1 }, { extraId: "e2", quantity: 1 }],
    });
  });

  it("starts at a quarter hour, and outside the working hours only with the tick, which is sent (issue 28)", async () => {
    const offHours = "Please choose a start time on the quarter hour between 8:00 and 16:00, or tick “Outside working hours”.";
    const sent = serveSeries(aDetail(), (_path, body) =>
      body.startTime === "18:00" && !body.allowOutsideHours
        ? error(422, "VALIDATION_FAILED", "Please fix the highlighted fields, then try again.", { startTime: [offHours] })
        : aDetail({ startTime: String(body.startTime) }));
    const { user } = await openChange();
    const time = changeForm().getByLabelText("Start time") as HTMLInputElement;
    expect([time.type, time.step, time.value]).toEqual(["time", "900", "09:00"]);
    expect(changeForm().getByText(
      "Starts are on the quarter hour from 8:00 to 16:00 on open days; tick “Outside working hours” for another time or a closed weekday.",
    )).toBeTruthy();
    await user.clear(changeForm().getByLabelText("From"));
    await user.type(changeForm().getByLabelText("From"), "2026-12-09");
    fireEvent.change(time, { target: { value: "10:30" } });
    await user.click(changeForm().getByRole("button", { name: "Change the regular clean" }));
    await waitFor(() => expect(sent).toEqual([{ path: "/api/admin/series/sr1/change", body: { fromDate: "2026-12-09", startTime: "10:30" } }]));
    await waitFor(() => expect(said().textContent).toBe("The regular clean changes from Wednesday 9 December 2026."));

    // Evenings from then: refused under the time until ticked.
    await user.click(screen.getByRole("button", { name: "Change from a date…" }));
    await screen.findByLabelText("Hours");
    await user.clear(changeForm().getByLabelText("From"));
    await user.type(changeForm().getByLabelText("From"), "2026-12-16");
    fireEvent.change(changeForm().getByLabelText("Start time"), { target: { value: "18:00" } });
    await user.click(changeForm().getByRole("button", { name: "Change the regular clean" }));
    expect(await changeForm().findByText(offHours)).toBeTruthy();
    expect(changeForm().getByLabelText("Start time").getAttribute("aria-invalid")).toBe("true");
    await user.click(changeForm().getByRole("checkbox", { name: "Outside working hours" }));
    await user.click(changeForm().getByRole("button", { name: "Change the regular clean" }));
    await waitFor(() => expect(said().textContent).toBe("The regular clean changes from Wednesday 16 December 2026."));
    expect(sent.slice(1).map((s) => s.body)).toEqual([
      { fromDate: "2026-12-16", startTime: "18:00" },
      { fromDate: "2026-12-16", startTime: "18:00", allowOutsideHours: true },
    ]);
  });

  it("says nothing has changed, and checks the date, before sending", async () => {
    const sent = serveSeries(aDetail());
    const { user } = await openChange();
    await user.click(changeForm().getByRole("button", { name: "Change the regular clean" }));
    expect(changeForm().getByRole("alert").textContent).toBe("Nothing has changed yet: choose a new time, frequency, size or add-ons.");
    await user.clear(changeForm().getByLabelText("From"));
    await user.type(changeForm().getByLabelText("From"), "2026-11-01");
    await user.selectOptions(changeForm().getByLabelText("Hours"), "4 hours");
    await user.click(changeForm().getByRole("button", { name: "Change the regular clean" }));
    expect(changeForm().getByText("Choose today or a later date.")).toBeTruthy();
    expect(document.activeElement).toBe(changeForm().getByLabelText("From"));
    expect(sent).toEqual([]);
  });

  it("shows the server's field messages under their fields", async () => {
    serveSeries(aDetail(), () =>
      error(422, "VALIDATION_FAILED", "Please fix the highlighted fields, then try again.", {
        frequencyCode: ["Choose a frequency that repeats. To stop the regular clean, end it instead."],
      }));
    const { user } = await openChange();
    await user.selectOptions(changeForm().getByLabelText("Repeats"), "Fortnightly (every 2 weeks, 5% off)");
    await user.click(changeForm().getByRole("button", { name: "Change the regular clean" }));
    expect(await changeForm().findByText("Choose a frequency that repeats. To stop the regular clean, end it instead.")).toBeTruthy();
    expect(changeForm().getByLabelText("Repeats").getAttribute("aria-invalid")).toBe("true");
  });

  it("shows the server's text when the series has ended meanwhile", async () => {
    serveSeries(aDetail(), () => error(409, "SERIES_ENDED", "This regular clean has ended, so it can’t be changed."));
    const { user } = await openChange();
    await user.selectOptions(changeForm().getByLabelText("Hours"), "4 hours");
    await user.click(changeForm().getByRole("button", { name: "Change the regular clean" }));
    expect((await changeForm().findByRole("alert")).textContent).toContain("This regular clean has ended, so it can’t be changed.");
  });

  it("a skip while the form is open keeps what was typed in it", async () => {
    serveSeries(aDetail());
    const { user } = await openChange();
    await user.selectOptions(changeForm().getByLabelText("Hours"), "4 hours");
    await user.click(rowOf("YS-AAAA11").getByRole("button", { name: /^Skip/ }));
    await user.click(dialog().getByRole("button", { name: "Skip visit" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect((changeForm().getByLabelText("Hours") as HTMLSelectElement).value).toBe("4");
  });

  it("Close without changing puts focus back on the button", async () => {
    serveSeries(aDetail());
    const { user } = await openChange();
    await user.click(changeForm().getByRole("button", { name: "Cancel" }));
    expect(screen.queryByLabelText("Hours")).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Change from a date…" }));
  });
});

describe("pause, resume and end", () => {
  it("pauses from a date, then offers Resume", async () => {
    const sent = serveSeries(aDetail(), () => aDetail({ status: "PAUSED", nextVisit: null }));
    const { user } = await openSeries();
    await user.click(screen.getByRole("button", { name: "Pause…" }));
    expect(dialog().getByText(/no new ones are planned until you resume\. The customer gets one e-mail\./)).toBeTruthy();
    expect((dialog().getByLabelText("From") as HTMLInputElement).value).toBe("2026-11-25");
    await user.clear(dialog().getByLabelText("From"));
    await user.type(dialog().getByLabelText("From"), "2026-12-01");
    await user.click(dialog().getByRole("button", { name: "Pause regular clean" }));
    await waitFor(() => expect(sent).toEqual([{ path: "/api/admin/series/sr1/pause", body: { fromDate: "2026-12-01" } }]));
    expect(await screen.findByText("The regular clean is paused from Tuesday 1 December 2026.")).toBeTruthy();
    expect(within(screen.getByRole("region", { name: "Terms" })).getByText("Paused")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Pause…" })).toBeNull();
    expect(screen.getByRole("button", { name: "Resume…" })).toBeTruthy();
  });

  it("resumes a paused regular clean from today", async () => {
    const sent = serveSeries(aDetail({ status: "PAUSED" }), () => aDetail());
    const { user } = await openSeries();
    await user.click(screen.getByRole("button", { name: "Resume…" }));
    await user.click(dialog().getByRole("button", { name: "Resume regular clean" }));
    await waitFor(() => expect(sent).toEqual([{ path: "/api/admin/series/sr1/resume", body: { fromDate: "2026-11-25" } }]));
    expect(await screen.findByText("The regular clean resumes from Wednesday 25 November 2026.")).toBeTruthy();
  });

  it("ends from a date with a reason, saying the customer gets one e-mail", async () => {
    const sent = serveSeries(aDetail(), (_path, body) => aDetail({ status: "ENDED", endsOn: String(body.fromDate), needsAttention: 0 }));
    const { user } = await openSeries();
    await user.click(screen.getByRole("button", { name: "End regular clean…" }));
    expect(screen.getByRole("dialog").getAttribute("aria-describedby")).toBeTruthy();
    expect(dialog().getByText(
      "Visits from this date on are cancelled and no more are planned. The customer gets one e-mail saying the regular clean has ended, not one per visit.",
    )).toBeTruthy();
    await user.clear(dialog().getByLabelText("From"));
    await user.type(dialog().getByLabelText("From"), "2026-12-09");
    await user.type(dialog().getByLabelText("Reason (optional)"), "Moving interstate");
    await user.click(dialog().getByRole("button", { name: "End regular clean" }));
    await waitFor(() => expect(sent).toEqual([{ path: "/api/admin/series/sr1/end", body: { fromDate: "2026-12-09", reason: "Moving interstate" } }]));
    expect(await screen.findByText("The regular clean ends from Wednesday 9 December 2026.")).toBeTruthy();
    expect(screen.getByText("This regular clean ended on Wednesday 9 December 2026. Nothing more can change.")).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(said()));
  });

  it("checks the date before ending, and shows a refusal in the dialog", async () => {
    const sent = serveSeries(aDetail(), () => error(409, "SERIES_ENDED", "This regular clean has ended, so it can’t be changed."));
    const { user } = await openSeries();
    await user.click(screen.getByRole("button", { name: "End regular clean…" }));
    await user.clear(dialog().getByLabelText("From"));
    await user.click(dialog().getByRole("button", { name: "End regular clean" }));
    expect(dialog().getByText("Choose a date.")).toBeTruthy();
    expect(sent).toEqual([]);
    await user.type(dialog().getByLabelText("From"), "2026-12-09");
    await user.click(dialog().getByRole("button", { name: "End regular clean" }));
    expect((await dialog().findByRole("alert")).textContent).toContain("This regular clean has ended, so it can’t be changed.");
    await user.click(dialog().getByRole("button", { name: "Keep as is" }));
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});

describe("regular cleaners", () => {
  const card = () => within(screen.getByRole("region", { name: "Regular cleaners" }));
  const choices = () => within(screen.getByRole("group", { name: "Choose the regular cleaners" }));

  it("says when there are none yet", async () => {
    serveSeries(aDetail());
    await openSeries();
    expect(card().getByText("No regular cleaners yet: each visit is assigned on the schedule.")).toBeTruthy();
    expect(card().queryByRole("listitem")).toBeNull();
  });

  it("names them in order with their colours, a deactivated one marked", async () => {
    serveSeries(aDetail({ cleanerIds: ["k2", "k3"] }));
    await openSeries();
    const items = await card().findAllByRole("listitem");
    expect(items.map((item) => item.textContent)).toEqual(["Priya Sharma", "Ana Costa (deactivated)"]);
    expect(items[0].querySelector<HTMLElement>(".series-swatch")!.style.backgroundColor).toBe("#b4457f");
  });

  it("ticks cleaners, sends them in the order ticked, and says who now cleans and which visits miss one", async () => {
    const sent = serveSeries(aDetail(), (_path, body) =>
      aDetail({
        cleanerIds: body.cleanerIds as string[],
        visits: VISITS.map((v) => (v._id === "b1" ? { ...v, cleanerIds: ["k2"], missingCleanerIds: ["k1"] } : v)),
      }));
    const { user } = await openSeries();
    const toggle = card().getByRole("button", { name: "Change regular cleaners…" });
    await waitFor(() => expect((toggle as HTMLButtonElement).disabled).toBe(false));
    await user.click(toggle);
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
    // Only active cleaners are offered; focus starts on the first.
    expect(choices().getAllByRole("checkbox").map((box) => box.closest("label")!.textContent)).toEqual(["Tom Nguyen", "Priya Sharma"]);
    expect(document.activeElement).toBe(choices().getByRole("checkbox", { name: "Tom Nguyen" }));
    await user.click(choices().getByRole("checkbox", { name: "Priya Sharma" }));
    await user.click(choices().getByRole("checkbox", { name: "Tom Nguyen" }));
    await user.click(card().getByRole("button", { name: "Save" }));
    await waitFor(() => expect(sent).toEqual([{ path: "PUT /api/admin/series/sr1/cleaners", body: { cleanerIds: ["k2", "k1"] } }]));
    await waitFor(() =>
      expect(said().textContent).toBe(
        "Priya Sharma and Tom Nguyen now clean every visit they are free for. 1 coming visit misses a regular cleaner: choose someone for it on the schedule.",
      )
    );
    await waitFor(() => expect(document.activeElement).toBe(said()));
    expect(screen.queryByRole("group", { name: "Choose the regular cleaners" })).toBeNull();
    expect(card().getAllByRole("listitem").map((item) => item.textContent)).toEqual(["Priya Sharma", "Tom Nguyen"]);
    expect(card().getByText("1 coming visit misses a regular cleaner: choose someone for it on the schedule.")).toBeTruthy();
    expect(rowOf("YS-AAAA11").getByText("Priya Sharma")).toBeTruthy();
  });

  it("keeps those already regular first, can take everyone off, and offers a deactivated regular only to untick", async () => {
    const sent = serveSeries(aDetail({ cleanerIds: ["k3", "k2"] }), (_path, body) => aDetail({ cleanerIds: body.cleanerIds as string[] }));
    const { user } = await openSeries();
    await user.click(await card().findByRole("button", { name: "Change regular cleaners…" }));
    expect(choices().getAllByRole("checkbox").map((box) => box.closest("label")!.textContent))
      .toEqual(["Tom Nguyen", "Priya Sharma", "Ana Costa (deactivated)"]);
    await user.click(choices().getByRole("checkbox", { name: /Ana Costa/ }));
    await user.click(choices().getByRole("checkbox", { name: "Tom Nguyen" }));
    await user.click(card().getByRole("button", { name: "Save" }));
    await waitFor(() => expect(sent.map((s) => s.body)).toEqual([{ cleanerIds: ["k2", "k1"] }]));

    await user.click(card().getByRole("button", { name: "Change regular cleaners…" }));
    await user.click(choices().getByRole("checkbox", { name: "Priya Sharma" }));
    await user.click(choices().getByRole("checkbox", { name: "Tom Nguyen" }));
    await user.click(card().getByRole("button", { name: "Save" }));
    await waitFor(() => expect(sent.map((s) => s.body)[1]).toEqual({ cleanerIds: [] }));
    await waitFor(() => expect(said().textContent).toBe("No regular cleaners now: each visit is assigned on the schedule."));
    expect(card().getByText("No regular cleaners yet: each visit is assigned on the schedule.")).toBeTruthy();
  });

  it("Cancel and Esc close the list unchanged and put focus back on the button", async () => {
    const sent = serveSeries(aDetail({ cleanerIds: ["k1"] }));
    const { user } = await openSeries();
    const toggle = await card().findByRole("button", { name: "Change regular cleaners…" });
    await waitFor(() => expect((toggle as HTMLButtonElement).disabled).toBe(false));
    await user.click(toggle);
    await user.click(choices().getByRole("checkbox", { name: "Priya Sharma" }));
    await user.click(card().getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("group", { name: "Choose the regular cleaners" })).toBeNull();
    expect(document.activeElement).toBe(toggle);
    await user.click(toggle);
    // What was ticked before Cancel is forgotten.
    expect((choices().getByRole("checkbox", { name: "Priya Sharma" }) as HTMLInputElement).checked).toBe(false);
    expect((choices().getByRole("checkbox", { name: "Tom Nguyen" }) as HTMLInputElement).checked).toBe(true);
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("group", { name: "Choose the regular cleaners" })).toBeNull();
    expect(document.activeElement).toBe(toggle);
    expect(sent).toEqual([]);
  });

  it("shows the server's field message in the list, and other failures as an alert", async () => {
    let refusal = error(422, "VALIDATION_FAILED", "Please fix the highlighted fields, then try again.", {
      cleanerIds: ["Priya Sharma is no longer active. Choose an active cleaner."],
    });
    serveSeries(aDetail(), () => refusal);
    const { user } = await openSeries();
    await user.click(await card().findByRole("button", { name: "Change regular cleaners…" }));
    await user.click(choices().getByRole("checkbox", { name: "Priya Sharma" }));
    await user.click(card().getByRole("button", { name: "Save" }));
    const message = await choices().findByText("Priya Sharma is no longer active. Choose an active cleaner.");
    expect(screen.getByRole("group", { name: "Choose the regular cleaners" }).getAttribute("aria-describedby")).toContain(message.id);
    expect(said().textContent).toBe("");

    refusal = error(404, "SERIES_NOT_FOUND", "That regular clean doesn’t exist.");
    await user.click(card().getByRole("button", { name: "Save" }));
    expect((await card().findByRole("alert")).textContent).toContain("That regular clean doesn’t exist.");
    expect(choices().queryByText("Priya Sharma is no longer active. Choose an active cleaner.")).toBeNull();
  });

  it("flags a coming visit that misses a regular cleaner, with a link to that day's schedule", async () => {
    serveSeries(aDetail({
      cleanerIds: ["k1", "k3"],
      visits: VISITS.map((v) => (v._id === "b1" ? { ...v, cleanerIds: ["k2"], missingCleanerIds: ["k1", "k3"] } : v)),
    }));
    await openSeries();
    const row = rowOf("YS-AAAA11");
    expect(await row.findByText("Priya Sharma")).toBeTruthy();
    const flag = row.getByText(/isn’t on this visit/);
    expect(flag.textContent).toBe(
      "Tom Nguyen isn’t on this visit: busy then, or taken off it. Ana Costa has been deactivated. Choose someone on the schedule for Wed 2 Dec 2026",
    );
    expect(within(flag).getByRole("link", { name: "Choose someone on the schedule for Wed 2 Dec 2026" }).getAttribute("href"))
      .toBe("/admin/schedule?date=2026-12-02");
    // Only that visit is flagged.
    expect(rowOf("YS-BBBB22").queryByText(/on this visit/)).toBeNull();
  });

  it("names them, but offers no change, once the regular clean has ended", async () => {
    serveSeries(aDetail({ status: "ENDED", endsOn: "2026-12-09", cleanerIds: ["k1"], visits: VISITS.slice(0, 2), needsAttention: 0 }));
    await openSeries();
    expect((await card().findAllByRole("listitem")).map((item) => item.textContent)).toEqual(["Tom Nguyen"]);
    expect(card().queryByRole("button")).toBeNull();
  });
});

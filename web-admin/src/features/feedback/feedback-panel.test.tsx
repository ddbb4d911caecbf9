/** The feedback panel on a booking's page (issue 32), against msw answers in the shapes of the feedback API. */
import { screen, waitFor, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { beforeEach, describe, expect, it } from "vitest";
import { formatMelbourneDate } from "@yarra/core/shared/melbourne-time.ts";
import { renderAdmin, storeSession } from "../../test/render-admin.tsx";
import { server } from "../../test/server.ts";
import type { BookingFeedback } from "./feedback-api.ts";
import { FEEDBACK_PANEL_TEXT as T } from "./feedback-panel.tsx";
import { aJob, daysFromNow, serveJobPage } from "./test-fixtures.ts";

const day = (iso: string) => formatMelbourneDate(new Date(iso));

const ASKED: BookingFeedback = {
  requestedAt: daysFromNow(-2),
  expiresAt: daysFromNow(28),
  requestCount: 1,
  rating: null,
  comment: null,
  ratedAt: null,
};

const RATED: BookingFeedback = {
  requestedAt: "2026-11-27T02:00:00.000Z",
  expiresAt: "2026-12-27T02:00:00.000Z",
  requestCount: 1,
  rating: 4,
  comment: "Lovely job.\nThe oven sparkles.",
  ratedAt: "2026-11-27T23:30:00.000Z",
};

interface Calls {
  get: number;
  post: number;
}

/** GET …/feedback answers `feedback()` each time; POST …/feedback-request answers `ask()`. */
function serveFeedback(feedback: () => BookingFeedback | null, ask?: () => Response): Calls {
  const calls: Calls = { get: 0, post: 0 };
  server.use(
    http.get("/api/admin/bookings/:id/feedback", () => {
      calls.get += 1;
      return HttpResponse.json({ feedback: feedback() });
    }),
    http.post("/api/admin/bookings/:id/feedback-request", () => {
      calls.post += 1;
      return ask ? ask() : HttpResponse.json({ error: "unexpected" }, { status: 500 });
    }),
  );
  return calls;
}

async function openPanel(path = "/admin/bookings/b1") {
  const view = renderAdmin(path);
  await screen.findByRole("heading", { name: "Booking", level: 1 });
  const panel = await screen.findByRole("region", { name: T.title });
  await waitFor(() => expect(within(panel).queryByText(T.loading)).toBeNull());
  return { ...view, panel: within(panel) };
}

beforeEach(() => storeSession({ role: "admin" }));

describe("a job's feedback on its page", () => {
  it("a done job nobody was asked about says so; 'Ask for feedback' e-mails a link and shows until when it works", async () => {
    serveJobPage(aJob());
    const asked = { ...ASKED };
    const calls = serveFeedback(() => null, () => HttpResponse.json({ feedback: asked }, { status: 201 }));
    const { panel, user } = await openPanel();
    expect(panel.getByText(T.notAsked)).toBeTruthy();
    expect(panel.queryByText(T.notDone)).toBeNull();

    await user.click(panel.getByRole("button", { name: T.ask }));

    expect(await panel.findByText(T.sent("olivia@example.com"))).toBeTruthy();
    expect(panel.getByText(T.sent("olivia@example.com")).getAttribute("role")).toBe("status");
    expect(panel.getByText(`Asked on ${day(asked.requestedAt)}, link valid until ${day(asked.expiresAt)}`)).toBeTruthy();
    expect(panel.queryByText(T.notAsked)).toBeNull();
    // Not rated yet: it may be asked again.
    expect(panel.getByRole("button", { name: T.askAgain })).toBeTruthy();
    expect(calls.post).toBe(1);
    expect(panel.queryByRole("alert")).toBeNull();
  });

  it("asking again refreshes the booking's history, where the request is recorded", async () => {
    const seen = serveJobPage(aJob());
    serveFeedback(() => ASKED, () => HttpResponse.json({ feedback: { ...ASKED, requestCount: 2 } }, { status: 201 }));
    const { panel, user } = await openPanel();
    // The history loads when opened; once loaded, a request marks it to be read again.
    await user.click(screen.getByText("History"));
    await waitFor(() => expect(seen.history).toBe(1));
    await user.click(panel.getByRole("button", { name: T.askAgain }));
    await panel.findByText(T.askedTimes(2));
    await waitFor(() => expect(seen.history).toBe(2));
  });

  it("a job not done yet is not asked about, and offers no button", async () => {
    serveJobPage(aJob({ status: "CONFIRMED" }));
    const calls = serveFeedback(() => null);
    const { panel } = await openPanel();
    expect(panel.getByText(T.notAsked)).toBeTruthy();
    expect(panel.getByText(T.notDone)).toBeTruthy();
    expect(panel.queryByRole("button")).toBeNull();
    expect(calls.get).toBe(1);
  });

  it("an asked job shows when and until when, and how many times; an ended link says it expired", async () => {
    serveJobPage(aJob());
    const expired = { ...ASKED, requestedAt: daysFromNow(-40), expiresAt: daysFromNow(-10), requestCount: 3 };
    serveFeedback(() => expired);
    const { panel } = await openPanel();
    expect(panel.getByText(`Asked on ${day(expired.requestedAt)}, link expired on ${day(expired.expiresAt)}`)).toBeTruthy();
    expect(panel.getByText("Asked 3 times.")).toBeTruthy();
    expect(panel.getByRole("button", { name: T.askAgain })).toBeTruthy();
  });

  it("a rated job shows the rating in words and stars, the comment and when it was given, and cannot be asked again", async () => {
    serveJobPage(aJob());
    serveFeedback(() => RATED);
    const { panel } = await openPanel();
    const rating = panel.getByText("4 out of 5");
    const stars = rating.previousElementSibling!;
    expect(stars.getAttribute("aria-hidden")).toBe("true");
    expect(stars.textContent).toBe("★★★★☆");
    expect(panel.getByText(/Lovely job\./).textContent).toBe("Lovely job.\nThe oven sparkles.");
    expect(panel.getByText(T.given).nextElementSibling?.textContent).toBe("Sat 28 Nov 2026, 10:30 am");
    expect(panel.queryByRole("button")).toBeNull();
    expect(panel.queryByText(T.notAsked)).toBeNull();
  });

  it("a 409 (rated meanwhile) shows the server's words in the alert, and the panel reads the feedback again", async () => {
    serveJobPage(aJob());
    let current: BookingFeedback = ASKED;
    const calls = serveFeedback(() => current, () => {
      current = RATED;
      return HttpResponse.json(
        { error: "You've already rated this clean. Thank you!", code: "FEEDBACK_ALREADY_GIVEN" },
        { status: 409 },
      );
    });
    const { panel, user } = await openPanel();
    await user.click(panel.getByRole("button", { name: T.askAgain }));

    const alert = await panel.findByRole("alert");
    expect(alert.textContent).toContain("You've already rated this clean. Thank you!");
    expect(alert.textContent).toContain("Conflict");
    await panel.findByText("4 out of 5");
    expect(calls.get).toBe(2);
    expect(panel.queryByRole("button", { name: T.askAgain })).toBeNull();
    expect(panel.queryByText(T.sent("olivia@example.com"))).toBeNull();
  });

  it("a 409 for a job no longer done shows the server's words; Dismiss closes it", async () => {
    serveJobPage(aJob());
    serveFeedback(() => null, () =>
      HttpResponse.json({ error: "Feedback can be asked for once the job is done.", code: "JOB_NOT_DONE" }, { status: 409 }));
    const { panel, user } = await openPanel();
    await user.click(panel.getByRole("button", { name: T.ask }));
    const alert = await panel.findByRole("alert");
    expect(alert.textContent).toContain("Feedback can be asked for once the job is done.");
    await user.click(within(alert).getByRole("button", { name: "Dismiss" }));
    expect(panel.queryByRole("alert")).toBeNull();
  });

  it("a failed load says so in the panel", async () => {
    serveJobPage(aJob());
    server.use(http.get("/api/admin/bookings/:id/feedback", () => HttpResponse.json({ error: "down", code: "INTERNAL_ERROR" }, { status: 500 })));
    const { panel } = await openPanel();
    expect((await panel.findByRole("alert")).textContent).toContain(T.loadFailed);
    expect(panel.queryByRole("button")).toBeNull();
  });

  it("a quote has no feedback panel and asks for none", async () => {
    serveJobPage(aJob({ type: "QUOTE", status: "QUOTE_REQUESTED" }));
    server.use(http.get("/api/admin/bookings/b1/quote", () => HttpResponse.json({ pricedQuote: null })));
    const calls = serveFeedback(() => ASKED);
    renderAdmin("/admin/bookings/b1");
    await screen.findByRole("heading", { name: "Quote", level: 1 });
    await screen.findByRole("region", { name: "Price this quote" });
    expect(screen.queryByRole("region", { name: T.title })).toBeNull();
    expect(calls.get).toBe(0);
  });
});

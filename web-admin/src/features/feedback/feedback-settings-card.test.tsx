/** The Feedback card of the Settings screen (issue 32), against msw answers in the shapes of /api/admin/settings/feedback. */
import { screen, waitFor, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { beforeEach, describe, expect, it } from "vitest";
import { hasUnsavedChanges } from "../../lib/unsaved-changes.ts";
import { renderAdmin, storeSession } from "../../test/render-admin.tsx";
import { server } from "../../test/server.ts";
import type { FeedbackSettings } from "./feedback-api.ts";
import { FEEDBACK_SETTINGS_TEXT as T } from "./feedback-settings-card.tsx";

const SAVED: FeedbackSettings = { enabled: true, delayHours: 2, reviewUrl: "https://g.page/r/yarra-sparkle/review" };

/** The Settings page's other loads, and the feedback settings as `feedback()` says. */
function answerLoads(feedback: () => Response = () => HttpResponse.json(SAVED)) {
  server.use(
    http.get("/api/admin/settings/scheduling", () => HttpResponse.json({})),
    http.get("/api/admin/content", () => HttpResponse.json({})),
    http.get("/api/admin/settings/service-area", () => HttpResponse.json({ postcodes: [] })),
    http.get("/api/admin/closed-dates", () => HttpResponse.json({ items: [] })),
    http.get("/api/admin/settings/business", () => HttpResponse.json({})),
    http.get("/api/admin/settings/payments", () => HttpResponse.json({ enabled: false })),
    http.get("/api/admin/settings/feedback", feedback),
    // The cleaners' e-mails card (issue 31; features/team-notices tests it).
    http.get("/api/admin/settings/team-notices", () => HttpResponse.json({ runSheetHour: null })),
  );
}

/** Every PUT's body, answered by `answer` (the body as saved by default). */
function answerSaves(answer?: (body: Record<string, unknown>) => Response) {
  const bodies: Record<string, unknown>[] = [];
  server.use(
    http.put("/api/admin/settings/feedback", async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      bodies.push(body);
      return answer ? answer(body) : HttpResponse.json(body);
    }),
  );
  return bodies;
}

async function openSettings() {
  const view = renderAdmin("/admin/settings");
  await screen.findByRole("heading", { name: "Settings", level: 1 });
  await waitFor(() => expect(screen.queryByText("Loading settings…")).toBeNull());
  return view;
}

const card = () => within(screen.getByRole("form", { name: T.title }));
const enabledBox = () => card().getByLabelText<HTMLInputElement>(T.enabled);
const delay = () => card().getByLabelText<HTMLSelectElement>(T.delay);
const reviewUrl = () => card().getByLabelText<HTMLInputElement>(T.reviewUrl);
const selectedText = (select: HTMLSelectElement) => select.selectedOptions[0]?.textContent;
const describedText = (element: HTMLElement) =>
  (element.getAttribute("aria-describedby") ?? "").split(" ").map((id) => document.getElementById(id)?.textContent).join(" | ");

describe("feedback settings, as a superadmin", () => {
  beforeEach(() => storeSession({ role: "superadmin" }));

  it("loads the saved settings: asked, when, and the review page", async () => {
    answerLoads();
    await openSettings();
    await waitFor(() => expect(reviewUrl().value).toBe("https://g.page/r/yarra-sparkle/review"));
    expect(enabledBox().checked).toBe(true);
    expect(selectedText(delay())).toBe("2 hours after the job ends");
    expect(describedText(reviewUrl())).toContain(T.reviewUrlHint);
    // The choices run from the moment the job is marked done to a week after it ends.
    const choices = [...delay().options].map((option) => option.textContent);
    expect(choices[0]).toBe("When the job is marked done");
    expect(choices).toContain("1 hour after the job ends");
    expect(choices.at(-1)).toBe("168 hours after the job ends");
  });

  it("offers an hour saved outside the list's choices, as saved", async () => {
    answerLoads(() => HttpResponse.json({ ...SAVED, delayHours: 5 }));
    await openSettings();
    await waitFor(() => expect(selectedText(delay())).toBe("5 hours after the job ends"));
  });

  it("saves the box, the hours and the address trimmed; a blank address is sent as none", async () => {
    answerLoads();
    const bodies = answerSaves();
    const { user } = await openSettings();
    await waitFor(() => expect(reviewUrl().value).toBe(SAVED.reviewUrl));
    await user.click(enabledBox());
    await user.selectOptions(delay(), "24");
    await user.clear(reviewUrl());
    await user.type(reviewUrl(), "  https://www.productreview.com.au/listings/yarra-sparkle ");
    await user.click(card().getByRole("button", { name: T.save }));
    expect(await card().findByText(T.saved)).toBeTruthy();

    await user.click(enabledBox());
    await user.selectOptions(delay(), "0");
    await user.clear(reviewUrl());
    await user.click(card().getByRole("button", { name: T.save }));
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies).toEqual([
      { enabled: false, delayHours: 24, reviewUrl: "https://www.productreview.com.au/listings/yarra-sparkle" },
      { enabled: true, delayHours: 0, reviewUrl: null },
    ]);
    // The form starts again from what was saved.
    expect(reviewUrl().value).toBe("");
    expect(selectedText(delay())).toBe(T.onDone);
    expect(hasUnsavedChanges()).toBe(false);
  });

  it("refuses, before sending, an address that is not https, beside the field", async () => {
    answerLoads();
    const bodies = answerSaves();
    const { user } = await openSettings();
    await waitFor(() => expect(reviewUrl().value).toBe(SAVED.reviewUrl));
    await user.clear(reviewUrl());
    await user.type(reviewUrl(), "http://g.page/r/yarra-sparkle/review");
    await user.click(card().getByRole("button", { name: T.save }));
    expect(await card().findByText(T.badReviewUrl)).toBeTruthy();
    expect(reviewUrl().getAttribute("aria-invalid")).toBe("true");
    expect(describedText(reviewUrl())).toContain(T.badReviewUrl);
    expect(document.activeElement).toBe(reviewUrl());
    expect(bodies).toHaveLength(0);
  });

  it("shows the server's 422 beside the review address, with no alert repeating it", async () => {
    answerLoads();
    const bodies = answerSaves(() =>
      HttpResponse.json(
        {
          error: "Validation failed",
          code: "VALIDATION_FAILED",
          fieldErrors: { reviewUrl: ["Please enter a web address starting with https://."] },
        },
        { status: 422 },
      )
    );
    const { user } = await openSettings();
    await waitFor(() => expect(reviewUrl().value).toBe(SAVED.reviewUrl));
    await user.clear(reviewUrl());
    // Passes the form's own check; the server stands in refusing it, as it would an address it holds invalid.
    await user.type(reviewUrl(), "https://reviews.example/yarra-sparkle");
    await user.click(card().getByRole("button", { name: T.save }));
    const message = await card().findByText("Please enter a web address starting with https://.");
    expect(reviewUrl().getAttribute("aria-invalid")).toBe("true");
    expect(reviewUrl().getAttribute("aria-describedby")).toContain(message.id);
    expect(document.activeElement).toBe(reviewUrl());
    expect(card().queryByRole("alert")).toBeNull();
    expect(card().queryByText(T.saved)).toBeNull();
    expect(bodies).toEqual([{ enabled: true, delayHours: 2, reviewUrl: "https://reviews.example/yarra-sparkle" }]);
  });

  it("shows any other refusal in an alert with the server's words, else 'Saving the feedback settings failed'", async () => {
    answerLoads();
    let answer = () => HttpResponse.json({ error: "Only a superadmin can do that.", code: "FORBIDDEN" }, { status: 403 });
    answerSaves(() => answer());
    const { user } = await openSettings();
    await waitFor(() => expect(reviewUrl().value).toBe(SAVED.reviewUrl));
    await user.click(card().getByRole("button", { name: T.save }));
    expect((await card().findByRole("alert")).textContent).toContain("Only a superadmin can do that.");

    answer = () => new HttpResponse(null, { status: 500 });
    await user.click(card().getByRole("button", { name: T.save }));
    await waitFor(() => expect(card().getByRole("alert").textContent).toContain(T.failed));
  });

  it("never saves the defaults over settings that failed to load: Save is off, it says why, Retry loads them", async () => {
    let fail = true;
    answerLoads(() => (fail ? HttpResponse.json({ error: "down", code: "INTERNAL_ERROR" }, { status: 500 }) : HttpResponse.json(SAVED)));
    const bodies = answerSaves();
    const { user } = await openSettings();
    await waitFor(() => expect(card().getByRole("alert").textContent).toContain(T.notLoaded));
    expect(card().getByRole("button", { name: T.save })).toHaveProperty("disabled", true);
    // The defaults: asked when the job is marked done, no review page.
    expect(enabledBox().checked).toBe(true);
    expect(selectedText(delay())).toBe(T.onDone);
    await user.type(reviewUrl(), "https://example.com{Enter}");
    expect(bodies).toHaveLength(0);

    fail = false;
    await user.click(card().getByRole("button", { name: "Retry" }));
    await waitFor(() => expect(reviewUrl().value).toBe(SAVED.reviewUrl));
    expect(card().getByRole("button", { name: T.save })).toHaveProperty("disabled", false);
    expect(card().queryByRole("alert")).toBeNull();
  });
});

describe("feedback settings, as an admin", () => {
  beforeEach(() => storeSession({ role: "admin" }));

  it("shows them read-only: no boxes, no Save", async () => {
    answerLoads();
    await openSettings();
    const section = within(await screen.findByRole("region", { name: T.title }));
    expect(await section.findByText(SAVED.reviewUrl!)).toBeTruthy();
    expect(section.getByText(T.readOnly)).toBeTruthy();
    const terms = section.getAllByRole("term").map((term) => term.textContent);
    const values = section.getAllByRole("definition").map((value) => value.textContent);
    expect(Object.fromEntries(terms.map((term, i) => [term, values[i]]))).toEqual({
      [T.enabled]: "Yes",
      [T.delay]: "2 hours after the job ends",
      [T.reviewUrl]: "https://g.page/r/yarra-sparkle/review",
    });
    expect(screen.queryByRole("form", { name: T.title })).toBeNull();
    expect(section.queryByRole("checkbox")).toBeNull();
    expect(section.queryByRole("combobox")).toBeNull();
    expect(section.queryByRole("button", { name: T.save })).toBeNull();
  });

  it("reads 'When the job is marked done' and '—' for the defaults", async () => {
    answerLoads(() => HttpResponse.json({ enabled: false, delayHours: 0, reviewUrl: null }));
    await openSettings();
    const section = within(await screen.findByRole("region", { name: T.title }));
    expect(await section.findByText(T.onDone)).toBeTruthy();
    expect(section.getByText(T.enabled).nextElementSibling?.textContent).toBe("No");
    expect(section.getByText(T.reviewUrl).nextElementSibling?.textContent).toBe("—");
  });

  it("says when they did not load, and Retry loads them", async () => {
    let fail = true;
    answerLoads(() => (fail ? HttpResponse.json({ error: "down", code: "INTERNAL_ERROR" }, { status: 500 }) : HttpResponse.json(SAVED)));
    const { user } = await openSettings();
    const section = within(await screen.findByRole("region", { name: T.title }));
    await waitFor(() => expect(section.getByRole("alert").textContent).toContain(T.loadFailed));
    fail = false;
    await user.click(section.getByRole("button", { name: "Retry" }));
    expect(await section.findByText(SAVED.reviewUrl!)).toBeTruthy();
  });
});

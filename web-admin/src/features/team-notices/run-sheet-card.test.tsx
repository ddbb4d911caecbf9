/** The "Cleaners’ e-mails" card of the Settings screen (issue 31), against msw answers in the shapes of /api/admin/settings/team-notices. */
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { beforeEach, describe, expect, it } from "vitest";
import { TEAM_NOTICE_MESSAGES, type TeamNoticeSettings } from "@yarra/core/settings/team-notices.ts";
import { hasUnsavedChanges } from "../../lib/unsaved-changes.ts";
import { renderAdmin, storeSession } from "../../test/render-admin.tsx";
import { server } from "../../test/server.ts";
import { hourLabel, RUN_SHEET_TEXT as T } from "./run-sheet-card.tsx";

const SAVED: TeamNoticeSettings = { runSheetHour: 17 };

/** The Settings page's other loads, and the run sheet setting as `teamNotices()` says. */
function answerLoads(teamNotices: () => Response = () => HttpResponse.json(SAVED)) {
  server.use(
    http.get("/api/admin/settings/scheduling", () => HttpResponse.json({})),
    http.get("/api/admin/content", () => HttpResponse.json({})),
    http.get("/api/admin/settings/service-area", () => HttpResponse.json({ postcodes: [] })),
    http.get("/api/admin/closed-dates", () => HttpResponse.json({ items: [] })),
    http.get("/api/admin/settings/business", () => HttpResponse.json({})),
    http.get("/api/admin/settings/payments", () => HttpResponse.json({ enabled: false })),
    http.get("/api/admin/settings/feedback", () => HttpResponse.json({ enabled: true, delayHours: 0, reviewUrl: null })),
    http.get("/api/admin/settings/team-notices", teamNotices),
  );
}

/** Every PUT's body, answered by `answer` (the body as saved by default). */
function answerSaves(answer?: (body: Record<string, unknown>) => Response) {
  const bodies: Record<string, unknown>[] = [];
  server.use(
    http.put("/api/admin/settings/team-notices", async ({ request }) => {
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
const runSheet = () => card().getByLabelText<HTMLSelectElement>(T.runSheet);
// By selectedIndex: happy-dom's selectedOptions can lag behind a choice the user made.
const selectedText = (select: HTMLSelectElement) => select.options[select.selectedIndex]?.textContent;
const describedText = (element: HTMLElement) =>
  (element.getAttribute("aria-describedby") ?? "").split(" ").map((id) => document.getElementById(id)?.textContent).join(" | ");

describe("hourLabel", () => {
  it("writes hours as the app does: 12-hour clock, am/pm", () => {
    expect([0, 1, 11, 12, 13, 17, 18, 23].map(hourLabel)).toEqual(
      ["12:00 am", "1:00 am", "11:00 am", "12:00 pm", "1:00 pm", "5:00 pm", "6:00 pm", "11:00 pm"],
    );
  });
});

describe("the run sheet setting, as a superadmin", () => {
  beforeEach(() => storeSession({ role: "superadmin" }));

  it("loads the saved hour under the explanation, and offers Off and every hour", async () => {
    answerLoads();
    await openSettings();
    await screen.findByRole("form", { name: T.title });
    await waitFor(() => expect(selectedText(runSheet())).toBe("5:00 pm"));
    expect(card().getByText(T.intro)).toBeTruthy();
    expect(describedText(runSheet())).toContain("Each cleaner with jobs tomorrow gets the list at this time");
    const choices = [...runSheet().options].map((option) => option.textContent);
    expect(choices).toHaveLength(25);
    expect(choices.slice(0, 3)).toEqual(["Off", "12:00 am", "1:00 am"]);
    expect(choices.at(-1)).toBe("11:00 pm");
  });

  it("sits before the Feedback card on the page", async () => {
    answerLoads();
    await openSettings();
    const ours = await screen.findByRole("form", { name: T.title });
    const feedback = await screen.findByRole("form", { name: "Feedback" });
    expect(ours.compareDocumentPosition(feedback) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it("saves 6:00 pm as 18, then Off as null, and starts again from what was saved", async () => {
    answerLoads();
    const bodies = answerSaves();
    const { user } = await openSettings();
    await waitFor(() => expect(selectedText(runSheet())).toBe("5:00 pm"));
    await user.selectOptions(runSheet(), "6:00 pm");
    expect(hasUnsavedChanges()).toBe(true);
    await user.click(card().getByRole("button", { name: T.save }));
    expect(await card().findByText(T.saved)).toBeTruthy();
    expect(selectedText(runSheet())).toBe("6:00 pm");
    expect(hasUnsavedChanges()).toBe(false);

    await user.selectOptions(runSheet(), "Off");
    await user.click(card().getByRole("button", { name: T.save }));
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies).toEqual([{ runSheetHour: 18 }, { runSheetHour: null }]);
    await waitFor(() => expect(hasUnsavedChanges()).toBe(false));
    expect(selectedText(runSheet())).toBe("Off");
  });

  it("shows the server's 422 beside the select, with no alert repeating it", async () => {
    answerLoads();
    const bodies = answerSaves(() =>
      HttpResponse.json(
        { error: "Validation failed", code: "VALIDATION_FAILED", fieldErrors: { runSheetHour: [TEAM_NOTICE_MESSAGES.runSheetHour] } },
        { status: 422 },
      )
    );
    const { user } = await openSettings();
    await waitFor(() => expect(selectedText(runSheet())).toBe("5:00 pm"));
    await user.selectOptions(runSheet(), "9:00 pm");
    await user.click(card().getByRole("button", { name: T.save }));
    const message = await card().findByText(TEAM_NOTICE_MESSAGES.runSheetHour);
    expect(runSheet().getAttribute("aria-invalid")).toBe("true");
    expect(runSheet().getAttribute("aria-describedby")).toContain(message.id);
    expect(document.activeElement).toBe(runSheet());
    expect(card().queryByRole("alert")).toBeNull();
    expect(card().queryByText(T.saved)).toBeNull();
    expect(bodies).toEqual([{ runSheetHour: 21 }]);
  });

  it("shows any other refusal in an alert with the server's words, else 'Saving the run sheet setting failed'", async () => {
    answerLoads();
    let answer = () => HttpResponse.json({ error: "Only a superadmin can do that.", code: "FORBIDDEN" }, { status: 403 });
    answerSaves(() => answer());
    const { user } = await openSettings();
    await waitFor(() => expect(selectedText(runSheet())).toBe("5:00 pm"));
    await user.click(card().getByRole("button", { name: T.save }));
    expect((await card().findByRole("alert")).textContent).toContain("Only a superadmin can do that.");

    answer = () => new HttpResponse(null, { status: 500 });
    await user.click(card().getByRole("button", { name: T.save }));
    await waitFor(() => expect(card().getByRole("alert").textContent).toContain(T.failed));
  });

  it("never saves the default over a setting that failed to load: Save is off, it says why, Retry loads it", async () => {
    let fail = true;
    answerLoads(() => (fail ? HttpResponse.json({ error: "down", code: "INTERNAL_ERROR" }, { status: 500 }) : HttpResponse.json(SAVED)));
    const bodies = answerSaves();
    const { user } = await openSettings();
    await waitFor(() => expect(card().getByRole("alert").textContent).toContain(T.notLoaded));
    expect(card().getByRole("button", { name: T.save })).toHaveProperty("disabled", true);
    // The default: no run sheet.
    expect(selectedText(runSheet())).toBe("Off");
    await user.selectOptions(runSheet(), "6:00 pm");
    // A submit by other means than the disabled button (Enter) is kept from sending too.
    fireEvent.submit(runSheet().form!);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(bodies).toHaveLength(0);

    fail = false;
    await user.click(card().getByRole("button", { name: "Retry" }));
    await waitFor(() => expect(selectedText(runSheet())).toBe("5:00 pm"));
    expect(card().getByRole("button", { name: T.save })).toHaveProperty("disabled", false);
    expect(card().queryByRole("alert")).toBeNull();
  });
});

describe("the run sheet setting, as an admin", () => {
  beforeEach(() => storeSession({ role: "admin" }));

  it("shows it read-only: no select, no Save", async () => {
    answerLoads();
    await openSettings();
    const section = within(await screen.findByRole("region", { name: T.title }));
    expect(await section.findByText("5:00 pm (Melbourne time)")).toBeTruthy();
    expect(section.getByText(T.intro)).toBeTruthy();
    expect(section.getByText(T.readOnly)).toBeTruthy();
    expect(section.getByRole("term").textContent).toBe(T.runSheet);
    expect(screen.queryByRole("form", { name: T.title })).toBeNull();
    expect(section.queryByRole("combobox")).toBeNull();
    expect(section.queryByRole("button", { name: T.save })).toBeNull();
  });

  it("reads 'Off' when no run sheet is sent", async () => {
    answerLoads(() => HttpResponse.json({ runSheetHour: null }));
    await openSettings();
    const section = within(await screen.findByRole("region", { name: T.title }));
    expect((await section.findByRole("definition")).textContent).toBe("Off");
  });

  it("says when it did not load, and Retry loads it", async () => {
    let fail = true;
    answerLoads(() => (fail ? HttpResponse.json({ error: "down", code: "INTERNAL_ERROR" }, { status: 500 }) : HttpResponse.json(SAVED)));
    const { user } = await openSettings();
    const section = within(await screen.findByRole("region", { name: T.title }));
    await waitFor(() => expect(section.getByRole("alert").textContent).toContain(T.loadFailed));
    fail = false;
    await user.click(section.getByRole("button", { name: "Retry" }));
    expect(await section.findByText("5:00 pm (Melbourne time)")).toBeTruthy();
  });
});

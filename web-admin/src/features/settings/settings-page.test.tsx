import { screen, waitFor, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { beforeEach, describe, expect, it } from "vitest";
import { renderAdmin, storeSession } from "../../test/render-admin.tsx";
import { server } from "../../test/server.ts";
import { BUSINESS_DEFAULTS } from "./business-card.tsx";

const POLICY = '<ul><li>Free changes up to 24 hours before.</li><li><a href="https://x.example" target="_blank">Terms</a></li></ul>';
const scheduling = { slotBufferMin: 90, maxConcurrentPerSlot: 2, enforceBuffer: true, leadDays: 4, firstSlotHour: 8, lastSlotHour: 16, closedWeekdays: [0] };
/** The lead time, start hours and closed weekdays as loaded: every save sends them with the rest. */
const BOOKING_DAYS = { leadDays: 4, firstSlotHour: 8, lastSlotHour: 16, closedWeekdays: [0] };
const content = { generalCommentEnabled: true, generalCommentLabel: "Notes for us", generalCommentPlaceholder: "Gate code?", cancellationPolicyHtml: POLICY };

function answerLoads(status = 200, area: { postcodes: string[] } = { postcodes: ["3000-3207", "3121"] }) {
  server.use(
    http.get("/api/admin/settings/service-area", () => HttpResponse.json(area)),
    // The closed dates card (its own feature) sits on this page too.
    http.get("/api/admin/closed-dates", () => HttpResponse.json({ items: [] })),
    // So is the business details card (issue 30; business-card.test.tsx tests it).
    http.get("/api/admin/settings/business", () => HttpResponse.json({ ...BUSINESS_DEFAULTS, legalName: "Yarra Sparkle Pty Ltd" })),
    // And the Feedback card (issue 32; features/feedback tests it).
    http.get("/api/admin/settings/feedback", () => HttpResponse.json({ enabled: true, delayHours: 0, reviewUrl: null })),
    // The cleaners' e-mails card (issue 31; features/team-notices tests it).
    http.get("/api/admin/settings/team-notices", () => HttpResponse.json({ runSheetHour: null })),
    // The online payments card (online-payments-card.test.tsx tests it).
    http.get("/api/admin/settings/payments", () => HttpResponse.json({ enabled: false })),
    http.get("/api/admin/settings/scheduling", () =>
      status === 200 ? HttpResponse.json(scheduling) : HttpResponse.json({ error: "down", code: "X" }, { status })),
    http.get("/api/admin/content", () =>
      status === 200 ? HttpResponse.json(content) : HttpResponse.json({ error: "down", code: "X" }, { status })),
  );
}

async function openSettings() {
  const view = renderAdmin("/admin/settings");
  await screen.findByRole("heading", { name: "Settings", level: 1 });
  await waitFor(() => expect(screen.queryByText("Loading settings…")).toBeNull());
  return view;
}

const form = (name: string) => screen.getByRole("form", { name });

beforeEach(() => storeSession());

describe("settings", () => {
  it("loads both sections", async () => {
    answerLoads();
    await openSettings();
    expect(screen.getByLabelText<HTMLInputElement>("Slot buffer (minutes)").value).toBe("90");
    expect(screen.getByLabelText<HTMLInputElement>("Max concurrent bookings per slot").value).toBe("2");
    expect(screen.getByLabelText<HTMLInputElement>(/Enforce the buffer/).checked).toBe(true);
    expect(screen.getByLabelText<HTMLInputElement>("Comment label").value).toBe("Notes for us");
    expect(screen.getByLabelText<HTMLInputElement>("Comment placeholder").value).toBe("Gate code?");
    // The policy is not editable on screen.
    expect(screen.queryByDisplayValue(POLICY)).toBeNull();
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("shows 'Failed to load settings' and uses the defaults", async () => {
    answerLoads(500);
    await openSettings();
    await waitFor(() => expect(screen.getAllByRole("alert").map((a) => a.textContent).join(" ")).toContain("Failed to load settings"));
    expect(screen.getByLabelText<HTMLInputElement>("Slot buffer (minutes)").value).toBe("120");
    expect(screen.getByLabelText<HTMLInputElement>("Max concurrent bookings per slot").value).toBe("1");
    expect(screen.getByLabelText<HTMLInputElement>("Comment label").value).toBe("General comments");
    expect(screen.getByLabelText<HTMLInputElement>("Comment placeholder").value).toBe("Any special instructions?");
  });

  it("never saves the defaults over settings that failed to load: Save is off, it says why, Retry loads them", async () => {
    answerLoads(500);
    let puts = 0;
    server.use(
      http.put("/api/admin/settings/scheduling", () => {
        puts += 1;
        return HttpResponse.json(scheduling);
      }),
      http.put("/api/admin/content", () => {
        puts += 1;
        return HttpResponse.json(content);
      }),
    );
    const { user } = await openSettings();
    const schedulingForm = within(form("Scheduling"));
    const contentForm = within(form("Booking form content"));
    await waitFor(() => expect(schedulingForm.getByRole("button", { name: "Save scheduling" })).toHaveProperty("disabled", true));
    expect(contentForm.getByRole("button", { name: "Save booking form content" })).toHaveProperty("disabled", true);
    expect(schedulingForm.getByRole("alert").textContent).toContain("Saving is off until they load");
    // The service area loaded: its Save is not held back by the others.
    expect(within(form("Service area")).getByRole("button", { name: "Save service area" })).toHaveProperty("disabled", false);

    answerLoads(200);
    await user.click(schedulingForm.getByRole("button", { name: "Retry" }));
    await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>("Slot buffer (minutes)").value).toBe("90"));
    expect(within(form("Scheduling")).getByRole("button", { name: "Save scheduling" })).toHaveProperty("disabled", false);
    expect(within(form("Scheduling")).queryByRole("button", { name: "Retry" })).toBeNull();
    // The content card retries on its own.
    expect(within(form("Booking form content")).getByRole("button", { name: "Save booking form content" })).toHaveProperty("disabled", true);
    expect(puts).toBe(0);
  });

  it("clamps the scheduling numbers and says 'Scheduling settings saved.'", async () => {
    answerLoads();
    const bodies: unknown[] = [];
    server.use(
      http.put("/api/admin/settings/scheduling", async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        bodies.push(body);
        return HttpResponse.json({ ...scheduling, ...body });
      }),
    );
    const { user } = await openSettings();
    const buffer = screen.getByLabelText<HTMLInputElement>("Slot buffer (minutes)");
    const max = screen.getByLabelText<HTMLInputElement>("Max concurrent bookings per slot");
    await user.clear(buffer);
    await user.type(buffer, "5000");
    await user.clear(max);
    await user.type(max, "0");
    await user.click(screen.getByLabelText(/Enforce the buffer/));
    await user.click(screen.getByRole("button", { name: "Save scheduling" }));
    expect(await within(form("Scheduling")).findByText("Scheduling settings saved.")).toBeTruthy();
    expect(bodies[0]).toEqual({ slotBufferMin: 1440, maxConcurrentPerSlot: 1, enforceBuffer: false, ...BOOKING_DAYS, horizonDays: 365, dayEndHour: 18, reminderHoursBefore: 48, freeChangeCutoffHours: 24, seriesHorizonWeeks: 8, availabilityMode: "SLOTS", teamGapMin: 30 });
    expect(buffer.value).toBe("1440");
    expect(max.value).toBe("1");

    await user.clear(buffer);
    await user.clear(max);
    await user.type(max, "99");
    await user.click(screen.getByRole("button", { name: "Save scheduling" }));
    await waitFor(() => expect(bodies).toHaveLength(2));
    // A blank buffer falls back to 120; the cap stops at 50.
    expect(bodies[1]).toEqual({ slotBufferMin: 120, maxConcurrentPerSlot: 50, enforceBuffer: false, ...BOOKING_DAYS, horizonDays: 365, dayEndHour: 18, reminderHoursBefore: 48, freeChangeCutoffHours: 24, seriesHorizonWeeks: 8, availabilityMode: "SLOTS", teamGapMin: 30 });
  });

  it("edits the booking horizon: 365 by default, clamped to 730 and never under the lead time (issue 13)", async () => {
    answerLoads();
    const bodies: Record<string, unknown>[] = [];
    server.use(
      http.put("/api/admin/settings/scheduling", async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        bodies.push(body);
        return HttpResponse.json({ ...scheduling, ...body });
      }),
    );
    const { user } = await openSettings();
    const horizon = screen.getByLabelText<HTMLInputElement>("Booking horizon (days)");
    expect(horizon.value).toBe("365");
    expect(horizon.max).toBe("730");
    await user.clear(horizon);
    await user.type(horizon, "5000");
    await user.click(screen.getByRole("button", { name: "Save scheduling" }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0].horizonDays).toBe(730);
    expect(horizon.value).toBe("730");
    await user.clear(horizon);
    await user.type(horizon, "2");
    await user.click(screen.getByRole("button", { name: "Save scheduling" }));
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[1].horizonDays).toBe(4);
  });

  it("prefers the server's text when saving scheduling fails, else 'Saving scheduling settings failed'", async () => {
    answerLoads();
    let first = true;
    server.use(
      http.put("/api/admin/settings/scheduling", () => {
        const answer = first
          ? HttpResponse.json({ error: "Settings are locked.", code: "LOCKED" }, { status: 409 })
          : HttpResponse.json({}, { status: 500 });
        first = false;
        return answer;
      }),
    );
    const { user } = await openSettings();
    await user.click(screen.getByRole("button", { name: "Save scheduling" }));
    expect((await screen.findByRole("alert")).textContent).toContain("Settings are locked.");
    await user.click(screen.getByRole("button", { name: "Save scheduling" }));
    await waitFor(() => expect(screen.getByRole("alert").textContent).toContain("Saving scheduling settings failed"));
  });

  it("saves the content with the policy HTML sent back untouched", async () => {
    answerLoads();
    let sent: unknown;
    server.use(
      http.put("/api/admin/content", async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json(sent as Record<string, unknown>);
      }),
    );
    const { user } = await openSettings();
    await user.click(screen.getByLabelText("Show the general comments box"));
    const label = screen.getByLabelText("Comment label");
    await user.clear(label);
    await user.type(label, "Anything else?");
    await user.click(screen.getByRole("button", { name: "Save booking form content" }));
    expect(await within(form("Booking form content")).findByText("Booking form content saved.")).toBeTruthy();
    expect(sent).toEqual({
      generalCommentEnabled: false,
      generalCommentLabel: "Anything else?",
      generalCommentPlaceholder: "Gate code?",
      cancellationPolicyHtml: POLICY,
    });
  });

  it("says 'Saving booking form content failed' when the server gives no text", async () => {
    answerLoads();
    server.use(http.put("/api/admin/content", () => new HttpResponse(null, { status: 500 })));
    const { user } = await openSettings();
    await user.click(screen.getByRole("button", { name: "Save booking form content" }));
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Saving booking form content failed");
    expect(screen.queryByText("Booking form content saved.")).toBeNull();
  });
});

describe("working day end (issue 14)", () => {
  it("shows the saved hour as HH:00 from the hour after the first start to 24:00, and saves it", async () => {
    answerLoads();
    server.use(http.get("/api/admin/settings/scheduling", () => HttpResponse.json({ ...scheduling, dayEndHour: 17 })));
    const bodies: Record<string, unknown>[] = [];
    server.use(
      http.put("/api/admin/settings/scheduling", async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        bodies.push(body);
        return HttpResponse.json({ ...scheduling, ...body });
      }),
    );
    const { user } = await openSettings();
    const dayEnd = screen.getByLabelText<HTMLSelectElement>("Working day ends");
    expect(dayEnd.value).toBe("17");
    expect(dayEnd.selectedOptions[0]!.textContent).toBe("17:00");
    const options = [...dayEnd.options].map((option) => option.textContent);
    // The first start is 08:00, so the day can end at 09:00 at the earliest.
    expect(options[0]).toBe("09:00");
    expect(options.at(-1)).toBe("24:00");
    expect(options).toHaveLength(16);
    expect(document.getElementById(dayEnd.getAttribute("aria-describedby")!)!.textContent)
      .toBe("Every job must end by this time (Melbourne): a start whose job would run past it is not offered. Default 18:00.");

    await user.selectOptions(dayEnd, "20:00");
    await user.click(screen.getByRole("button", { name: "Save scheduling" }));
    expect(await within(form("Scheduling")).findByText("Scheduling settings saved.")).toBeTruthy();
    expect(bodies[0]).toEqual({ slotBufferMin: 90, maxConcurrentPerSlot: 2, enforceBuffer: true, ...BOOKING_DAYS, horizonDays: 365, dayEndHour: 20, reminderHoursBefore: 48, freeChangeCutoffHours: 24, seriesHorizonWeeks: 8, availabilityMode: "SLOTS", teamGapMin: 30 });
    expect(dayEnd.value).toBe("20");
  });

  it("starts at 18:00 when the settings could not be loaded", async () => {
    answerLoads(500);
    await openSettings();
    expect(screen.getByLabelText<HTMLSelectElement>("Working day ends").value).toBe("18");
  });
});

describe("reminder and free-change hours (issue 15)", () => {
  it("shows the saved hours, clamps what is typed, and saves them with the scheduling settings", async () => {
    answerLoads();
    server.use(
      http.get("/api/admin/settings/scheduling", () =>
        HttpResponse.json({ ...scheduling, reminderHoursBefore: 48, freeChangeCutoffHours: 12 })),
    );
    const bodies: Record<string, unknown>[] = [];
    server.use(
      http.put("/api/admin/settings/scheduling", async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        bodies.push(body);
        return HttpResponse.json({ ...scheduling, ...body });
      }),
    );
    const { user } = await openSettings();
    const reminder = screen.getByLabelText<HTMLInputElement>("Reminder e-mail (hours before the job)");
    const cutoff = screen.getByLabelText<HTMLInputElement>("Free changes until (hours before the job)");
    expect([reminder.value, cutoff.value]).toEqual(["48", "12"]);
    expect([reminder.min, reminder.max, cutoff.min, cutoff.max]).toEqual(["1", "168", "0", "168"]);
    expect(document.getElementById(reminder.getAttribute("aria-describedby")!)!.textContent)
      .toBe("The customer's reminder goes this many hours before the start: 1 to 168 (default 48).");

    await user.clear(reminder);
    await user.type(reminder, "0");
    await user.clear(cutoff);
    await user.type(cutoff, "500");
    await user.click(screen.getByRole("button", { name: "Save scheduling" }));
    expect(await within(form("Scheduling")).findByText("Scheduling settings saved.")).toBeTruthy();
    expect(bodies[0]).toMatchObject({ reminderHoursBefore: 1, freeChangeCutoffHours: 168, dayEndHour: 18 });
    expect([reminder.value, cutoff.value]).toEqual(["1", "168"]);

    await user.clear(reminder);
    await user.type(reminder, "36");
    await user.clear(cutoff);
    await user.click(screen.getByRole("button", { name: "Save scheduling" }));
    await waitFor(() => expect(bodies).toHaveLength(2));
    // A blank field falls back to its default (24 hours).
    expect(bodies[1]).toMatchObject({ reminderHoursBefore: 36, freeChangeCutoffHours: 24 });
  });

  it("starts at the defaults (48 and 24 hours) when the settings could not be loaded", async () => {
    answerLoads(500);
    await openSettings();
    expect(screen.getByLabelText<HTMLInputElement>("Reminder e-mail (hours before the job)").value).toBe("48");
    expect(screen.getByLabelText<HTMLInputElement>("Free changes until (hours before the job)").value).toBe("24");
  });
});

describe("visits generated ahead (issue 17)", () => {
  it("shows the saved weeks, clamps what is typed to 1-26, and saves them with the scheduling settings", async () => {
    answerLoads();
    server.use(http.get("/api/admin/settings/scheduling", () => HttpResponse.json({ ...scheduling, seriesHorizonWeeks: 12 })));
    const bodies: Record<string, unknown>[] = [];
    server.use(
      http.put("/api/admin/settings/scheduling", async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        bodies.push(body);
        return HttpResponse.json({ ...scheduling, ...body });
      }),
    );
    const { user } = await openSettings();
    const weeks = screen.getByLabelText<HTMLInputElement>("Visits generated ahead (weeks)");
    expect(weeks.value).toBe("12");
    expect([weeks.min, weeks.max]).toEqual(["1", "26"]);
    expect(document.getElementById(weeks.getAttribute("aria-describedby")!)!.textContent)
      .toBe("How far ahead the visits of a regular clean are booked, each checked against capacity: 1 to 26 weeks (default 8).");

    await user.clear(weeks);
    await user.type(weeks, "40");
    await user.click(screen.getByRole("button", { name: "Save scheduling" }));
    expect(await within(form("Scheduling")).findByText("Scheduling settings saved.")).toBeTruthy();
    expect(bodies[0]).toMatchObject({ seriesHorizonWeeks: 26 });
    expect(weeks.value).toBe("26");

    await user.clear(weeks);
    await user.type(weeks, "0");
    // Leaving the field clamps it at once, as the others do.
    await user.tab();
    expect(weeks.value).toBe("1");
    await user.clear(weeks);
    await user.click(screen.getByRole("button", { name: "Save scheduling" }));
    await waitFor(() => expect(bodies).toHaveLength(2));
    // A blank field falls back to its default (8 weeks).
    expect(bodies[1]).toMatchObject({ seriesHorizonWeeks: 8 });
  });

  it("starts at 8 weeks when the settings could not be loaded", async () => {
    answerLoads(500);
    await openSettings();
    expect(screen.getByLabelText<HTMLInputElement>("Visits generated ahead (weeks)").value).toBe("8");
  });
});

describe("availability by team (issue 28)", () => {
  const TRAVEL = "Travel time between a cleaner's jobs (minutes)";

  it("offers the two modes; team mode shows the travel time, clamped to 0-240 in fives, and saves both", async () => {
    answerLoads();
    const bodies: Record<string, unknown>[] = [];
    server.use(
      http.put("/api/admin/settings/scheduling", async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        bodies.push(body);
        return HttpResponse.json({ ...scheduling, ...body });
      }),
    );
    const { user } = await openSettings();
    const mode = screen.getByLabelText<HTMLSelectElement>("Availability");
    expect([...mode.options].map((option) => [option.value, option.textContent])).toEqual([
      ["SLOTS", "Time slots"],
      ["TEAM", "Team's working hours"],
    ]);
    expect(mode.value).toBe("SLOTS");
    expect(screen.queryByLabelText(TRAVEL)).toBeNull();

    await user.selectOptions(mode, "TEAM");
    const travel = screen.getByLabelText<HTMLInputElement>(TRAVEL);
    expect([travel.value, travel.min, travel.max, travel.step]).toEqual(["30", "0", "240", "5"]);
    await user.clear(travel);
    await user.type(travel, "47");
    await user.tab();
    expect(travel.value).toBe("45");
    await user.click(screen.getByRole("button", { name: "Save scheduling" }));
    expect(await within(form("Scheduling")).findByText("Scheduling settings saved.")).toBeTruthy();
    expect(bodies[0]).toMatchObject({ availabilityMode: "TEAM", teamGapMin: 45 });

    await user.clear(travel);
    await user.type(travel, "500");
    await user.click(screen.getByRole("button", { name: "Save scheduling" }));
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[1]).toMatchObject({ availabilityMode: "TEAM", teamGapMin: 240 });

    await user.selectOptions(mode, "SLOTS");
    expect(screen.queryByLabelText(TRAVEL)).toBeNull();
    await user.click(screen.getByRole("button", { name: "Save scheduling" }));
    await waitFor(() => expect(bodies).toHaveLength(3));
    // The travel time is kept for when team mode comes back.
    expect(bodies[2]).toMatchObject({ availabilityMode: "SLOTS", teamGapMin: 240 });
  });

  it("shows a saved team mode and its travel time", async () => {
    answerLoads();
    server.use(http.get("/api/admin/settings/scheduling", () => HttpResponse.json({ ...scheduling, availabilityMode: "TEAM", teamGapMin: 15 })));
    await openSettings();
    expect(screen.getByLabelText<HTMLSelectElement>("Availability").value).toBe("TEAM");
    expect(screen.getByLabelText<HTMLInputElement>(TRAVEL).value).toBe("15");
  });
});

describe("lead time, start hours and closed weekdays (issue 34)", () => {
  const LEAD = "Lead time (days)";
  const weekdays = () => within(screen.getByRole("group", { name: "Closed weekdays" }));
  const DAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];
  const closedBoxes = () => DAYS.filter((name) => weekdays().getByRole<HTMLInputElement>("checkbox", { name }).checked);

  function answerSaves(bodies: Record<string, unknown>[]) {
    server.use(
      http.put("/api/admin/settings/scheduling", async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        bodies.push(body);
        return HttpResponse.json({ ...scheduling, ...body });
      }),
    );
  }

  it("shows the saved lead time, start hours and closed weekdays, Monday first", async () => {
    answerLoads();
    server.use(http.get("/api/admin/settings/scheduling", () =>
      HttpResponse.json({ ...scheduling, leadDays: 2, firstSlotHour: 7, lastSlotHour: 15, closedWeekdays: [0, 6] })));
    await openSettings();
    const lead = screen.getByLabelText<HTMLInputElement>(LEAD);
    expect([lead.value, lead.min, lead.max]).toEqual(["2", "0", "60"]);
    expect(document.getElementById(lead.getAttribute("aria-describedby")!)!.textContent)
      .toBe("The first day customers may book is this many days after today (Melbourne): 0 to 60 (default 4).");
    const first = screen.getByLabelText<HTMLSelectElement>("First start");
    const last = screen.getByLabelText<HTMLSelectElement>("Last start");
    expect([first.value, first.selectedOptions[0]!.textContent]).toEqual(["7", "07:00"]);
    expect([last.value, last.selectedOptions[0]!.textContent]).toEqual(["15", "15:00"]);
    expect([...first.options].map((option) => option.textContent)).toHaveLength(24);
    expect(first.options[0]!.textContent).toBe("00:00");
    expect(last.options[23]!.textContent).toBe("23:00");
    // The day can end at 08:00 at the earliest, an hour after the first start.
    expect(screen.getByLabelText<HTMLSelectElement>("Working day ends").options[0]!.textContent).toBe("08:00");

    // Seven boxes, Monday first, each showing the day's short name and named in full.
    const boxes = weekdays().getAllByRole("checkbox");
    expect(DAYS.map((name) => weekdays().getByRole("checkbox", { name }))).toEqual(boxes);
    expect(boxes.map((box) => box.closest("label")!.querySelector("[aria-hidden='true']")!.textContent))
      .toEqual(["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]);
    expect(closedBoxes()).toEqual(["Saturday", "Sunday"]);
  });

  it("saves the changed lead time, hours and weekdays with the rest of the scheduling settings", async () => {
    answerLoads();
    const bodies: Record<string, unknown>[] = [];
    answerSaves(bodies);
    const { user } = await openSettings();
    const lead = screen.getByLabelText<HTMLInputElement>(LEAD);
    await user.clear(lead);
    await user.type(lead, "2");
    await user.selectOptions(screen.getByLabelText("First start"), "07:00");
    await user.selectOptions(screen.getByLabelText("Last start"), "17:00");
    await user.click(weekdays().getByRole("checkbox", { name: "Sunday" }));
    await user.click(weekdays().getByRole("checkbox", { name: "Saturday" }));
    await user.click(weekdays().getByRole("checkbox", { name: "Monday" }));
    await user.click(screen.getByRole("button", { name: "Save scheduling" }));
    expect(await within(form("Scheduling")).findByText("Scheduling settings saved.")).toBeTruthy();
    expect(bodies[0]).toEqual({
      slotBufferMin: 90, maxConcurrentPerSlot: 2, enforceBuffer: true, leadDays: 2, horizonDays: 365, firstSlotHour: 7, lastSlotHour: 17,
      closedWeekdays: [1, 6], dayEndHour: 18, reminderHoursBefore: 48, freeChangeCutoffHours: 24, seriesHorizonWeeks: 8,
      availabilityMode: "SLOTS", teamGapMin: 30,
    });
    // The form now starts from what was saved.
    expect(lead.value).toBe("2");
    expect(screen.getByLabelText<HTMLSelectElement>("Last start").value).toBe("17");
    expect(closedBoxes()).toEqual(["Monday", "Saturday"]);

    // No weekday closed is a list of none.
    await user.click(weekdays().getByRole("checkbox", { name: "Monday" }));
    await user.click(weekdays().getByRole("checkbox", { name: "Saturday" }));
    await user.click(screen.getByRole("button", { name: "Save scheduling" }));
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[1]).toMatchObject({ leadDays: 2, firstSlotHour: 7, lastSlotHour: 17, closedWeekdays: [] });
  });

  it("clamps as the server does: lead time 0-60, the horizon never under it, reversed hours swapped, the day's end after the first start", async () => {
    answerLoads();
    const bodies: Record<string, unknown>[] = [];
    answerSaves(bodies);
    const { user } = await openSettings();
    const lead = screen.getByLabelText<HTMLInputElement>(LEAD);
    const horizon = screen.getByLabelText<HTMLInputElement>("Booking horizon (days)");
    await user.clear(lead);
    await user.type(lead, "99");
    await user.tab();
    expect(lead.value).toBe("60");
    // The horizon's floor follows the lead time as typed, before any save.
    expect(horizon.min).toBe("60");
    expect(document.getElementById(horizon.getAttribute("aria-describedby")!)!.textContent)
      .toBe("How far ahead customers may book: 60 to 730 days (default 365).");
    await user.clear(horizon);
    await user.type(horizon, "30");

    const dayEnd = screen.getByLabelText<HTMLSelectElement>("Working day ends");
    await user.selectOptions(screen.getByLabelText("Last start"), "06:00");
    await user.selectOptions(screen.getByLabelText("First start"), "19:00");
    // 19:00 to 06:00 reads as 06:00 to 19:00; the day still ends at 18:00 or later after the first start.
    expect(dayEnd.options[0]!.textContent).toBe("07:00");
    expect(dayEnd.value).toBe("18");
    await user.click(screen.getByRole("button", { name: "Save scheduling" }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ leadDays: 60, horizonDays: 60, firstSlotHour: 6, lastSlotHour: 19, dayEndHour: 18 });
    expect(horizon.value).toBe("60");
    expect(screen.getByLabelText<HTMLSelectElement>("First start").value).toBe("6");
    expect(screen.getByLabelText<HTMLSelectElement>("Last start").value).toBe("19");

    // A first start at 20:00 moves the day's end to 21:00 at once, as the server would.
    await user.selectOptions(screen.getByLabelText("Last start"), "22:00");
    await user.selectOptions(screen.getByLabelText("First start"), "20:00");
    expect(dayEnd.value).toBe("21");
    expect(dayEnd.options[0]!.textContent).toBe("21:00");
    await user.clear(lead);
    await user.click(screen.getByRole("button", { name: "Save scheduling" }));
    await waitFor(() => expect(bodies).toHaveLength(2));
    // A blank lead time falls back to its default (4 days).
    expect(bodies[1]).toMatchObject({ leadDays: 4, horizonDays: 60, firstSlotHour: 20, lastSlotHour: 22, dayEndHour: 21 });
  });

  it("shows the server's 422 messages under their fields, focuses the first, and no alert repeats them", async () => {
    answerLoads();
    const REMINDER = "Send the reminder more than 24 hours before the start (the free-change cut-off), so customers can still change for free when it arrives.";
    let puts = 0;
    server.use(
      http.put("/api/admin/settings/scheduling", () => {
        puts += 1;
        return HttpResponse.json(
          {
            error: REMINDER,
            code: "VALIDATION_FAILED",
            fieldErrors: { reminderHoursBefore: [REMINDER], leadDays: ["Too many days."], "closedWeekdays.0": ["Not a weekday."] },
          },
          { status: 422 },
        );
      }),
    );
    const { user } = await openSettings();
    const reminder = screen.getByLabelText<HTMLInputElement>("Reminder e-mail (hours before the job)");
    await user.clear(reminder);
    await user.type(reminder, "12");
    await user.click(screen.getByRole("button", { name: "Save scheduling" }));
    const card = within(form("Scheduling"));
    expect(await card.findByText(REMINDER)).toBeTruthy();
    expect(reminder.getAttribute("aria-invalid")).toBe("true");
    expect(reminder.getAttribute("aria-describedby")).toContain(card.getByText(REMINDER).id);
    const lead = screen.getByLabelText<HTMLInputElement>(LEAD);
    expect(lead.getAttribute("aria-invalid")).toBe("true");
    expect(document.getElementById(lead.getAttribute("aria-describedby")!.split(" ")[1]!)!.textContent).toBe("Too many days.");
    const weekdayError = card.getByText("Not a weekday.");
    expect(screen.getByRole("group", { name: "Closed weekdays" }).getAttribute("aria-describedby")).toContain(weekdayError.id);
    // The lead time comes first on the page.
    expect(document.activeElement).toBe(lead);
    expect(card.queryByRole("alert")).toBeNull();
    expect(card.queryByText("Scheduling settings saved.")).toBeNull();
    expect(puts).toBe(1);
  });

  it("never saves the defaults over hours that failed to load: the defaults show, Save is off, Retry loads the real ones", async () => {
    answerLoads(500);
    let puts = 0;
    server.use(http.put("/api/admin/settings/scheduling", () => {
      puts += 1;
      return HttpResponse.json(scheduling);
    }));
    const { user } = await openSettings();
    const card = within(form("Scheduling"));
    await waitFor(() => expect(card.getByRole("button", { name: "Save scheduling" })).toHaveProperty("disabled", true));
    expect(card.getByRole("alert").textContent).toContain("Saving is off until they load");
    expect(screen.getByLabelText<HTMLInputElement>(LEAD).value).toBe("4");
    expect(screen.getByLabelText<HTMLSelectElement>("First start").value).toBe("8");
    expect(screen.getByLabelText<HTMLSelectElement>("Last start").value).toBe("16");
    expect(closedBoxes()).toEqual(["Sunday"]);
    // Submitting by Enter from a field sends nothing either.
    await user.type(screen.getByLabelText(LEAD), "{Enter}");
    expect(puts).toBe(0);

    answerLoads(200);
    server.use(http.get("/api/admin/settings/scheduling", () =>
      HttpResponse.json({ ...scheduling, leadDays: 7, firstSlotHour: 9, lastSlotHour: 14, closedWeekdays: [3] })));
    await user.click(card.getByRole("button", { name: "Retry" }));
    await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>(LEAD).value).toBe("7"));
    expect(screen.getByLabelText<HTMLSelectElement>("First start").value).toBe("9");
    expect(screen.getByLabelText<HTMLSelectElement>("Last start").value).toBe("14");
    expect(closedBoxes()).toEqual(["Wednesday"]);
    expect(within(form("Scheduling")).getByRole("button", { name: "Save scheduling" })).toHaveProperty("disabled", false);
    expect(puts).toBe(0);
  });
});

describe("service area (issue 14)", () => {
  const areaForm = () => within(form("Service area"));

  it("lists the saved entries one per line and says an empty list accepts every postcode", async () => {
    answerLoads();
    await openSettings();
    const box = areaForm().getByLabelText<HTMLTextAreaElement>("Postcodes served");
    expect(box.value).toBe("3000-3207\n3121");
    const hint = document.getElementById(box.getAttribute("aria-describedby")!)!;
    expect(hint.textContent).toContain("An empty list means every postcode is accepted.");
    expect(hint.textContent).toContain("3000-3207");
  });

  it("saves entries typed on lines or with commas, and shows the list the server kept", async () => {
    answerLoads(200, { postcodes: [] });
    let sent: unknown;
    server.use(
      http.put("/api/admin/settings/service-area", async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ postcodes: ["3000-3207", "3121", "3122"] });
      }),
    );
    const { user } = await openSettings();
    const box = areaForm().getByLabelText<HTMLTextAreaElement>("Postcodes served");
    expect(box.value).toBe("");
    await user.type(box, "3122, 3121{Enter}3000 - 3207{Enter}3121");
    await user.click(areaForm().getByRole("button", { name: "Save service area" }));
    expect(await areaForm().findByText("Service area saved.")).toBeTruthy();
    expect(sent).toEqual({ postcodes: ["3122", "3121", "3000-3207", "3121"] });
    expect(box.value).toBe("3000-3207\n3121\n3122");
  });

  it("saves an empty list: every postcode accepted", async () => {
    answerLoads();
    let sent: unknown;
    server.use(
      http.put("/api/admin/settings/service-area", async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ postcodes: [] });
      }),
    );
    const { user } = await openSettings();
    await user.clear(areaForm().getByLabelText("Postcodes served"));
    await user.click(areaForm().getByRole("button", { name: "Save service area" }));
    expect(await areaForm().findByText("Service area saved.")).toBeTruthy();
    expect(sent).toEqual({ postcodes: [] });
  });

  it("names a bad entry with core's message and sends nothing", async () => {
    answerLoads();
    let puts = 0;
    server.use(http.put("/api/admin/settings/service-area", () => {
      puts++;
      return HttpResponse.json({ postcodes: [] });
    }));
    const { user } = await openSettings();
    const box = areaForm().getByLabelText("Postcodes served");
    await user.type(box, "{Enter}31x1{Enter}3207-3000");
    await user.click(areaForm().getByRole("button", { name: "Save service area" }));
    expect(box.getAttribute("aria-invalid")).toBe("true");
    expect(areaForm().getByText("“31x1”: Each entry is a 4-digit postcode or a range such as 3000-3207.")).toBeTruthy();
    expect(areaForm().getByText("“3207-3000”: A range must run from the lower postcode to the higher.")).toBeTruthy();
    expect(box.getAttribute("aria-describedby")).toContain(areaForm().getByRole("list").id);
    expect(document.activeElement).toBe(box);
    expect(puts).toBe(0);
  });

  it("shows the server's 422 message for an entry on the field, by the entry it names", async () => {
    answerLoads();
    server.use(
      http.put("/api/admin/settings/service-area", () =>
        HttpResponse.json(
          { error: "Validation failed", code: "VALIDATION", fieldErrors: { "postcodes.1": ["Each entry is a 4-digit postcode or a range such as 3000-3207."] } },
          { status: 422 },
        )),
    );
    const { user } = await openSettings();
    await user.click(areaForm().getByRole("button", { name: "Save service area" }));
    expect(await areaForm().findByText("“3121”: Each entry is a 4-digit postcode or a range such as 3000-3207.")).toBeTruthy();
    expect(areaForm().getByLabelText("Postcodes served").getAttribute("aria-invalid")).toBe("true");
    expect(areaForm().queryByText("Service area saved.")).toBeNull();
    // The message stands until the next save; no alert repeats it.
    expect(areaForm().queryByRole("alert")).toBeNull();
  });

  it("prefers the server's text when saving fails otherwise, else 'Saving the service area failed'", async () => {
    answerLoads();
    server.use(http.put("/api/admin/settings/service-area", () => new HttpResponse(null, { status: 500 })));
    const { user } = await openSettings();
    await user.click(areaForm().getByRole("button", { name: "Save service area" }));
    expect((await areaForm().findByRole("alert")).textContent).toContain("Saving the service area failed");
  });
});

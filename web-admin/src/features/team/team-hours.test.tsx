import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { CLEANER_MESSAGES } from "@yarra/core/cleaners/schemas.ts";
import { renderAdmin, storeSession } from "../../test/render-admin.tsx";
import { server } from "../../test/server.ts";
import type { Cleaner, TimeOff } from "./cleaners-api.ts";
import { formatLeave } from "./team-hours-form.ts";

// happy-dom has no dialogs; an unexpected one says no.
beforeEach(() => {
  Object.assign(window, { confirm: () => false });
  storeSession();
});

const businessWeek = [1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start: "08:00", end: "18:00" }));
const leave: TimeOff = { _id: "t1", cleanerId: "c1", from: "2099-12-21", to: "2100-01-08", reason: "Annual leave" };
const priya: Cleaner = {
  _id: "c1",
  name: "Priya Sharma",
  phone: "0412345678",
  email: "priya@example.com",
  colour: "#1f7a6d",
  active: true,
  createdAt: "2026-11-01T00:00:00.000Z",
  workingHours: businessWeek,
  workingHoursSet: false,
  timeOff: [leave],
};

interface Seen {
  method: string;
  path: string;
  body: unknown;
}

/** The cleaners API with the week and time-off calls over an in-memory team; every write is recorded. */
function serveTeam(initial: Cleaner[]) {
  let team = structuredClone(initial);
  let added = 0;
  const writes: Seen[] = [];
  const record = async (request: Request) => {
    const text = await request.text();
    writes.push({ method: request.method, path: new URL(request.url).pathname, body: text ? JSON.parse(text) : undefined });
    return writes.at(-1)!.body as Record<string, unknown>;
  };
  server.use(
    http.get("/api/admin/cleaners", () => HttpResponse.json({ items: team })),
    // Each row's average rating (issue 32; features/feedback tests it).
    http.get("/api/admin/feedback/cleaners", () => HttpResponse.json({ items: [] })),
    http.put("/api/admin/cleaners/:id/working-hours", async ({ request, params }) => {
      const { days } = await record(request) as { days: Cleaner["workingHours"] };
      team = team.map((cleaner) => (cleaner._id === params.id ? { ...cleaner, workingHours: days, workingHoursSet: true } : cleaner));
      return HttpResponse.json(team.find((cleaner) => cleaner._id === params.id));
    }),
    http.post("/api/admin/cleaners/:id/time-off", async ({ request, params }) => {
      const body = await record(request) as { from: string; to: string; reason?: string };
      const off: TimeOff = { _id: `new-${++added}`, cleanerId: String(params.id), reason: "", ...body };
      return HttpResponse.json(off, { status: 201 });
    }),
    http.delete("/api/admin/cleaners/:id/time-off/:timeOffId", async ({ request }) => {
      await record(request);
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return writes;
}

async function openHours(name = "Priya Sharma") {
  const view = renderAdmin("/admin/team");
  await screen.findByRole("heading", { name: new RegExp(name), level: 3 });
  await view.user.click(screen.getByRole("button", { name: `Hours and time off for ${name}` }));
  return { ...view, panel: within(screen.getByRole("region", { name: `Hours and time off for ${name}` })) };
}

const day = (panel: ReturnType<typeof within>, name: string) => within(panel.getByRole("group", { name }));
const setTime = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });

describe("working hours", () => {
  it("shows the week Monday to Sunday: a tick and a start and end on the quarter hour for each day", async () => {
    serveTeam([priya]);
    const { panel } = await openHours();
    expect(within(screen.getByRole("heading", { name: /Priya Sharma/ }).closest("li")!)
      .getByText("Works Mon, Tue, Wed, Thu, Fri, Sat, 08:00–18:00 (business hours, not set yet)")).toBeTruthy();
    const names = panel.getAllByRole("group").map((group) => group.querySelector("legend")?.textContent).filter(Boolean);
    expect(names).toEqual(["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]);
    expect(panel.getByText(/No week saved yet: Priya Sharma works the business's open days/)).toBeTruthy();
    const monday = day(panel, "Monday");
    expect((monday.getByRole("checkbox", { name: "Works on Monday" }) as HTMLInputElement).checked).toBe(true);
    const start = monday.getByLabelText("Monday Start") as HTMLInputElement;
    expect([start.type, start.step, start.value]).toEqual(["time", "900", "08:00"]);
    expect((monday.getByLabelText("Monday End") as HTMLInputElement).value).toBe("18:00");
    const sunday = day(panel, "Sunday");
    expect((sunday.getByRole("checkbox", { name: "Works on Sunday" }) as HTMLInputElement).checked).toBe(false);
    expect((sunday.getByLabelText("Sunday Start") as HTMLInputElement).disabled).toBe(true);
  });

  it("saves the days ticked, Sunday first, with an end of 00:00 sent as midnight (24:00)", async () => {
    const writes = serveTeam([priya]);
    const { user, panel } = await openHours();
    await user.click(day(panel, "Saturday").getByRole("checkbox", { name: "Works on Saturday" }));
    setTime(day(panel, "Monday").getByLabelText("Monday End"), "17:00");
    await user.click(day(panel, "Sunday").getByRole("checkbox", { name: "Works on Sunday" }));
    setTime(day(panel, "Sunday").getByLabelText("Sunday Start"), "18:00");
    setTime(day(panel, "Sunday").getByLabelText("Sunday End"), "00:00");
    await user.click(panel.getByRole("button", { name: "Save working hours" }));
    expect(await screen.findByText("Working hours saved for Priya Sharma.")).toBeTruthy();
    expect(writes).toEqual([{
      method: "PUT",
      path: "/api/admin/cleaners/c1/working-hours",
      body: {
        days: [
          { weekday: 0, start: "18:00", end: "24:00" },
          { weekday: 1, start: "08:00", end: "17:00" },
          ...[2, 3, 4, 5].map((weekday) => ({ weekday, start: "08:00", end: "18:00" })),
        ],
      },
    }]);
    const row = within(screen.getByRole("heading", { name: /Priya Sharma/ }).closest("li")!);
    expect(row.getByText("Works Mon, Tue, Wed, Thu, Fri, Sun (hours vary by day)")).toBeTruthy();
    // Saved midnight shows as 00:00 again.
    const sunday = day(within(screen.getByRole("region", { name: "Hours and time off for Priya Sharma" })), "Sunday");
    expect((sunday.getByLabelText("Sunday End") as HTMLInputElement).value).toBe("00:00");
    expect(screen.queryByText(/No week saved yet/)).toBeNull();
  });

  it("a day that ends before it starts gets core's message on its end, and nothing is sent", async () => {
    const writes = serveTeam([priya]);
    const { user, panel } = await openHours();
    setTime(day(panel, "Tuesday").getByLabelText("Tuesday End"), "07:00");
    await user.click(panel.getByRole("button", { name: "Save working hours" }));
    const end = day(panel, "Tuesday").getByLabelText("Tuesday End");
    expect(end.getAttribute("aria-invalid")).toBe("true");
    expect(day(panel, "Tuesday").getByText(CLEANER_MESSAGES.endAfterStart)).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(end));
    expect(writes).toEqual([]);
  });

  it("shows the server's field errors on the day they name, and its message", async () => {
    serveTeam([priya]);
    server.use(http.put("/api/admin/cleaners/:id/working-hours", () =>
      HttpResponse.json({
        error: "Please fix the highlighted fields, then try again.",
        code: "VALIDATION_FAILED",
        // days.1 is the second day sent: Tuesday (Monday is days.0).
        fieldErrors: { "days.1.start": ["Start must be a time on the quarter hour, e.g. 08:00"], "days": ["Something about the week"] },
      }, { status: 422 })));
    const { user, panel } = await openHours();
    await user.click(panel.getByRole("button", { name: "Save working hours" }));
    expect((await panel.findByRole("alert")).textContent).toBe("Please fix the highlighted fields, then try again.");
    expect(day(panel, "Tuesday").getByText("Start must be a time on the quarter hour, e.g. 08:00")).toBeTruthy();
    expect(day(panel, "Tuesday").getByLabelText("Tuesday Start").getAttribute("aria-invalid")).toBe("true");
    expect(panel.getByText("Something about the week")).toBeTruthy();
  });
});

describe("time off", () => {
  it("lists coming leave with its reason, and adds more with from, to and a reason", async () => {
    const writes = serveTeam([priya]);
    const { user, panel } = await openHours();
    const list = within(panel.getByRole("list", { name: "Coming time off of Priya Sharma" }));
    expect(list.getByText(formatLeave(leave))).toBeTruthy();
    expect(list.getByText("Annual leave")).toBeTruthy();
    const form = within(panel.getByRole("form", { name: "Add time off for Priya Sharma" }));
    fireEvent.change(form.getByLabelText("From"), { target: { value: "2099-06-01" } });
    fireEvent.change(form.getByLabelText("To"), { target: { value: "2099-06-03" } });
    await user.type(form.getByLabelText("Reason (optional)"), " Wedding ");
    await user.click(form.getByRole("button", { name: "Add time off" }));
    const added = { from: "2099-06-01", to: "2099-06-03" };
    expect(await screen.findByText(`Time off added for Priya Sharma: ${formatLeave(added)}.`)).toBeTruthy();
    expect(writes).toEqual([{ method: "POST", path: "/api/admin/cleaners/c1/time-off", body: { ...added, reason: "Wedding" } }]);
    const items = within(panel.getByRole("list", { name: "Coming time off of Priya Sharma" })).getAllByRole("listitem");
    expect(items.map((item) => item.querySelector(".team-time-off__dates")?.textContent)).toEqual([formatLeave(added), formatLeave(leave)]);
    expect((form.getByLabelText("From") as HTMLInputElement).value).toBe("");
    const row = within(screen.getByRole("heading", { name: /Priya Sharma/ }).closest("li")!);
    expect(row.getByText(`Time off: ${formatLeave(added)} (and 1 more)`)).toBeTruthy();
  });

  it("asks for both days, and refuses a last day before the first, sending nothing", async () => {
    const writes = serveTeam([{ ...priya, timeOff: [] }]);
    const { user, panel } = await openHours();
    expect(panel.getByText("No time off coming up.")).toBeTruthy();
    const form = within(panel.getByRole("form", { name: "Add time off for Priya Sharma" }));
    await user.click(form.getByRole("button", { name: "Add time off" }));
    expect(form.getByText(CLEANER_MESSAGES.timeOffFrom)).toBeTruthy();
    expect(form.getByText(CLEANER_MESSAGES.timeOffTo)).toBeTruthy();
    fireEvent.change(form.getByLabelText("From"), { target: { value: "2099-06-03" } });
    fireEvent.change(form.getByLabelText("To"), { target: { value: "2099-06-01" } });
    await user.click(form.getByRole("button", { name: "Add time off" }));
    expect(form.getByText(CLEANER_MESSAGES.timeOffOrder)).toBeTruthy();
    expect(form.getByLabelText("To").getAttribute("aria-invalid")).toBe("true");
    expect(writes).toEqual([]);
  });

  it("shows the server's field errors under their fields", async () => {
    serveTeam([priya]);
    server.use(http.post("/api/admin/cleaners/:id/time-off", () =>
      HttpResponse.json(
        { error: "Please fix the highlighted fields, then try again.", code: "VALIDATION_FAILED", fieldErrors: { to: [CLEANER_MESSAGES.timeOffTooLong] } },
        { status: 422 },
      )));
    const { user, panel } = await openHours();
    const form = within(panel.getByRole("form", { name: "Add time off for Priya Sharma" }));
    fireEvent.change(form.getByLabelText("From"), { target: { value: "2099-01-01" } });
    fireEvent.change(form.getByLabelText("To"), { target: { value: "2099-06-01" } });
    await user.click(form.getByRole("button", { name: "Add time off" }));
    expect(await form.findByText(CLEANER_MESSAGES.timeOffTooLong)).toBeTruthy();
    expect(form.getByRole("alert").textContent).toContain("Please fix the highlighted fields, then try again.");
  });

  it("removes leave after asking; a no sends nothing", async () => {
    const writes = serveTeam([priya]);
    const confirm = vi.spyOn(window, "confirm").mockReturnValueOnce(false).mockReturnValueOnce(true);
    const { user, panel } = await openHours();
    const remove = panel.getByRole("button", { name: `Remove time off ${formatLeave(leave)}` });
    await user.click(remove);
    expect(confirm).toHaveBeenLastCalledWith(`Remove Priya Sharma's time off, ${formatLeave(leave)}?`);
    expect(writes).toEqual([]);
    await user.click(remove);
    expect(await screen.findByText(`Time off removed for Priya Sharma: ${formatLeave(leave)}.`)).toBeTruthy();
    expect(writes).toEqual([{ method: "DELETE", path: "/api/admin/cleaners/c1/time-off/t1", body: undefined }]);
    expect(panel.getByText("No time off coming up.")).toBeTruthy();
  });

  it("shows the server's text when removing fails, and keeps the leave", async () => {
    serveTeam([priya]);
    server.use(http.delete("/api/admin/cleaners/:id/time-off/:timeOffId", () =>
      HttpResponse.json({ error: "Time off not found.", code: "NOT_FOUND" }, { status: 404 })));
    vi.spyOn(window, "confirm").mockReturnValue(true);
    const { user, panel } = await openHours();
    await user.click(panel.getByRole("button", { name: `Remove time off ${formatLeave(leave)}` }));
    expect(within(await panel.findByRole("alert")).getByText("Time off not found.")).toBeTruthy();
    expect(panel.getByText("Annual leave")).toBeTruthy();
  });
});

import { screen, waitFor, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { CLEANER_MESSAGES } from "@yarra/core/cleaners/schemas.ts";
import { renderAdmin, storeSession } from "../../test/render-admin.tsx";
import { server } from "../../test/server.ts";
import type { Cleaner } from "./cleaners-api.ts";

// happy-dom has no dialogs; an unexpected one says no.
beforeEach(() => {
  Object.assign(window, { confirm: () => false });
  storeSession();
});

const priya: Cleaner = {
  _id: "c1",
  name: "Priya Sharma",
  phone: "0412345678",
  email: "priya@example.com",
  colour: "#1f7a6d",
  active: true,
  createdAt: "2026-11-01T00:00:00.000Z",
  workingHours: [1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start: "08:00", end: "18:00" })),
  workingHoursSet: false,
  timeOff: [],
};
const tom: Cleaner = { ...priya, _id: "c2", name: "Tom Lee", phone: "", email: "", colour: "#6d28d9" };
const ana: Cleaner = { ...priya, _id: "c3", name: "Ana Costa", phone: "0398765432", email: "ana@example.com", colour: "#b45309", active: false };

interface Seen {
  method: string;
  path: string;
  query: string;
  body: unknown;
}

/** The contract's cleaners API over an in-memory team; every call is recorded. */
function serveTeam(initial: Cleaner[]) {
  let team = [...initial];
  let created = 0;
  const seen: Seen[] = [];
  const record = async (request: Request) => {
    const url = new URL(request.url);
    const text = request.method === "GET" ? "" : await request.text();
    seen.push({ method: request.method, path: url.pathname, query: url.search, body: text ? JSON.parse(text) : undefined });
    return seen.at(-1)!.body as Partial<Cleaner>;
  };
  server.use(
    // Each row's average rating (issue 32; features/feedback tests it).
    http.get("/api/admin/feedback/cleaners", () => HttpResponse.json({ items: [] })),
    http.get("/api/admin/cleaners", async ({ request }) => {
      await record(request);
      const all = new URL(request.url).searchParams.get("includeInactive") === "true";
      return HttpResponse.json({ items: team.filter((cleaner) => all || cleaner.active) });
    }),
    http.post("/api/admin/cleaners", async ({ request }) => {
      const body = await record(request);
      const cleaner: Cleaner = { ...priya, _id: `new-${++created}`, phone: "", email: "", colour: "#be185d", ...body, active: true };
      team = [...team, cleaner];
      return HttpResponse.json(cleaner, { status: 201 });
    }),
    http.patch("/api/admin/cleaners/:id", async ({ request, params }) => {
      const body = await record(request);
      team = team.map((cleaner) => (cleaner._id === params.id ? { ...cleaner, ...body } : cleaner));
      return HttpResponse.json(team.find((cleaner) => cleaner._id === params.id));
    }),
    http.delete("/api/admin/cleaners/:id", async ({ request, params }) => {
      await record(request);
      team = team.map((cleaner) => (cleaner._id === params.id ? { ...cleaner, active: false } : cleaner));
      return HttpResponse.json(team.find((cleaner) => cleaner._id === params.id));
    }),
  );
  return seen;
}

const writes = (seen: Seen[]) => seen.filter((call) => call.method !== "GET").map(({ method, path, body }) => ({ method, path, body }));
const row = (name: string) => screen.getByRole("heading", { name: new RegExp(name), level: 3 }).closest("li")!;
const addForm = () => within(screen.getByRole("region", { name: "New cleaner" }));

async function openTeam(path = "/admin/team") {
  const view = renderAdmin(path);
  await screen.findByRole("heading", { name: "Team", level: 1 });
  await waitFor(() => expect(screen.queryByText("Loading the team…")).toBeNull());
  return view;
}

describe("team list", () => {
  it("lists the active cleaners with their colour, and phone and e-mail as links", async () => {
    const seen = serveTeam([priya, tom, ana]);
    await openTeam();
    expect(seen[0]).toMatchObject({ method: "GET", path: "/api/admin/cleaners", query: "" });
    const priyaRow = within(row("Priya Sharma"));
    expect(priyaRow.getByRole("link", { name: "0412345678" }).getAttribute("href")).toBe("tel:0412345678");
    expect(priyaRow.getByRole("link", { name: "priya@example.com" }).getAttribute("href")).toBe("mailto:priya@example.com");
    expect(priyaRow.getByText("#1f7a6d")).toBeTruthy();
    expect(priyaRow.getByText("Active")).toBeTruthy();
    expect((row("Priya Sharma").querySelector(".team-swatch") as HTMLElement).style.backgroundColor).toBeTruthy();
    expect(within(row("Tom Lee")).getByText("No phone")).toBeTruthy();
    expect(screen.queryByRole("heading", { name: /Ana Costa/ })).toBeNull();
  });

  it("shows inactive cleaners on request, in the URL too, and can bring one back", async () => {
    const seen = serveTeam([priya, ana]);
    const { user, history } = await openTeam();
    await user.click(screen.getByRole("switch", { name: "Show inactive" }));
    const anaRow = within(await waitFor(() => row("Ana Costa")));
    expect(history.location.search).toContain("includeInactive=true");
    expect(seen.at(-1)).toMatchObject({ method: "GET", query: "?includeInactive=true" });
    expect(anaRow.getByText("Inactive")).toBeTruthy();
    expect(anaRow.queryByRole("button", { name: "Deactivate Ana Costa" })).toBeNull();
    await user.click(anaRow.getByRole("button", { name: "Reactivate Ana Costa" }));
    await waitFor(() => expect(within(row("Ana Costa")).getByText("Active")).toBeTruthy());
    expect(writes(seen)).toEqual([{ method: "PATCH", path: "/api/admin/cleaners/c3", body: { active: true } }]);
  });

  it("says 'No cleaners yet.' with everyone shown and an empty team", async () => {
    serveTeam([]);
    await openTeam("/admin/team?includeInactive=true");
    expect(screen.getByText("No cleaners yet.")).toBeTruthy();
  });

  it("shows a load error with a way to try again", async () => {
    server.use(
      http.get("/api/admin/cleaners", () => HttpResponse.json({ error: "Database down" }, { status: 500 })),
      http.get("/api/admin/feedback/cleaners", () => HttpResponse.json({ items: [] })),
    );
    const { user } = renderAdmin("/admin/team");
    const alert = await screen.findByRole("alert");
    expect(within(alert).getByText("Failed to load the team")).toBeTruthy();
    serveTeam([priya]);
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("heading", { name: /Priya Sharma/ })).toBeTruthy();
  });
});

describe("adding a cleaner", () => {
  it("sends the cleaner, leaving the colour to the server unless one is chosen", async () => {
    const seen = serveTeam([priya]);
    const { user } = await openTeam();
    await user.type(addForm().getByLabelText("Name"), "  Sam Wu ");
    await user.type(addForm().getByLabelText("Phone"), "0412 000 111");
    await user.click(addForm().getByRole("button", { name: "Add cleaner" }));
    expect(await screen.findByRole("heading", { name: /Sam Wu/ })).toBeTruthy();
    expect(screen.getByText("Sam Wu added to the team.")).toBeTruthy();
    expect(writes(seen)).toEqual([{ method: "POST", path: "/api/admin/cleaners", body: { name: "Sam Wu", phone: "0412000111", email: "" } }]);
    expect((addForm().getByLabelText("Name") as HTMLInputElement).value).toBe("");

    await user.type(addForm().getByLabelText("Name"), "Kim");
    await user.click(addForm().getByRole("button", { name: "Choose a colour" }));
    const colour = addForm().getByLabelText("Colour") as HTMLInputElement;
    expect(colour.type).toBe("color");
    await user.click(addForm().getByRole("button", { name: "Add cleaner" }));
    await screen.findByRole("heading", { name: /Kim/ });
    expect(writes(seen)[1]).toEqual({ method: "POST", path: "/api/admin/cleaners", body: { name: "Kim", phone: "", email: "", colour: "#1f7a6d" } });
  });

  it("shows core's messages and sends nothing while they stand", async () => {
    const seen = serveTeam([]);
    const { user } = await openTeam();
    await user.type(addForm().getByLabelText("Phone"), "12345");
    await user.type(addForm().getByLabelText("Email"), "not-an-email");
    await user.click(addForm().getByRole("button", { name: "Add cleaner" }));
    expect(addForm().getByText(CLEANER_MESSAGES.nameRequired)).toBeTruthy();
    expect(addForm().getByText(CLEANER_MESSAGES.phone)).toBeTruthy();
    expect(addForm().getByText(CLEANER_MESSAGES.email)).toBeTruthy();
    expect(addForm().getByLabelText("Name").getAttribute("aria-invalid")).toBe("true");
    expect(writes(seen)).toEqual([]);
  });

  it("shows the server's field errors and message", async () => {
    serveTeam([]);
    server.use(http.post("/api/admin/cleaners", () =>
      HttpResponse.json(
        { error: "Please fix the highlighted fields, then try again.", code: "VALIDATION_FAILED", fieldErrors: { name: ["Name is taken"] } },
        { status: 422 },
      )));
    const { user } = await openTeam();
    await user.type(addForm().getByLabelText("Name"), "Priya");
    await user.click(addForm().getByRole("button", { name: "Add cleaner" }));
    expect((await addForm().findByRole("alert")).textContent).toBe("Please fix the highlighted fields, then try again.");
    expect(addForm().getByText("Name is taken")).toBeTruthy();
  });
});

describe("editing and deactivating", () => {
  it("edits a cleaner in place", async () => {
    const seen = serveTeam([priya, tom]);
    const { user } = await openTeam();
    await user.click(screen.getByRole("button", { name: "Edit Tom Lee" }));
    const editor = within(screen.getByRole("region", { name: "Edit Tom Lee" }));
    expect((editor.getByLabelText("Colour") as HTMLInputElement).value).toBe("#6d28d9");
    await user.type(editor.getByLabelText("Email"), "tom@example.com");
    await user.click(editor.getByRole("button", { name: "Save changes" }));
    await waitFor(() => expect(screen.queryByRole("region", { name: "Edit Tom Lee" })).toBeNull());
    expect(within(row("Tom Lee")).getByRole("link", { name: "tom@example.com" }).getAttribute("href")).toBe("mailto:tom@example.com");
    expect(writes(seen)).toEqual([{
      method: "PATCH",
      path: "/api/admin/cleaners/c2",
      body: { name: "Tom Lee", phone: "", email: "tom@example.com", colour: "#6d28d9" },
    }]);
  });

  it("asks before deactivating; a no sends nothing, a yes takes them off the active list", async () => {
    const seen = serveTeam([priya, tom]);
    const confirm = vi.spyOn(window, "confirm").mockReturnValueOnce(false).mockReturnValueOnce(true);
    const { user } = await openTeam();
    await user.click(screen.getByRole("button", { name: "Deactivate Tom Lee" }));
    expect(confirm).toHaveBeenLastCalledWith(
      "Deactivate Tom Lee? They stay on the jobs they already have, but can't be given new ones. You can reactivate them later.",
    );
    expect(writes(seen)).toEqual([]);
    await user.click(screen.getByRole("button", { name: "Deactivate Tom Lee" }));
    await waitFor(() => expect(screen.queryByRole("heading", { name: /Tom Lee/ })).toBeNull());
    expect(screen.getByText("Tom Lee deactivated.")).toBeTruthy();
    expect(writes(seen)).toEqual([{ method: "DELETE", path: "/api/admin/cleaners/c2", body: undefined }]);
  });

  it("shows the server's text when a deactivation fails", async () => {
    serveTeam([priya]);
    server.use(http.delete("/api/admin/cleaners/:id", () =>
      HttpResponse.json({ error: "No cleaner has this id.", code: "CLEANER_NOT_FOUND" }, { status: 404 })));
    vi.spyOn(window, "confirm").mockReturnValue(true);
    const { user } = await openTeam();
    await user.click(screen.getByRole("button", { name: "Deactivate Priya Sharma" }));
    const alert = await screen.findByRole("alert");
    expect(within(alert).getByText("No cleaner has this id.")).toBeTruthy();
    expect(screen.getByRole("heading", { name: /Priya Sharma/ })).toBeTruthy();
  });
});

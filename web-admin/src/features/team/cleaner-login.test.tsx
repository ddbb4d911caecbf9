/**
 * A cleaner's login on the Team screen (issue 31), against msw answers in the contract's shape:
 * GET, POST and DELETE /api/admin/cleaners/{id}/account.
 */
import { screen, waitFor, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { ADMIN_ACCOUNT_MESSAGES } from "@yarra/core/admin/admin-account-form.ts";
import { CLEANER_ACCOUNT_MESSAGES } from "@yarra/core/admin/cleaner-account-form.ts";
import { renderAdmin, storeSession } from "../../test/render-admin.tsx";
import { server } from "../../test/server.ts";
import type { CleanerAccount } from "./cleaner-login-api.ts";
import { CLEANER_LOGIN_TEXT as T } from "./cleaner-login.tsx";
import type { Cleaner } from "./cleaners-api.ts";

const priya: Cleaner = {
  _id: "c1",
  name: "Priya Sharma",
  phone: "0412345678",
  email: "priya@example.com",
  colour: "#1f7a6d",
  active: true,
  createdAt: "2026-11-01T00:00:00.000Z",
  workingHours: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: "08:00", end: "18:00" })),
  workingHoursSet: false,
  timeOff: [],
};
const tom: Cleaner = { ...priya, _id: "c2", name: "Tom Lee", email: "", phone: "" };
const ana: Cleaner = { ...priya, _id: "c3", name: "Ana Costa", email: "ana@example.com", active: false };

const invited: CleanerAccount = {
  email: "tom@example.com",
  createdAt: "2026-11-20T01:00:00.000Z",
  invitedAt: "2026-11-20T01:00:00.000Z",
  lastLoginAt: "2026-11-24T21:05:00.000Z",
};

interface Calls {
  gets: string[];
  posts: { id: string; body: Record<string, unknown> }[];
  deletes: string[];
}

/**
 * The team (active and not) and each cleaner's login, held in memory as the server holds them;
 * `refuse` answers the next POST (or DELETE) instead.
 */
function serve(team: Cleaner[], logins: Record<string, CleanerAccount | null>, refuse?: () => Response): Calls {
  const calls: Calls = { gets: [], posts: [], deletes: [] };
  const accounts = { ...logins };
  server.use(
    http.get("/api/admin/feedback/cleaners", () => HttpResponse.json({ items: [] })),
    http.get("/api/admin/cleaners", ({ request }) => {
      const all = new URL(request.url).searchParams.get("includeInactive") === "true";
      return HttpResponse.json({ items: team.filter((cleaner) => all || cleaner.active) });
    }),
    http.get("/api/admin/cleaners/:id/account", ({ params }) => {
      calls.gets.push(String(params.id));
      return HttpResponse.json({ account: accounts[String(params.id)] ?? null });
    }),
    http.post("/api/admin/cleaners/:id/account", async ({ request, params }) => {
      const body = (await request.json()) as Record<string, unknown>;
      calls.posts.push({ id: String(params.id), body });
      if (refuse) return refuse();
      const account: CleanerAccount = {
        email: String(body.email),
        createdAt: "2026-11-25T03:00:00.000Z",
        invitedAt: body.password ? null : "2026-11-25T03:00:00.000Z",
        lastLoginAt: null,
      };
      accounts[String(params.id)] = account;
      return HttpResponse.json({ account }, { status: 201 });
    }),
    http.delete("/api/admin/cleaners/:id/account", ({ params }) => {
      calls.deletes.push(String(params.id));
      if (refuse) return refuse();
      accounts[String(params.id)] = null;
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return calls;
}

const row = (name: string) => screen.getByRole("heading", { name: new RegExp(name), level: 3 }).closest("li")!;

async function openLogin(name: string, path = "/admin/team") {
  const view = renderAdmin(path);
  await screen.findByRole("heading", { name: "Team", level: 1 });
  await waitFor(() => expect(screen.queryByText("Loading the team…")).toBeNull());
  const toggle = within(row(name)).getByRole("button", { name: `Login for ${name}` });
  expect(toggle.getAttribute("aria-expanded")).toBe("false");
  await view.user.click(toggle);
  expect(toggle.getAttribute("aria-expanded")).toBe("true");
  const region = await screen.findByRole("region", { name: `Login for ${name}` });
  // The piece loads (its own chunk), then the login.
  await waitFor(() => {
    expect(region.querySelector(".team-login")).not.toBeNull();
    expect(within(region).queryByText(T.loading)).toBeNull();
  });
  return { ...view, region: within(region) };
}

beforeEach(() => {
  Object.assign(window, { confirm: () => false });
  storeSession();
});

describe("a cleaner's login", () => {
  it("is read only when its row is opened", async () => {
    const calls = serve([priya, tom], { c1: null, c2: invited });
    renderAdmin("/admin/team");
    await screen.findByRole("heading", { name: /Priya Sharma/, level: 3 });
    expect(calls.gets).toEqual([]);
  });

  it("one given: its e-mail, when invited and last logged in, in Melbourne time", async () => {
    const calls = serve([priya, tom], { c2: invited });
    const { region } = await openLogin("Tom Lee");
    expect(calls.gets).toEqual(["c2"]);
    expect(region.getByText("tom@example.com").closest("p")!.textContent).toBe("Login e-mail: tom@example.com");
    expect(region.getByText("Invited Fri 20 Nov 2026")).toBeTruthy();
    expect(region.getByText("Last login Wed 25 Nov 2026, 8:05 am")).toBeTruthy();
    expect(region.queryByRole("form")).toBeNull();
  });

  it("none yet: an invite goes to the e-mail given (the cleaner's by default)", async () => {
    const calls = serve([priya], { c1: null });
    const { region, user } = await openLogin("Priya Sharma");
    expect(region.getByText(T.none("Priya Sharma"))).toBeTruthy();
    const email = region.getByLabelText<HTMLInputElement>(T.email);
    expect(email.value).toBe("priya@example.com");
    expect(region.getByRole<HTMLInputElement>("radio", { name: new RegExp(T.invite) }).checked).toBe(true);
    expect(region.queryByLabelText(T.password)).toBeNull();
    await user.click(region.getByRole("button", { name: T.give }));
    await waitFor(() => expect(calls.posts).toEqual([{ id: "c1", body: { email: "priya@example.com", sendInvite: true } }]));
    expect(await region.findByText(T.givenInvite("Priya Sharma", "priya@example.com"))).toBeTruthy();
    expect(region.getByText(T.givenInvite("Priya Sharma", "priya@example.com")).getAttribute("role")).toBe("status");
    expect(region.getByText("Invited Wed 25 Nov 2026")).toBeTruthy();
    expect(region.getByText(T.neverLoggedIn)).toBeTruthy();
    expect(region.queryByRole("form")).toBeNull();
  });

  it("none yet: a password set now is sent with the e-mail, and core's rules check both first", async () => {
    const calls = serve([tom], { c2: null });
    const { region, user } = await openLogin("Tom Lee");
    await user.click(region.getByRole("button", { name: T.give }));
    const email = region.getByLabelText(T.email);
    expect(await region.findByText(ADMIN_ACCOUNT_MESSAGES.emailRequired)).toBeTruthy();
    expect(email.getAttribute("aria-invalid")).toBe("true");
    await waitFor(() => expect(document.activeElement).toBe(email));

    await user.type(email, "tom@example");
    await user.click(region.getByRole("radio", { name: T.setPassword }));
    await user.click(region.getByRole("button", { name: T.give }));
    expect(await region.findByText(ADMIN_ACCOUNT_MESSAGES.emailInvalid)).toBeTruthy();
    expect(region.getByText(ADMIN_ACCOUNT_MESSAGES.passwordRequired)).toBeTruthy();

    await user.type(email, ".com");
    await user.type(region.getByLabelText(T.password), "short");
    await user.click(region.getByRole("button", { name: T.give }));
    expect(await region.findByText(ADMIN_ACCOUNT_MESSAGES.passwordTooShort)).toBeTruthy();
    expect(calls.posts).toEqual([]);

    await user.clear(region.getByLabelText(T.password));
    await user.type(region.getByLabelText(T.password), "Ferntree Gully 2026!");
    await user.click(region.getByRole("button", { name: T.give }));
    await waitFor(() => expect(calls.posts).toEqual([{ id: "c2", body: { email: "tom@example.com", password: "Ferntree Gully 2026!" } }]));
    expect(await region.findByText(T.givenPassword("Tom Lee", "tom@example.com"))).toBeTruthy();
    expect(region.queryByText(/^Invited/)).toBeNull();
  });

  it("the password policy's 422 shows under the password; EMAIL_TAKEN under the e-mail", async () => {
    let answer = HttpResponse.json(
      { error: "Validation error", code: "VALIDATION_FAILED", fieldErrors: { password: [ADMIN_ACCOUNT_MESSAGES.passwordCommon] } },
      { status: 422 },
    );
    const calls = serve([priya], { c1: null }, () => answer);
    const { region, user } = await openLogin("Priya Sharma");
    await user.click(region.getByRole("radio", { name: T.setPassword }));
    await user.type(region.getByLabelText(T.password), "password1234");
    await user.click(region.getByRole("button", { name: T.give }));
    expect(await region.findByText(ADMIN_ACCOUNT_MESSAGES.passwordCommon)).toBeTruthy();
    expect(region.getByLabelText(T.password).getAttribute("aria-invalid")).toBe("true");
    expect(region.queryByRole("alert")).toBeNull();

    answer = HttpResponse.json({ error: CLEANER_ACCOUNT_MESSAGES.emailTaken, code: "EMAIL_TAKEN" }, { status: 409 });
    await user.clear(region.getByLabelText(T.password));
    await user.type(region.getByLabelText(T.password), "Ferntree Gully 2026!");
    await user.click(region.getByRole("button", { name: T.give }));
    expect(await region.findByText(CLEANER_ACCOUNT_MESSAGES.emailTaken)).toBeTruthy();
    const email = region.getByLabelText(T.email);
    expect(email.getAttribute("aria-invalid")).toBe("true");
    expect(document.getElementById(email.getAttribute("aria-describedby")!)!.textContent).toBe(CLEANER_ACCOUNT_MESSAGES.emailTaken);
    await waitFor(() => expect(document.activeElement).toBe(email));
    expect(calls.posts).toHaveLength(2);
  });

  it("CLEANER_HAS_ACCOUNT (given meanwhile, elsewhere) says so and shows the login as it now stands", async () => {
    const calls = serve([tom], { c2: null }, () => HttpResponse.json({ error: CLEANER_ACCOUNT_MESSAGES.hasAccount, code: "CLEANER_HAS_ACCOUNT" }, { status: 409 }));
    const { region, user } = await openLogin("Tom Lee");
    // Another tab gives Tom his login.
    server.use(http.get("/api/admin/cleaners/:id/account", () => HttpResponse.json({ account: invited })));
    await user.type(region.getByLabelText(T.email), "tom@example.com");
    await user.click(region.getByRole("button", { name: T.give }));
    await waitFor(() => expect(calls.posts).toHaveLength(1));
    expect(await region.findByText("Login e-mail:", { exact: false })).toBeTruthy();
    expect(region.getByText("Last login Wed 25 Nov 2026, 8:05 am")).toBeTruthy();
    expect(region.getByText(CLEANER_ACCOUNT_MESSAGES.hasAccount).getAttribute("role")).toBe("status");
  });

  it("CLEANER_INACTIVE shows the server's message in an alert", async () => {
    serve([priya], { c1: null }, () => HttpResponse.json({ error: CLEANER_ACCOUNT_MESSAGES.inactive, code: "CLEANER_INACTIVE" }, { status: 409 }));
    const { region, user } = await openLogin("Priya Sharma");
    await user.click(region.getByRole("button", { name: T.give }));
    const alert = await region.findByRole("alert");
    expect(within(alert).getByText(CLEANER_ACCOUNT_MESSAGES.inactive)).toBeTruthy();
  });

  it("a deactivated cleaner without a login is offered none; with one, it says it doesn't work", async () => {
    serve([priya, ana, { ...tom, active: false }], { c3: null, c2: invited });
    const { region, user } = await openLogin("Ana Costa", "/admin/team?includeInactive=true");
    expect(region.getByText(T.inactive("Ana Costa"))).toBeTruthy();
    expect(region.queryByRole("button", { name: T.give })).toBeNull();

    await user.click(within(row("Tom Lee")).getByRole("button", { name: "Login for Tom Lee" }));
    const toms = within(await screen.findByRole("region", { name: "Login for Tom Lee" }));
    expect(await toms.findByText(T.inactiveHasLogin)).toBeTruthy();
    expect(toms.getByRole("button", { name: "Remove Tom Lee's login" })).toBeTruthy();
  });

  it("Remove login asks first; once agreed it is deleted and the form comes back", async () => {
    const calls = serve([tom], { c2: invited });
    const { region, user } = await openLogin("Tom Lee");
    const confirm = vi.spyOn(window, "confirm").mockReturnValueOnce(false);
    await user.click(region.getByRole("button", { name: "Remove Tom Lee's login" }));
    expect(confirm).toHaveBeenCalledWith(T.confirmRemove("Tom Lee"));
    expect(calls.deletes).toEqual([]);

    confirm.mockReturnValueOnce(true);
    await user.click(region.getByRole("button", { name: "Remove Tom Lee's login" }));
    await waitFor(() => expect(calls.deletes).toEqual(["c2"]));
    expect(await region.findByText(T.removed("Tom Lee"))).toBeTruthy();
    expect(region.getByRole("button", { name: T.give })).toBeTruthy();
    // Tom has no e-mail on the team: the box starts empty.
    expect(region.getByLabelText<HTMLInputElement>(T.email).value).toBe("");
  });

  it("a refused removal shows the server's message", async () => {
    serve([tom], { c2: invited }, () => HttpResponse.json({ error: "Server error" }, { status: 500 }));
    const { region, user } = await openLogin("Tom Lee");
    vi.spyOn(window, "confirm").mockReturnValue(true);
    await user.click(region.getByRole("button", { name: "Remove Tom Lee's login" }));
    expect(await region.findByRole("alert")).toBeTruthy();
    expect(region.getByText("Login e-mail:", { exact: false })).toBeTruthy();
  });
});

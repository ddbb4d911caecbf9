import { act, screen, waitFor, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { beforeEach, describe, expect, it } from "vitest";
import { anHourAgo, fakeJwt, inOneHour } from "./test/jwt.ts";
import { renderAdmin, storeSession, TEST_CSRF_TOKEN } from "./test/render-admin.tsx";
import { SESSION_KEY } from "./lib/session.ts";
import { server } from "./test/server.ts";

// These tests are about the guard and the shell: the pages behind them get empty lists.
beforeEach(() => {
  server.use(http.get("/api/admin/*", () => HttpResponse.json({ items: [] })));
});

const loginButton = () => screen.getByRole("button", { name: /Log in|Logging in…/ });

describe("guard", () => {
  it("sends a visitor without a token to the login page", async () => {
    const { history } = renderAdmin("/admin");
    expect(await screen.findByRole("heading", { name: "Log in" })).toBeTruthy();
    expect(history.location.pathname).toBe("/admin/login");
  });

  it("drops an expired session and sends the visitor to log in", async () => {
    storeSession({}, anHourAgo());
    const { history } = renderAdmin("/admin");
    await screen.findByRole("heading", { name: "Log in" });
    expect(history.location.pathname).toBe("/admin/login");
    expect(localStorage.getItem(SESSION_KEY)).toBeNull();
  });

  it("shows the shell with email and role for a signed-in admin", async () => {
    storeSession({ email: "sam@example.com", role: "admin" });
    renderAdmin("/admin");
    expect(await screen.findByRole("heading", { name: "Services" })).toBeTruthy();
    const banner = within(screen.getByRole("banner"));
    expect(banner.getByText("sam@example.com")).toBeTruthy();
    expect(banner.getByText("admin")).toBeTruthy();
  });

  it("shows 'Forbidden' to a role outside admin and superadmin", async () => {
    storeSession({ role: "customer" as never });
    renderAdmin("/admin");
    expect(await screen.findByRole("heading", { name: "Forbidden" })).toBeTruthy();
    expect(screen.queryByRole("navigation", { name: "Staff screens" })).toBeNull();
  });

  it("matches the basepath case-insensitively", async () => {
    storeSession();
    renderAdmin("/ADMIN");
    expect(await screen.findByRole("heading", { name: "Services" })).toBeTruthy();
  });
});

describe("shell", () => {
  const linkNames = () =>
    within(screen.getByRole("navigation", { name: "Staff screens" }))
      .getAllByRole("link")
      .map((link) => link.textContent);

  it("lists thirteen links for an admin, Schedule first, without Admins", async () => {
    storeSession({ role: "admin" });
    renderAdmin("/admin");
    await screen.findByRole("heading", { name: "Services" });
    expect(linkNames()).toEqual([
      "Schedule", "Services", "Extras", "Frequencies", "Questions", "Bookings", "Regular cleans", "Customers", "Team", "Timesheets", "Inquiries", "Reports", "Settings",
    ]);
    expect(screen.getByRole("link", { name: "Schedule" }).getAttribute("href")).toBe("/admin/schedule");
    expect(screen.getByRole("link", { name: "Team" }).getAttribute("href")).toBe("/admin/team");
    expect(screen.getByRole("link", { name: "Timesheets" }).getAttribute("href")).toBe("/admin/timesheets");
  });

  it("adds Admins for a superadmin", async () => {
    storeSession({ role: "superadmin" });
    renderAdmin("/admin");
    await screen.findByRole("heading", { name: "Services" });
    expect(linkNames()).toContain("Admins");
    expect(screen.getByRole("link", { name: "Admins" }).getAttribute("href")).toBe("/admin/admins");
  });

  it("logs out on the server, back to /admin/login, and forgets the session", async () => {
    storeSession();
    let csrf: string | null = null;
    server.use(
      http.post("/api/auth/logout", ({ request }) => {
        csrf = request.headers.get("X-CSRF-Token");
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { history, user } = renderAdmin("/admin");
    await screen.findByRole("heading", { name: "Services" });
    await user.click(screen.getByRole("button", { name: "Logout" }));
    await screen.findByRole("heading", { name: "Log in" });
    expect(history.location.pathname).toBe("/admin/login");
    expect(csrf).toBe(TEST_CSRF_TOKEN);
    expect(localStorage.getItem(SESSION_KEY)).toBeNull();
  });

  it("toggles the side bar with the burger", async () => {
    storeSession();
    const { user } = renderAdmin("/admin");
    await screen.findByRole("heading", { name: "Services" });
    const burger = screen.getByRole("button", { name: "Open navigation" });
    await user.click(burger);
    expect(burger.getAttribute("aria-expanded")).toBe("true");
    expect(screen.getByRole("navigation", { name: "Staff screens" }).classList.contains("is-open")).toBe(true);
  });

  it("shows 'Not found' inside the shell for unknown staff paths", async () => {
    storeSession();
    renderAdmin("/admin/nope/deeper");
    expect(await screen.findByRole("heading", { name: "Not found" })).toBeTruthy();
    expect(screen.getByRole("navigation", { name: "Staff screens" })).toBeTruthy();
  });

  it("sends a visitor without a token from an unknown path to the login page", async () => {
    const { history } = renderAdmin("/admin/nope");
    await screen.findByRole("heading", { name: "Log in" });
    expect(history.location.search).toBe("?redirect=%2Fnope");
  });
});

describe("login", () => {
  it("keeps 'Log in' disabled until both fields are filled", async () => {
    const { user } = renderAdmin("/admin/login");
    await screen.findByRole("heading", { name: "Log in" });
    expect(loginButton()).toHaveProperty("disabled", true);
    await user.type(screen.getByLabelText("Email"), "sam@example.com");
    expect(loginButton()).toHaveProperty("disabled", true);
    await user.type(screen.getByLabelText("Password"), "secret");
    expect(loginButton()).toHaveProperty("disabled", false);
    await user.clear(screen.getByLabelText("Email"));
    expect(loginButton()).toHaveProperty("disabled", true);
  });

  it("shows the server's error", async () => {
    server.use(
      http.post("/api/auth/login", () =>
        HttpResponse.json({ error: "Invalid email or password.", code: "INVALID_CREDENTIALS" }, { status: 401 })),
    );
    const { user } = renderAdmin("/admin/login");
    await screen.findByRole("heading", { name: "Log in" });
    await user.type(screen.getByLabelText("Email"), "sam@example.com");
    await user.type(screen.getByLabelText("Password"), "wrong");
    await user.click(loginButton());
    expect((await screen.findByRole("alert")).textContent).toBe("Invalid email or password.");
    expect(loginButton().textContent).toBe("Log in");
    expect(localStorage.getItem(SESSION_KEY)).toBeNull();
  });

  it("shows 'Login failed' when the server gives no message", async () => {
    server.use(http.post("/api/auth/login", () => new HttpResponse(null, { status: 500 })));
    const { user } = renderAdmin("/admin/login");
    await screen.findByRole("heading", { name: "Log in" });
    await user.type(screen.getByLabelText("Email"), "sam@example.com");
    await user.type(screen.getByLabelText("Password"), "secret");
    await user.click(loginButton());
    expect((await screen.findByRole("alert")).textContent).toBe("Login failed");
  });

  it("shows 'Login failed' when the network is down", async () => {
    server.use(http.post("/api/auth/login", () => HttpResponse.error()));
    const { user } = renderAdmin("/admin/login");
    await screen.findByRole("heading", { name: "Log in" });
    await user.type(screen.getByLabelText("Email"), "sam@example.com");
    await user.type(screen.getByLabelText("Password"), "secret");
    await user.click(loginButton());
    expect((await screen.findByRole("alert")).textContent).toBe("Login failed");
  });

  it("says 'Logging in…' while working, then keeps the user and the session's end (not the token) and opens the Schedule", async () => {
    const token = fakeJwt({ sub: "u1", role: "superadmin", exp: inOneHour() });
    const expiresAt = new Date(inOneHour() * 1000).toISOString();
    const user = { _id: "u1", name: "Ana", email: "ana@example.com", role: "superadmin" };
    let release!: () => void;
    const answered = new Promise<void>((resolve) => (release = resolve));
    let sent: unknown;
    server.use(
      http.post("/api/auth/login", async ({ request }) => {
        sent = await request.json();
        await answered;
        return HttpResponse.json({ token, expiresAt, user });
      }),
    );
    const { history, user: person } = renderAdmin("/admin/login");
    await screen.findByRole("heading", { name: "Log in" });
    await person.type(screen.getByLabelText("Email"), " ana@example.com ");
    await person.type(screen.getByLabelText("Password"), "secret");
    await person.click(loginButton());

    await waitFor(() => expect(loginButton().textContent).toBe("Logging in…"));
    expect(loginButton()).toHaveProperty("disabled", true);
    await act(async () => release());

    // Issue 34: with no page to return to, the staff area opens on the Schedule.
    expect(await screen.findByRole("heading", { name: "Schedule", level: 1 })).toBeTruthy();
    expect(sent).toEqual({ email: "ana@example.com", password: "secret" });
    expect(JSON.parse(localStorage.getItem(SESSION_KEY)!)).toEqual({ user, expiresAt: Date.parse(expiresAt) });
    expect(JSON.stringify({ ...localStorage })).not.toContain(token);
    expect(history.location.pathname).toBe("/admin/schedule");
    expect(screen.getByRole("link", { name: "Admins" })).toBeTruthy();
  });

  it("returns to the page the visitor came from", async () => {
    server.use(
      http.post("/api/auth/login", () =>
        HttpResponse.json({
          token: fakeJwt({ role: "admin", exp: inOneHour() }),
          expiresAt: new Date(inOneHour() * 1000).toISOString(),
          user: { _id: "u1", name: "Sam", email: "sam@example.com", role: "admin" },
        })),
    );
    const { history, user } = renderAdmin("/admin/bookings?status=PENDING");
    await screen.findByRole("heading", { name: "Log in" });
    expect(history.location.pathname).toBe("/admin/login");

    await user.type(screen.getByLabelText("Email"), "sam@example.com");
    await user.type(screen.getByLabelText("Password"), "secret");
    await user.click(loginButton());
    await waitFor(() => expect(history.location.pathname).toBe("/admin/bookings"));
    expect(history.location.search).toBe("?status=PENDING");
  });

  it("sends no bearer token on later calls, and the CSRF header on writes", async () => {
    storeSession();
    const seen: { method: string; authorization: string | null; csrf: string | null }[] = [];
    const record = ({ request }: { request: Request }) => {
      seen.push({ method: request.method, authorization: request.headers.get("Authorization"), csrf: request.headers.get("X-CSRF-Token") });
      return HttpResponse.json({ items: [] });
    };
    server.use(http.get("/api/admin/services", record), http.post("/api/admin/services", record));
    const { api } = await import("./lib/api.ts");
    await api.list("/api/admin/services");
    await api.post("/api/admin/services", {});
    expect(seen).toEqual([
      { method: "GET", authorization: null, csrf: null },
      { method: "POST", authorization: null, csrf: TEST_CSRF_TOKEN },
    ]);
  });
});

describe("links", () => {
  it("carry the basepath, the index without a trailing slash", async () => {
    storeSession({ role: "superadmin" });
    renderAdmin("/admin");
    await screen.findByRole("heading", { name: "Services" });
    expect(screen.getByRole("link", { name: "Services" }).getAttribute("href")).toBe("/admin");
    expect(screen.getByRole("link", { name: "Bookings" }).getAttribute("href")).toBe("/admin/bookings");
  });
});

describe("sharing the host's history", () => {
  it("leaves locations outside the basepath alone (the host owns them)", async () => {
    const { history } = renderAdmin("/admin/login");
    await screen.findByRole("heading", { name: "Log in" });
    await act(async () => history.push("/about-us"));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(history.location.pathname).toBe("/about-us");
  });
});

describe("login when already signed in", () => {
  it("goes straight to the remembered page", async () => {
    storeSession();
    const { history } = renderAdmin("/admin/login?redirect=%2Fno-such-page");
    await screen.findByRole("heading", { name: "Not found" });
    expect(history.location.pathname).toBe("/admin/no-such-page");
  });
});

describe("a token the server no longer takes", () => {
  it("ends the session and asks to log in again over the same page (issue 34 item 16)", async () => {
    storeSession();
    server.use(
      http.get("/api/admin/bookings", () =>
        HttpResponse.json({ error: "Authentication required.", code: "UNAUTHENTICATED" }, { status: 401 })),
    );
    const { history } = renderAdmin("/admin/bookings?status=PENDING");
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByRole("heading", { name: "Log in" })).toBeTruthy();
    expect(history.location.pathname).toBe("/admin/bookings");
    expect(history.location.search).toBe("?status=PENDING");
    expect(localStorage.getItem(SESSION_KEY)).toBeNull();
  });
});

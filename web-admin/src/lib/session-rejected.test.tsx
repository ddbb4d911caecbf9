/**
 * A session the server ended (logout elsewhere, a password change, the account deactivated) asks
 * to log in again over the same screen, as the session's expiry does, and keeps what was typed
 * (issue 34 item 16). The first visit still goes to the login page.
 */
import { screen, waitFor, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { ServiceDto } from "@yarra/api/client/types.ts";
import { SESSION_ENDED_TEXT } from "../features/auth/session-dialog.tsx";
import { renderAdmin, storeSession } from "../test/render-admin.tsx";
import { server } from "../test/server.ts";
import { api, onSessionRejected } from "./api.ts";
import { downloadCsv } from "./download-csv.ts";
import { readSession } from "./session.ts";

const UNAUTHENTICATED = () =>
  HttpResponse.json({ error: "Authentication required.", code: "UNAUTHENTICATED" }, { status: 401 });

const standard: ServiceDto = {
  _id: "s1", name: "Standard Clean", slug: "standard-clean", pricingModel: "HOURLY", ratePerHour: 60, minHours: 2, maxHours: 20,
  stepHours: 0.5, bedroomPrices: [], basePrice: 0, durationMinutes: 120, description: "", deletedAt: null,
};

/** Logins the server took, by email. */
let logins: string[] = [];

beforeEach(() => {
  logins = [];
  // happy-dom has no dialogs of its own; an unexpected confirm says no.
  Object.assign(window, { confirm: () => false });
  server.use(
    http.post("/api/auth/login", async ({ request }) => {
      const { email, password } = await request.json() as { email: string; password: string };
      if (password !== "correct horse") {
        return HttpResponse.json({ error: "Invalid email or password.", code: "INVALID_CREDENTIALS" }, { status: 401 });
      }
      logins.push(email);
      document.cookie = "staff_csrf=fresh-csrf; path=/";
      return HttpResponse.json({
        token: "t",
        user: { _id: "a1", name: "Sam Staff", email, role: "admin" },
        expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
      });
    }),
  );
});

const newServiceForm = () => within(screen.getByRole("region", { name: "New service" }));

async function logInAgain(user: ReturnType<typeof renderAdmin>["user"], password = "correct horse") {
  const dialog = screen.getByRole("dialog");
  await user.type(within(dialog).getByLabelText("Email"), "sam@example.com");
  await user.type(within(dialog).getByLabelText("Password"), password);
  await user.click(within(dialog).getByRole("button", { name: /Log in/ }));
}

describe("a session the server ended", () => {
  it("a list load refused while typing: the log-in dialog over the same screen, the text kept, the list loaded after", async () => {
    storeSession();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let accepted = false;
    server.use(
      http.get("/api/admin/services", async () => {
        if (accepted) return HttpResponse.json({ items: [standard] });
        await held;
        return UNAUTHENTICATED();
      }),
    );
    const { user, history } = renderAdmin("/admin");
    const name = await screen.findByLabelText("Name");
    await user.type(name, "Deep Clean");
    accepted = true;
    release();

    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByRole("alert").textContent).toBe(SESSION_ENDED_TEXT);
    expect(within(dialog).getByRole("heading", { name: "Log in" })).toBeTruthy();
    // Not the login page: the same screen, behind the dialog, with what was typed.
    expect(history.location.pathname).toBe("/admin");
    expect(newServiceForm().getByLabelText<HTMLInputElement>("Name").value).toBe("Deep Clean");
    expect(newServiceForm().getByLabelText<HTMLInputElement>("Slug").value).toBe("deep-clean");
    expect(readSession()).toBeNull();

    await logInAgain(user);
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(logins).toEqual(["sam@example.com"]);
    expect(history.location.pathname).toBe("/admin");
    expect(readSession()?.user.email).toBe("sam@example.com");
    // The load the old session lost comes again.
    expect(await screen.findByRole("heading", { name: "Standard Clean" })).toBeTruthy();
    expect(newServiceForm().getByLabelText<HTMLInputElement>("Name").value).toBe("Deep Clean");
    // The focus is back where staff were typing.
    expect(document.activeElement).toBe(newServiceForm().getByLabelText("Name"));
  }, 15_000);

  it("a save refused: the dialog, the form as typed, and Save works once logged in again", async () => {
    storeSession();
    const posted: { csrf: string | null; body: unknown }[] = [];
    let accepted = false;
    server.use(
      http.get("/api/admin/services", () => HttpResponse.json({ items: [] })),
      http.post("/api/admin/services", async ({ request }) => {
        posted.push({ csrf: request.headers.get("X-CSRF-Token"), body: await request.json() });
        if (!accepted) return UNAUTHENTICATED();
        return HttpResponse.json({ ...standard, _id: "s9", name: "Deep Clean", slug: "deep-clean", ratePerHour: 75 }, { status: 201 });
      }),
    );
    const { user, history } = renderAdmin("/admin");
    await screen.findByText("No services yet.");
    const form = newServiceForm();
    await user.type(form.getByLabelText("Name"), "Deep Clean");
    await user.clear(form.getByLabelText("Rate per hour"));
    await user.type(form.getByLabelText("Rate per hour"), "75");
    await user.click(form.getByRole("button", { name: "Create service" }));

    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByText(SESSION_ENDED_TEXT)).toBeTruthy();
    expect(history.location.pathname).toBe("/admin");
    expect(form.getByLabelText<HTMLInputElement>("Name").value).toBe("Deep Clean");
    expect(form.getByLabelText<HTMLInputElement>("Rate per hour").value).toBe("75");

    // A wrong password is the dialog's own error: it stays open, and nothing is lost.
    await logInAgain(user, "wrong");
    expect(await within(dialog).findByText("Invalid email or password.")).toBeTruthy();
    expect(screen.getByRole("dialog")).toBe(dialog);
    await user.clear(within(dialog).getByLabelText("Email"));
    await user.clear(within(dialog).getByLabelText("Password"));

    accepted = true;
    await logInAgain(user);
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(history.location.pathname).toBe("/admin");
    expect(form.getByLabelText<HTMLInputElement>("Name").value).toBe("Deep Clean");

    await user.click(form.getByRole("button", { name: "Create service" }));
    expect(await screen.findByText("Service “Deep Clean” created.")).toBeTruthy();
    expect(posted).toHaveLength(2);
    // The same body again, with the new login's CSRF token.
    expect(posted[1]).toEqual({ csrf: "fresh-csrf", body: posted[0]!.body });
    expect((posted[1]!.body as { ratePerHour: number }).ratePerHour).toBe(75);
  }, 15_000);

  it("a stored session the server no longer takes: the dialog over the remembered screen, not the login page", async () => {
    storeSession();
    let accepted = false;
    server.use(
      http.get("/api/admin/services", () => (accepted ? HttpResponse.json({ items: [standard] }) : UNAUTHENTICATED())),
    );
    const { user, history } = renderAdmin("/admin?includeDeleted=true");
    await screen.findByRole("dialog");
    expect(history.location.pathname).toBe("/admin");
    expect(history.location.search).toBe("?includeDeleted=true");
    accepted = true;
    await logInAgain(user);
    expect(await screen.findByRole("heading", { name: "Standard Clean" })).toBeTruthy();
    expect(history.location.search).toBe("?includeDeleted=true");
  });

  it("the first visit, with no session, still goes to the login page", async () => {
    const { history } = renderAdmin("/admin");
    expect(await screen.findByRole("heading", { name: "Log in" })).toBeTruthy();
    expect(history.location.pathname).toBe("/admin/login");
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("Logout of a session the server already ended goes to the login page without the dialog", async () => {
    storeSession();
    server.use(
      http.get("/api/admin/services", () => HttpResponse.json({ items: [] })),
      http.post("/api/auth/logout", UNAUTHENTICATED),
    );
    const { user, history } = renderAdmin("/admin");
    await screen.findByText("No services yet.");
    await user.click(screen.getByRole("button", { name: "Logout" }));
    await screen.findByRole("heading", { name: "Log in" });
    expect(history.location.pathname).toBe("/admin/login");
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});

describe("the api client's report", () => {
  it("tells the listeners of an UNAUTHENTICATED answer to a load, a write or an export, and of nothing else", async () => {
    const heard = vi.fn();
    const stop = onSessionRejected(heard);
    server.use(
      http.get("/api/admin/a", UNAUTHENTICATED),
      http.put("/api/admin/b", UNAUTHENTICATED),
      http.get("/api/admin/customers.csv", UNAUTHENTICATED),
      http.get("/api/admin/c", () => HttpResponse.json({ error: "Not yours.", code: "FORBIDDEN" }, { status: 403 })),
    );
    try {
      await expect(api.list("/api/admin/a")).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
      await expect(api.put("/api/admin/b", {})).rejects.toMatchObject({ status: 401 });
      await expect(downloadCsv("/api/admin/customers.csv", {}, "customers")).rejects.toMatchObject({ status: 401 });
      expect(heard).toHaveBeenCalledTimes(3);
      await expect(api.get("/api/admin/c")).rejects.toMatchObject({ status: 403 });
      // A wrong password is the login's own 401.
      await expect(api.post("/api/auth/login", { email: "sam@example.com", password: "wrong" })).rejects.toMatchObject({
        code: "INVALID_CREDENTIALS",
      });
      expect(heard).toHaveBeenCalledTimes(3);
    } finally {
      stop();
    }
    await expect(api.get("/api/admin/a")).rejects.toMatchObject({ status: 401 });
    expect(heard).toHaveBeenCalledTimes(3);
  });

  it("does not report a call sent before the latest login: that session is gone already", async () => {
    const heard = vi.fn();
    const stop = onSessionRejected(heard);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.get("/api/admin/slow", async () => {
        await held;
        return UNAUTHENTICATED();
      }),
    );
    try {
      const slow = api.get("/api/admin/slow");
      await api.post("/api/auth/login", { email: "sam@example.com", password: "correct horse" });
      release();
      await expect(slow).rejects.toMatchObject({ status: 401 });
      expect(heard).not.toHaveBeenCalled();
    } finally {
      stop();
    }
  });
});

import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { server } from "../test/server.ts";
import {
  endSession,
  isAllowedRole,
  readSession,
  safeRedirect,
  saveSession,
  SESSION_KEY,
  splitHref,
} from "./session.ts";

const ana = { _id: "u1", name: "Ana", email: "ana@example.com", role: "superadmin" as const };

describe("session", () => {
  it("keeps who signed in and until when, never a token", () => {
    const expiresAt = new Date(Date.now() + 3_600_000).toISOString();
    saveSession(ana, expiresAt);
    const session = readSession();
    expect(session?.user).toEqual(ana);
    expect(session?.expiresAt).toBe(Date.parse(expiresAt));
    expect(localStorage.getItem(SESSION_KEY)).not.toMatch(/token/i);
    expect(localStorage.getItem("token")).toBeNull();
  });

  it("drops an expired session", () => {
    saveSession(ana, new Date(Date.now() - 1000).toISOString());
    expect(readSession()).toBeNull();
    expect(localStorage.getItem(SESSION_KEY)).toBeNull();
  });

  it("drops an unreadable session or one without an end", () => {
    localStorage.setItem(SESSION_KEY, "{broken");
    expect(readSession()).toBeNull();
    expect(localStorage.getItem(SESSION_KEY)).toBeNull();
    localStorage.setItem(SESSION_KEY, JSON.stringify({ user: ana }));
    expect(readSession()).toBeNull();
  });

  it("defaults the role to admin when none is stored", () => {
    localStorage.setItem(SESSION_KEY, JSON.stringify({ user: { _id: "x", email: "x@example.com" }, expiresAt: Date.now() + 60_000 }));
    expect(readSession()?.user).toEqual({ _id: "x", name: "", email: "x@example.com", role: "admin" });
  });

  it("removes a bearer token an earlier version left in storage", () => {
    localStorage.setItem("token", "old.bearer.token");
    localStorage.setItem("user", "{}");
    expect(readSession()).toBeNull();
    expect(localStorage.getItem("token")).toBeNull();
    expect(localStorage.getItem("user")).toBeNull();
  });

  it("ends the session on the server with the CSRF header, and here even when the server fails", async () => {
    document.cookie = "staff_csrf=csrf-1; path=/";
    let csrf: string | null = null;
    server.use(
      http.post("/api/auth/logout", ({ request }) => {
        csrf = request.headers.get("X-CSRF-Token");
        return new HttpResponse(null, { status: 204 });
      }),
    );
    saveSession(ana, new Date(Date.now() + 60_000).toISOString());
    await endSession();
    expect(csrf).toBe("csrf-1");
    expect(readSession()).toBeNull();

    server.use(http.post("/api/auth/logout", () => HttpResponse.error()));
    saveSession(ana, new Date(Date.now() + 60_000).toISOString());
    await endSession();
    expect(readSession()).toBeNull();
  });

  it("knows the allowed roles", () => {
    expect(isAllowedRole("admin")).toBe(true);
    expect(isAllowedRole("superadmin")).toBe(true);
    expect(isAllowedRole("customer")).toBe(false);
  });

  it("keeps a cleaner's session with the cleaner it belongs to (issue 31)", () => {
    const mia = { _id: "u2", name: "Mia Chen", email: "mia@example.com", role: "cleaner" as const, cleanerId: "c1" };
    expect(isAllowedRole("cleaner")).toBe(true);
    saveSession(mia, new Date(Date.now() + 60_000).toISOString());
    expect(readSession()?.user).toEqual(mia);
  });

  it("only redirects inside the app", () => {
    expect(safeRedirect("/bookings?q=x")).toBe("/bookings?q=x");
    expect(safeRedirect("//evil.example")).toBe("/");
    expect(safeRedirect("https://evil.example")).toBe("/");
    expect(safeRedirect("/\\evil")).toBe("/");
    expect(safeRedirect(undefined)).toBe("/");
  });
});

describe("splitHref", () => {
  it("splits a staff-area href for navigation", () => {
    expect(splitHref("/bookings?status=PENDING#top")).toEqual({
      pathname: "/bookings",
      search: "?status=PENDING",
      hash: "top",
    });
  });
});

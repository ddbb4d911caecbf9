import { describe, expect, it } from "vitest";
import { anHourAgo, fakeJwt, inOneHour } from "../test/jwt.ts";
import {
  decodeJwtPayload,
  isAllowedRole,
  readSession,
  safeRedirect,
  saveSession,
  splitHref,
  tokenExpiry,
} from "./session.ts";

describe("session", () => {
  it("reads an unexpired token and its user", () => {
    const exp = inOneHour();
    saveSession(fakeJwt({ exp, role: "superadmin" }), {
      _id: "u1",
      name: "Ana",
      email: "ana@example.com",
      role: "superadmin",
    });
    const session = readSession();
    expect(session?.user.email).toBe("ana@example.com");
    expect(session?.user.role).toBe("superadmin");
    expect(session?.expiresAt).toBe(exp * 1000);
  });

  it("drops an expired token", () => {
    localStorage.setItem("token", fakeJwt({ exp: anHourAgo() }));
    localStorage.setItem("user", "{}");
    expect(readSession()).toBeNull();
    expect(localStorage.getItem("token")).toBeNull();
    expect(localStorage.getItem("user")).toBeNull();
  });

  it("drops an unreadable token or one without exp", () => {
    localStorage.setItem("token", "not-a-jwt");
    expect(readSession()).toBeNull();
    expect(localStorage.getItem("token")).toBeNull();
    localStorage.setItem("token", fakeJwt({ role: "admin" }));
    expect(readSession()).toBeNull();
  });

  it("rebuilds the user from the token when the stored user is unreadable, role defaulting to admin", () => {
    localStorage.setItem("token", fakeJwt({ exp: inOneHour(), sub: "x", email: "x@example.com" }));
    localStorage.setItem("user", "{broken");
    expect(readSession()?.user).toEqual({ _id: "x", name: "", email: "x@example.com", role: "admin" });
  });

  it("decodes base64url payloads with non-ASCII text", () => {
    const token = fakeJwt({ name: "Zoë", exp: 1 });
    expect(decodeJwtPayload(token)?.name).toBe("Zoë");
    expect(tokenExpiry(token)).toBe(1000);
  });

  it("knows the allowed roles", () => {
    expect(isAllowedRole("admin")).toBe(true);
    expect(isAllowedRole("superadmin")).toBe(true);
    expect(isAllowedRole("customer")).toBe(false);
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

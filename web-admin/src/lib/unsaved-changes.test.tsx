/** Unsaved work is never lost without asking (issue 20): links, Logout, and the session's end. */
import { act, screen, waitFor, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SESSION_EXPIRED_TEXT } from "../features/auth/session-dialog.tsx";
import { renderAdmin, storeSession } from "../test/render-admin.tsx";
import { server } from "../test/server.ts";
import { UNSAVED_LOGOUT_PROMPT, UNSAVED_PROMPT } from "./unsaved-changes.ts";

const inquiry = {
  _id: "i1", inquiryType: "OFFICE", firstName: "Priya", lastName: "Shah", email: "priya@example.com", phone: "0398765432",
  suburb: "Carlton", message: "Nightly office clean.", read: true, hasAddress: false, archivedAt: null, adminNotes: "",
  createdAt: "2026-11-20T01:00:00.000Z",
};

beforeEach(() => {
  // happy-dom has no window.confirm of its own.
  window.confirm ??= () => false;
  server.use(
    http.get("/api/admin/inquiries", () => HttpResponse.json({ items: [inquiry], page: 1, totalPages: 1, totalItems: 1 })),
    http.get("/api/admin/bookings", () =>
      HttpResponse.json({
        items: [], page: 1, totalPages: 1, totalItems: 0,
        stats: { status: { PENDING: 0, CONFIRMED: 0, CANCELLED: 0, DONE: 0, QUOTE_REQUESTED: 0 }, payment: { UNPAID: 0, PAID: 0 } },
      })),
    http.post("/api/auth/logout", () => new HttpResponse(null, { status: 204 })),
  );
});
afterEach(() => vi.restoreAllMocks());

async function typeNotes(text: string) {
  const view = renderAdmin("/admin/inquiries");
  const notes = await screen.findByLabelText("Admin notes");
  await view.user.type(notes, text);
  return view;
}

describe("unsaved changes", () => {
  it("a link away from typed notes asks first; No stays, Yes leaves", async () => {
    storeSession();
    const confirm = vi.spyOn(window, "confirm").mockReturnValueOnce(false).mockReturnValueOnce(true);
    const { user } = await typeNotes("Call back Monday");
    const nav = screen.getByRole("navigation", { name: "Staff screens" });
    await user.click(within(nav).getByRole("link", { name: "Bookings" }));
    expect(confirm).toHaveBeenCalledWith(UNSAVED_PROMPT);
    expect(screen.getByLabelText<HTMLTextAreaElement>("Admin notes").value).toBe("Call back Monday");
    await user.click(within(nav).getByRole("link", { name: "Bookings" }));
    await screen.findByRole("heading", { name: "Bookings", level: 1 });
  });

  it("nothing typed: the link leaves without asking", async () => {
    storeSession();
    const confirm = vi.spyOn(window, "confirm");
    const view = renderAdmin("/admin/inquiries");
    await screen.findByLabelText("Admin notes");
    await view.user.click(within(screen.getByRole("navigation", { name: "Staff screens" })).getByRole("link", { name: "Bookings" }));
    await screen.findByRole("heading", { name: "Bookings", level: 1 });
    expect(confirm).not.toHaveBeenCalled();
  });

  it("Logout asks first while something is unsaved", async () => {
    storeSession();
    const confirm = vi.spyOn(window, "confirm").mockReturnValue(false);
    const { user } = await typeNotes("Gate code 1234");
    await user.click(screen.getByRole("button", { name: "Logout" }));
    expect(confirm).toHaveBeenCalledWith(UNSAVED_LOGOUT_PROMPT);
    expect(screen.getByLabelText<HTMLTextAreaElement>("Admin notes").value).toBe("Gate code 1234");
  });

  it("the session ending while typing keeps the text and asks to log in again over it", async () => {
    // A session with two seconds left.
    storeSession({}, Math.floor(Date.now() / 1000) + 2);
    server.use(
      http.post("/api/auth/login", () =>
        HttpResponse.json({
          token: "t",
          user: { _id: "a1", name: "Sam Staff", email: "sam@example.com", role: "admin" },
          expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
        })),
    );
    const { user } = await typeNotes("Quote sent Tuesday");
    const dialog = await screen.findByRole("dialog", {}, { timeout: 5_000 });
    expect(within(dialog).getByText(SESSION_EXPIRED_TEXT)).toBeTruthy();
    expect(screen.getByLabelText<HTMLTextAreaElement>("Admin notes", { selector: "textarea" }).value).toBe("Quote sent Tuesday");
    await user.type(within(dialog).getByLabelText("Email"), "sam@example.com");
    await user.type(within(dialog).getByLabelText("Password"), "correct horse");
    await act(async () => {
      await user.click(within(dialog).getByRole("button", { name: /Log in/ }));
    });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(screen.getByLabelText<HTMLTextAreaElement>("Admin notes").value).toBe("Quote sent Tuesday");
  }, 10_000);
});

import { screen, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { beforeEach, describe, expect, it } from "vitest";
import { renderAdmin, storeSession } from "../../test/render-admin.tsx";
import { server } from "../../test/server.ts";
import { auditDiff } from "./audit-diff.ts";
import type { AuditRow } from "./audit-page.tsx";

const row: AuditRow = {
  id: 7,
  at: "2026-11-25T03:00:00.000Z",
  adminId: "a1",
  adminEmail: "admin@yarrashine.com.au",
  action: "booking.status",
  entity: "booking",
  entityId: "b-123",
  before: { status: "PENDING", firstName: "Olivia" },
  after: { status: "CONFIRMED", firstName: "Olivia" },
};

let pages: string[];
beforeEach(() => {
  pages = [];
  storeSession({ role: "superadmin" });
});

function answer(items: AuditRow[], totalPages = 1, status = 200) {
  server.use(
    http.get("/api/admin/audit", ({ request }) => {
      const page = new URL(request.url).searchParams.get("page") ?? "1";
      pages.push(page);
      if (status !== 200) return HttpResponse.json({ error: "down", code: "X" }, { status });
      return HttpResponse.json({ items, page: Number(page), totalPages, totalItems: items.length });
    }),
  );
}

describe("audit log", () => {
  it("lists who, when, action, record and the changed fields", async () => {
    answer([row]);
    renderAdmin("/admin/audit");
    await screen.findByRole("heading", { name: "Audit log", level: 1 });
    const table = await screen.findByRole("table");
    const cells = within(table).getAllByRole("cell").map((cell) => cell.textContent);
    expect(cells).toEqual([
      "Wed 25 Nov 2026, 2:00 pm",
      "admin@yarrashine.com.au",
      "booking.status",
      "booking b-123",
      "status: PENDING →  changed to CONFIRMED",
    ]);
  });

  it("pages", async () => {
    answer([row], 3);
    const { user } = renderAdmin("/admin/audit");
    await screen.findByText("Page 1 of 3");
    await user.click(screen.getByRole("button", { name: "Next page" }));
    await screen.findByText("Page 2 of 3");
    expect(pages).toEqual(["1", "2"]);
  });

  it("shows an empty log and a failed load", async () => {
    answer([]);
    const view = renderAdmin("/admin/audit");
    expect(await screen.findByText("No audit entries yet.")).toBeTruthy();
    view.unmount();
    answer([], 1, 500);
    renderAdmin("/admin/audit");
    expect((await screen.findByRole("alert")).textContent).toContain("Failed to load the audit log");
  });
});

describe("auditDiff", () => {
  it("lists created, deleted and changed fields, leaving out unchanged ones", () => {
    expect(auditDiff(null, { name: "Cleo", role: "admin" })).toEqual([
      { field: "name", after: "Cleo" },
      { field: "role", after: "admin" },
    ]);
    expect(auditDiff({ name: "Cleo" }, null)).toEqual([{ field: "name", before: "Cleo" }]);
    expect(auditDiff({ a: 1, b: [1, 2], updatedAt: "x" }, { a: 1, b: [1, 3], updatedAt: "y" })).toEqual([
      { field: "b", before: "[1,2]", after: "[1,3]" },
    ]);
    expect(auditDiff({ notes: null }, { notes: "Hi" })).toEqual([{ field: "notes", before: "empty", after: "Hi" }]);
  });
});

describe("audit page in the URL", () => {
  it("opens on the page a link carries and keeps the page in the URL", async () => {
    answer([row], 3);
    const { user, history } = renderAdmin("/admin/audit?page=2");
    await screen.findByText("Page 2 of 3");
    await user.click(screen.getByRole("button", { name: "Previous page" }));
    await screen.findByText("Page 1 of 3");
    expect(pages).toEqual(["2", "1"]);
    expect(history.location.search).toBe("");
  });
});

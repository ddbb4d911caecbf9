import { screen, waitFor, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { renderAdmin, storeSession } from "../../test/render-admin.tsx";
import { server } from "../../test/server.ts";
import type { AdminAccount } from "./admins-page.tsx";

const ana: AdminAccount = { _id: "a1", name: "Sam Staff", email: "sam@example.com", role: "superadmin" };
const ben: AdminAccount = { _id: "a2", name: "Ben Helper", email: "ben@example.com", role: "admin" };

function answerList(items: AdminAccount[], status = 200) {
  server.use(
    http.get("/api/admin/admins", () =>
      status === 200 ? HttpResponse.json({ items }) : HttpResponse.json({ error: "down", code: "X" }, { status })),
  );
}

async function openAdmins() {
  const view = renderAdmin("/admin/admins");
  await screen.findByRole("heading", { name: "Admins", level: 1 });
  await waitFor(() => expect(screen.queryByText("Loading admins…")).toBeNull());
  return view;
}

const rows = () => within(screen.getByRole("table")).getAllByRole("row").map((row) =>
  within(row).queryAllByRole("cell").map((cell) => cell.textContent)
);

beforeEach(() => {
  storeSession({ _id: "a1", role: "superadmin" });
  window.confirm ??= () => false;
});

describe("admins page", () => {
  it("shows the accounts in a table with Name, Email, Role, Actions", async () => {
    answerList([ana, ben]);
    await openAdmins();
    const headers = within(screen.getByRole("table")).getAllByRole("columnheader").map((th) => th.textContent);
    expect(headers).toEqual(["Name", "Email", "Role", "Actions"]);
    expect(rows().slice(1)).toEqual([
      // A superadmin cannot delete their own account (the server refuses), so it is not offered.
      ["Sam Staff (you)", "sam@example.com", "superadmin", "Edit"],
      ["Ben Helper", "ben@example.com", "admin", "EditDelete"],
    ]);
    expect(screen.queryByRole("button", { name: "Delete Sam Staff" })).toBeNull();
  });

  it("says 'No admins yet.' and 'Could not load admins'", async () => {
    answerList([]);
    const first = await openAdmins();
    expect(screen.getByText("No admins yet.")).toBeTruthy();
    first.unmount();
    answerList([], 500);
    await openAdmins();
    expect((await screen.findByRole("alert")).textContent).toContain("Could not load admins");
  });

  it("needs name, email and password to create, then posts and lists the new admin", async () => {
    answerList([ana]);
    let sent: unknown;
    server.use(
      http.post("/api/admin/admins", async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ _id: "a3", name: "Cleo", email: "cleo@example.com", role: "admin" }, { status: 201 });
      }),
    );
    const { user } = await openAdmins();
    await user.click(screen.getByRole("button", { name: "Create admin" }));
    expect(screen.getByText("Name is required.")).toBeTruthy();
    expect(screen.getByText("Email is required.")).toBeTruthy();
    expect(screen.getByText("Password is required.")).toBeTruthy();
    expect(screen.getByLabelText("Password").getAttribute("aria-invalid")).toBe("true");
    expect(sent).toBeUndefined();

    await user.type(screen.getByLabelText("Name"), "Cleo");
    await user.type(screen.getByLabelText("Email"), "cleo@example.com");
    await user.type(screen.getByLabelText("Password"), "a-long-password-1");
    await user.click(screen.getByRole("button", { name: "Create admin" }));
    expect(await screen.findByText("Admin created.")).toBeTruthy();
    expect(sent).toEqual({ name: "Cleo", email: "cleo@example.com", role: "admin", password: "a-long-password-1" });
    expect(rows().slice(1).map((row) => row[1])).toEqual(["sam@example.com", "cleo@example.com"]);
    expect(screen.getByLabelText<HTMLInputElement>("Name").value).toBe("");
  });

  it("prefers the server's text when creating fails, else 'Create admin failed'", async () => {
    answerList([ana]);
    let answer = HttpResponse.json({ error: "An admin with this email already exists.", code: "EMAIL_TAKEN" }, { status: 409 });
    server.use(http.post("/api/admin/admins", () => answer));
    const { user } = await openAdmins();
    await user.type(screen.getByLabelText("Name"), "Cleo");
    await user.type(screen.getByLabelText("Email"), "sam@example.com");
    await user.type(screen.getByLabelText("Password"), "a-long-password-1");
    await user.click(screen.getByRole("button", { name: "Create admin" }));
    expect((await screen.findByRole("alert")).textContent).toContain("An admin with this email already exists.");
    answer = new HttpResponse(null, { status: 500 });
    await user.click(screen.getByRole("button", { name: "Create admin" }));
    await waitFor(() => expect(screen.getByRole("alert").textContent).toContain("Create admin failed"));
  });

  it("shows the server's reason for refusing a password beside the field (issue 29)", async () => {
    answerList([ana]);
    const why = "Don't use the business's name, the website address or your e-mail in your password.";
    server.use(http.post("/api/admin/admins", () =>
      HttpResponse.json({ error: "Validation failed", code: "VALIDATION_FAILED", fieldErrors: { password: [why] } }, { status: 422 })));
    const { user } = await openAdmins();
    expect(screen.getByText(/Not the business's name, the website address or the account's e-mail\./)).toBeTruthy();
    await user.type(screen.getByLabelText("Name"), "Cleo");
    await user.type(screen.getByLabelText("Email"), "cleo@example.com");
    await user.type(screen.getByLabelText("Password"), "YarraShine2024!");
    await user.click(screen.getByRole("button", { name: "Create admin" }));
    expect(await screen.findByText(why)).toBeTruthy();
    expect(screen.getByLabelText("Password").getAttribute("aria-invalid")).toBe("true");
  });

  it("edits with the password optional: blank keeps the current one", async () => {
    answerList([ana, ben]);
    const sent: unknown[] = [];
    server.use(
      http.put("/api/admin/admins/a2", async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        sent.push(body);
        return HttpResponse.json({ ...ben, ...body, password: undefined });
      }),
    );
    const { user } = await openAdmins();
    await user.click(screen.getByRole("button", { name: "Edit Ben Helper" }));
    expect(screen.getByRole("heading", { name: "Edit Ben Helper" })).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>("Email").value).toBe("ben@example.com");
    const name = screen.getByLabelText("Name");
    await user.clear(name);
    await user.type(name, "Benjamin");
    await user.selectOptions(screen.getByLabelText("Role"), "superadmin");
    await user.click(screen.getByRole("button", { name: "Save changes" }));
    expect(await screen.findByText("Admin updated.")).toBeTruthy();
    expect(sent[0]).toEqual({ name: "Benjamin", email: "ben@example.com", role: "superadmin" });
    expect(rows()[2]).toEqual(["Benjamin", "ben@example.com", "superadmin", "EditDelete"]);

    await user.click(screen.getByRole("button", { name: "Edit Benjamin" }));
    await user.type(screen.getByLabelText("Password"), "another-password-2");
    await user.click(screen.getByRole("button", { name: "Save changes" }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toMatchObject({ password: "another-password-2" });
  });

  it("shows the last-superadmin rule when an update fails, else 'Update admin failed'", async () => {
    answerList([ana]);
    server.use(
      http.put("/api/admin/admins/a1", () =>
        HttpResponse.json({ error: "There must always be at least one superadmin.", code: "LAST_SUPERADMIN" }, { status: 409 })),
    );
    const { user } = await openAdmins();
    await user.click(screen.getByRole("button", { name: "Edit Sam Staff" }));
    await user.selectOptions(screen.getByLabelText("Role"), "admin");
    await user.click(screen.getByRole("button", { name: "Save changes" }));
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("There must always be at least one superadmin.");
    expect(alert.textContent).toContain("Conflict");
  });

  it("deletes only after the permanent-delete confirmation, and shows failures", async () => {
    answerList([ana, ben]);
    let deletes = 0;
    let fail = false;
    server.use(
      http.delete("/api/admin/admins/:id", () => {
        deletes += 1;
        if (fail) return new HttpResponse(null, { status: 500 });
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const confirm = vi.spyOn(window, "confirm").mockReturnValueOnce(false).mockReturnValue(true);
    const { user } = await openAdmins();
    await user.click(screen.getByRole("button", { name: "Delete Ben Helper" }));
    expect(confirm.mock.calls[0][0]).toMatch(/^Permanently delete the admin account of Ben Helper \(ben@example.com\)\?/);
    expect(deletes).toBe(0);
    fail = true;
    await user.click(screen.getByRole("button", { name: "Delete Ben Helper" }));
    expect((await screen.findByRole("alert")).textContent).toContain("Delete admin failed");
    expect(within(screen.getByRole("table")).getByText("ben@example.com")).toBeTruthy();
    expect(deletes).toBe(1);

    fail = false;
    await user.click(screen.getByRole("button", { name: "Delete Ben Helper" }));
    await waitFor(() => expect(within(screen.getByRole("table")).queryByText("ben@example.com")).toBeNull());
    expect(deletes).toBe(2);
  });
});

describe("superadmin-only screens", () => {
  it.each(["/admin/admins", "/admin/audit"])("shows 'Forbidden' to an admin at %s", async (path) => {
    storeSession({ role: "admin" });
    renderAdmin(path);
    expect(await screen.findByRole("heading", { name: "Forbidden" })).toBeTruthy();
    // Still inside the shell, with no link to the superadmin screens.
    const nav = screen.getByRole("navigation", { name: "Staff screens" });
    expect(within(nav).queryByRole("link", { name: "Admins" })).toBeNull();
    expect(within(nav).queryByRole("link", { name: "Audit log" })).toBeNull();
  });

  it("shows the Audit log link to a superadmin", async () => {
    answerList([ana]);
    renderAdmin("/admin/admins");
    const link = await screen.findByRole("link", { name: "Audit log" });
    expect(link.getAttribute("href")).toBe("/admin/audit");
  });
});

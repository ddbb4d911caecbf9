/** Issue 31: the page a cleaner's invite opens, /admin/set-password/<token>, outside the signed-in area. */
import { screen, waitFor, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { renderAdmin } from "../../test/render-admin.tsx";
import { server } from "../../test/server.ts";

const TOKEN = "k3Jd9fQ2xYz_ab-CdEfGhIjKlMnOpQrStUvWx";
const GOOD = "wombat kettle harbour lantern";

function serve(answer: (body: { token: string; password: string }) => Response) {
  const sent: unknown[] = [];
  server.use(
    http.post("/api/auth/set-password", async ({ request }) => {
      const body = (await request.json()) as { token: string; password: string };
      sent.push(body);
      return answer(body);
    }),
  );
  return sent;
}

async function choose(password: string, confirm = password) {
  const view = renderAdmin(`/admin/set-password/${TOKEN}`);
  await screen.findByRole("heading", { name: "Choose your password" });
  if (password) await view.user.type(screen.getByLabelText("Password"), password);
  if (confirm) await view.user.type(screen.getByLabelText("Confirm password"), confirm);
  await view.user.click(screen.getByRole("button", { name: "Set password" }));
  return view;
}

describe("choosing a password from an invite", () => {
  it("opens without a session, sets the password with the link's token, then offers the login", async () => {
    const sent = serve(() => HttpResponse.json({ email: "priya@example.com" }));
    const { history, user } = await choose(GOOD);
    expect(await screen.findByText("Your password is set.")).toBeTruthy();
    expect(screen.getByText("Log in with priya@example.com and your new password.")).toBeTruthy();
    expect(sent).toEqual([{ token: TOKEN, password: GOOD }]);
    expect(history.location.pathname).toBe(`/admin/set-password/${TOKEN}`);
    // Nothing of the staff area's frame: no navigation, no Log out.
    expect(screen.queryByRole("navigation")).toBeNull();
    const login = screen.getByRole("link", { name: "Log in" });
    expect(login.getAttribute("href")).toBe("/admin/login");
    await user.click(login);
    await screen.findByRole("heading", { name: "Log in" });
    expect(history.location.pathname).toBe("/admin/login");
  });

  it("says a used or expired link is no good and to ask the office (404 SET_PASSWORD_LINK_INVALID)", async () => {
    serve(() =>
      HttpResponse.json({
        error: "This link is invalid or has expired. Ask the office for a new one.",
        code: "SET_PASSWORD_LINK_INVALID",
      }, { status: 404 }));
    await choose(GOOD);
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("This link is invalid or has expired. Ask the office for a new one.");
    expect(screen.queryByLabelText("Password")).toBeNull();
    expect(screen.queryByRole("button", { name: "Set password" })).toBeNull();
  });

  it("shows the server's password rules on the field (422), and sends again once changed", async () => {
    let calls = 0;
    const sent = serve(() => {
      calls += 1;
      return calls === 1
        ? HttpResponse.json({
          error: "Please fix the fields below.",
          code: "VALIDATION_FAILED",
          fieldErrors: { password: ["This password is too common: it appears in lists of leaked passwords. Choose a less predictable one."] },
        }, { status: 422 })
        : HttpResponse.json({ email: "priya@example.com" });
    });
    const { user } = await choose("correcthorsebatterystaple");
    const field = screen.getByLabelText("Password");
    await waitFor(() => expect(field.getAttribute("aria-invalid")).toBe("true"));
    const describedBy = field.getAttribute("aria-describedby")!.split(" ");
    const messages = describedBy.map((id) => document.getElementById(id)?.textContent).join(" | ");
    expect(messages).toContain("This password is too common");
    expect(screen.queryByText("Your password is set.")).toBeNull();

    await user.clear(field);
    await user.type(field, GOOD);
    await user.clear(screen.getByLabelText("Confirm password"));
    await user.type(screen.getByLabelText("Confirm password"), GOOD);
    await user.click(screen.getByRole("button", { name: "Set password" }));
    expect(await screen.findByText("Your password is set.")).toBeTruthy();
    expect(sent).toHaveLength(2);
  });

  it("checks the length and that both fields match before sending anything", async () => {
    const sent = serve(() => HttpResponse.json({ email: "priya@example.com" }));
    await choose("short", "");
    expect(within(screen.getByLabelText("Password").closest(".admin-field")!).getByText("Password must be at least 12 characters.")).toBeTruthy();
    expect(within(screen.getByLabelText("Confirm password").closest(".admin-field")!).getByText("Type the password again.")).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it("says when the two passwords differ", async () => {
    const sent = serve(() => HttpResponse.json({ email: "priya@example.com" }));
    await choose(GOOD, `${GOOD}!`);
    expect(within(screen.getByLabelText("Confirm password").closest(".admin-field")!).getByText("The passwords don’t match.")).toBeTruthy();
    expect(screen.queryByText("Password must be at least 12 characters.")).toBeNull();
    expect(sent).toEqual([]);
  });
});

import { createMemoryHistory } from "@tanstack/react-router";
import { render } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { AdminApp } from "../admin-app.tsx";
import type { SessionUser } from "@yarra/api/client/types.ts";
import { SESSION_KEY } from "../lib/session.ts";
import { inOneHour } from "./jwt.ts";

/** Mounts the staff area the way the host does: at /admin, on a history the test controls. */
export function renderAdmin(path: string) {
  const history = createMemoryHistory({ initialEntries: [path] });
  const user = userEvent.setup();
  const view = render(<AdminApp history={history} basepath="/admin" />);
  return { ...view, history, user };
}

export const TEST_CSRF_TOKEN = "test-csrf-token";

/**
 * What a login leaves in the browser: who signed in and until when (exp in epoch seconds), and
 * the readable CSRF cookie. The session cookie itself is httpOnly: the server's business.
 */
export function storeSession(user: Partial<SessionUser> = {}, exp = inOneHour()) {
  const full = { _id: "a1", name: "Sam Staff", email: "sam@example.com", role: "admin", ...user };
  localStorage.setItem(SESSION_KEY, JSON.stringify({ user: full, expiresAt: exp * 1000 }));
  document.cookie = `staff_csrf=${TEST_CSRF_TOKEN}; path=/`;
}

import { createMemoryHistory } from "@tanstack/react-router";
import { render } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { AdminApp } from "../admin-app.tsx";
import type { SessionUser } from "@yarra/api/client/types.ts";
import { fakeJwt, inOneHour } from "./jwt.ts";

/** Mounts the staff area the way the host does: at /admin, on a history the test controls. */
export function renderAdmin(path: string) {
  const history = createMemoryHistory({ initialEntries: [path] });
  const user = userEvent.setup();
  const view = render(<AdminApp history={history} basepath="/admin" />);
  return { ...view, history, user };
}

export function storeSession(user: Partial<SessionUser> = {}, exp = inOneHour()) {
  const full = { _id: "a1", name: "Sam Staff", email: "sam@example.com", role: "admin", ...user };
  localStorage.setItem("token", fakeJwt({ sub: full._id, role: full.role, exp }));
  localStorage.setItem("user", JSON.stringify(full));
}

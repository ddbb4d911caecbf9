import { createRoute, Outlet, redirect, useNavigate, useRouter } from "@tanstack/react-router";
import { AdminShell } from "../features/shell/admin-shell.tsx";
import { clearSession, endSession, isAllowedRole, readSession } from "../lib/session.ts";
import { useSessionExpiry } from "../lib/use-session-expiry.ts";
import { MessagePage } from "../ui/message-page.tsx";
import { rootRoute } from "./root.tsx";

/** Login search that brings the staff member back to `href` (left out for the index). */
const returnTo = (href: string) => (href === "/" ? {} : { redirect: href });

/** Pathless guard: every staff screen needs a stored, unexpired token. */
export const authedRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: "authed",
  beforeLoad: ({ location }) => {
    const session = readSession();
    if (!session) throw redirect({ to: "/login", search: returnTo(location.href) });
    return { session };
  },
  component: AuthedLayout,
});

function AuthedLayout() {
  const { session } = authedRoute.useRouteContext();
  const navigate = useNavigate();
  const router = useRouter();

  // The server's answer clears the cookie: wait for it, so it cannot clear the next login's.
  const logout = () => void endSession().then(() => navigate({ to: "/login" }));
  useSessionExpiry(session.expiresAt, () => {
    clearSession();
    void navigate({ to: "/login", search: returnTo(router.state.location.href) });
  });

  if (!isAllowedRole(session.user.role)) {
    return (
      <MessagePage title="Forbidden">
        <p>Your account has no access to the staff area.</p>
        <button type="button" className="admin-button admin-button--primary" onClick={logout}>
          Logout
        </button>
      </MessagePage>
    );
  }
  return (
    <AdminShell user={session.user} onLogout={logout}>
      <Outlet />
    </AdminShell>
  );
}

import { useQueryClient } from "@tanstack/react-query";
import { createRoute, lazyRouteComponent, Outlet, redirect, useNavigate, useRouter } from "@tanstack/react-router";
import { Suspense, useState } from "react";
import { type SessionEnd, SessionDialog } from "../features/auth/session-dialog.tsx";
import { AdminShell } from "../features/shell/admin-shell.tsx";
import { isCleaner, isMyJobsPath, MY_JOBS_PATH } from "../lib/cleaner-area.ts";
import { clearSession, endSession, isAllowedRole, readSession } from "../lib/session.ts";
import { useSessionExpiry } from "../lib/use-session-expiry.ts";
import { useSessionRejected } from "../lib/use-session-rejected.ts";
import { hasUnsavedChanges, UNSAVED_LOGOUT_PROMPT } from "../lib/unsaved-changes.ts";
import { MessagePage } from "../ui/message-page.tsx";
import { rootRoute } from "./root.tsx";

/** Login search that brings the staff member back to `href` (left out for the index). */
const returnTo = (href: string) => (href === "/" ? {} : { redirect: href });

// Issue 31: a cleaner's frame is its own chunk, loaded for a cleaner's login only.
const CleanerShell = lazyRouteComponent(() => import("../features/shell/cleaner-shell.tsx"), "CleanerShell");

/** Pathless guard: every staff screen needs a stored, unexpired token. */
export const authedRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: "authed",
  beforeLoad: ({ location }) => {
    const session = readSession();
    if (!session) throw redirect({ to: "/login", search: returnTo(location.href) });
    // A cleaner's login has one screen: any other path (the index, a bookmark, a typed URL) leads there.
    if (isCleaner(session.user) && !isMyJobsPath(location.pathname)) throw redirect({ to: MY_JOBS_PATH, replace: true });
    return { session };
  },
  loader: ({ context }) => (isCleaner(context.session.user) ? CleanerShell.preload?.() : undefined),
  component: AuthedLayout,
});

function AuthedLayout() {
  const { session } = authedRoute.useRouteContext();
  const navigate = useNavigate();
  const router = useRouter();
  const queryClient = useQueryClient();

  const [ended, setEnded] = useState<SessionEnd | null>(null);

  // The server's answer clears the cookie: wait for it, so it cannot clear the next login's.
  const logout = () => {
    if (hasUnsavedChanges() && !window.confirm(UNSAVED_LOGOUT_PROMPT)) return;
    void endSession().then(() => navigate({ to: "/login" }));
  };
  useSessionExpiry(session.expiresAt, () => {
    // Already asking to log in again (the server ended it first).
    if (ended) return;
    clearSession();
    // Unsaved work stays on screen: log in again over it, then save.
    if (hasUnsavedChanges()) setEnded("expired");
    else void navigate({ to: "/login", search: returnTo(router.state.location.href) });
  });
  // The server ended the session (issue 34 item 16): log in again over the same screen, whatever was typed.
  useSessionRejected(() => {
    clearSession();
    setEnded((reason) => reason ?? "rejected");
  });
  const loggedInAgain = () => {
    setEnded(null);
    // The guard reads the new session, and the expiry timer follows it.
    void router.invalidate();
    // The loads the old session lost come again; a refused save is the staff member's to send again.
    void queryClient.refetchQueries({ type: "active", predicate: (query) => query.state.status === "error" });
  };

  const dialog = ended && <SessionDialog reason={ended} onLoggedIn={loggedInAgain} />;
  if (isCleaner(session.user)) {
    return (
      <Suspense fallback={null}>
        <CleanerShell user={session.user} onLogout={logout}>
          <Outlet />
          {dialog}
        </CleanerShell>
      </Suspense>
    );
  }
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
      {dialog}
    </AdminShell>
  );
}

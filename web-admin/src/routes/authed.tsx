import { createRoute, Outlet, redirect, useNavigate, useRouter } from "@tanstack/react-router";
import { useEffect, useRef, useState } from "react";
import { LoginForm } from "../features/auth/login-form.tsx";
import "../features/auth/login-form.css";
import { AdminShell } from "../features/shell/admin-shell.tsx";
import { clearSession, endSession, isAllowedRole, readSession } from "../lib/session.ts";
import { useSessionExpiry } from "../lib/use-session-expiry.ts";
import { hasUnsavedChanges, UNSAVED_LOGOUT_PROMPT } from "../lib/unsaved-changes.ts";
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

  const [expiredWhileEditing, setExpiredWhileEditing] = useState(false);

  // The server's answer clears the cookie: wait for it, so it cannot clear the next login's.
  const logout = () => {
    if (hasUnsavedChanges() && !window.confirm(UNSAVED_LOGOUT_PROMPT)) return;
    void endSession().then(() => navigate({ to: "/login" }));
  };
  useSessionExpiry(session.expiresAt, () => {
    clearSession();
    // Unsaved work stays on screen: log in again over it, then save.
    if (hasUnsavedChanges()) setExpiredWhileEditing(true);
    else void navigate({ to: "/login", search: returnTo(router.state.location.href) });
  });
  const loggedInAgain = () => {
    setExpiredWhileEditing(false);
    // The guard reads the new session, and the expiry timer follows it.
    void router.invalidate();
  };

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
      {expiredWhileEditing && <SessionExpiredDialog onLoggedIn={loggedInAgain} />}
    </AdminShell>
  );
}

export const SESSION_EXPIRED_TEXT = "Your session has expired. Your changes are still here: log in again to save them.";

/** A modal login over the page, so what was typed survives the session's end. */
function SessionExpiredDialog({ onLoggedIn }: { onLoggedIn: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || dialog.open) return;
    if (typeof dialog.showModal === "function") dialog.showModal();
    else dialog.setAttribute("open", "");
  }, []);
  return (
    <dialog
      ref={ref}
      className="session-expired"
      aria-labelledby="login-title"
      aria-describedby="session-expired-text"
      // Escape would leave a signed-out page behind a dialog that can't be reopened.
      onCancel={(event) => event.preventDefault()}
    >
      <p id="session-expired-text" className="session-expired__text" role="alert">{SESSION_EXPIRED_TEXT}</p>
      <LoginForm onLoggedIn={onLoggedIn} />
    </dialog>
  );
}

import { useLayoutEffect, useRef } from "react";
import { LoginForm } from "./login-form.tsx";
import "./login-form.css";

/** Why the session ended while the staff area was open. */
export type SessionEnd = "expired" | "rejected";

export const SESSION_EXPIRED_TEXT = "Your session has expired. Your changes are still here: log in again to save them.";
/** The server ended it: a logout elsewhere, a password change, the account deactivated (issue 34 item 16). */
export const SESSION_ENDED_TEXT = "Your session has ended. Anything you typed is still here: log in again to carry on.";

const TEXTS: Record<SessionEnd, string> = { expired: SESSION_EXPIRED_TEXT, rejected: SESSION_ENDED_TEXT };

/**
 * A modal login over the page, so the screen and what was typed survive the session's end; once
 * logged in, the focus goes back where it was (a field, the Save button).
 */
export function SessionDialog({ reason, onLoggedIn }: { reason: SessionEnd; onLoggedIn: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  useLayoutEffect(() => {
    const dialog = ref.current;
    // Where the focus was (a field, the Save button), read before the dialog takes it.
    const before = document.activeElement;
    if (dialog && !dialog.open) {
      if (typeof dialog.showModal === "function") dialog.showModal();
      else dialog.setAttribute("open", "");
    }
    return () => {
      // Closed first: while modal, the page behind it cannot take the focus.
      if (dialog?.open) {
        if (typeof dialog.close === "function") dialog.close();
        else dialog.removeAttribute("open");
      }
      if (before instanceof HTMLElement && before !== document.body && before.isConnected) before.focus();
    };
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
      <p id="session-expired-text" className="session-expired__text" role="alert">{TEXTS[reason]}</p>
      <LoginForm onLoggedIn={onLoggedIn} />
    </dialog>
  );
}

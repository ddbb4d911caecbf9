/**
 * Unsaved work in a staff form (issue 20): leaving it asks first, whether by a link, Back, closing
 * the tab or Logout; the session's expiry keeps it on screen and asks to log in again (routes/authed.tsx).
 */
import { useBlocker } from "@tanstack/react-router";
import { useEffect, useState } from "react";

export const UNSAVED_PROMPT = "You have unsaved changes. Leave without saving them?";
export const UNSAVED_LOGOUT_PROMPT = "You have unsaved changes. Log out without saving them?";

/** The forms with unsaved changes now, so the shell can ask before Logout. */
const dirtyForms = new Set<symbol>();

export const hasUnsavedChanges = (): boolean => dirtyForms.size > 0;

/** Marks a form dirty while `dirty`: navigation away asks first, and so do a reload and Logout. */
export function useUnsavedChanges(dirty: boolean): void {
  const [id] = useState(() => Symbol("form"));
  useEffect(() => {
    if (!dirty) return;
    dirtyForms.add(id);
    return () => void dirtyForms.delete(id);
  }, [dirty, id]);
  useBlocker({
    shouldBlockFn: () => !window.confirm(UNSAVED_PROMPT),
    enableBeforeUnload: dirty,
    disabled: !dirty,
  });
}

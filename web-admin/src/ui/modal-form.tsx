/**
 * The staff area's confirmation dialogs (Cancel booking, Void payment, Refund): a native modal
 * <dialog>, so focus moves into it and stays, Esc closes it and the page behind is inert. Mount it
 * to ask; unmount it to close. A title, the question it describes itself by, the caller's fields, a
 * failure above the buttons, then Keep and Confirm. While `busy` (the answer on its way) the buttons
 * wait and Esc does not close, so a refusal shows where the staff member is looking.
 */
import { type FormEvent, type ReactNode, useEffect, useId, useRef } from "react";
import type { FailureDescription } from "@yarra/api/client/error-catalogue.ts";
import { ErrorAlert } from "@yarra/public-ui/error-alert.tsx";

interface ModalFormProps {
  /** The CSS block its parts are styled by: `<block>`, `<block>__title`, `__question`, `__actions`. */
  block: string;
  title: string;
  question: string;
  keep: string;
  confirm: string;
  /** The confirm button's text while busy. */
  confirming?: string;
  /** Absent for a dialog that sends nothing itself (no aria-busy then). */
  busy?: boolean;
  /** Shown above the buttons; null when none. */
  failure?: FailureDescription | null;
  onDismissFailure?(): void;
  /** The form was sent (not while busy); the caller checks its fields. */
  onSubmit(): void;
  /** Keep, Esc, or the dialog closed another way. */
  onDismiss(): void;
  children: ReactNode;
}

export function ModalForm(
  { block, title, question, keep, confirm, confirming, busy, failure, onDismissFailure, onSubmit, onDismiss, children }: ModalFormProps,
) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const questionId = useId();

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    // Browsers focus the first field on showModal; say so, for those that do not.
    element?.querySelector<HTMLElement>("input, textarea, select")?.focus();
    return () => {
      if (element?.open) element.close();
    };
  }, []);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!busy) onSubmit();
  }

  return (
    <dialog
      ref={dialog}
      className={block}
      aria-labelledby={titleId}
      aria-describedby={questionId}
      aria-busy={busy}
      // Esc: the browser closes the dialog; its owner forgets it (not while the answer is on its way).
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onDismiss();
      }}
    >
      <form onSubmit={submit} noValidate>
        <h2 id={titleId} className={`${block}__title`}>{title}</h2>
        <p id={questionId} className={`${block}__question`}>{question}</p>
        {children}
        {failure && <ErrorAlert failure={failure} message={failure.serverMessage} onDismiss={() => onDismissFailure?.()} />}
        <div className={`${block}__actions`}>
          <button type="button" className="admin-button admin-button--secondary" disabled={busy} onClick={onDismiss}>
            {keep}
          </button>
          <button type="submit" className="admin-button admin-button--danger" disabled={busy}>
            {busy && confirming ? confirming : confirm}
          </button>
        </div>
      </form>
    </dialog>
  );
}

import { type FormEvent, type ReactNode, useEffect, useId, useRef } from "react";
import "./series.css";

interface SeriesDialogProps {
  title: string;
  /** What saying yes does, read out with the title. */
  description: ReactNode;
  confirmLabel: string;
  busyLabel: string;
  dismissLabel?: string;
  /** The confirm button ends or cancels something. */
  danger?: boolean;
  busy: boolean;
  /** The fields (date, reason…) between the description and the buttons. */
  children?: ReactNode;
  /** Why the last try failed, shown above the buttons. */
  failure?: ReactNode;
  /** Shown beside the buttons after a failure that a superadmin may force (a full time). */
  extraAction?: ReactNode;
  onConfirm(): void;
  onDismiss(): void;
}

/**
 * The confirmation a series action asks for: a native modal <dialog> (focus moves into it and
 * stays, Esc closes it, the page behind is inert). Mount it to ask; unmount it to close. It stays
 * open while the write runs, so a failure shows where the staff member is looking.
 */
export function SeriesDialog(props: SeriesDialogProps) {
  const { title, description, confirmLabel, busyLabel, dismissLabel = "Keep as is", danger, busy, children, failure, extraAction } = props;
  const dialog = useRef<HTMLDialogElement>(null);
  const form = useRef<HTMLFormElement>(null);
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    // The first field, else the first button: browsers do this on showModal; say so for those that do not.
    form.current?.querySelector<HTMLElement>("input, select, textarea, button")?.focus();
    return () => {
      if (element?.open) element.close();
    };
  }, []);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!busy) props.onConfirm();
  }

  return (
    <dialog
      ref={dialog}
      className="series-dialog"
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      aria-busy={busy}
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) props.onDismiss();
      }}
    >
      <form ref={form} onSubmit={onSubmit} noValidate>
        <h2 id={titleId} className="series-dialog__title">{title}</h2>
        <div id={descriptionId} className="series-dialog__text">{description}</div>
        {children && <div className="series-dialog__fields">{children}</div>}
        {failure}
        <div className="series-dialog__actions">
          <button type="button" className="admin-button admin-button--secondary" disabled={busy} onClick={props.onDismiss}>
            {dismissLabel}
          </button>
          {extraAction}
          <button type="submit" className={`admin-button ${danger ? "admin-button--danger" : "admin-button--primary"}`} disabled={busy}>
            {busy ? busyLabel : confirmLabel}
          </button>
        </div>
      </form>
    </dialog>
  );
}

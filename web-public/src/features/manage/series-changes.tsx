/**
 * A visit of a regular clean (issue 17): "Skip this visit" and "Cancel all future visits", each
 * asking for confirmation first, under the same free-change cut-off as cancelling a booking. The
 * skip panel also skips another coming visit of the regular clean from this link (issue 28).
 */
import { useMutation } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState } from "react";
import { cancelManagedSeries, fieldRefusal, type ManagedBooking, skipManagedVisit, skipSeriesVisit } from "./manage-api.ts";
import { ReasonField } from "./reason-field.tsx";

export const SKIP_TEXT = {
  title: "Skip this visit?",
  visitTitle: (when: string) => `Skip your visit on ${when}?`,
  confirm: "Yes, skip this visit",
  keep: "Keep this visit",
  skipping: "Skipping…",
} as const;

export const CANCEL_SERIES_TEXT = {
  title: "Cancel all future visits?",
  confirm: "Yes, cancel all future visits",
  keep: "Keep my regular clean",
  cancelling: "Cancelling…",
} as const;

interface PanelProps {
  token: string;
  /** When free changes end, already written out. */
  freeUntil: string;
  /** The regular clean's name, e.g. "Weekly". */
  frequencyName: string;
  /** The server's answer: this visit as it now is. */
  onDone: (booking: ManagedBooking) => void;
  /** Any failure but a field's: the page shows it. */
  onFailed: (error: unknown) => void;
  onClose: () => void;
}

/** Focus on the panel's heading when it opens, so a screen reader starts with its question. */
function useHeadingFocus() {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return headingRef;
}

export function SkipVisit({ token, freeUntil, frequencyName, nextVisit, visit, onDone, onFailed, onClose }: PanelProps & {
  /** The next visit after this one, written out; null when none is planned yet. */
  nextVisit: string | null;
  /** Another visit of the link's regular clean, and its time written out; absent: the link's own visit. */
  visit?: { bookingId: string; when: string };
}) {
  const id = useId();
  const headingRef = useHeadingFocus();
  const skip = useMutation({
    mutationFn: () => (visit ? skipSeriesVisit(token, visit.bookingId) : skipManagedVisit(token)),
    onSuccess: onDone,
    onError: onFailed,
  });
  const busy = skip.isPending;

  return (
    <section className="manage-panel" aria-labelledby={`${id}-title`}>
      <h2 className="manage-panel__title" id={`${id}-title`} ref={headingRef} tabIndex={-1}>
        {visit ? SKIP_TEXT.visitTitle(visit.when) : SKIP_TEXT.title}
      </h2>
      <p>
        Skipping is free until {freeUntil}. Your regular clean ({frequencyName}) carries on
        {nextVisit ? `: your next visit is ${nextVisit}.` : "."} We’ll e-mail you a confirmation, and {visit ? "that" : "this"} visit leaves your calendar.
      </p>
      <div className="booking-actions">
        <button type="button" className="button button--ghost booking-button--secondary" onClick={onClose} disabled={busy}>
          {SKIP_TEXT.keep}
        </button>
        <button type="button" className="button button--dark" onClick={() => skip.mutate()} disabled={busy}>
          {busy ? SKIP_TEXT.skipping : SKIP_TEXT.confirm}
        </button>
      </div>
    </section>
  );
}

export function CancelSeries({ token, freeUntil, frequencyName, onDone, onFailed, onClose }: PanelProps) {
  const id = useId();
  const headingRef = useHeadingFocus();
  const [reason, setReason] = useState("");
  const cancel = useMutation({
    mutationFn: (why: string) => cancelManagedSeries(token, why),
    onSuccess: onDone,
    // A refused reason shows at its field; anything else, on the page.
    onError: (error) => {
      if (!fieldRefusal(error, "reason")) onFailed(error);
    },
  });
  const fieldError = fieldRefusal(cancel.error, "reason");
  const busy = cancel.isPending;

  return (
    <section className="manage-panel" aria-labelledby={`${id}-title`}>
      <h2 className="manage-panel__title" id={`${id}-title`} ref={headingRef} tabIndex={-1}>{CANCEL_SERIES_TEXT.title}</h2>
      <p>
        This cancels this visit and every later visit of your regular clean ({frequencyName}), and we won’t plan any more.
        Cancelling is free until {freeUntil}. We’ll e-mail you one confirmation listing the visits cancelled.
      </p>
      <ReasonField id={id} value={reason} onChange={setReason} error={fieldError} />
      <div className="booking-actions">
        <button type="button" className="button button--ghost booking-button--secondary" onClick={onClose} disabled={busy}>
          {CANCEL_SERIES_TEXT.keep}
        </button>
        <button type="button" className="button button--dark" onClick={() => cancel.mutate(reason)} disabled={busy}>
          {busy ? CANCEL_SERIES_TEXT.cancelling : CANCEL_SERIES_TEXT.confirm}
        </button>
      </div>
    </section>
  );
}

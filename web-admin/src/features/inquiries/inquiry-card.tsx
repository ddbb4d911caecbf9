import { memo, useEffect, useId, useState } from "react";
import { isApiError } from "@yarra/api/client/http.ts";
import { INQUIRY_TYPE_LABELS } from "@yarra/core/notifications/messages.ts";
import { formatMelbourneDateTime } from "@yarra/core/shared/melbourne-time.ts";
import { ErrorAlert } from "../../ui/error-alert.tsx";
import { useFlash } from "../../ui/use-flash.ts";
import { archiveInquiry, type InquiryDto, saveInquiryNotes, setInquiryChecked, setInquiryRead } from "./inquiries-api.ts";

export const NOTES_SAVED = "Notes saved.";
export const archivePrompt = (name: string) =>
  `Archive the inquiry from ${name}? It leaves the list; tick "Include archived" to see it again.`;

type Failure = Parameters<typeof ErrorAlert>[0]["failure"];

interface InquiryCardProps {
  inquiry: InquiryDto;
  onUpdated: (inquiry: InquiryDto) => void;
  onArchived: (inquiry: InquiryDto) => void;
}

/** One inquiry; memoised with stable callbacks so one card's change re-renders only that card. */
export const InquiryCard = memo(function InquiryCard({ inquiry, onUpdated, onArchived }: InquiryCardProps) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [notes, setNotes] = useState(inquiry.adminNotes ?? "");
  const flash = useFlash();
  const ids = { title: useId(), notes: useId() };
  const name = `${inquiry.firstName} ${inquiry.lastName}`.trim() || inquiry.email;
  const archived = Boolean(inquiry.archivedAt);

  // Keep the box in step when the server sends newer notes (e.g. trimmed).
  useEffect(() => setNotes(inquiry.adminNotes ?? ""), [inquiry.adminNotes]);

  async function run(action: () => Promise<InquiryDto | undefined>, after?: (result: InquiryDto) => void) {
    setBusy(true);
    setFailure(null);
    try {
      const result = (await action()) ?? inquiry;
      (after ?? onUpdated)(result);
    } catch (error) {
      setFailure(isApiError(error) ? error : { title: "Error", text: "Something went wrong. Please try again." });
    } finally {
      setBusy(false);
    }
  }

  function onArchive() {
    if (!window.confirm(archivePrompt(name))) return;
    void run(() => archiveInquiry(inquiry._id), (result) => onArchived({ ...result, archivedAt: result.archivedAt ?? new Date().toISOString() }));
  }

  const classes = ["inquiry-card", inquiry.read ? "is-read" : "is-unread", archived ? "is-archived" : ""].filter(Boolean).join(" ");
  return (
    <article className={classes} aria-labelledby={ids.title} aria-busy={busy}>
      <header className="inquiry-card__head">
        <div className="inquiry-card__name">
          {!inquiry.read && <span className="inquiry-card__dot" role="img" aria-label="Unread" />}
          <h2 id={ids.title} className="inquiry-card__title">{name}</h2>
        </div>
        <div className="inquiry-card__chips">
          <span className="admin-chip inquiry-chip">{INQUIRY_TYPE_LABELS[inquiry.inquiryType] ?? inquiry.inquiryType}</span>
          {inquiry.hasAddress && <span className="admin-chip inquiry-chip inquiry-chip--checked">Checked</span>}
          {archived && <span className="admin-chip inquiry-chip inquiry-chip--archived">Archived</span>}
        </div>
      </header>
      <p className="inquiry-card__meta">
        <a href={`mailto:${inquiry.email}`}>{inquiry.email}</a>
        <a href={`tel:${inquiry.phone}`}>{inquiry.phone}</a>
        {inquiry.suburb && <span>{inquiry.suburb}</span>}
        <span>{formatMelbourneDateTime(new Date(inquiry.createdAt))}</span>
      </p>
      <p className="inquiry-card__message">{inquiry.message}</p>

      <div className="inquiry-card__actions">
        <button
          type="button"
          className="admin-button inquiry-button"
          disabled={busy}
          onClick={() => void run(() => setInquiryRead(inquiry._id, !inquiry.read))}
        >
          {inquiry.read ? "Mark Unread" : "Mark Read"}
        </button>
        <label className="inquiry-card__check">
          <input
            type="checkbox"
            checked={inquiry.hasAddress}
            disabled={busy}
            onChange={(event) => void run(() => setInquiryChecked(inquiry._id, event.target.checked))}
          />
          <span>Checked</span>
        </label>
        {!archived && (
          <button type="button" className="admin-button inquiry-button inquiry-button--danger" disabled={busy} onClick={onArchive}>
            Archive
          </button>
        )}
      </div>

      <form
        className="inquiry-card__notes"
        onSubmit={(event) => {
          event.preventDefault();
          void run(() => saveInquiryNotes(inquiry._id, notes), (result) => {
            onUpdated(result);
            flash.show(NOTES_SAVED);
          });
        }}
      >
        <label className="admin-field__label" htmlFor={ids.notes}>Admin notes</label>
        <textarea
          id={ids.notes}
          className="admin-input"
          rows={2}
          maxLength={5000}
          value={notes}
          onChange={(event) => setNotes(event.target.value)}
        />
        <div className="inquiry-card__notes-actions">
          <button type="submit" className="admin-button inquiry-button" disabled={busy || notes === (inquiry.adminNotes ?? "")}>
            Save notes
          </button>
          <p role="status" className="inquiry-card__saved">{flash.message}</p>
        </div>
      </form>

      {failure && <ErrorAlert failure={failure} message={failure.serverMessage} onDismiss={() => setFailure(null)} />}
    </article>
  );
});

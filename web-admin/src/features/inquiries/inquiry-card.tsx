import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { memo, useId, useMemo } from "react";
import { ADMIN_NOTES_MAX, inquiryNotesSchema } from "@yarra/core/inquiry/admin-schemas.ts";
import { INQUIRY_TYPE_LABELS } from "@yarra/core/inquiry/types.ts";
import { formatMelbourneDateTime } from "@yarra/core/shared/melbourne-time.ts";
import { ErrorAlert } from "@yarra/public-ui/error-alert.tsx";
import { isolate } from "../../ui/bidi.ts";
import { coreSchemaResolver, useStaffForm } from "../../lib/use-staff-form.ts";
import { asFailure } from "../../ui/failure.ts";
import { FormField } from "../../ui/form-field.tsx";
import { useFlash } from "../../ui/use-flash.ts";
import { archiveInquiry, type InquiryDto, restoreInquiry, saveInquiryNotes, setInquiryChecked, setInquiryRead } from "./inquiries-api.ts";
import { settleInquiry } from "./inquiries-queries.ts";
import { InquiryQuote } from "./inquiry-quote.tsx";

export const NOTES_SAVED = "Notes saved.";
export const archivePrompt = (name: string) =>
  `Archive the inquiry from ${name}? It leaves the list; tick "Include archived" to see it again.`;
const ACTION_FAILED = "Something went wrong. Please try again.";

type NotesValues = { adminNotes: string };
// Sent as typed (core's schema checks it): the server trims, and the form then follows its answer.
const notesResolver = coreSchemaResolver<NotesValues, NotesValues>(inquiryNotesSchema, (values) => values, true);

interface InquiryCardProps {
  inquiry: InquiryDto;
  /** On the inquiry's own page: the name links nowhere. */
  standalone?: boolean;
}

/** One inquiry; memoised, and a write updates the cache, so one card's change re-renders only that card. */
export const InquiryCard = memo(function InquiryCard({ inquiry, standalone = false }: InquiryCardProps) {
  const queryClient = useQueryClient();
  const flash = useFlash();
  // Follows the server's notes (e.g. trimmed) while letting staff type their own.
  const saved = useMemo(() => ({ adminNotes: inquiry.adminNotes ?? "" }), [inquiry.adminNotes]);
  const notes = useStaffForm({
    defaultValues: saved,
    follow: saved,
    resolver: notesResolver,
    onSubmit: async (body) => {
      const updated = await saveInquiryNotes(inquiry._id, body.adminNotes);
      settleInquiry(queryClient, updated);
      flash.show(NOTES_SAVED);
      return updated;
    },
    // What the server kept, even when that is the notes as they were (only spaces added, say).
    afterSave: (updated) => ({ adminNotes: updated.adminNotes ?? "" }),
    guardUnsaved: true,
  });
  const write = useMutation({
    mutationFn: (action: () => Promise<InquiryDto | undefined>) => action(),
    // One alert at a time: a new action closes the notes' last failure.
    onMutate: notes.dismissFailure,
    // A call that answers without a body (an older server's archive) keeps the record as shown.
    onSuccess: (result) => settleInquiry(queryClient, result ?? inquiry),
  });
  const busy = write.isPending || notes.working;
  const failed = write.isError ? write.error : notes.failure;
  const failure = failed !== null ? asFailure(failed, ACTION_FAILED) : null;
  const titleId = useId();
  const name = `${inquiry.firstName} ${inquiry.lastName}`.trim() || inquiry.email;
  const archived = Boolean(inquiry.archivedAt);

  function onArchive() {
    if (!window.confirm(archivePrompt(isolate(name)))) return;
    write.mutate(async () => {
      const result = (await archiveInquiry(inquiry._id)) ?? inquiry;
      return { ...result, archivedAt: result.archivedAt ?? new Date().toISOString() };
    });
  }

  const classes = ["inquiry-card", inquiry.read ? "is-read" : "is-unread", archived ? "is-archived" : ""].filter(Boolean).join(" ");
  return (
    <article className={classes} aria-labelledby={titleId} aria-busy={busy}>
      <header className="inquiry-card__head">
        <div className="inquiry-card__name">
          {!inquiry.read && <span className="inquiry-card__dot" role="img" aria-label="Unread" />}
          <h2 id={titleId} className="inquiry-card__title">
            {/* Customer text is isolated (<bdi>): a right-to-left override in a name reverses only the name. */}
            {standalone ? <bdi>{name}</bdi> : (
              <Link to="/inquiries/$inquiryId" params={{ inquiryId: inquiry._id }}><bdi>{name}</bdi></Link>
            )}
          </h2>
        </div>
        <div className="inquiry-card__chips">
          <span className="admin-chip inquiry-chip">{INQUIRY_TYPE_LABELS[inquiry.inquiryType] ?? inquiry.inquiryType}</span>
          {inquiry.hasAddress && <span className="admin-chip inquiry-chip inquiry-chip--checked">Checked</span>}
          {archived && <span className="admin-chip inquiry-chip inquiry-chip--archived">Archived</span>}
        </div>
      </header>
      <p className="inquiry-card__meta">
        {/* Issue 34: the reference the inquirer's e-mail quotes, read out on the phone. */}
        {inquiry.reference && <span className="inquiry-card__reference">{inquiry.reference}</span>}
        <a href={`mailto:${inquiry.email}`}><bdi>{inquiry.email}</bdi></a>
        <a href={`tel:${inquiry.phone}`}><bdi>{inquiry.phone}</bdi></a>
        {inquiry.suburb && <span><bdi>{inquiry.suburb}</bdi></span>}
        <span>{formatMelbourneDateTime(new Date(inquiry.createdAt))}</span>
      </p>
      <p className="inquiry-card__message"><bdi>{inquiry.message}</bdi></p>

      <div className="inquiry-card__actions">
        <button
          type="button"
          className="admin-button inquiry-button"
          disabled={busy}
          onClick={() => write.mutate(() => setInquiryRead(inquiry._id, !inquiry.read))}
        >
          {inquiry.read ? "Mark Unread" : "Mark Read"}
        </button>
        <label className="inquiry-card__check">
          <input
            type="checkbox"
            checked={inquiry.hasAddress}
            disabled={busy}
            onChange={(event) => {
              const checked = event.target.checked;
              write.mutate(() => setInquiryChecked(inquiry._id, checked));
            }}
          />
          <span>Checked</span>
        </label>
        {archived ? (
          <button type="button" className="admin-button inquiry-button" disabled={busy} onClick={() => write.mutate(() => restoreInquiry(inquiry._id))}>
            Restore
          </button>
        ) : (
          <button type="button" className="admin-button inquiry-button inquiry-button--danger" disabled={busy} onClick={onArchive}>
            Archive
          </button>
        )}
      </div>
      {/* Issue 30: the office prices the inquiry as a quote the customer can accept online. */}
      <InquiryQuote inquiry={inquiry} />

      <form
        ref={notes.formRef}
        className="inquiry-card__notes"
        noValidate
        onSubmit={(event) => {
          // One alert at a time: saving the notes closes the last action's failure.
          write.reset();
          notes.submit(event);
        }}
      >
        <FormField label="Admin notes" errors={notes.errorsOf("adminNotes")}>
          {(control) => (
            <textarea {...control} className="admin-input" rows={2} maxLength={ADMIN_NOTES_MAX} {...notes.form.register("adminNotes")} />
          )}
        </FormField>
        <div className="inquiry-card__notes-actions">
          <button type="submit" className="admin-button inquiry-button" disabled={busy || !notes.dirty}>
            Save notes
          </button>
          <p role="status" className="inquiry-card__saved">{flash.message}</p>
        </div>
      </form>

      {failure && (
        <ErrorAlert
          failure={failure}
          message={failure.serverMessage}
          onDismiss={() => {
            write.reset();
            // The refusal's message by the notes goes with it, as it came with it.
            notes.dismissFailure();
            notes.form.clearErrors();
          }}
        />
      )}
    </article>
  );
});

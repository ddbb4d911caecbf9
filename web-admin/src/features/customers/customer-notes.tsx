import { useMutation, useQueryClient } from "@tanstack/react-query";
import { CUSTOMER_LIMITS } from "@yarra/core/customers/rules.ts";
import { ErrorAlert } from "@yarra/public-ui/error-alert.tsx";
import type { CustomerDetail } from "../../lib/customer-record.ts";
import { useUnsavedChanges } from "../../lib/unsaved-changes.ts";
import { asFailure, fieldErrorsOf } from "../../ui/failure.ts";
import { FormField } from "../../ui/form-field.tsx";
import { useDraft } from "../../ui/use-draft.ts";
import { useFlash } from "../../ui/use-flash.ts";
import { updateCustomer } from "./customers-api.ts";
import { settleCustomer } from "./customers-queries.ts";
import { CUSTOMER_TEXT, customerFailureText } from "./customer-text.ts";

const T = CUSTOMER_TEXT;
const NOTES_MAX = CUSTOMER_LIMITS.notes;

/** The lasting notes staff keep on a customer: every booking of theirs shows them, and the run sheets print them. */
export function CustomerNotes({ customer }: { customer: CustomerDetail }) {
  const queryClient = useQueryClient();
  // Follows the server's notes (e.g. trimmed) while letting staff type their own.
  const [notes, setNotes] = useDraft(customer.notes);
  const dirty = notes !== customer.notes;
  useUnsavedChanges(dirty);
  const flash = useFlash();
  const save = useMutation({
    mutationFn: (text: string) => updateCustomer(customer._id, { notes: text }),
    onSuccess: (updated) => {
      settleCustomer(queryClient, updated);
      flash.show(T.notesSaved);
    },
  });
  const failure = save.isError ? asFailure(save.error, T.saveFailed) : null;

  return (
    <section className="admin-card customer-card customer-notes" aria-labelledby="customer-notes-title">
      <h2 id="customer-notes-title" className="admin-card__title">Lasting notes</h2>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate(notes);
        }}
      >
        <FormField
          label="Notes"
          hint={`${T.notesHint} ${notes.length.toLocaleString("en-AU")} of ${NOTES_MAX.toLocaleString("en-AU")} characters.`}
          errors={fieldErrorsOf(save.error).notes}
        >
          {(control) => (
            <textarea
              {...control}
              className="admin-input customer-notes__text"
              rows={4}
              maxLength={NOTES_MAX}
              value={notes}
              onChange={(event) => setNotes(event.target.value)}
            />
          )}
        </FormField>
        <div className="customer-card__actions">
          <button type="submit" className="admin-button admin-button--primary" disabled={!dirty || save.isPending}>
            {save.isPending ? "Saving…" : "Save notes"}
          </button>
          <p role="status" className="customer-card__saved">{flash.message}</p>
        </div>
      </form>
      {failure && <ErrorAlert failure={failure} message={customerFailureText(save.error, T.saveFailed)} onDismiss={save.reset} />}
    </section>
  );
}

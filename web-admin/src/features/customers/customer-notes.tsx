import { useQueryClient } from "@tanstack/react-query";
import { useMemo } from "react";
import { customerPatchSchema } from "@yarra/core/customers/schemas.ts";
import { CUSTOMER_LIMITS } from "@yarra/core/customers/rules.ts";
import { ErrorAlert } from "@yarra/public-ui/error-alert.tsx";
import type { CustomerDetail } from "../../lib/customer-record.ts";
import { coreSchemaResolver, useStaffForm } from "../../lib/use-staff-form.ts";
import { asFailure } from "../../ui/failure.ts";
import { FormField } from "../../ui/form-field.tsx";
import { useFlash } from "../../ui/use-flash.ts";
import { updateCustomer } from "./customers-api.ts";
import { settleCustomer } from "./customers-queries.ts";
import { CUSTOMER_TEXT, customerFailureText } from "./customer-text.ts";

const T = CUSTOMER_TEXT;
const NOTES_MAX = CUSTOMER_LIMITS.notes;
const notesResolver = coreSchemaResolver<{ notes: string }, { notes: string }>(customerPatchSchema, (values) => values, true);

/** The lasting notes staff keep on a customer: every booking of theirs shows them, and the run sheets print them. */
export function CustomerNotes({ customer }: { customer: CustomerDetail }) {
  const queryClient = useQueryClient();
  const flash = useFlash();
  // Follows the server's notes (e.g. trimmed) while letting staff type their own.
  const saved = useMemo(() => ({ notes: customer.notes }), [customer.notes]);
  const { form, values, errorsOf, failure: saveError, dismissFailure, working, dirty, submit } = useStaffForm({
    defaultValues: saved,
    follow: saved,
    // Sent as typed: the server trims, and the form then follows its answer.
    resolver: notesResolver,
    onSubmit: async (body) => {
      settleCustomer(queryClient, await updateCustomer(customer._id, body));
      flash.show(T.notesSaved);
    },
    guardUnsaved: true,
  });
  const notes = values.notes;
  const failure = saveError !== null ? asFailure(saveError, T.saveFailed) : null;

  return (
    <section className="admin-card customer-card customer-notes" aria-labelledby="customer-notes-title">
      <h2 id="customer-notes-title" className="admin-card__title">Lasting notes</h2>
      <form onSubmit={submit}>
        <FormField
          label="Notes"
          hint={`${T.notesHint} ${notes.length.toLocaleString("en-AU")} of ${NOTES_MAX.toLocaleString("en-AU")} characters.`}
          errors={errorsOf("notes")}
        >
          {(control) => (
            <textarea
              {...control}
              className="admin-input customer-notes__text"
              rows={4}
              maxLength={NOTES_MAX}
              {...form.register("notes")}
            />
          )}
        </FormField>
        <div className="customer-card__actions">
          <button type="submit" className="admin-button admin-button--primary" disabled={!dirty || working}>
            {working ? "Saving…" : "Save notes"}
          </button>
          <p role="status" className="customer-card__saved">{flash.message}</p>
        </div>
      </form>
      {failure && <ErrorAlert failure={failure} message={customerFailureText(saveError, T.saveFailed)} onDismiss={() => {
        // The refusal's message by the field goes with it, as it came with it.
        dismissFailure();
        form.clearErrors();
      }} />}
    </section>
  );
}

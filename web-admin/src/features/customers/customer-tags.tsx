import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { CUSTOMER_LIMITS, CUSTOMER_MESSAGES, readTags } from "@yarra/core/customers/rules.ts";
import { ErrorAlert } from "@yarra/public-ui/error-alert.tsx";
import type { CustomerDetail } from "../../lib/customer-record.ts";
import { asFailure, fieldErrorsOf } from "../../ui/failure.ts";
import { FormField } from "../../ui/form-field.tsx";
import { useFlash } from "../../ui/use-flash.ts";
import { updateCustomer } from "./customers-api.ts";
import { settleCustomer } from "./customers-queries.ts";
import { CUSTOMER_TEXT, customerFailureText, tagExists } from "./customer-text.ts";

const T = CUSTOMER_TEXT;

/** A customer's tags (VIP, Airbnb host…): chips to remove, a field to add; each change saves the whole list. */
export function CustomerTags({ customer }: { customer: CustomerDetail }) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState("");
  // The browser-side check (core's rules): the server runs the same ones.
  const [problem, setProblem] = useState<string | null>(null);
  const flash = useFlash();
  const save = useMutation({
    mutationFn: (tags: string[]) => updateCustomer(customer._id, { tags }),
    onSuccess: (updated) => {
      settleCustomer(queryClient, updated);
      flash.show(T.tagsSaved);
    },
  });
  const failure = save.isError ? asFailure(save.error, T.saveFailed) : null;
  const full = customer.tags.length >= CUSTOMER_LIMITS.tags;

  function onAdd() {
    const tag = draft.trim().replace(/\s+/g, " ");
    if (tag !== "" && customer.tags.some((kept) => kept.toLowerCase() === tag.toLowerCase())) {
      setProblem(tagExists(tag));
      return;
    }
    const read = readTags([...customer.tags, tag]);
    if (!read.ok) {
      setProblem(read.messages.join(" "));
      return;
    }
    setProblem(null);
    save.mutate(read.tags, { onSuccess: () => setDraft("") });
  }

  const errors = problem ? [problem] : fieldErrorsOf(save.error).tags;
  return (
    <section className="admin-card customer-card" aria-labelledby="customer-tags-title">
      <h2 id="customer-tags-title" className="admin-card__title">Tags</h2>
      {customer.tags.length === 0 ? (
        <p className="customers-none">{T.noTags}</p>
      ) : (
        <ul className="customer-tags" aria-label="Tags">
          {customer.tags.map((tag) => (
            <li key={tag} className="customer-tag">
              <bdi>{tag}</bdi>
              <button
                type="button"
                className="customer-tag__remove"
                aria-label={`Remove tag ${tag}`}
                disabled={save.isPending}
                onClick={() => save.mutate(customer.tags.filter((kept) => kept !== tag))}
              >
                <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <form
        className="customer-tags__add"
        onSubmit={(event) => {
          event.preventDefault();
          onAdd();
        }}
      >
        <FormField label="New tag" errors={errors} hint={full ? CUSTOMER_MESSAGES.tooManyTags : `1 to ${CUSTOMER_LIMITS.tagLength} characters.`}>
          {(control) => (
            <input
              {...control}
              className="admin-input"
              value={draft}
              maxLength={CUSTOMER_LIMITS.tagLength}
              disabled={full}
              onChange={(event) => {
                setDraft(event.target.value);
                setProblem(null);
              }}
            />
          )}
        </FormField>
        <div className="customer-card__actions">
          <button type="submit" className="admin-button admin-button--secondary" disabled={full || save.isPending}>Add tag</button>
          <p role="status" className="customer-card__saved">{flash.message}</p>
        </div>
      </form>
      {failure && <ErrorAlert failure={failure} message={customerFailureText(save.error, T.saveFailed)} onDismiss={save.reset} />}
    </section>
  );
}

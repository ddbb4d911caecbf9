import { useMutation, useQueryClient } from "@tanstack/react-query";
import { CUSTOMER_LIMITS, CUSTOMER_MESSAGES, readTags } from "@yarra/core/customers/rules.ts";
import { ErrorAlert } from "@yarra/public-ui/error-alert.tsx";
import type { CustomerDetail } from "../../lib/customer-record.ts";
import { checkResolver, useStaffForm } from "../../lib/use-staff-form.ts";
import { asFailure, fieldErrorsOf } from "../../ui/failure.ts";
import { FormField } from "../../ui/form-field.tsx";
import { useFlash } from "../../ui/use-flash.ts";
import { updateCustomer } from "./customers-api.ts";
import { settleCustomer } from "./customers-queries.ts";
import { CUSTOMER_TEXT, customerFailureText, tagExists } from "./customer-text.ts";

const T = CUSTOMER_TEXT;

type NewTag = { tag: string };

/** The list with the new tag, by core's rules (the server runs the same), or what is wrong with it. */
const tagsWith = (kept: readonly string[]) =>
  checkResolver<NewTag, string[]>(({ tag: typed }) => {
    const tag = typed.trim().replace(/\s+/g, " ");
    if (tag !== "" && kept.some((other) => other.toLowerCase() === tag.toLowerCase())) {
      return { ok: false, fieldErrors: { tag: [tagExists(tag)] } };
    }
    const read = readTags([...kept, tag]);
    return read.ok ? { ok: true, value: read.tags } : { ok: false, fieldErrors: { tag: read.messages } };
  });

/** The server's messages on the list (`tags`, `tags.N`) show by the one field staff type in. */
const onTagField = (fieldErrors: Record<string, string[]>) => ({ tag: Object.values(fieldErrors).flat() });

/** A customer's tags (VIP, Airbnb host…): chips to remove, a field to add; each change saves the whole list. */
export function CustomerTags({ customer }: { customer: CustomerDetail }) {
  const queryClient = useQueryClient();
  const flash = useFlash();
  const saved = (updated: CustomerDetail) => {
    settleCustomer(queryClient, updated);
    flash.show(T.tagsSaved);
  };
  const { form, errorsOf, failure: saveError, dismissFailure, showFailure, working: adding, formRef, submit } = useStaffForm({
    defaultValues: { tag: "" },
    resolver: tagsWith(customer.tags),
    onSubmit: async (tags) => saved(await updateCustomer(customer._id, { tags })),
    // Added: the field is empty for the next one; refused, what was typed stays to try again.
    afterSave: "empty",
    serverErrors: onTagField,
  });
  const remove = useMutation({
    mutationFn: (tags: string[]) => updateCustomer(customer._id, { tags }),
    onMutate: () => {
      dismissFailure();
      form.clearErrors();
    },
    onSuccess: saved,
    onError: (error) => showFailure(error, onTagField(fieldErrorsOf(error))),
  });
  const busy = adding || remove.isPending;
  const failure = saveError !== null ? asFailure(saveError, T.saveFailed) : null;
  const full = customer.tags.length >= CUSTOMER_LIMITS.tags;

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
                disabled={busy}
                onClick={() => remove.mutate(customer.tags.filter((kept) => kept !== tag))}
              >
                <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <form ref={formRef} className="customer-tags__add" onSubmit={submit} noValidate>
        <FormField
          label="New tag"
          errors={errorsOf("tag")}
          hint={full ? CUSTOMER_MESSAGES.tooManyTags : `1 to ${CUSTOMER_LIMITS.tagLength} characters.`}
        >
          {(control) => (
            <input
              {...control}
              className="admin-input"
              maxLength={CUSTOMER_LIMITS.tagLength}
              disabled={full}
              // The message is about what was typed: typing again takes it away.
              {...form.register("tag", { onChange: () => form.clearErrors("tag") })}
            />
          )}
        </FormField>
        <div className="customer-card__actions">
          <button type="submit" className="admin-button admin-button--secondary" disabled={full || busy}>Add tag</button>
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

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useId } from "react";
import { formatAuPhone } from "@yarra/core/shared/phone.ts";
import { ErrorAlert } from "@yarra/public-ui/error-alert.tsx";
import { type CustomerDetail, type CustomerDuplicate, customerName } from "../../lib/customer-record.ts";
import { asFailure } from "../../ui/failure.ts";
import { FlashStatus } from "../../ui/flash-status.tsx";
import { useFlash } from "../../ui/use-flash.ts";
import { mergeCustomer } from "./customers-api.ts";
import { settleCustomer } from "./customers-queries.ts";
import { CUSTOMER_TEXT, customerFailureText, mergedFlash, mergePrompt } from "./customer-text.ts";

const T = CUSTOMER_TEXT;

/**
 * Other records with the same phone (a household, or one person who used two e-mails): staff decide,
 * and a merge moves the other's bookings, quotes, inquiries and regular cleans onto this record.
 */
export function CustomerDuplicates({ customer }: { customer: CustomerDetail }) {
  const queryClient = useQueryClient();
  const flash = useFlash();
  const merge = useMutation({
    mutationFn: (other: CustomerDuplicate) => mergeCustomer(customer._id, other._id),
    onSuccess: (updated, other) => {
      settleCustomer(queryClient, updated);
      flash.show(mergedFlash(customerName(other)));
    },
  });
  const failure = merge.isError ? asFailure(merge.error, T.mergeFailed) : null;

  function onMerge(other: CustomerDuplicate) {
    const prompt = mergePrompt(
      { name: customerName(customer), email: customer.email },
      { name: customerName(other), email: other.email },
    );
    if (window.confirm(prompt)) merge.mutate(other);
  }

  return (
    <section className="admin-card customer-card" aria-labelledby="customer-duplicates-title">
      <h2 id="customer-duplicates-title" className="admin-card__title">Possible duplicates</h2>
      <FlashStatus message={flash.message} />
      {customer.possibleDuplicates.length === 0 ? (
        <p className="customers-none">{T.noDuplicates}</p>
      ) : (
        <ul className="customer-list customer-duplicates">
          {customer.possibleDuplicates.map((other) => (
            <Duplicate key={other._id} other={other} busy={merge.isPending} onMerge={() => onMerge(other)} />
          ))}
        </ul>
      )}
      {failure && <ErrorAlert failure={failure} message={customerFailureText(merge.error, T.mergeFailed)} onDismiss={merge.reset} />}
    </section>
  );
}

function Duplicate({ other, busy, onMerge }: { other: CustomerDuplicate; busy: boolean; onMerge: () => void }) {
  const nameId = useId();
  return (
    <li className="customer-duplicate">
      <div className="customer-duplicate__who">
        <Link id={nameId} to="/customers/$customerId" params={{ customerId: other._id }}><bdi>{customerName(other)}</bdi></Link>
        <span className="customer-duplicate__contacts">
          {other.email && <bdi>{other.email}</bdi>}
          {other.phone && <span>{formatAuPhone(other.phone)}</span>}
        </span>
      </div>
      <button type="button" className="admin-button admin-button--secondary" aria-describedby={nameId} disabled={busy} onClick={onMerge}>
        Merge into this record
      </button>
    </li>
  );
}

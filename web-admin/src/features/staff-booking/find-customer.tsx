/**
 * "Find a customer" on the New booking screen (issue 34): the office, on the phone, types a name,
 * phone or e-mail, sees the matching customer records (the staff customers list's own search) and
 * chooses one; the form's name, e-mail and phone are filled from the record, and the address from
 * the record's latest booking address. An ARIA 1.2 combobox: a labelled input, its matches a
 * listbox (arrow keys, Enter to choose, Escape to close), their count announced.
 */
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { formatAuPhone } from "@yarra/core/shared/phone.ts";
import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { type CustomerDetail, customerName, customerQuery, type CustomerSummary } from "../../lib/customer-record.ts";
import { customerMatchesQuery } from "./staff-booking-api.ts";

/** Fewer characters than this find nothing worth listing. */
export const FIND_CUSTOMER_MIN_CHARS = 2;
const SEARCH_DELAY_MS = 250;

export const FIND_CUSTOMER_TEXT = {
  label: "Find a customer",
  hint: "Type a name, phone or e-mail, then choose the customer to fill in their details and address.",
  listLabel: "Matching customers",
  searching: "Searching the customers…",
  failed: "Searching the customers failed. Type the details instead, or try again.",
  none: (q: string) => `No customer matches “${q}”.`,
  found: (shown: number, total: number) =>
    total > shown
      ? `${total} customers match; the first ${shown} are listed. Type more to narrow them down.`
      : `${shown} ${shown === 1 ? "customer matches" : "customers match"}. Use the up and down arrows to choose.`,
  filled: (name: string) => `Filled in ${name}’s name, e-mail and phone.`,
  filledAddress: (name: string) => `Filled in ${name}’s name, e-mail, phone and the address of their latest booking.`,
  noAddress: (name: string) => `Filled in ${name}’s name, e-mail and phone; their record has no address yet.`,
  addressFailed: (name: string) => `Filled in ${name}’s name, e-mail and phone; their address could not be loaded.`,
} as const;

const T = FIND_CUSTOMER_TEXT;

/** What choosing a record fills: the contact details at once, the address once the record is read. */
export interface CustomerFill {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
}

interface FindCustomerProps {
  /** The record's contact details, to put in the form. */
  onContact: (contact: CustomerFill) => void;
  /** The record's latest address, to put in the form. */
  onAddress: (address: CustomerAddress) => void;
}

/** An address of the record's bookings (latest first). */
export type CustomerAddress = CustomerDetail["addresses"][number];

const phoneOf = (phone: string) => (phone ? formatAuPhone(phone) || phone : "");

export function FindCustomer({ onContact, onAddress }: FindCustomerProps) {
  const queryClient = useQueryClient();
  const inputId = useId();
  const hintId = useId();
  const listId = useId();
  const [text, setText] = useState("");
  /** The search once typing pauses (the server is asked once per search, not once per key). */
  const [query, setQuery] = useState("");
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [filled, setFilled] = useState("");
  /** The record chosen last: an address read for an earlier choice is not filled over it. */
  const chosen = useRef<string | null>(null);

  const typed = text.trim();
  useEffect(() => {
    const timer = setTimeout(() => setQuery(typed), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed]);

  const searchable = query.length >= FIND_CUSTOMER_MIN_CHARS;
  const matches = useQuery({ ...customerMatchesQuery(query), enabled: searchable });
  const items = searchable ? (matches.data?.items ?? []) : [];
  const settled = typed === query && searchable && !matches.isFetching;
  const expanded = open && settled && items.length > 0;

  const status = !open || typed.length < FIND_CUSTOMER_MIN_CHARS
    ? filled
    : !settled
    ? T.searching
    : matches.isError
    ? T.failed
    : items.length === 0
    ? T.none(query)
    : T.found(items.length, matches.data?.totalItems ?? items.length);

  async function choose(customer: CustomerSummary) {
    const name = customerName(customer);
    chosen.current = customer._id;
    onContact({ firstName: customer.firstName, lastName: customer.lastName, email: customer.email, phone: phoneOf(customer.phone) });
    setOpen(false);
    setActive(-1);
    setText("");
    setQuery("");
    setFilled(T.filled(name));
    try {
      const record = await queryClient.fetchQuery(customerQuery(customer._id));
      if (chosen.current !== customer._id) return;
      const [latest] = record.addresses;
      if (latest) {
        onAddress(latest);
        setFilled(T.filledAddress(name));
      } else {
        setFilled(T.noAddress(name));
      }
    } catch {
      if (chosen.current === customer._id) setFilled(T.addressFailed(name));
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      setOpen(true);
      if (items.length === 0) return;
      const step = event.key === "ArrowDown" ? 1 : -1;
      setActive((at) => (at < 0 ? (step > 0 ? 0 : items.length - 1) : (at + step + items.length) % items.length));
    } else if (event.key === "Enter") {
      // Never the booking form's submit: Enter here chooses, or does nothing.
      event.preventDefault();
      if (expanded && active >= 0 && items[active]) void choose(items[active]);
    } else if (event.key === "Escape") {
      if (expanded) {
        event.preventDefault();
        setOpen(false);
        setActive(-1);
      } else if (text !== "") {
        event.preventDefault();
        setText("");
      }
    }
  }

  const optionId = (index: number) => `${listId}-option-${index}`;

  return (
    <div className="staff-booking__find">
      <label className="admin-field__label" htmlFor={inputId}>{T.label}</label>
      <input
        id={inputId}
        className="admin-input"
        type="text"
        role="combobox"
        autoComplete="off"
        spellCheck={false}
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        aria-describedby={hintId}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setOpen(false)}
        onFocus={() => typed.length >= FIND_CUSTOMER_MIN_CHARS && setOpen(true)}
      />
      <p id={hintId} className="admin-field__hint">{T.hint}</p>
      <ul id={listId} role="listbox" aria-label={T.listLabel} className="staff-booking__matches" hidden={!expanded}>
        {expanded && items.map((customer, index) => (
          <li
            key={customer._id}
            id={optionId(index)}
            role="option"
            aria-selected={index === active}
            className={`staff-booking__match${index === active ? " is-active" : ""}`}
            // Chosen on press, before the input's blur closes the list.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => void choose(customer)}
          >
            <span className="staff-booking__match-name"><bdi>{customerName(customer)}</bdi></span>
            <span className="staff-booking__match-detail">
              <bdi>{customer.email}</bdi>
              {customer.phone && <> · <bdi>{phoneOf(customer.phone)}</bdi></>}
              {customer.suburbs[0] && <> · <bdi>{customer.suburbs[0]}</bdi></>}
            </span>
          </li>
        ))}
      </ul>
      <p role="status" className="staff-booking__find-status">{status}</p>
    </div>
  );
}

/**
 * The office's price for a quote (issue 30): lines of description, quantity and unit price with a
 * live total, a message to the customer and an optional last day, sent as
 * PUT /api/admin/bookings/{id}/quote or POST /api/admin/inquiries/{id}/quote. Shared by the bookings
 * and inquiries features. The checks are core's schema, the server's own (1 to 50 lines, a
 * description, a quantity above 0 and a price of A$0 or more, each with at most 2 decimals); the
 * server's 422 field errors, keyed `lineItems.<n>.<field>`, show against the same row.
 */
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from "react";
import type { z } from "zod";
import {
  lineCents,
  type PriceQuoteInput,
  priceQuoteSchema,
  type pricedQuoteSchema,
  QUOTE_LIMITS,
  QUOTE_MESSAGES,
} from "@yarra/core/booking/quotes/priced-quote.ts";
import { formatAud, fromCents } from "@yarra/core/shared/money.ts";
import { melbourneYmd } from "@yarra/core/shared/melbourne-time.ts";
import { FormField } from "./form-field.tsx";
import { MoneyInput } from "./money-input.tsx";
import "./quote-editor.css";

/** A quote the office priced and sent (GET/PUT /api/admin/bookings/{id}/quote, and the manage view). */
export type PricedQuoteDto = z.output<typeof pricedQuoteSchema>;

/** What the editor sends: the body of PUT …/quote (the inquiry's call adds its own fields). */
export type QuoteInput = PriceQuoteInput;

export const QUOTE_EDITOR_TEXT = {
  caption: "Quote lines",
  description: "Description",
  quantity: "Qty",
  unitPrice: "Unit price (A$)",
  amount: "Amount",
  total: "Total",
  addLine: "Add line",
  removeLine: (line: number) => `Remove line ${line}`,
  message: "Message to the customer (optional)",
  messageHint: "Shown with the price on the customer’s page and in the e-mail.",
  validUntil: "Valid until (optional)",
  validUntilHint: "The last day the customer can accept this price.",
  send: "Send quote",
  sending: "Sending…",
  cancel: "Cancel",
} as const;

const T = QUOTE_EDITOR_TEXT;

/** One line as typed: text, so staff can clear and retype a figure. */
export interface QuoteLineDraft {
  description: string;
  quantity: string;
  unitPrice: string;
}

export interface QuoteDraft {
  lines: QuoteLineDraft[];
  message: string;
  validUntil: string;
}

/** A sent quote, to price again. */
export function draftOfQuote(quote: PricedQuoteDto): QuoteDraft {
  return {
    lines: quote.lineItems.map((line) => ({
      description: line.description,
      quantity: String(line.quantity),
      unitPrice: line.unitPrice.toFixed(2),
    })),
    message: quote.message,
    validUntil: quote.validUntil ?? "",
  };
}

/** A first price: one line (the service, say) at the catalogue's estimate. */
export function draftOfEstimate(description: string, estimate: number): QuoteDraft {
  return { lines: [{ description, quantity: "1", unitPrice: estimate.toFixed(2) }], message: "", validUntil: "" };
}

/** A typed figure as a number ('1.5', 'A$1,250.50'), or NaN: core's rule then names what is wrong. */
function figureOf(text: string): number {
  const cleaned = text.trim().replace(/^A?\$/i, "").replace(/,/g, "");
  return /^\d+(\.\d+)?$/.test(cleaned) ? Number(cleaned) : Number.NaN;
}

/** A line's amount in cents, as core prices it, or null while either figure is not one. */
export function lineAmountCents(line: Pick<QuoteLineDraft, "quantity" | "unitPrice">): number | null {
  const quantity = figureOf(line.quantity);
  const unitPrice = figureOf(line.unitPrice);
  return Number.isNaN(quantity) || Number.isNaN(unitPrice) ? null : lineCents({ quantity, unitPrice });
}

/** The total of the lines that have figures: what the customer would be asked for. */
export const draftTotalCents = (draft: QuoteDraft) => draft.lines.reduce((sum, line) => sum + (lineAmountCents(line) ?? 0), 0);

export type QuoteFieldErrors = Record<string, string[]>;

/**
 * The draft checked with core's schema, as the server checks it: field errors under the server's
 * own paths ('lineItems.0.unitPrice', 'lineItems', 'message', 'validUntil'), or the body to send.
 */
export function checkQuoteDraft(draft: QuoteDraft, todayYmd: string): { errors: QuoteFieldErrors; input: QuoteInput | null } {
  const errors: QuoteFieldErrors = {};
  const add = (path: string, message: string) => {
    const list = (errors[path] ??= []);
    if (!list.includes(message)) list.push(message);
  };
  const parsed = priceQuoteSchema.safeParse({
    lineItems: draft.lines.map((line) => ({
      description: line.description,
      quantity: figureOf(line.quantity),
      unitPrice: figureOf(line.unitPrice),
    })),
    message: draft.message,
    validUntil: draft.validUntil,
  });
  if (!parsed.success) for (const issue of parsed.error.issues) add(issue.path.join("."), issue.message);
  // The server judges "today or later" with its clock; the same Melbourne day here.
  if (draft.validUntil !== "" && draft.validUntil < todayYmd) add("validUntil", QUOTE_MESSAGES.validUntilPast);
  if (!parsed.success || Object.keys(errors).length > 0) return { errors, input: null };
  const { lineItems, message, validUntil } = parsed.data;
  return { errors, input: { lineItems, ...(message ? { message } : {}), ...(validUntil ? { validUntil } : {}) } };
}

interface LineRow extends QuoteLineDraft {
  /** Stable across removals, so React keeps each row's inputs (and focus) with its line. */
  key: number;
}

interface QuoteEditorProps {
  /** What the editor starts from: a sent quote to price again, or one line at the estimate. */
  initial: QuoteDraft;
  /** The write is on its way: the form waits. */
  busy: boolean;
  /** The server's 422 field errors of the last send, shown against their fields until edited. */
  serverErrors?: QuoteFieldErrors;
  /** The form's accessible name, e.g. 'Price this quote'. */
  label: string;
  /** Fields of the caller's own that go with the quote (the inquiry's service and address). */
  before?: ReactNode;
  /** The caller's own fields' check, run with the editor's on Send; false stops the send. */
  checkBefore?: () => boolean;
  /** Opened by a button (not there with the page): its first field takes focus. */
  focusOnOpen?: boolean;
  onSend: (input: QuoteInput) => void;
  onCancel?: () => void;
}

let nextKey = 1;
const rowsOf = (lines: QuoteLineDraft[]): LineRow[] => lines.map((line) => ({ ...line, key: nextKey++ }));

export function QuoteEditor(
  { initial, busy, serverErrors, label, before, checkBefore, focusOnOpen = false, onSend, onCancel }: QuoteEditorProps,
) {
  const formRef = useRef<HTMLFormElement>(null);
  const [rows, setRows] = useState<LineRow[]>(() => rowsOf(initial.lines.length > 0 ? initial.lines : [{ description: "", quantity: "1", unitPrice: "" }]));
  const [message, setMessage] = useState(initial.message);
  const [validUntil, setValidUntil] = useState(initial.validUntil);
  /** Sends tried: after the first, the checks follow each change, so a fixed field loses its message at once. */
  const [attempts, setAttempts] = useState(0);
  /** The server's errors already acted on: fields edited since, or every line's once a row went. */
  const [dismissal, setDismissal] = useState({ of: serverErrors, paths: new Set<string>(), allLines: false });
  // A new answer from the server: all its errors show again.
  if (dismissal.of !== serverErrors) setDismissal({ of: serverErrors, paths: new Set(), allLines: false });
  /** Where focus goes after the next render: a new row's description, a first invalid field. */
  const focusNext = useRef<number | "invalid" | "first" | null>(focusOnOpen ? "first" : null);
  const todayYmd = melbourneYmd(new Date());

  const draft: QuoteDraft = { lines: rows, message, validUntil };
  const own = attempts > 0 ? checkQuoteDraft(draft, todayYmd).errors : {};

  function errorsOf(path: string): string[] | undefined {
    const dismissed = dismissal.paths.has(path) || (dismissal.allLines && path.startsWith("lineItems"));
    const server = dismissed ? [] : (serverErrors?.[path] ?? []);
    const all = [...(own[path] ?? []), ...server.filter((text) => !own[path]?.includes(text))];
    return all.length > 0 ? all : undefined;
  }

  const edited = (path: string) => setDismissal((last) => ({ ...last, paths: new Set(last.paths).add(path) }));

  function setLine(key: number, index: number, change: Partial<QuoteLineDraft>) {
    setRows((current) => current.map((row) => (row.key === key ? { ...row, ...change } : row)));
    for (const field of Object.keys(change)) edited(`lineItems.${index}.${field}`);
  }

  function addLine() {
    const row = rowsOf([{ description: "", quantity: "1", unitPrice: "" }])[0];
    setRows((current) => [...current, row]);
    focusNext.current = row.key;
  }

  function removeLine(index: number) {
    const remaining = rows.filter((_, at) => at !== index);
    setRows(remaining);
    // The server's line numbers no longer match the rows on screen.
    setDismissal((last) => ({ ...last, allLines: true }));
    const next = remaining[Math.min(index, remaining.length - 1)];
    if (next) focusNext.current = next.key;
  }

  useEffect(() => {
    if (focusNext.current === null) return;
    const selector = focusNext.current === "invalid"
      ? '[aria-invalid="true"]'
      : focusNext.current === "first"
      ? "input:not(:disabled), select:not(:disabled), textarea:not(:disabled)"
      : `[data-line-key="${focusNext.current}"]`;
    const target = formRef.current?.querySelector<HTMLElement>(selector);
    focusNext.current = null;
    target?.focus();
  });

  // The server refused some fields: the first of them takes focus, as a refused Send's does.
  useEffect(() => {
    if (serverErrors && Object.keys(serverErrors).length > 0) {
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
    }
  }, [serverErrors]);

  function submit(event: FormEvent) {
    event.preventDefault();
    setAttempts((count) => count + 1);
    const othersFine = checkBefore ? checkBefore() : true;
    const { input } = checkQuoteDraft(draft, todayYmd);
    if (!input || !othersFine) {
      focusNext.current = "invalid";
      return;
    }
    onSend(input);
  }

  const linesError = errorsOf("lineItems");
  const total = draftTotalCents(draft);
  return (
    <form ref={formRef} className="quote-editor" aria-label={label} noValidate onSubmit={submit}>
      {before}
      <table className="quote-editor__lines">
        <caption className="admin-visually-hidden">{T.caption}</caption>
        <thead>
          <tr>
            <th scope="col">{T.description}</th>
            <th scope="col">{T.quantity}</th>
            <th scope="col">{T.unitPrice}</th>
            <th scope="col">{T.amount}</th>
            <th scope="col"><span className="admin-visually-hidden">Remove</span></th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => {
            const line = index + 1;
            const amount = lineAmountCents(row);
            return (
              <tr key={row.key} className="quote-editor__line">
                <td data-label={T.description} className="quote-editor__description">
                  <FormField label={`${T.description}, line ${line}`} labelHidden errors={errorsOf(`lineItems.${index}.description`)}>
                    {(control) => (
                      <input
                        {...control}
                        data-line-key={row.key}
                        className="admin-input"
                        value={row.description}
                        maxLength={QUOTE_LIMITS.description}
                        disabled={busy}
                        onChange={(event) => setLine(row.key, index, { description: event.target.value })}
                      />
                    )}
                  </FormField>
                </td>
                <td data-label={T.quantity} className="quote-editor__quantity">
                  <FormField label={`Quantity, line ${line}`} labelHidden errors={errorsOf(`lineItems.${index}.quantity`)}>
                    {(control) => (
                      <input
                        {...control}
                        className="admin-input"
                        type="number"
                        inputMode="decimal"
                        min={0}
                        step="any"
                        value={row.quantity}
                        disabled={busy}
                        onChange={(event) => setLine(row.key, index, { quantity: event.target.value })}
                      />
                    )}
                  </FormField>
                </td>
                <td data-label={T.unitPrice} className="quote-editor__price">
                  <FormField label={`Unit price, line ${line}`} labelHidden errors={errorsOf(`lineItems.${index}.unitPrice`)}>
                    {(control) => (
                      <MoneyInput
                        {...control}
                        value={row.unitPrice}
                        disabled={busy}
                        onChange={(value) => setLine(row.key, index, { unitPrice: value })}
                      />
                    )}
                  </FormField>
                </td>
                <td data-label={T.amount} className="quote-editor__amount">{amount === null ? "—" : formatAud(fromCents(amount))}</td>
                <td className="quote-editor__remove">
                  <button
                    type="button"
                    className="admin-button admin-button--danger admin-button--small"
                    aria-label={T.removeLine(line)}
                    disabled={busy || rows.length <= 1}
                    onClick={() => removeLine(index)}
                  >
                    Remove
                  </button>
                </td>
              </tr>
            );
          })}
        </tbody>
        <tfoot>
          <tr className="quote-editor__total">
            <th scope="row" colSpan={3}>{T.total}</th>
            <td>{formatAud(fromCents(total))}</td>
            <td />
          </tr>
        </tfoot>
      </table>
      {linesError && <p className="admin-field__error" role="alert">{linesError.join(" ")}</p>}
      <div className="quote-editor__add">
        <button
          type="button"
          className="admin-button admin-button--secondary admin-button--small"
          disabled={busy || rows.length >= QUOTE_LIMITS.items}
          onClick={addLine}
        >
          {T.addLine}
        </button>
      </div>
      <div className="admin-form-grid">
        <FormField label={T.message} hint={T.messageHint} errors={errorsOf("message")} className="admin-form-grid--wide">
          {(control) => (
            <textarea
              {...control}
              className="admin-input"
              rows={3}
              value={message}
              maxLength={QUOTE_LIMITS.message}
              disabled={busy}
              onChange={(event) => {
                setMessage(event.target.value);
                edited("message");
              }}
            />
          )}
        </FormField>
        <FormField label={T.validUntil} hint={T.validUntilHint} errors={errorsOf("validUntil")}>
          {(control) => (
            <input
              {...control}
              className="admin-input"
              type="date"
              min={todayYmd}
              value={validUntil}
              disabled={busy}
              onChange={(event) => {
                setValidUntil(event.target.value);
                edited("validUntil");
              }}
            />
          )}
        </FormField>
      </div>
      <div className="admin-form-actions">
        <button type="submit" className="admin-button admin-button--primary" disabled={busy}>
          {busy ? T.sending : T.send}
        </button>
        {onCancel && (
          <button type="button" className="admin-button admin-button--secondary" disabled={busy} onClick={onCancel}>
            {T.cancel}
          </button>
        )}
      </div>
    </form>
  );
}

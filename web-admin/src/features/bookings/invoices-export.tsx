/**
 * The accounting export (issue 30): the invoices issued between two Melbourne dates (both
 * included) as the CSV Xero's and MYOB's sales-invoice imports take, through the authenticated
 * download. This month by default.
 */
import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import { serverMessageOr } from "@yarra/api/client/error-catalogue.ts";
import { isYmd, melbourneYmd } from "@yarra/core/shared/melbourne-time.ts";
import { ErrorAlert } from "@yarra/public-ui/error-alert.tsx";
import { downloadFile } from "../../lib/download-file.ts";
import { asFailure } from "../../ui/failure.ts";
import "./invoices-export.css";

export const INVOICES_CSV_TEXT = {
  open: "Invoices CSV",
  title: "Invoices CSV",
  from: "Issued from",
  to: "Issued to",
  hint: "Invoices issued on these Melbourne dates, both included, in the layout Xero’s and MYOB’s invoice imports take.",
  download: "Download invoices CSV",
  downloading: "Downloading…",
  datesRequired: "Choose the first and the last date.",
  order: "The last date must be on or after the first.",
  failed: "Downloading the invoices failed",
} as const;

/** The Melbourne month `now` falls in: its first and last dates. */
export function monthOf(now: Date): { from: string; to: string } {
  const [year, month] = melbourneYmd(now).split("-").map(Number) as [number, number];
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const ym = `${year}-${String(month).padStart(2, "0")}`;
  return { from: `${ym}-01`, to: `${ym}-${String(lastDay).padStart(2, "0")}` };
}

/** What is wrong with the range, or null. */
function rangeProblem(from: string, to: string): string | null {
  if (!isYmd(from) || !isYmd(to)) return INVOICES_CSV_TEXT.datesRequired;
  return from > to ? INVOICES_CSV_TEXT.order : null;
}

export const downloadInvoicesCsv = (range: { from: string; to: string }) =>
  downloadFile("/api/admin/invoices.csv", { query: range, accept: "text/csv", fallbackName: `invoices-${range.from}-to-${range.to}.csv` });

/** The toolbar's button and, once open, the range and its Download on a line of their own. */
export function InvoicesExport() {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [range, setRange] = useState(() => monthOf(new Date()));
  const [problem, setProblem] = useState<string | null>(null);
  const csv = useMutation({ mutationFn: downloadInvoicesCsv });
  const failure = csv.isError ? asFailure(csv.error, INVOICES_CSV_TEXT.failed) : null;

  function submit(event: FormEvent) {
    event.preventDefault();
    const found = rangeProblem(range.from, range.to);
    setProblem(found);
    if (found === null) csv.mutate(range);
  }

  const describedBy = problem ? `${id}-hint ${id}-error` : `${id}-hint`;
  return (
    <>
      <button
        type="button"
        className="admin-button booking-button"
        aria-expanded={open}
        aria-controls={`${id}-form`}
        onClick={() => setOpen((shown) => !shown)}
      >
        {INVOICES_CSV_TEXT.open}
      </button>
      <form id={`${id}-form`} className="invoices-export" hidden={!open} aria-labelledby={`${id}-title`} noValidate onSubmit={submit}>
        <fieldset className="admin-fieldset" aria-describedby={describedBy}>
          <legend id={`${id}-title`}>{INVOICES_CSV_TEXT.title}</legend>
          <div className="invoices-export__range">
            <label className="admin-field">
              <span className="admin-field__label">{INVOICES_CSV_TEXT.from}</span>
              <input
                className="admin-input"
                type="date"
                value={range.from}
                aria-invalid={problem !== null || undefined}
                onChange={(event) => setRange({ ...range, from: event.target.value })}
              />
            </label>
            <label className="admin-field">
              <span className="admin-field__label">{INVOICES_CSV_TEXT.to}</span>
              <input
                className="admin-input"
                type="date"
                value={range.to}
                aria-invalid={problem !== null || undefined}
                onChange={(event) => setRange({ ...range, to: event.target.value })}
              />
            </label>
          </div>
          <p id={`${id}-hint`} className="admin-field__hint">{INVOICES_CSV_TEXT.hint}</p>
          {problem && <p id={`${id}-error`} className="admin-field__error">{problem}</p>}
        </fieldset>
        <button type="submit" className="admin-button admin-button--primary" disabled={csv.isPending}>
          {csv.isPending ? INVOICES_CSV_TEXT.downloading : INVOICES_CSV_TEXT.download}
        </button>
        {failure && <ErrorAlert failure={failure} message={serverMessageOr(csv.error, INVOICES_CSV_TEXT.failed)} onDismiss={csv.reset} />}
      </form>
    </>
  );
}

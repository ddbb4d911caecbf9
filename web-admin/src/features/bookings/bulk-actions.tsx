/**
 * Issue 34 item 13: what the office does to several bookings at once. Each action goes through the
 * same per-booking call a card (or the schedule's Assign) uses, one booking after another, so every
 * refusal keeps the server's own words; the summary is said in the page's live region.
 */
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { serverMessageOr } from "@yarra/api/client/error-catalogue.ts";
import { ErrorAlert } from "@yarra/public-ui/error-alert.tsx";
import { asFailure } from "../../ui/failure.ts";
import { activeCleanersQuery, assignBookingCleaners, type BookingDto, downloadSelectedBookingsCsv, setBookingStatus } from "./bookings-api.ts";
import { settleBooking } from "./bookings-queries.ts";
import { markRead } from "./read-marks.ts";

export const BULK_TEXT = {
  selected: (count: number) => `${count} selected`,
  confirm: "Confirm",
  assignLabel: "Assign cleaner",
  chooseCleaner: "Choose a cleaner…",
  assign: "Assign",
  exportCsv: "Export CSV",
  markRead: "Mark read",
  clear: "Clear",
  working: "Working…",
  confirmFailed: "Confirming failed",
  assignFailed: "Assigning failed",
  markedRead: (count: number) => `${count} ${count === 1 ? "booking" : "bookings"} marked read.`,
  exported: (count: number) => `${count} ${count === 1 ? "booking" : "bookings"} exported.`,
  quoteNotConfirmed: "a quote can't be confirmed",
  alreadyConfirmed: "already confirmed",
  quoteNotAssigned: "a quote can't be assigned",
  cancelledNotAssigned: "a cancelled booking can't be assigned",
} as const;

interface Refusal {
  reference: string;
  message: string;
}

interface Skip {
  reference: string;
  reason: string;
}

/**
 * "3 bookings confirmed." or "2 confirmed; 1 could not be: YS-ABC123 — That time is no longer
 * available.", then the ones left out and why ("YS-Q1 skipped: a quote can't be confirmed.").
 */
export function bulkSummary(verb: string, done: number, refused: readonly Refusal[], skipped: readonly Skip[]): string {
  const parts: string[] = [];
  if (refused.length === 0) {
    if (done > 0 || skipped.length === 0) parts.push(`${done} ${done === 1 ? "booking" : "bookings"} ${verb}.`);
  } else {
    const reasons = refused.map((refusal) => `${refusal.reference} — ${refusal.message.replace(/\.$/, "")}`).join("; ");
    parts.push(`${done} ${verb}; ${refused.length} could not be: ${reasons}.`);
  }
  const byReason = new Map<string, string[]>();
  for (const skip of skipped) byReason.set(skip.reason, [...(byReason.get(skip.reason) ?? []), skip.reference]);
  for (const [reason, references] of byReason) parts.push(`${references.join(", ")} skipped: ${reason}.`);
  return parts.join(" ");
}

interface BulkActionsProps {
  /** The bookings ticked, in the list's order. */
  chosen: readonly BookingDto[];
  sort: string;
  order: string;
  /** Said in the page's live region. */
  onSay: (message: string) => void;
  onClear: () => void;
}

/** The bar shown while some bookings are ticked: N selected, Confirm, Assign cleaner, Export CSV, Mark read, Clear. */
export function BulkActions({ chosen, sort, order, onSay, onClear }: BulkActionsProps) {
  const queryClient = useQueryClient();
  const cleaners = useQuery(activeCleanersQuery);
  const [cleanerId, setCleanerId] = useState("");
  const [busy, setBusy] = useState(false);
  const [exportError, setExportError] = useState<unknown>(null);
  const cleanerSelectId = useId();

  /** One booking after another (each goes through the one reservation), then one summary. */
  async function eachOf(
    targets: readonly BookingDto[],
    call: (booking: BookingDto) => Promise<BookingDto>,
    fallback: string,
  ): Promise<{ done: number; refused: Refusal[] }> {
    let done = 0;
    const refused: Refusal[] = [];
    for (const booking of targets) {
      try {
        settleBooking(queryClient, await call(booking));
        done++;
      } catch (error) {
        refused.push({ reference: booking.reference, message: serverMessageOr(error, fallback) });
      }
    }
    return { done, refused };
  }

  async function run(action: () => Promise<string>) {
    setBusy(true);
    onSay("");
    try {
      onSay(await action());
    } finally {
      setBusy(false);
    }
  }

  const confirm = () =>
    run(async () => {
      const skipped: Skip[] = [];
      const targets: BookingDto[] = [];
      for (const booking of chosen) {
        if (booking.type === "QUOTE") skipped.push({ reference: booking.reference, reason: BULK_TEXT.quoteNotConfirmed });
        else if (booking.status === "CONFIRMED") skipped.push({ reference: booking.reference, reason: BULK_TEXT.alreadyConfirmed });
        else targets.push(booking);
      }
      const { done, refused } = await eachOf(targets, (booking) => setBookingStatus(booking._id, "CONFIRMED"), BULK_TEXT.confirmFailed);
      return bulkSummary("confirmed", done, refused, skipped);
    });

  const assign = () => {
    const cleaner = cleaners.data?.find((one) => one._id === cleanerId);
    if (!cleaner) return;
    return run(async () => {
      const skipped: Skip[] = [];
      const targets: BookingDto[] = [];
      for (const booking of chosen) {
        if (booking.type === "QUOTE") skipped.push({ reference: booking.reference, reason: BULK_TEXT.quoteNotAssigned });
        else if (booking.status === "CANCELLED") skipped.push({ reference: booking.reference, reason: BULK_TEXT.cancelledNotAssigned });
        else targets.push(booking);
      }
      const { done, refused } = await eachOf(targets, (booking) => assignBookingCleaners(booking._id, [cleaner._id]), BULK_TEXT.assignFailed);
      // The schedule shows who is on which job: it reads again when next opened.
      void queryClient.invalidateQueries({ queryKey: ["schedule"], refetchType: "none" });
      return bulkSummary(`assigned to ${cleaner.name}`, done, refused, skipped);
    });
  };

  const exportCsv = () =>
    run(async () => {
      setExportError(null);
      try {
        await downloadSelectedBookingsCsv(chosen.map((booking) => booking._id), sort, order);
        return BULK_TEXT.exported(chosen.length);
      } catch (error) {
        setExportError(error);
        return "";
      }
    });

  function onMarkRead() {
    markRead(chosen.map((booking) => booking._id));
    onSay(BULK_TEXT.markedRead(chosen.length));
  }

  const exportFailure = exportError ? asFailure(exportError, "Download failed") : null;
  return (
    <div className="bookings-bulk" role="group" aria-label="Selected bookings" aria-busy={busy}>
      <p className="bookings-bulk__count">{BULK_TEXT.selected(chosen.length)}</p>
      <div className="bookings-bulk__actions">
        <button type="button" className="admin-button admin-button--primary" disabled={busy} onClick={() => void confirm()}>
          {BULK_TEXT.confirm}
        </button>
        <span className="bookings-bulk__assign">
          <label htmlFor={cleanerSelectId} className="admin-field__label">{BULK_TEXT.assignLabel}</label>
          <select
            id={cleanerSelectId}
            className="admin-input"
            value={cleanerId}
            disabled={busy}
            onChange={(event) => setCleanerId(event.target.value)}
          >
            <option value="">{BULK_TEXT.chooseCleaner}</option>
            {(cleaners.data ?? []).map((cleaner) => <option key={cleaner._id} value={cleaner._id}>{cleaner.name}</option>)}
          </select>
          <button type="button" className="admin-button booking-button" disabled={busy || cleanerId === ""} onClick={() => void assign()}>
            {BULK_TEXT.assign}
          </button>
        </span>
        <button type="button" className="admin-button booking-button" disabled={busy} onClick={() => void exportCsv()}>
          {BULK_TEXT.exportCsv}
        </button>
        <button type="button" className="admin-button booking-button" disabled={busy} onClick={onMarkRead}>
          {BULK_TEXT.markRead}
        </button>
        <button type="button" className="admin-button booking-button" disabled={busy} onClick={onClear}>
          {BULK_TEXT.clear}
        </button>
      </div>
      {exportFailure && <ErrorAlert failure={exportFailure} message={exportFailure.serverMessage} onDismiss={() => setExportError(null)} />}
    </div>
  );
}

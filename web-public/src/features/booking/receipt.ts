/** The printable receipt (public-site.md section 2): a 720 × 900 popup that prints, then closes. */
import type { BookingResultDto } from "@yarra/api/client/types.ts";
import { DEFAULT_FREQUENCY_CODE } from "@yarra/core/catalog/constants.ts";
import { formatAud } from "@yarra/core/shared/money.ts";
import { formatMelbourneDate, formatMelbourneDateTime } from "@yarra/core/shared/melbourne-time.ts";
import { bedroomsLabel, hoursLabel } from "./booking-draft.ts";

export const POPUP_BLOCKED_MESSAGE = "Please allow popups to print the receipt.";
export const RECEIPT_FEATURES = "width=720,height=900";
/** How long after printing the popup closes. */
export const RECEIPT_CLOSE_DELAY_MS = 300;

export type BookingResult = BookingResultDto & {
  serviceName?: string;
  /** Whether the chosen frequency repeats, as the form knew it when it submitted. */
  repeats?: boolean;
};

/** A clean that repeats has a recurring total to show; a one-off (one-time) has none. */
export const resultRepeats = (result: BookingResult): boolean =>
  result.repeats ?? result.frequencyCode !== DEFAULT_FREQUENCY_CODE;

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

const validDate = (iso: string | null | undefined): Date | null => {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
};

/** 'Hourly Cleaning — 3 hours'. */
export function resultServiceText(result: BookingResult): string {
  const name = result.serviceName ?? result.serviceNameAtBooking ?? "";
  const size = result.pricingModel === "HOURLY" && result.hours
    ? hoursLabel(result.hours)
    : result.pricingModel === "BEDROOMS" && result.bedrooms !== null && result.bedrooms !== undefined
    ? bedroomsLabel(result.bedrooms)
    : "";
  return size ? `${name} — ${size}` : name;
}

export function resultStartText(result: BookingResult, missing = "(TBA)"): string {
  const start = validDate(result.startTime);
  return start ? formatMelbourneDateTime(start) : missing;
}

/** A self-contained page: inline styles only, so it prints the same without the site's CSS. */
export function receiptHtml(result: BookingResult, brandName: string, now = new Date()): string {
  const issued = validDate(result.createdAt) ?? now;
  const rows: [string, string][] = [
    ["Reference", result.reference],
    ["Date", formatMelbourneDate(issued)],
    ["Customer", `${result.firstName} ${result.lastName}`.trim()],
    ["Service", resultServiceText(result)],
    ["Start time", resultStartText(result)],
    ["Base", formatAud(result.baseAmount)],
    ["Extras", formatAud(result.extrasAmount)],
    ["First service total", formatAud(result.firstServiceTotal)],
  ];
  if (resultRepeats(result)) rows.push(["Recurring total", formatAud(result.recurringTotal)]);
  const title = result.type === "QUOTE" ? "Quote request" : "Booking receipt";
  return `<!doctype html>
<html lang="en-AU"><head><meta charset="utf-8"><title>${escapeHtml(`${title} ${result.reference}`)}</title>
<style>
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;color:#13222a;margin:32px;}
h1{font-size:22px;margin:0 0 4px;color:#0b4f52;} p{margin:0 0 20px;color:#4a5b63;}
table{width:100%;border-collapse:collapse;font-size:15px;}
th,td{text-align:left;padding:10px 8px;border-bottom:1px solid #d7eeec;vertical-align:top;}
th{width:40%;font-weight:600;color:#4a5b63;} td{word-break:break-word;}
tr.total td,tr.total th{font-weight:700;color:#13222a;}
footer{margin-top:24px;font-size:13px;color:#4a5b63;}
</style></head><body>
<h1>${escapeHtml(brandName)}</h1>
<p>${escapeHtml(title)}</p>
<table><tbody>
${
    rows.map(([label, value]) =>
      `<tr${label === "First service total" ? ' class="total"' : ""}><th scope="row">${escapeHtml(label)}</th><td>${
        escapeHtml(value)
      }</td></tr>`
    ).join("\n")
  }
</tbody></table>
<footer>Prices in A$, tax included. Times are Melbourne time. Final totals are confirmed by our team.</footer>
</body></html>`;
}

/** Opens, writes and prints the receipt; alerts when the browser blocks the popup. */
export function printReceipt(result: BookingResult, brandName: string, host: Window = window): boolean {
  const popup = host.open("", "receipt", RECEIPT_FEATURES);
  if (!popup) {
    host.alert(POPUP_BLOCKED_MESSAGE);
    return false;
  }
  popup.document.open();
  popup.document.write(receiptHtml(result, brandName));
  popup.document.close();
  let closing = false;
  const closeSoon = () => {
    if (closing) return;
    closing = true;
    host.setTimeout(() => popup.close(), RECEIPT_CLOSE_DELAY_MS);
  };
  const hasAfterPrint = "onafterprint" in popup;
  if (hasAfterPrint) popup.addEventListener("afterprint", closeSoon);
  popup.focus();
  popup.print();
  // Without the afterprint event, print() returning is the only sign the dialog is done.
  if (!hasAfterPrint) closeSoon();
  return true;
}

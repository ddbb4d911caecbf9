/** The staff CSV export of bookings and quotes: RFC 4180 text that spreadsheets open safely. */
import { melbourneYmd } from "../../shared/melbourne-time.ts";
import { csvDateTime, csvLine } from "../../shared/csv.ts";
import { formatAddress } from "../../shared/contact.ts";
import { balanceOf } from "../payments/ledger.ts";
import { formatAuPhone } from "../../shared/phone.ts";
import type { BookingRecord } from "../types.ts";
import { BOOKING_TEXT_FIELDS, textOfField } from "../text-fields.ts";

const money = (amount: number | null): string => (amount === null ? "" : amount.toFixed(2));


/** The names of the team, by id (issue 34: who is on each job). */
export type CleanerNames = ReadonlyMap<string, string>;

type Column = [header: string, value: (r: BookingRecord, cleaners: CleanerNames) => string | number | null];

const COLUMNS: Column[] = [
  ["id", (r) => r._id],
  ["reference", (r) => r.reference],
  ["type", (r) => r.type],
  ["status", (r) => r.status],
  ["cancelReason", (r) => (r.status === "CANCELLED" ? r.cancelReason : "")],
  ["paymentStatus", (r) => r.paymentStatus],
  ["createdAt", (r) => csvDateTime(r.createdAt)],
  ["startTime", (r) => csvDateTime(r.startTime)],
  ["endTime", (r) => csvDateTime(r.endTime)],
  // Who is on the job, by name in the job's order ("Priya Sharma; Tom Nguyen").
  ["cleaners", (r, cleaners) => r.cleanerIds.map((id) => cleaners.get(id) ?? id).join("; ")],
  ["firstName", (r) => r.firstName],
  ["lastName", (r) => r.lastName],
  ["email", (r) => r.email],
  // Written as people write it (0412 345 678): a spreadsheet keeps the leading 0 of text with
  // spaces, where it drops it from 0412345678 read as a number; no formula is needed for that.
  ["phone", (r) => formatAuPhone(r.phone)],
  ["address", (r) => formatAddress(r.address)],
  ["suburb", (r) => r.address.suburb],
  ["postCode", (r) => r.address.postCode],
  ["service", (r) => r.serviceNameAtBooking],
  ["hours", (r) => r.hours],
  ["bedrooms", (r) => r.bedrooms],
  ["frequency", (r) => r.frequencyNameAtBooking],
  ["discountPercent", (r) => r.frequencyDiscountPercent],
  ["extras", (r) => r.extras.map((e) => `${e.titleAtBooking} x ${e.quantity}`).join("; ")],
  ["baseAmount", (r) => money(r.baseAmount)],
  ["extrasAmount", (r) => money(r.extrasAmount)],
  ["firstServiceTotal", (r) => money(r.firstServiceTotal)],
  ["recurringTotal", (r) => money(r.recurringTotal)],
  ["totalPaid", (r) => money(r.totalPaid)],
  ["paidAt", (r) => csvDateTime(r.paidAt)],
  // The ledger's sum and what is still owed on the first service (negative when overpaid); quotes are never paid.
  ["paidToDate", (r) => (r.type === "QUOTE" ? "" : money(r.totalPaid ?? 0))],
  ["balance", (r) => (r.type === "QUOTE" ? "" : money(balanceOf(r)))],
  // The customer's notes and the office's own (text-fields.ts).
  ...BOOKING_TEXT_FIELDS.map((field): Column => [field.csvHeader, (r) => textOfField(r, field)]),
];

/** The fixed columns; the customers' answers follow them, one column a question. */
export const BOOKING_CSV_HEADERS: readonly string[] = COLUMNS.map(([header]) => header);

/**
 * One column per question the exported records answer (access, pets, parking...), headed by its
 * text, in the order the questions first appear; a record that did not answer one leaves it empty.
 */
function answerColumns(records: readonly BookingRecord[]): [header: string, value: (r: BookingRecord) => string][] {
  const labels = [...new Set(records.flatMap((r) => r.answers.map((a) => a.label)))];
  // A question whose text is also a fixed column's header gets a prefix, so no two columns share a name.
  return labels.map((label) => [
    BOOKING_CSV_HEADERS.includes(label) ? `answer: ${label}` : label,
    (r) => r.answers.filter((a) => a.label === label).map((a) => a.displayValue).join("; "),
  ]);
}

/**
 * The whole file. CRLF line ends (RFC 4180) and a UTF-8 byte-order mark, without which Excel
 * reads a downloaded file as Windows-1252 and mangles names with accents.
 */
export function bookingsCsv(records: readonly BookingRecord[], cleaners: CleanerNames = new Map()): string {
  const columns = [...COLUMNS, ...answerColumns(records)];
  const lines = [csvLine(columns.map(([header]) => header)), ...records.map((r) => csvLine(columns.map(([, value]) => value(r, cleaners))))];
  return `\uFEFF${lines.join("\r\n")}\r\n`;
}

/** e.g. 'bookings-2026-11-22.csv', dated in Melbourne. */
export const bookingsCsvFileName = (now: Date): string => `bookings-${melbourneYmd(now)}.csv`;

/**
 * The staff CSV export of customer records (issue 17), with the bookings export's care (its cell,
 * line and time helpers): RFC 4180, CRLF, a UTF-8 byte-order mark, formula starts neutralised,
 * phones written as people write them so spreadsheets keep the leading 0.
 */
import { csvDateTime, csvLine } from "../shared/csv.ts";
import { formatAuPhone, normaliseAuPhone } from "../shared/phone.ts";
import { melbourneYmd } from "../shared/melbourne-time.ts";
import type { CustomerExportRow } from "./types.ts";

const COLUMNS: [header: string, value: (c: CustomerExportRow) => string | number][] = [
  ["id", (c) => c._id],
  ["firstName", (c) => c.firstName],
  ["lastName", (c) => c.lastName],
  ["email", (c) => c.email],
  // 0412 345 678: text with spaces, which a spreadsheet keeps as typed (0412345678 would lose its 0).
  ["phone", (c) => formatAuPhone(normaliseAuPhone(c.phone) ?? c.phone)],
  ["suburbs", (c) => c.suburbs.join("; ")],
  ["tags", (c) => c.tags.join("; ")],
  ["bookingsCount", (c) => c.bookingsCount],
  ["lifetimePaid", (c) => c.lifetimePaid.toFixed(2)],
  ["nextVisit", (c) => csvDateTime(c.nextVisit)],
  ["lastVisit", (c) => csvDateTime(c.lastVisit)],
  ["createdAt", (c) => csvDateTime(c.createdAt)],
  ["notes", (c) => c.notes],
];

export const CUSTOMER_CSV_HEADERS: readonly string[] = COLUMNS.map(([header]) => header);

/** The whole file: the header, then one line a record, each ended by CRLF, after a byte-order mark. */
export function customersCsv(rows: readonly CustomerExportRow[]): string {
  const lines = [csvLine(CUSTOMER_CSV_HEADERS), ...rows.map((row) => csvLine(COLUMNS.map(([, value]) => value(row))))];
  return `\uFEFF${lines.join("\r\n")}\r\n`;
}

/** e.g. 'customers-2026-11-22.csv', dated in Melbourne. */
export const customersCsvFileName = (now: Date): string => `customers-${melbourneYmd(now)}.csv`;

/** CSV as spreadsheets read it (RFC 4180), safe from formula injection: every staff export uses it. */
import { melbourneHourMinute, melbourneYmd } from "./melbourne-time.ts";

/** A spreadsheet runs a cell that starts with one of these as a formula (CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** One cell: formula starts neutralised with a leading ', then quoted when it must be. */
export function csvCell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? "" : String(value);
  // A number is written as digits (a negative amount keeps its minus): only text can be a formula.
  if (typeof value !== "number" && FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export const csvLine = (cells: readonly (string | number | null | undefined)[]): string =>
  cells.map(csvCell).join(",");

const pad2 = (n: number): string => String(n).padStart(2, "0");

/** Melbourne wall-clock time as staff read it, e.g. '2026-11-28 09:00'. */
export function csvDateTime(instant: Date | null): string {
  if (!instant) return "";
  const { hour, minute } = melbourneHourMinute(instant);
  return `${melbourneYmd(instant)} ${pad2(hour)}:${pad2(minute)}`;
}

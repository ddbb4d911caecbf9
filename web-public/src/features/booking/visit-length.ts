/**
 * The visit's end and length (issue 34), worked out as the server works out a new booking's end
 * (core's prepareRecord: the job length of the priced service, its size and the priced add-ons),
 * so the form and the result card show the times the confirmation e-mail will.
 */
import { jobMinutes } from "@yarra/core/booking/pricing/job-length.ts";
import type { PricedDraft } from "@yarra/core/booking/pricing/pricing.ts";
import { visitEnd } from "@yarra/core/booking/capacity/scheduling.ts";
import { formatMelbourneDateTime, formatMelbourneTime, melbourneYmd } from "@yarra/core/shared/melbourne-time.ts";

/** The end of a visit starting at `startTimeISO`, or null until the start and the price are known. */
export function visitEndOf(
  startTimeISO: string,
  priced: PricedDraft | null,
  size: { hours: number | null; bedrooms: number | null },
): Date | null {
  if (!startTimeISO || !priced) return null;
  const start = new Date(startTimeISO);
  if (Number.isNaN(start.getTime())) return null;
  return visitEnd(
    start,
    jobMinutes(priced.service, {
      hours: size.hours,
      bedrooms: size.bedrooms,
      extras: priced.extraLines.map((line) => ({ durationMinutes: line.extra.durationMinutes, quantity: line.quantity })),
    }),
  );
}

/** '3 hours 45 minutes', '1 hour', '30 minutes'. */
export function visitLengthText(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = Math.round(minutes - hours * 60);
  const parts = [];
  if (hours > 0) parts.push(`${hours} ${hours === 1 ? "hour" : "hours"}`);
  if (rest > 0 || hours === 0) parts.push(`${rest} ${rest === 1 ? "minute" : "minutes"}`);
  return parts.join(" ");
}

/** '10:00 am – 1:45 pm (3 hours 45 minutes)', Melbourne time; the end's date only when it is another day. */
export function visitSpanText(start: Date, end: Date): string {
  const endText = melbourneYmd(start) === melbourneYmd(end) ? formatMelbourneTime(end) : formatMelbourneDateTime(end);
  const minutes = Math.round((end.getTime() - start.getTime()) / 60_000);
  return `${formatMelbourneTime(start)} – ${endText} (${visitLengthText(minutes)})`;
}

/** A stored booking's or quote's visit in those words, or null when it has no time (yet). */
export function recordVisitText(record: { startTime?: string | null; endTime?: string | null }): string | null {
  if (!record.startTime || !record.endTime) return null;
  const start = new Date(record.startTime);
  const end = new Date(record.endTime);
  if (Number.isNaN(start.getTime()) || Number.isNaN(end.getTime()) || end <= start) return null;
  return visitSpanText(start, end);
}

/**
 * Which booking starts a series of regular visits, and on what terms (issue 17). Kept apart from
 * the series' other rules so the booking use cases import only this.
 */
import type { AuditEntry } from "../shared/audit.ts";
import type { Frequency } from "../catalog/types.ts";
import type { NewBookingRecord, Totals } from "../booking/types.ts";
import { melbourneHourMinute, melbourneYmd } from "../shared/melbourne-time.ts";
import { fromCents, roundHalfAwayFromZero, toCents } from "../shared/money.ts";
import { isRecurring, type SeriesTerms } from "./occurrences.ts";
import type { NewSeries } from "./types.ts";

/**
 * A repeat visit's totals: the recurring total is what it costs, split between the base and the
 * add-ons as the first visit's were (so the two still add up to it).
 */
export function recurringVisitTotals(totals: Totals): Totals {
  const base = toCents(totals.baseAmount);
  const first = base + toCents(totals.extrasAmount);
  const recurring = toCents(totals.recurringTotal);
  const recurringBase = first === 0 ? 0 : roundHalfAwayFromZero((base * recurring) / first);
  return {
    baseAmount: fromCents(recurringBase),
    extrasAmount: fromCents(recurring - recurringBase),
    firstServiceTotal: totals.recurringTotal,
    recurringTotal: totals.recurringTotal,
    discountPercent: totals.discountPercent,
  };
}

/** The series terms of a visit: its Melbourne date, wall-clock start and length. */
function termsAt(startTime: Date, endTime: Date): Pick<SeriesTerms, "anchorDate" | "startMinutes" | "durationMinutes"> {
  const { hour, minute } = melbourneHourMinute(startTime);
  return {
    anchorDate: melbourneYmd(startTime),
    startMinutes: hour * 60 + minute,
    durationMinutes: Math.round((endTime.getTime() - startTime.getTime()) / 60_000),
  };
}

/**
 * The series a new record starts, or null: only a BOOKING (never a quote) whose frequency repeats
 * (WEEK or MONTH, every 1 or more). The booking is its first visit; the next visits copy it at the
 * same Melbourne wall-clock time, at the recurring price.
 */
export function seriesStartFor(record: NewBookingRecord, frequencies: readonly Frequency[]): NewSeries | null {
  if (record.type !== "BOOKING") return null;
  const frequency = frequencies.find((f) => f.code === record.frequencyCode);
  if (!frequency) return null;
  const repeat = { unit: frequency.repeatUnit, every: frequency.repeatEvery };
  if (!isRecurring(repeat)) return null;
  const { type: _type, status: _status, startTime, endTime, paymentStatus: _payment, totalPaid: _paid, paidAt: _paidAt, ...template } = record;
  return {
    frequencyCode: frequency.code,
    frequencyName: frequency.name,
    unit: repeat.unit,
    every: repeat.every,
    ...termsAt(startTime, endTime),
    template: { ...template, ...recurringVisitTotals(record) },
  };
}

/** The audit row of a series a booking started: who made the booking (the customer on the site, or staff). */
export function seriesCreatedAudit(
  actor: { adminId: string | null; adminEmail: string },
  seriesId: string,
  first: { _id: string; reference: string },
  series: NewSeries,
): AuditEntry {
  return {
    ...actor,
    action: "series.create",
    entity: "series",
    entityId: seriesId,
    before: null,
    after: {
      firstBookingId: first._id,
      reference: first.reference,
      frequencyCode: series.frequencyCode,
      repeatUnit: series.unit,
      repeatEvery: series.every,
      anchorDate: series.anchorDate,
      startMinutes: series.startMinutes,
      durationMinutes: series.durationMinutes,
      recurringTotal: series.template.firstServiceTotal,
    },
  };
}

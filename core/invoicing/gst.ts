/**
 * GST in a GST-inclusive price (issue 30): one eleventh of the total, rounded once to the cent
 * (half away from zero), in integer cents so the invoice, the CSV and the e-mail agree.
 */
import { fromCents, roundHalfAwayFromZero, toCents } from "../shared/money.ts";

export const gstIncludedCents = (totalCents: number): number => roundHalfAwayFromZero(totalCents / 11);

/** A$ of GST in an A$ total; 0 when the business is not registered for GST. */
export const gstIncluded = (total: number, gstRegistered: boolean): number =>
  gstRegistered ? fromCents(gstIncludedCents(toCents(total))) : 0;

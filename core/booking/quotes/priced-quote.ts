/**
 * Quotes the office prices (issue 30): the line items, their total in integer cents, how long the
 * price stands, and the rules of the customer's answer (accept once, decline once, not after the
 * valid-until day). The wire shapes are here too, so the API, the document and the staff editor
 * read one declaration. Stored beside the quote record (its own table), so the record keeps its shape.
 */
import { z } from "zod";
import { fromCents, MONEY_MAX, MONEY_MAX_TEXT, toCents } from "../../shared/money.ts";
import { isOneLine } from "../../shared/input.ts";
import { melbourneYmd } from "../../shared/melbourne-time.ts";
import { ymdText } from "../../shared/ymd-schema.ts";
import { declareError, err, ok, type Result, type ValidationFailed, validationError } from "../../shared/result.ts";

export const QUOTE_LIMITS = {
  items: 50,
  description: 200,
  quantity: 1000,
  message: 2000,
  declineReason: 500,
} as const;

export const QUOTE_MESSAGES = {
  description: "Describe each line.",
  descriptionTooLong: `Keep each line to ${QUOTE_LIMITS.description} characters or fewer.`,
  descriptionOneLine: "Keep each line on one line.",
  quantity: `Use a quantity more than 0 and at most ${QUOTE_LIMITS.quantity}, with at most 2 decimals.`,
  unitPrice: `Use a price of A$0 or more, at most ${MONEY_MAX_TEXT}, with at most 2 decimals.`,
  items: `A quote needs 1 to ${QUOTE_LIMITS.items} lines.`,
  messageTooLong: `Keep the message to ${QUOTE_LIMITS.message} characters or fewer.`,
  notText: "Use text.",
  validUntilPast: "The quote can’t end before today.",
  declineReason: "Please tell us why, in a few words.",
  declineReasonTooLong: `Please keep the reason to ${QUOTE_LIMITS.declineReason} characters or fewer.`,
} as const;

const M = QUOTE_MESSAGES;

/** At most 2 decimals, judged in cents so float noise (0.1 + 0.2) is no third decimal. */
const twoDecimals = (value: number): boolean => Math.abs(toCents(value) - value * 100) < 1e-6;

const quantity = z.number({ error: M.quantity })
  .refine((n) => Number.isFinite(n) && n > 0 && n <= QUOTE_LIMITS.quantity && twoDecimals(n), { error: M.quantity });

const unitPrice = z.number({ error: M.unitPrice })
  .refine((n) => Number.isFinite(n) && n >= 0 && n <= MONEY_MAX && twoDecimals(n), { error: M.unitPrice });

export const quoteLineInputSchema = z.object({
  description: z.string({ error: M.description }).trim()
    .min(1, { error: M.description })
    .max(QUOTE_LIMITS.description, { error: M.descriptionTooLong })
    .refine(isOneLine, { error: M.descriptionOneLine })
    .meta({ examples: ["Office clean, 400 m², five evenings"] }),
  quantity: quantity.meta({ description: `More than 0, at most ${QUOTE_LIMITS.quantity}, 2 decimals`, examples: [1] }),
  unitPrice: unitPrice.meta({ description: "A$, 0 or more, 2 decimals", examples: [480] }),
}).meta({ id: "QuoteLineInput" });

/** PUT /api/admin/bookings/{id}/quote. validUntil's "today or later" needs the clock: the use case judges it. */
export const priceQuoteSchema = z.object({
  lineItems: z.array(quoteLineInputSchema, { error: M.items })
    .min(1, { error: M.items }).max(QUOTE_LIMITS.items, { error: M.items }),
  message: z.preprocess(
    (value) => value ?? undefined,
    z.string({ error: M.notText }).trim().max(QUOTE_LIMITS.message, { error: M.messageTooLong }).optional(),
  ).meta({ description: `To the customer, at most ${QUOTE_LIMITS.message} characters` }),
  validUntil: z.preprocess(
    (value) => value === "" || value === null ? undefined : value,
    ymdText().optional(),
  ).meta({ description: "The last Melbourne day the price stands, YYYY-MM-DD, today or later; none: until the office changes it", examples: ["2026-12-31"] }),
}).meta({ id: "PriceQuote" });

export type PriceQuoteInput = z.output<typeof priceQuoteSchema>;
export type QuoteLineInput = z.output<typeof quoteLineInputSchema>;

export const PRICED_QUOTE_STATUSES = ["SENT", "ACCEPTED", "DECLINED"] as const;
export type PricedQuoteStatus = (typeof PRICED_QUOTE_STATUSES)[number];

const instant = z.string().meta({ format: "date-time" });

export const quoteLineSchema = z.object({
  description: z.string(),
  quantity: z.number(),
  unitPrice: z.number(),
  amount: z.number().meta({ description: "quantity × unitPrice, rounded to the cent" }),
}).meta({ id: "QuoteLine" });

export const pricedQuoteSchema = z.object({
  lineItems: z.array(quoteLineSchema),
  total: z.number().meta({ description: "The sum of the lines' amounts, A$", examples: [480] }),
  message: z.string(),
  validUntil: z.string().nullable().meta({ description: "The last Melbourne day the price stands; null: no end", examples: ["2026-12-31"] }),
  status: z.enum(PRICED_QUOTE_STATUSES),
  sentAt: instant,
  decidedAt: instant.nullable(),
  declineReason: z.string(),
}).meta({ id: "PricedQuote" });

/** POST /api/manage/{token}/decline */
export const declineQuoteSchema = z.object({
  reason: z.string({ error: M.declineReason }).trim()
    .min(1, { error: M.declineReason })
    .max(QUOTE_LIMITS.declineReason, { error: M.declineReasonTooLong })
    .meta({ description: `Why, 1 to ${QUOTE_LIMITS.declineReason} characters`, examples: ["We found another cleaner."] }),
}).meta({ id: "DeclineQuote" });
export type DeclineQuoteInput = z.output<typeof declineQuoteSchema>;

export interface QuoteLine {
  description: string;
  quantity: number;
  unitPrice: number;
  amount: number;
}

/** A priced quote as stored (instants as Dates). */
export interface PricedQuote {
  bookingId: string;
  lineItems: QuoteLine[];
  total: number;
  message: string;
  validUntil: string | null;
  status: PricedQuoteStatus;
  sentAt: Date;
  decidedAt: Date | null;
  declineReason: string;
}

/** A line's amount in cents: quantity × unit price, rounded once (half away from zero). */
export const lineCents = (line: Pick<QuoteLine, "quantity" | "unitPrice">): number => toCents(line.quantity * line.unitPrice);

/** The lines with their amounts, and the total: the sum of the amounts, in cents, so it is exact. */
export function priceLines(lines: readonly QuoteLineInput[]): { lineItems: QuoteLine[]; total: number } {
  const priced = lines.map((line) => ({ ...line, cents: lineCents(line) }));
  return {
    lineItems: priced.map(({ cents, ...line }) => ({ ...line, amount: fromCents(cents) })),
    total: fromCents(priced.reduce((sum, line) => sum + line.cents, 0)),
  };
}

export const QUOTE_ERRORS = {
  /** The office reads a price that isn't there: nothing to show. */
  /** The customer answers a quote the office has not priced: the quote is there, not yet in a state to answer. */
  notYetPriced: declareError("conflict", "QUOTE_NOT_PRICED", "We haven’t priced this quote yet. We’ll e-mail you when we have."),
  alreadyDecided: declareError("conflict", "QUOTE_ALREADY_DECIDED", "This quote has already been accepted or declined."),
  expired: declareError(
    "conflict",
    "QUOTE_EXPIRED",
    "This quote has expired. Please contact us for a new one.",
  ),
} as const;

/**
 * The price the office sets: the lines priced, the total, the message, and validUntil today or
 * later in Melbourne (a 422 on validUntil). Whether the quote may be priced again is the caller's:
 * only while it is SENT (QUOTE_ALREADY_DECIDED once answered).
 */
export function planPricing(input: PriceQuoteInput, now: Date): Result<Omit<PricedQuote, "bookingId">, ValidationFailed> {
  const validUntil = input.validUntil ?? null;
  if (validUntil !== null && validUntil < melbourneYmd(now)) return err(validationError({ validUntil: [M.validUntilPast] }));
  return ok({
    ...priceLines(input.lineItems),
    message: input.message ?? "",
    validUntil,
    status: "SENT",
    sentAt: now,
    decidedAt: null,
    declineReason: "",
  });
}

/** Past its valid-until day (a Melbourne date, that day included). */
export const quoteExpired = (quote: Pick<PricedQuote, "validUntil">, now: Date): boolean =>
  quote.validUntil !== null && melbourneYmd(now) > quote.validUntil;

/** Why the customer may not answer this quote now: unpriced, answered already, or expired. */
export function answerRefusal(
  quote: PricedQuote | null,
  now: Date,
): typeof QUOTE_ERRORS.notYetPriced | typeof QUOTE_ERRORS.alreadyDecided | typeof QUOTE_ERRORS.expired | null {
  if (!quote) return QUOTE_ERRORS.notYetPriced;
  if (quote.status !== "SENT") return QUOTE_ERRORS.alreadyDecided;
  if (quoteExpired(quote, now)) return QUOTE_ERRORS.expired;
  return null;
}

/** The wire shape. */
export const presentPricedQuote = (quote: PricedQuote): z.output<typeof pricedQuoteSchema> => ({
  lineItems: quote.lineItems,
  total: quote.total,
  message: quote.message,
  validUntil: quote.validUntil,
  status: quote.status,
  sentAt: quote.sentAt.toISOString(),
  decidedAt: quote.decidedAt?.toISOString() ?? null,
  declineReason: quote.declineReason,
});

/** A line as the e-mails and the audit log read it: 'Office clean × 2 at A$240.00 = A$480.00'. */
export const lineText = (line: QuoteLine, format: (amount: number) => string): string =>
  line.quantity === 1
    ? `${line.description}: ${format(line.amount)}`
    : `${line.description} × ${line.quantity} at ${format(line.unitPrice)} each: ${format(line.amount)}`;

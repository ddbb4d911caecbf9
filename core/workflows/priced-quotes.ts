/**
 * Quotes the office prices and the customer answers (issue 30).
 *
 * The office prices a quote (its lines, a message, how long the price stands): stored beside the
 * record, audited, and e-mailed to the customer with their link, in one transaction. A commercial
 * inquiry may be made such a quote at once. On their page the customer accepts it at a free time
 * (the record becomes a PENDING booking at the quoted total, through the one reservation, exactly
 * as a booking made online: closed dates, lead time, horizon, capacity, team mode) or declines it
 * with a reason; the office is e-mailed either way and the customer's audit row is written. A
 * quote whose frequency repeats starts its regular clean when accepted, as a converted quote does.
 *
 * The rules (the lines, the total, validUntil, who may answer when) are core/booking/quotes; the
 * use cases live here because they write the e-mails (notifications sits above booking).
 */
import { type Actor, type AuditEntry, auditEntry } from "../shared/audit.ts";
import type { OutboxMessage } from "../shared/outbox.ts";
import type { Clock, InTransaction } from "../shared/ports.ts";
import { formatAud } from "../shared/money.ts";
import { parseIsoInstant } from "../shared/iso-instant.ts";
import { melbourneInstant } from "../shared/melbourne-time.ts";
import { err, type ErrorOf, ok, type Result, VALIDATION_FAILED, validationError } from "../shared/result.ts";
import type { CatalogReader } from "../catalog/ports.ts";
import { DEFAULT_FREQUENCY_CODE } from "../catalog/types.ts";
import type { ClosedDatesStore, SettingsStore } from "../settings/ports.ts";
import type { SchedulingSettings } from "../settings/types.ts";
import type { Inquiry } from "../inquiry/types.ts";
import { INQUIRY_NOT_FOUND } from "../inquiry/admin-use-cases.ts";
import { BOOKING_NOT_FOUND } from "../booking/status.ts";
import { STAFF_BOOKING_ERRORS } from "../booking/staff/edit-plan.ts";
import { jobMinutes } from "../booking/pricing/job-length.ts";
import { CUSTOMER_RESERVATION_ERRORS, forCustomer, reservation, type ReserveJob } from "../booking/capacity/reservation.ts";
import { closedDateLabels, closedDateLookupDay, earliestBookableYmd, startTimeProblem, visitEnd } from "../booking/capacity/scheduling.ts";
import { customerEmailKey } from "../customers/match.ts";
import { hashManageToken, MANAGE_TOKEN_PATTERN, manageTokenValid, newManageToken } from "../booking/manage/token.ts";
import type { ManageRescheduleInput } from "../booking/manage/schemas.ts";
import type { BookingRecord, NewBookingRecord } from "../booking/types.ts";
import type { PlannedVisit } from "../booking/ports.ts";
import type { NewSeries } from "../series/types.ts";
import { seriesCreatedAudit, seriesStartFor } from "../series/start.ts";
import {
  answerRefusal,
  type DeclineQuoteInput,
  lineText,
  planPricing,
  type PriceQuoteInput,
  type PricedQuote,
  QUOTE_ERRORS,
} from "../booking/quotes/priced-quote.ts";
import type { InquiryQuoteInput } from "../booking/quotes/inquiry-quote.ts";
import type { MessageContext } from "../notifications/email-parts.ts";
import { bookingConfirmationEmail } from "../notifications/record-emails.ts";
import { pricedQuoteEmail, quoteAcceptedNotification, quoteDeclinedNotification } from "../notifications/quote-emails.ts";
import {
  customerAuditEntry,
  MANAGE_ERRORS,
  type ManageSeriesFacts,
  type ManageSeriesVisit,
  manageView,
  type ManageView,
} from "./manage-booking.ts";

// ---------------------------------------------------------------------------------------------
// Ports

/** Inside one transaction: the record's row lock first, then (accepting) the reservation's locks. */
export interface QuoteTx {
  lockById(id: string): Promise<BookingRecord | null>;
  /** The record's priced quote, read under the record's lock. */
  pricedQuote(bookingId: string): Promise<PricedQuote | null>;
  /** Stores the quote's price, replacing one not yet answered. */
  savePricedQuote(quote: PricedQuote): Promise<PricedQuote>;
  /** The customer's answer: ACCEPTED or DECLINED (with the reason), at `at`. */
  decide(bookingId: string, answer: { status: "ACCEPTED" | "DECLINED"; at: Date; declineReason: string }): Promise<PricedQuote>;
  /** The one reservation (reservation.ts): locks, read, core's decision, then the write. */
  reserve: ReserveJob;
  /**
   * The booking starts its regular clean (issue 17) as its first visit, whose visits are planned at
   * once, each through the one reservation: the booking as it now is, and the visits planned.
   */
  startSeries(first: BookingRecord, series: NewSeries, now: Date): Promise<{ first: BookingRecord; planned: PlannedVisit[] }>;
  /** The regular clean a booking belongs to, and its coming visits, as the customer's page shows them. */
  seriesFacts(bookingId: string): Promise<ManageSeriesFacts | null>;
  comingVisits(seriesId: string, from: Date): Promise<ManageSeriesVisit[]>;
  /** The quote becomes a PENDING booking at the new times and the quoted total. */
  acceptQuote(id: string, accepted: { startTime: Date; endTime: Date; total: number; at: Date }): Promise<BookingRecord>;
  /** A new QUOTE record (an inquiry's). */
  insertQuote(record: NewBookingRecord): Promise<BookingRecord>;
  lockInquiry(id: string): Promise<Inquiry | null>;
  /** The inquiry marked read: the office has answered it. */
  markInquiryRead(id: string, at: Date): Promise<Inquiry>;
  saveManageTokenHash(bookingId: string, tokenHash: string): Promise<void>;
  enqueue(messages: OutboxMessage[]): Promise<void>;
  audit(entry: AuditEntry): Promise<void>;
}

export interface QuoteStore {
  bookingIdByTokenHash(tokenHash: string): Promise<string | null>;
  getById(id: string): Promise<BookingRecord | null>;
  pricedQuoteOf(bookingId: string): Promise<PricedQuote | null>;
  transaction: InTransaction<QuoteTx>;
}

export interface PricedQuotesDeps {
  store: QuoteStore;
  catalog: Pick<CatalogReader, "getService" | "listFrequencies">;
  settings: Pick<SettingsStore, "getScheduling">;
  closedDates: Pick<ClosedDatesStore, "list">;
  clock: Clock;
  /** The profile, policy and site URL, read before a transaction opens. */
  mailContext: () => Promise<MessageContext>;
  /** Told after an accepted quote that started a regular clean committed (the planning job makes its visits at once). */
  onSeriesStarted?: () => void;
}

// ---------------------------------------------------------------------------------------------
// Errors

/** Pricing a quote: the record, a quote, not yet answered; validUntil today or later. */
export const PRICE_QUOTE_ERRORS = [BOOKING_NOT_FOUND, STAFF_BOOKING_ERRORS.notAQuote, QUOTE_ERRORS.alreadyDecided, VALIDATION_FAILED] as const;
export type PriceQuoteError = ErrorOf<typeof PRICE_QUOTE_ERRORS>;

export const GET_PRICED_QUOTE_ERRORS = [BOOKING_NOT_FOUND] as const;
export type GetPricedQuoteError = ErrorOf<typeof GET_PRICED_QUOTE_ERRORS>;

/** The customer's answer: the link, then the quote's state. */
const ANSWER_ERRORS = [MANAGE_ERRORS.linkInvalid, QUOTE_ERRORS.notYetPriced, QUOTE_ERRORS.alreadyDecided, QUOTE_ERRORS.expired] as const;

/** Accepting: the answer's refusals, then the time's rules and the one reservation, as a customer hears it. */
export const ACCEPT_QUOTE_ERRORS = [...ANSWER_ERRORS, ...CUSTOMER_RESERVATION_ERRORS] as const;
export type AcceptQuoteError = ErrorOf<typeof ACCEPT_QUOTE_ERRORS>;

export const DECLINE_QUOTE_ERRORS = ANSWER_ERRORS;
export type DeclineQuoteError = ErrorOf<typeof DECLINE_QUOTE_ERRORS>;

/** Quoting an inquiry: the inquiry, the service (a field), validUntil (a field). */
export const QUOTE_INQUIRY_ERRORS = [INQUIRY_NOT_FOUND, VALIDATION_FAILED] as const;
export type QuoteInquiryError = ErrorOf<typeof QUOTE_INQUIRY_ERRORS>;

export const SERVICE_REQUIRED = "Choose a service from the catalogue.";

// ---------------------------------------------------------------------------------------------
// Audit rows

const quoteFacts = (quote: PricedQuote) => ({
  total: quote.total,
  lineItems: quote.lineItems.map((line) => lineText(line, formatAud)),
  validUntil: quote.validUntil,
  message: quote.message,
});

export interface QuoteFromInquiry {
  bookingId: string;
  reference: string;
  pricedQuote: PricedQuote;
}

export function makePricedQuotes(deps: PricedQuotesDeps) {
  const { store, clock } = deps;

  /** The quote a token opens now: a known token of the right shape, of a job not over or a quote awaiting its answer. */
  async function open(token: string, now: Date): Promise<BookingRecord | null> {
    if (!MANAGE_TOKEN_PATTERN.test(token)) return null;
    const id = await store.bookingIdByTokenHash(hashManageToken(token));
    const record = id ? await store.getById(id) : null;
    if (!record) return null;
    if (manageTokenValid(record, now)) return record;
    return record.type === "QUOTE" && (await store.pricedQuoteOf(record._id))?.status === "SENT" ? record : null;
  }

  /** The customer's e-mail of the price, with a fresh link, in the transaction. */
  async function sendQuote(tx: QuoteTx, record: BookingRecord, quote: PricedQuote, ctx: MessageContext) {
    const link = newManageToken();
    await tx.saveManageTokenHash(record._id, link.hash);
    await tx.enqueue([pricedQuoteEmail(record, quote, ctx, { manageToken: link.token })]);
  }

  /** What an answer is judged and told with, read before its transaction opens (which holds the row lock, and PGlite's one connection). */
  interface AnswerAt {
    now: Date;
    ctx: MessageContext;
    scheduling: SchedulingSettings;
  }

  /** The page as the customer now sees it. */
  const viewOf = (record: BookingRecord, quote: PricedQuote, at: AnswerAt): ManageView =>
    manageView(record, at.now, at.scheduling, at.ctx.profile.phone, null, [], quote);

  /**
   * One answer of the customer: the link opened, then under the record's lock the quote judged as
   * it now is (priced, not answered, not expired), then `answer`.
   */
  async function answer<E extends AcceptQuoteError>(
    token: string,
    apply: (tx: QuoteTx, record: BookingRecord, quote: PricedQuote, at: AnswerAt) => Promise<Result<ManageView, E>>,
  ): Promise<Result<ManageView, E | ErrorOf<typeof ANSWER_ERRORS>>> {
    const now = clock.now();
    const opened = await open(token, now);
    if (!opened) return err(MANAGE_ERRORS.linkInvalid);
    const [ctx, scheduling] = await Promise.all([deps.mailContext(), deps.settings.getScheduling()]);
    return store.transaction(async (tx): Promise<Result<ManageView, E | ErrorOf<typeof ANSWER_ERRORS>>> => {
      const record = await tx.lockById(opened._id);
      if (!record) return err(MANAGE_ERRORS.linkInvalid);
      const quote = await tx.pricedQuote(record._id);
      const refusal = answerRefusal(quote, now);
      if (refusal) return err(refusal);
      // A SENT price stands only on a QUOTE record; anything else was answered already.
      if (record.type !== "QUOTE") return err(QUOTE_ERRORS.alreadyDecided);
      return apply(tx, record, quote as PricedQuote, { now, ctx, scheduling });
    });
  }

  return {
    /**
     * The record's price as the office set it, or null while it has none (a quote not priced yet,
     * a booking never quoted): a booking the customer made by accepting one keeps its price.
     */
    async get(bookingId: string): Promise<Result<PricedQuote | null, GetPricedQuoteError>> {
      const record = await store.getById(bookingId);
      if (!record) return err(BOOKING_NOT_FOUND);
      return ok(await store.pricedQuoteOf(bookingId));
    },

    /**
     * The office prices a quote (or prices it again while the customer has not answered): stored,
     * e-mailed to the customer with a fresh link, audited as booking.quote_priced.
     */
    async price(actor: Actor, bookingId: string, input: PriceQuoteInput): Promise<Result<PricedQuote, PriceQuoteError>> {
      const ctx = await deps.mailContext();
      const now = clock.now();
      return store.transaction(async (tx): Promise<Result<PricedQuote, PriceQuoteError>> => {
        const record = await tx.lockById(bookingId);
        if (!record) return err(BOOKING_NOT_FOUND);
        const existing = await tx.pricedQuote(bookingId);
        if (existing && existing.status !== "SENT") return err(QUOTE_ERRORS.alreadyDecided);
        if (record.type !== "QUOTE") return err(STAFF_BOOKING_ERRORS.notAQuote);
        const planned = planPricing(input, now);
        if (!planned.ok) return planned;
        const saved = await tx.savePricedQuote({ ...planned.value, bookingId });
        await sendQuote(tx, record, saved, ctx);
        await tx.audit(auditEntry(actor, "booking.quote_priced", "booking", bookingId, existing ? quoteFacts(existing) : null, quoteFacts(saved)));
        return ok(saved);
      });
    },

    /**
     * The customer accepts at `startTimeISO`: the start judged as a new booking's (closed dates,
     * lead time, horizon, the working day, for the quote's job length), then the one reservation
     * (capacity; in team mode a cleaner who works then), the record a PENDING booking at the quoted
     * total keeping its reference, the quote ACCEPTED; the booking's e-mail to the customer (with
     * the .ics and a fresh link), the office told; audited as the customer.
     */
    async accept(token: string, input: ManageRescheduleInput): Promise<Result<ManageView, AcceptQuoteError>> {
      const start = parseIsoInstant(input.startTimeISO) as Date; // the schema accepted it
      const ymd = closedDateLookupDay(start);
      const [closed, frequencies] = await Promise.all([
        ymd ? deps.closedDates.list({ from: ymd, to: ymd }) : [],
        deps.catalog.listFrequencies(),
      ]);
      let startedSeries = false;
      const result = await answer(token, async (tx, quote, priced, at): Promise<Result<ManageView, AcceptQuoteError>> => {
        const { now, ctx, scheduling } = at;
        const lengthMinutes = Math.round((quote.endTime.getTime() - quote.startTime.getTime()) / 60_000);
        const problem = startTimeProblem(start, now, scheduling, { closedDates: closedDateLabels(closed), lengthMinutes });
        if (problem) return err(validationError({ startTimeISO: [problem.message] }));
        const visit = { start, end: visitEnd(start, lengthMinutes) };
        const reserved = await tx.reserve(
          reservation(visit, scheduling, { bookingId: quote._id, customerEmailKey: customerEmailKey(quote.email), audience: "customer" }),
          () => tx.acceptQuote(quote._id, { startTime: visit.start, endTime: visit.end, total: priced.total, at: now }),
        );
        if (!reserved.ok) return err(forCustomer(reserved.error));
        let booking = reserved.value.booking;
        // A quote never starts a series; the booking it becomes does when its frequency repeats, as a converted quote's does.
        const series = seriesStartFor(booking, frequencies);
        let planned: PlannedVisit[] | undefined;
        if (series) {
          ({ first: booking, planned } = await tx.startSeries(booking, series, now));
          await tx.audit(seriesCreatedAudit({ adminId: null, adminEmail: booking.email }, booking.seriesId as string, booking, series));
          startedSeries = true;
        }
        const decided = await tx.decide(quote._id, { status: "ACCEPTED", at: now, declineReason: "" });
        const link = newManageToken();
        await tx.saveManageTokenHash(booking._id, link.hash);
        const repeat = series ? { repeat: { unit: series.unit, every: series.every }, planned } : {};
        await tx.enqueue([
          bookingConfirmationEmail(booking, ctx, { manageToken: link.token, ...repeat }),
          quoteAcceptedNotification(booking, decided, ctx),
        ]);
        await tx.audit(customerAuditEntry(
          quote,
          "booking.quote_accepted",
          { type: quote.type, status: quote.status },
          {
            type: booking.type,
            status: booking.status,
            startTime: booking.startTime,
            endTime: booking.endTime,
            firstServiceTotal: booking.firstServiceTotal,
          },
        ));
        const shown = series
          ? { series: await tx.seriesFacts(booking._id), visits: await tx.comingVisits(booking.seriesId as string, now) }
          : { series: null, visits: [] };
        return ok(manageView(booking, now, scheduling, ctx.profile.phone, shown.series, shown.visits, decided));
      });
      if (result.ok && startedSeries) deps.onSeriesStarted?.();
      return result;
    },

    /** The customer declines, with a reason: the quote DECLINED, the office told; audited as the customer. */
    decline(token: string, input: DeclineQuoteInput): Promise<Result<ManageView, DeclineQuoteError>> {
      return answer<never>(token, async (tx, quote, _priced, at) => {
        const { now, ctx } = at;
        const decided = await tx.decide(quote._id, { status: "DECLINED", at: now, declineReason: input.reason });
        await tx.enqueue([quoteDeclinedNotification(quote, decided, ctx)]);
        await tx.audit(customerAuditEntry(quote, "booking.quote_declined", { total: decided.total }, { declineReason: input.reason }));
        return ok(viewOf(quote, decided, at));
      });
    },

    /**
     * A commercial inquiry made a priced quote: a QUOTE record for the inquirer (name, e-mail,
     * phone; the address the office gives, else the inquiry's suburb), for the office's service at
     * the service's smallest job, at the first bookable start (the customer picks the real time when
     * accepting), priced and e-mailed at once. The inquiry is marked read; both are audited.
     */
    async quoteInquiry(actor: Actor, inquiryId: string, input: InquiryQuoteInput): Promise<Result<QuoteFromInquiry, QuoteInquiryError>> {
      const [service, frequencies, scheduling, ctx] = await Promise.all([
        deps.catalog.getService(input.serviceId),
        deps.catalog.listFrequencies(),
        deps.settings.getScheduling(),
        deps.mailContext(),
      ]);
      if (!service) return err(validationError({ serviceId: [SERVICE_REQUIRED] }));
      const now = clock.now();
      const planned = planPricing(input, now);
      if (!planned.ok) return planned;
      const oneTime = frequencies.find((frequency) => frequency.code === DEFAULT_FREQUENCY_CODE);
      const size = {
        hours: service.pricingModel === "HOURLY" ? service.minHours : null,
        bedrooms: service.pricingModel === "BEDROOMS" ? Math.min(...service.bedroomPrices.map((row) => row.bedrooms)) : null,
      };
      const startTime = melbourneInstant(earliestBookableYmd(now, scheduling), scheduling.firstSlotHour);
      const total = planned.value.total;
      return store.transaction(async (tx): Promise<Result<QuoteFromInquiry, QuoteInquiryError>> => {
        const inquiry = await tx.lockInquiry(inquiryId);
        if (!inquiry) return err(INQUIRY_NOT_FOUND);
        const record = await tx.insertQuote({
          type: "QUOTE",
          status: "QUOTE_REQUESTED",
          paymentStatus: "UNPAID",
          firstName: inquiry.firstName,
          lastName: inquiry.lastName,
          email: inquiry.email,
          phone: inquiry.phone,
          address: {
            street: input.addressLine1 ?? "",
            suburb: input.suburb ?? inquiry.suburb,
            state: "VIC",
            postCode: input.postcode ?? "",
          },
          serviceId: service._id,
          serviceNameAtBooking: service.name,
          pricingModel: service.pricingModel,
          ...size,
          frequencyCode: oneTime?.code ?? DEFAULT_FREQUENCY_CODE,
          frequencyNameAtBooking: oneTime?.name ?? "One-time",
          frequencyDiscountPercent: 0,
          startTime,
          endTime: visitEnd(startTime, jobMinutes(service, size)),
          extras: [],
          answers: [],
          notes: inquiry.message,
          officeNotes: `From inquiry ${inquiry.reference}`,
          baseAmount: total,
          extrasAmount: 0,
          firstServiceTotal: total,
          recurringTotal: total,
          discountPercent: 0,
          totalPaid: null,
          paidAt: null,
        });
        const saved = await tx.savePricedQuote({ ...planned.value, bookingId: record._id });
        await sendQuote(tx, record, saved, ctx);
        await tx.audit(auditEntry(actor, "booking.quote_priced", "booking", record._id, null, {
          ...quoteFacts(saved),
          fromInquiry: inquiry.reference,
        }));
        const after = inquiry.read ? inquiry : await tx.markInquiryRead(inquiry._id, now);
        await tx.audit(auditEntry(actor, "inquiry.quoted", "inquiry", inquiry._id, { read: inquiry.read }, {
          read: after.read,
          quoteReference: record.reference,
          total: saved.total,
        }));
        return ok({ bookingId: record._id, reference: record.reference, pricedQuote: saved });
      });
    },
  };
}

export type PricedQuotes = ReturnType<typeof makePricedQuotes>;

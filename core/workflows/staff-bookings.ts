/**
 * Bookings the office makes and changes (issue 16): a booking taken on the phone, a change of
 * time, size, add-ons, frequency, address or contact details, and a quote turned into a booking.
 *
 * A new booking is prepared exactly as the public form's (prepare-record.ts: validateDraft,
 * priceDraft, the job length, closed dates, the service area), except that the office may book
 * inside the lead time, at any quarter hour, and outside the working hours when it says
 * allowOutsideHours (issue 28; audited when the start needed it). A change is planned by planEdit
 * against the booking as it is under its row lock; a change of price re-prices from the catalogue
 * as it is now. Every write is one transaction: the booking's row lock, then the capacity lock,
 * then the cleaners' locks, the write, the customer's e-mail when asked for, and the audit row.
 */
import { auditEntry } from "../shared/audit.ts";
import type { StaffActor } from "../shared/staff-roles.ts";
import type { CatalogReader } from "../catalog/ports.ts";
import { quoteConvertedEmail, type SeriesPlanLinks, staffBookingMadeEmail, staffEditEmail } from "../notifications/staff-edit-messages.ts";
import type { MessageContext } from "../notifications/email-parts.ts";
import type { ClosedDatesStore, SettingsStore } from "../settings/ports.ts";
import type { SchedulingSettings } from "../settings/types.ts";
import type { AuditEntry } from "../shared/audit.ts";
import type { OutboxMessage } from "../shared/outbox.ts";
import type { Clock, InTransaction } from "../shared/ports.ts";
import { err, type ErrorOf, ok, type Result, VALIDATION_FAILED, validationError } from "../shared/result.ts";
import { RESERVATION_ERRORS, type ReservationError, reservation, type ReserveJob } from "../booking/capacity/reservation.ts";
import { SLOT_UNAVAILABLE } from "../booking/capacity/capacity.ts";
import { customerEmailKey } from "../customers/match.ts";
import { newManageToken } from "../booking/manage/token.ts";
import { type PaymentState, paymentState } from "../booking/payments/ledger.ts";
import type { PaymentLedgerTx } from "../booking/payments/ports.ts";
import { draftRulesOf, PREPARE_RECORD_ERRORS, prepareRecord, readDraftCatalogue, startRulesFor } from "../booking/draft/prepare-record.ts";
import {
  changedFields,
  type EditRules,
  MS_PER_MINUTE,
  outsideWorkingHours,
  PLAN_EDIT_ERRORS,
  planEdit,
  PRICE_FIELDS,
  STAFF_BOOKING_ERRORS,
  officeOnly,
} from "../booking/staff/edit-plan.ts";
import { officeTextGiven } from "../booking/text-fields.ts";
import { closedDateLabels, closedDateLookupDay, startTimeProblem } from "../booking/capacity/scheduling.ts";
import type { QuoteConversion, StaffBookingDraft, StaffBookingEdit } from "../booking/staff/booking-schemas.ts";
import { BOOKING_NOT_FOUND, STATUS_ERRORS } from "../booking/status.ts";
import { type BookingRecord, CAPACITY_HOLDING_STATUSES, type NewBookingRecord, type RecordStatus } from "../booking/types.ts";
import { seriesCreatedAudit, seriesStartFor } from "../series/start.ts";
import { isRecurring } from "../series/occurrences.ts";
import { SERIES_CANCEL_REASONS } from "../series/cancel-reasons.ts";
import type { Series } from "../series/types.ts";
import type { Frequency } from "../catalog/types.ts";
import { seriesEndedEmail } from "../notifications/series-messages.ts";
import { addDaysYmd, melbourneYmd } from "../shared/melbourne-time.ts";
import type { NewSeries } from "../series/types.ts";
import type { PlannedVisit } from "../booking/ports.ts";

const holdingStatuses: readonly RecordStatus[] = CAPACITY_HOLDING_STATUSES;

/**
 * What a new frequency does to the regular clean (issue 28): a one-off BOOKING made repeating
 * starts one; a visit of one made non-repeating ends it after that visit; a visit given another
 * repeat is refused (that is the series' own "change from a date"); otherwise nothing.
 */
export function frequencyChange(
  record: Pick<BookingRecord, "type" | "seriesId" | "frequencyCode">,
  frequencyCode: string | undefined,
  frequencies: readonly Frequency[],
): "starts-series" | "ends-series" | "series-own" | null {
  if (record.type !== "BOOKING" || frequencyCode === undefined || frequencyCode === record.frequencyCode) return null;
  const frequency = frequencies.find((f) => f.code === frequencyCode);
  // An unknown code is the draft's own 422 (prepareRecord).
  if (!frequency) return null;
  const repeats = isRecurring({ unit: frequency.repeatUnit, every: frequency.repeatEvery });
  if (record.seriesId === null) return repeats ? "starts-series" : null;
  return repeats ? "series-own" : "ends-series";
}

// ---------------------------------------------------------------------------------------------
// Ports

/** How an edit is written. */
export interface EditWrite {
  /** Write the add-on lines anew (a re-price). */
  replaceExtras: boolean;
  /** The start moved: the reminder is due again. */
  startMoved: boolean;
  /** Raise the calendar SEQUENCE, so the customer's calendar takes the new version. */
  raiseCalendarSequence: boolean;
  at: Date;
}

/** Inside one transaction: the booking's row lock first, then the reservation's (capacity days, then cleaners). */
export interface StaffBookingTx {
  /** The booking, held until the transaction ends. */
  lockById(id: string): Promise<BookingRecord | null>;
  /** The one reservation (reservation.ts): locks, read, core's decision, then the write. */
  reserve: ReserveJob;
  insert(record: NewBookingRecord): Promise<BookingRecord>;
  /**
   * The booking starts a series of regular visits (issue 17) as its first visit, whose visits are
   * planned at once, each through the one reservation (issue 28): the booking as it now is, and the
   * visits planned with it (its e-mail puts each in the customer's calendar, issue 34 item 7).
   */
  startSeries(first: BookingRecord, series: NewSeries, now: Date): Promise<{ first: BookingRecord; planned: PlannedVisit[] }>;
  /** Writes the editable fields of `after` (and, with replaceExtras, its add-on lines). */
  saveEdit(after: BookingRecord, write: EditWrite): Promise<BookingRecord>;
  /** The quote becomes a PENDING booking; everything else stays. */
  convertQuote(id: string, at: Date): Promise<BookingRecord>;
  /** Holds the series row of the booking's regular clean (before the booking's own lock); null for a one-off. */
  lockSeriesOf(bookingId: string): Promise<Series | null>;
  /** Ends the series from `fromDate`: its visits from then cancelled (their dates kept); those visits, by start. */
  endSeries(seriesId: string, fromDate: string, reason: string): Promise<BookingRecord[]>;
  /** The booking's payments, and the write of its derived payment state. */
  ledger: Pick<PaymentLedgerTx, "list" | "saveState">;
  saveManageTokenHash(bookingId: string, tokenHash: string): Promise<void>;
  enqueueEmail(message: OutboxMessage): Promise<void>;
  audit(entry: AuditEntry): Promise<void>;
}

export interface StaffBookingStore {
  getById(id: string): Promise<BookingRecord | null>;
  transaction: InTransaction<StaffBookingTx>;
}

export interface StaffBookingsDeps {
  store: StaffBookingStore;
  catalog: CatalogReader;
  settings: Pick<SettingsStore, "getScheduling" | "getServiceArea">;
  closedDates: Pick<ClosedDatesStore, "list">;
  clock: Clock;
  /** The business profile, policy and site URL the customer's e-mails are composed with. */
  messages: { context(): Promise<MessageContext> };
  /** Told after a booking that started a series committed (the generation job makes its visits at once). */
  onSeriesStarted?: () => void;
}

/** What PATCH with preview: true answers: the record now and as the change would leave it. */
export interface EditPreview {
  before: BookingRecord;
  after: BookingRecord;
  priceChanged: boolean;
}

/**
 * What the reservation of a job with no cleaner yet (a new booking; a quote, which none can be put
 * on) can refuse: its day or its time. In team mode one who is free is chosen, or the time is full.
 */
const NEW_JOB_RESERVATION_ERRORS = [VALIDATION_FAILED, SLOT_UNAVAILABLE] as const;

/** A refusal of such a job: none names a cleaner, as no cleaner was asked for. */
const newJobRefusal = (error: ReservationError): ErrorOf<typeof NEW_JOB_RESERVATION_ERRORS> =>
  error.code === "VALIDATION_FAILED" ? { ...error, code: error.code } : SLOT_UNAVAILABLE;

/** A booking taken by the office: the override, the draft (fields, price), then its day and time. */
export const STAFF_CREATE_ERRORS = [STATUS_ERRORS.overrideForbidden, ...PREPARE_RECORD_ERRORS, ...NEW_JOB_RESERVATION_ERRORS] as const;
export type StaffCreateError = ErrorOf<typeof STAFF_CREATE_ERRORS>;

/**
 * A change: the override, the booking, a series' own frequency, planEdit's refusals, then the one
 * reservation of a moved visit (its place and its cleaners).
 */
export const STAFF_EDIT_ERRORS = [
  STATUS_ERRORS.overrideForbidden,
  BOOKING_NOT_FOUND,
  STAFF_BOOKING_ERRORS.seriesFrequency,
  ...PLAN_EDIT_ERRORS,
  ...RESERVATION_ERRORS,
] as const;
export type StaffEditError = ErrorOf<typeof STAFF_EDIT_ERRORS>;

/** A quote made a booking: the override, the quote, its time (a 422 on startTimeISO), then its day and time. */
export const CONVERT_QUOTE_ERRORS = [
  STATUS_ERRORS.overrideForbidden,
  BOOKING_NOT_FOUND,
  STAFF_BOOKING_ERRORS.notAQuote,
  ...NEW_JOB_RESERVATION_ERRORS,
] as const;
export type ConvertQuoteError = ErrorOf<typeof CONVERT_QUOTE_ERRORS>;

const sameState = (record: BookingRecord, state: PaymentState): boolean =>
  record.paymentStatus === state.paymentStatus && record.totalPaid === state.totalPaid &&
  (record.paidAt?.getTime() ?? null) === (state.paidAt?.getTime() ?? null);

export function makeStaffBookings(deps: StaffBookingsDeps) {
  const { store, clock } = deps;

  /** The customer's e-mail with a fresh manage-my-booking link, written in the transaction. */
  async function tell(tx: StaffBookingTx, record: BookingRecord, compose: (links: { manageToken: string }) => OutboxMessage) {
    const manage = newManageToken();
    await tx.saveManageTokenHash(record._id, manage.hash);
    await tx.enqueueEmail(compose({ manageToken: manage.token }));
  }

  /**
   * A booking with a repeating frequency starts a series of regular visits (issue 17), audited as
   * series.create: the booking as it now is, and what its e-mail tells of the series (how it
   * repeats, the visits planned with it), as the public confirmation does.
   */
  async function startSeriesOf(
    tx: StaffBookingTx,
    actor: StaffActor,
    booking: BookingRecord,
    series: NewSeries | null,
  ): Promise<{ record: BookingRecord; plan: SeriesPlanLinks }> {
    if (!series) return { record: booking, plan: {} };
    const { first, planned } = await tx.startSeries(booking, series, clock.now());
    await tx.audit(seriesCreatedAudit({ adminId: actor._id, adminEmail: actor.email }, first.seriesId as string, first, series));
    return { record: first, plan: { repeat: { unit: series.unit, every: series.every }, planned } };
  }

  /** After the commit of a new booking: the generation job makes the visits of a series it started at once. */
  const wakeGeneration = <T extends Result<BookingRecord>>(result: T): T => {
    if (result.ok && result.value.seriesId !== null) deps.onSeriesStarted?.();
    return result;
  };

  /** The office's override is a superadmin's alone (as on a status change). */
  const overrideRefused = (actor: StaffActor, override: boolean | undefined) =>
    override && actor.role !== "superadmin" ? err(STATUS_ERRORS.overrideForbidden) : null;

  /**
   * The one reservation of a visit at its times (reservation.ts): its place unless it holds none
   * or a superadmin overrides, its cleaners free (in team mode, working; one chosen when it has
   * none), then `write`.
   */
  function reserveVisit(
    tx: StaffBookingTx,
    record: Pick<BookingRecord, "type" | "status" | "startTime" | "endTime" | "cleanerIds" | "email">,
    scheduling: SchedulingSettings,
    options: { override: boolean; outsideHours: boolean; bookingId: string | null },
    write: () => Promise<BookingRecord>,
  ) {
    const holds = record.type === "BOOKING" && holdingStatuses.includes(record.status);
    return tx.reserve(
      reservation({ start: record.startTime, end: record.endTime }, scheduling, {
        bookingId: options.bookingId,
        takesPlace: holds && !options.override,
        cleaners: { kind: "require", ids: record.cleanerIds, stays: record.cleanerIds },
        pick: holds,
        teamRequired: holds && !options.override && !options.outsideHours,
        customerEmailKey: customerEmailKey(record.email),
        audience: "staff",
      }),
      write,
    );
  }

  return {
    /**
     * A booking the office takes: the public draft, priced and judged as the form's (inside the
     * lead time allowed), capacity-checked unless a superadmin overrides; stored PENDING, or
     * CONFIRMED when the office says so (issue 34); the customer's one e-mail (saying which) only
     * when notifyCustomer (default true); no office notification; audited with the status.
     */
    async create(actor: StaffActor, input: StaffBookingDraft): Promise<Result<BookingRecord, StaffCreateError>> {
      const { notifyCustomer = true, overrideCapacity = false, allowOutsideHours = false, status = "PENDING", ...draft } = input;
      const refused = overrideRefused(actor, overrideCapacity);
      if (refused) return refused;
      const reads = await readDraftCatalogue(deps, draft);
      const now = clock.now();
      const details = prepareRecord(draft, "BOOKING", reads.catalogue, draftRulesOf(reads, now, "BOOKING", "staff", allowOutsideHours));
      if (!details.ok) return details;
      const { startTime, endTime } = details.value;
      const outsideHours = allowOutsideHours &&
        outsideWorkingHours(startTime, (endTime.getTime() - startTime.getTime()) / MS_PER_MINUTE, { now, ...reads });
      const ctx = notifyCustomer ? await deps.messages.context() : null;
      return store.transaction(async (tx) => {
        // PENDING, or CONFIRMED when the office agreed the time with the customer (issue 34): both hold the place.
        const record = { ...details.value, ...officeTextGiven(draft), type: "BOOKING", status } as const;
        const reserved = await reserveVisit(
          tx,
          { ...record, cleanerIds: [] },
          reads.scheduling,
          { override: overrideCapacity, outsideHours, bookingId: null },
          () => tx.insert(record),
        );
        if (!reserved.ok) return err(newJobRefusal(reserved.error));
        const { record: created, plan } = await startSeriesOf(tx, actor, reserved.value.booking, seriesStartFor(record, reads.catalogue.frequencies));
        if (ctx) await tell(tx, created, (links) => staffBookingMadeEmail(created, ctx, { ...links, ...plan }));
        await tx.audit(auditEntry(actor, "booking.create_by_staff", "booking", created._id, null, {
          reference: created.reference,
          startTime: created.startTime,
          endTime: created.endTime,
          firstServiceTotal: created.firstServiceTotal,
          status: created.status,
          notifyCustomer,
          ...(overrideCapacity ? { overrideCapacity: true } : {}),
          ...(outsideHours ? { allowOutsideHours: true } : {}),
        }));
        return ok(created);
      }).then(wakeGeneration);
    },

    /**
     * A change to a booking or quote (planEdit). With preview nothing is written: the answer is the
     * record before and after, after the same checks a save runs. A change that changes nothing
     * writes nothing. A moved visit is decided again (capacity, unless overridden; cleaners); a
     * re-price recomputes the payment state from the ledger. A booking's calendar SEQUENCE rises
     * with every change (the customer's calendar takes the newest), its reminder is due again when
     * the start moved; the customer is e-mailed when notifyCustomer (default true). Audited as
     * booking.edit with the changed fields before and after.
     */
    async edit(actor: StaffActor, id: string, input: StaffBookingEdit): Promise<Result<BookingRecord | EditPreview, StaffEditError>> {
      // Issue 28: a frequency made repeating starts a regular clean; a visit of one made One-time ends it after that visit.
      const { notifyCustomer = true, overrideCapacity = false, preview = false } = input;
      const refused = overrideRefused(actor, overrideCapacity);
      if (refused) return refused;
      // Read before the transaction: it holds the row lock (and PGlite's one connection).
      const found = await store.getById(id);
      if (!found) return err(BOOKING_NOT_FOUND);
      // The catalogue whenever the edit names a price's part: the locked record decides whether it changes.
      const pricingNamed = PRICE_FIELDS.some((field) => input[field] !== undefined);
      const reads = await readDraftCatalogue(deps, {
        serviceId: pricingNamed ? found.serviceId : "",
        startTimeISO: input.startTimeISO ?? found.startTime.toISOString(),
      });
      const catalogue = pricingNamed ? reads.catalogue : null;
      // Issue 28: a new frequency may start a regular clean (a one-off made Weekly) or end one (a
      // visit made One-time: the later visits are cancelled). Another repeat is the series' own change.
      const repeating = frequencyChange(found, input.frequencyCode, reads.catalogue.frequencies);
      if (repeating === "series-own") return err(STAFF_BOOKING_ERRORS.seriesFrequency);
      const ctx = notifyCustomer && !preview ? await deps.messages.context() : null;
      const now = clock.now();
      const rules: EditRules = { now, scheduling: reads.scheduling, closedDates: reads.closedDates, serviceArea: reads.serviceArea };
      return store.transaction(async (tx): Promise<Result<BookingRecord | EditPreview, StaffEditError>> => {
        // Ending a series: its row first, as every series path locks it (before its visit's).
        const series = repeating === "ends-series" && !preview ? await tx.lockSeriesOf(id) : null;
        const before = await tx.lockById(id);
        if (!before) return err(BOOKING_NOT_FOUND);
        const plan = planEdit(before, input, catalogue, rules);
        if (!plan.ok) return plan;
        let { after } = plan.value;
        // A job set aside (its day closed, its time full) that the office moves takes a place again
        // (issue 28): it is PENDING at the new time, which the reservation below must admit.
        if (after.type === "BOOKING" && before.status === "NEEDS_ATTENTION" && plan.value.visitMoved) after = { ...after, status: "PENDING" };
        // A new price may settle or reopen the balance: the ledger decides, as on a payment.
        const state = plan.value.repriced && after.type === "BOOKING" ? paymentState(after, await tx.ledger.list(id)) : null;
        if (state) after = { ...after, ...state };
        const changed = changedFields(before, after);
        if (Object.keys(changed.after).length === 0 && !preview) return ok(before);
        // The office's own notes alone: nothing the customer sees (or their calendar holds) changed.
        const customerSees = !officeOnly(changed.after);
        const save = () =>
          tx.saveEdit(after, {
            replaceExtras: plan.value.repriced,
            startMoved: plan.value.startMoved,
            raiseCalendarSequence: after.type === "BOOKING" && customerSees,
            at: now,
          });
        let saved: BookingRecord;
        if (plan.value.visitMoved) {
          // A preview decides as a save would, and writes nothing: its "write" is the planned record
          // with the cleaners the decision keeps (so there is nothing to change either).
          const reserved = await reserveVisit(
            tx,
            after,
            reads.scheduling,
            { override: overrideCapacity, outsideHours: plan.value.outsideHours, bookingId: id },
            preview ? () => Promise.resolve(after) : save,
          );
          if (!reserved.ok) return reserved;
          if (preview) return ok({ before, after: reserved.value.booking, priceChanged: plan.value.priceChanged });
          saved = reserved.value.booking;
        } else {
          if (preview) return ok({ before, after, priceChanged: plan.value.priceChanged });
          saved = await save();
        }
        if (state && !sameState(before, state)) saved = await tx.ledger.saveState(id, state, now);
        if (repeating === "starts-series" && saved.seriesId === null) {
          saved = (await startSeriesOf(tx, actor, saved, seriesStartFor(saved, reads.catalogue.frequencies))).record;
        }
        if (series && series.status !== "ENDED") {
          // The regular clean ends after this visit: every later visit is cancelled, the customer told once.
          const fromDate = addDaysYmd(melbourneYmd(saved.startTime), 1);
          const cancelled = await tx.endSeries(series._id, fromDate, SERIES_CANCEL_REASONS.ended);
          if (ctx) await tx.enqueueEmail(seriesEndedEmail(series, { fromDate, reason: "", cancelled }, ctx));
          await tx.audit(auditEntry(actor, "series.end", "series", series._id, { status: series.status }, {
            status: "ENDED",
            endsOn: fromDate,
            reason: SERIES_CANCEL_REASONS.ended,
            fromBooking: saved.reference,
            cancelledIds: cancelled.map((visit) => visit._id),
          }));
        }
        if (ctx && customerSees) await tell(tx, saved, (links) => staffEditEmail(before, saved, ctx, links));
        await tx.audit(auditEntry(actor, "booking.edit", "booking", id, changed.before, {
          ...changed.after,
          notifyCustomer,
          ...(overrideCapacity && plan.value.visitMoved ? { overrideCapacity: true } : {}),
          ...(plan.value.outsideHours ? { allowOutsideHours: true } : {}),
        }));
        return ok(saved);
      });
    },

    /**
     * A quote becomes a PENDING booking at its requested time, at its estimated prices: judged by
     * the office's start rules for its job length (its time may have passed: change it first),
     * capacity-checked unless a superadmin overrides; the customer's booking e-mail with the .ics
     * when notifyCustomer (default true); audited as booking.convert.
     */
    async convert(actor: StaffActor, id: string, input: QuoteConversion = {}): Promise<Result<BookingRecord, ConvertQuoteError>> {
      const { notifyCustomer = true, overrideCapacity = false, allowOutsideHours = false } = input;
      const refused = overrideRefused(actor, overrideCapacity);
      if (refused) return refused;
      const found = await store.getById(id);
      if (!found) return err(BOOKING_NOT_FOUND);
      if (found.type !== "QUOTE") return err(STAFF_BOOKING_ERRORS.notAQuote);
      const ymd = closedDateLookupDay(found.startTime);
      const [scheduling, closed, frequencies] = await Promise.all([
        deps.settings.getScheduling(),
        ymd ? deps.closedDates.list({ from: ymd, to: ymd }) : [],
        deps.catalog.listFrequencies(),
      ]);
      const ctx = notifyCustomer ? await deps.messages.context() : null;
      const now = clock.now();
      return store.transaction(async (tx) => {
        const quote = await tx.lockById(id);
        if (!quote) return err(BOOKING_NOT_FOUND);
        if (quote.type !== "QUOTE") return err(STAFF_BOOKING_ERRORS.notAQuote);
        const lengthMinutes = (quote.endTime.getTime() - quote.startTime.getTime()) / MS_PER_MINUTE;
        const closedDates = closedDateLabels(closed);
        const problem = startTimeProblem(quote.startTime, now, startRulesFor(scheduling, "staff", allowOutsideHours), { closedDates, lengthMinutes });
        if (problem) {
          return err(validationError({ startTimeISO: [problem.message] }, `The quote’s time can’t be booked: ${problem.message} Change its time first.`));
        }
        const outsideHours = allowOutsideHours && outsideWorkingHours(quote.startTime, lengthMinutes, { now, scheduling, closedDates });
        const reserved = await reserveVisit(
          tx,
          { ...quote, type: "BOOKING", status: "PENDING" },
          scheduling,
          { override: overrideCapacity, outsideHours, bookingId: id },
          () => tx.convertQuote(id, now),
        );
        if (!reserved.ok) return err(newJobRefusal(reserved.error));
        // A quote never starts a series; the booking it becomes does, when its frequency repeats.
        const converted = reserved.value.booking;
        const { record: booking, plan } = await startSeriesOf(tx, actor, converted, seriesStartFor({ ...converted, type: "BOOKING" }, frequencies));
        if (ctx) await tell(tx, booking, (links) => quoteConvertedEmail(booking, ctx, { ...links, ...plan }));
        await tx.audit(auditEntry(actor, "booking.convert", "booking", id, { type: quote.type, status: quote.status }, {
          type: booking.type,
          status: booking.status,
          notifyCustomer,
          ...(overrideCapacity ? { overrideCapacity: true } : {}),
          ...(outsideHours ? { allowOutsideHours: true } : {}),
        }));
        return ok(booking);
      }).then(wakeGeneration);
    },
  };
}

export type StaffBookings = ReturnType<typeof makeStaffBookings>;

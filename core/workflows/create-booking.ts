/**
 * Creating a booking or a quote from a customer's draft: validate, price from the catalogue and
 * check the answers (prepare-record.ts, shared with the office's bookings), then (bookings only) take a place under the capacity rule, all in one
 * transaction with the e-mails, so nothing partial is ever stored. A booking whose frequency repeats
 * starts a series of regular visits in that same transaction (issue 17).
 */
import type { CatalogReader } from "../catalog/ports.ts";
import type { ClosedDatesStore, SettingsStore } from "../settings/ports.ts";
import type { Clock } from "../shared/ports.ts";
import type { IdempotencyCompletion } from "../shared/idempotency-completion.ts";
import type { OutboxMessage } from "../shared/outbox.ts";
import { err, type ErrorOf, ok, type Result } from "../shared/result.ts";
import type { Repeat } from "../series/occurrences.ts";
import { seriesCreatedAudit, seriesStartFor } from "../series/start.ts";
import { CUSTOMER_RESERVATION_ERRORS, forCustomer, reservation, type ReservationError } from "../booking/capacity/reservation.ts";
import { customerEmailKey } from "../customers/match.ts";
import type { CustomerLinks, EmailsFor, NewBooking, NewQuote, NewRecordAccess, PlannedVisit } from "../booking/ports.ts";
import type { NewSeries } from "../series/types.ts";
import type { AuditEntry } from "../shared/audit.ts";
import type { Reservation } from "../booking/capacity/reservation.ts";
import { newManageToken } from "../booking/manage/token.ts";
import { draftRulesOf, PREPARE_RECORD_ERRORS, prepareRecord, readDraftCatalogue } from "../booking/draft/prepare-record.ts";
import type { BookingDraftInput, BookingRecord, RecordType } from "../booking/types.ts";


/**
 * The series of regular visits a new booking starts (issue 17), written in the booking's own
 * transaction: the series row, the booking as its first visit, the audit row `audit` makes, and its
 * visits through the horizon (each holding a place, or NEEDS_ATTENTION), which its e-mails list.
 */
export interface SeriesStart {
  series: NewSeries;
  /** The use case's now: the series' visits are planned through the horizon from it, in the same transaction. */
  now: Date;
  audit(seriesId: string, first: BookingRecord): AuditEntry;
}

export interface BookingStore {
  /**
   * The one reservation (reservation.ts), then the insert, as one transaction with the e-mails: the
   * locks are held until it ends, so two API processes never both take the last place or cleaner. With `series`, the
   * booking starts that series in the same transaction, and its e-mails see it as the first visit.
   * With `completion`, the request's first answer is written in that transaction too (issue 29).
   */
  reserve(
    booking: NewBooking,
    reservation: Reservation,
    emailsFor: EmailsFor,
    access: NewRecordAccess,
    series?: SeriesStart,
    completion?: IdempotencyCompletion<BookingRecord>,
  ): Promise<Result<BookingRecord, ReservationError>>;
  /** A quote holds no place (decisions.md, Scheduling): stored with its e-mails (and `completion`), no lock. */
  insertQuote(
    quote: NewQuote,
    emailsFor: EmailsFor,
    access: NewRecordAccess,
    completion?: IdempotencyCompletion<BookingRecord>,
  ): Promise<BookingRecord>;
}

export interface CreateBookingDeps {
  catalog: CatalogReader;
  settings: Pick<SettingsStore, "getScheduling" | "getServiceArea">;
  closedDates: Pick<ClosedDatesStore, "list">;
  bookings: BookingStore;
  clock: Clock;
  /**
   * Prepares (reading settings, before the transaction opens) the function that writes a new
   * record's e-mails, which then run inside its transaction without further reads. The customer's
   * e-mails link to the manage-my-booking page with `links.manageToken`; a booking that starts a
   * series passes `links.repeat`, how its frequency repeats (issue 17), and `links.planned`, its
   * visits planned in the same transaction (issue 28).
   */
  prepareEmails: () => Promise<
    (record: BookingRecord, links: CustomerLinks & { repeat?: Repeat; planned?: readonly PlannedVisit[] }) => OutboxMessage[]
  >;
  /** Told after a booking that started a series committed (the generation job makes its visits at once). */
  onSeriesStarted?: () => void;
}

/**
 * Takes what bookingDraftSchema accepts (the API has parsed it with that schema already) and runs
 * validateDraft, the form's own function, with the live scheduling, the clock and the catalogue.
 * With `completion` (an Idempotency-Key), the record's first answer is stored in its transaction.
 */
export interface CreateBooking {
  (input: BookingDraftInput, type: "BOOKING", completion?: IdempotencyCompletion<BookingRecord>): Promise<
    Result<BookingRecord, CreateBookingError>
  >;
  (input: BookingDraftInput, type: "QUOTE", completion?: IdempotencyCompletion<BookingRecord>): Promise<
    Result<BookingRecord, RequestQuoteError>
  >;
}

/** What booking online can refuse: the draft (fields, price), then the reservation, as a customer hears it. */
export const CREATE_BOOKING_ERRORS = [...PREPARE_RECORD_ERRORS, ...CUSTOMER_RESERVATION_ERRORS] as const;
export type CreateBookingError = ErrorOf<typeof CREATE_BOOKING_ERRORS>;

/** A quote takes no place: only the draft can be refused. */
export const REQUEST_QUOTE_ERRORS = PREPARE_RECORD_ERRORS;
export type RequestQuoteError = ErrorOf<typeof REQUEST_QUOTE_ERRORS>;

export function makeCreateBooking(deps: CreateBookingDeps): CreateBooking {
  /** The record's fields, checked and priced, and what both kinds of record are written with. */
  async function prepare(input: BookingDraftInput, type: RecordType) {
    const reads = await readDraftCatalogue(deps, input);
    const details = prepareRecord(input, type, reads.catalogue, draftRulesOf(reads, deps.clock.now(), type, "customer"));
    if (!details.ok) return details;
    const [emails, manage] = [await deps.prepareEmails(), newManageToken()];
    // The store keeps the token's hash; only the customer's e-mail carries the token itself.
    const emailsFor = (record: BookingRecord) => emails(record, { manageToken: manage.token });
    return ok({ reads, details: details.value, emails, manage, emailsFor, access: { manageTokenHash: manage.hash } });
  }

  async function requestQuote(
    input: BookingDraftInput,
    completion?: IdempotencyCompletion<BookingRecord>,
  ): Promise<Result<BookingRecord, RequestQuoteError>> {
    const prepared = await prepare(input, "QUOTE");
    if (!prepared.ok) return prepared;
    const { details, emailsFor, access } = prepared.value;
    return ok(await deps.bookings.insertQuote({ ...details, type: "QUOTE", status: "QUOTE_REQUESTED" }, emailsFor, access, completion));
  }

  async function book(
    input: BookingDraftInput,
    completion?: IdempotencyCompletion<BookingRecord>,
  ): Promise<Result<BookingRecord, CreateBookingError>> {
    const prepared = await prepare(input, "BOOKING");
    if (!prepared.ok) return prepared;
    const { reads, details, emails, manage, emailsFor, access } = prepared.value;
    const booking = { ...details, type: "BOOKING", status: "PENDING" } as const;
    const claim = reservation({ start: booking.startTime, end: booking.endTime }, reads.scheduling, {
      audience: "customer",
      customerEmailKey: customerEmailKey(booking.email),
    });
    // A repeating frequency starts a series of regular visits, in the booking's own transaction;
    // its first confirmation lists the next planned visits, so it is told how the series repeats.
    const series = seriesStartFor(booking, reads.catalogue.frequencies);
    const start = series && {
      series,
      now: deps.clock.now(),
      audit: (seriesId: string, first: BookingRecord) => seriesCreatedAudit({ adminId: null, adminEmail: first.email }, seriesId, first, series),
    };
    const bookingEmailsFor = series
      ? (record: BookingRecord, planned?: readonly PlannedVisit[]) =>
        emails(record, { manageToken: manage.token, repeat: { unit: series.unit, every: series.every }, planned })
      : emailsFor;
    const reserved = await deps.bookings.reserve(booking, claim, bookingEmailsFor, access, start ?? undefined, completion);
    if (!reserved.ok) return err(forCustomer(reserved.error));
    if (series) deps.onSeriesStarted?.();
    return reserved;
  }

  // One entry with a return type per kind of record, so each route declares only its own errors.
  return ((input: BookingDraftInput, type: RecordType, completion?: IdempotencyCompletion<BookingRecord>) =>
    type === "QUOTE" ? requestQuote(input, completion) : book(input, completion)) as CreateBooking;
}

/**
 * Manage my booking (issue 15): what the customer's link opens, and the two changes they may make
 * there themselves, free of charge, until the cut-off before the start: cancel, and move to
 * another free time under exactly the rules of a new booking for the same job length. A visit of a
 * regular clean (issue 17) may also be skipped, or the regular clean ended from it on, under the
 * same cut-off.
 *
 * A change runs as one transaction: (a skip or an end of the series) the series row's lock, the
 * booking's row lock, then (a move) the capacity lock, the write, a fresh link's hash, the e-mails
 * and the audit row, so nothing partial is stored and two changes of one booking, or two bookings
 * racing for one place, never interleave.
 */
import type { AuditEntry } from "../shared/audit.ts";
import { emailsForCustomerChange, type CustomerChange } from "../notifications/manage-messages.ts";
import type { MessageContext } from "../notifications/email-parts.ts";
import type { ClosedDatesStore, SettingsStore } from "../settings/ports.ts";
import { SERIES_ERRORS } from "../series/rules.ts";
import { DEMO_BUSINESS_PROFILE } from "../settings/demo-business-profile.ts";
import type { SeriesStatus } from "../series/types.ts";
import { SCHEDULING_DEFAULTS, type SchedulingSettings } from "../settings/types.ts";
import { addDaysYmd, melbourneInstant, melbourneYmd } from "../shared/melbourne-time.ts";
import type { OutboxMessage } from "../shared/outbox.ts";
import type { Clock, InTransaction } from "../shared/ports.ts";
import { parseIsoInstant } from "../shared/iso-instant.ts";
import { declareError, type DomainError, err, type ErrorOf, ok, type Result, type ValidationFailed, validationError } from "../shared/result.ts";
import { dayAvailability, readTeam } from "../booking/capacity/availability.ts";
import type { TeamReader } from "../booking/capacity/team-availability.ts";
import { capacityWindow } from "../booking/capacity/capacity.ts";
import {
  CUSTOMER_RESERVATION_ERRORS,
  type CustomerReservationError,
  forCustomer,
  reservation,
  type ReserveJob,
} from "../booking/capacity/reservation.ts";
import { customerEmailKey } from "../customers/match.ts";
import { sameAssignment } from "../cleaners/rules.ts";
import { hashManageToken, MANAGE_TOKEN_PATTERN, manageTokenValid, newManageToken } from "../booking/manage/token.ts";
import {
  changeCutoffMessage,
  LATE_CHANGE_FEE_PERCENT,
  MANAGE_MESSAGES,
  notChangeableMessage,
  SERIES_REASONS,
} from "../booking/manage/policy.ts";
import type { ManageAvailabilityQuery, ManageCancelInput, ManageCancelSeriesInput, ManageRescheduleInput } from "../booking/manage/schemas.ts";
import type { Occupancy } from "../booking/ports.ts";
import type { AvailabilityCalendar } from "../booking/schemas.ts";
import { closedDateLabels, closedDateLookupDay, earliestBookableYmd, latestBookableYmd, startTimeProblem, visitEnd } from "../booking/capacity/scheduling.ts";
import { type BookingRecord, CAPACITY_HOLDING_STATUSES, type RecordStatus } from "../booking/types.ts";
import { type PricedQuote, presentPricedQuote } from "../booking/quotes/priced-quote.ts";

const MS_PER_HOUR = 3_600_000;
const MS_PER_MINUTE = 60_000;

/** The policy the examples of the document's messages are written with: the defaults and the demo phone. */
const EXAMPLE_POLICY = { freeChangeCutoffHours: SCHEDULING_DEFAULTS.freeChangeCutoffHours, phone: DEMO_BUSINESS_PROFILE.phone };

export const MANAGE_ERRORS = {
  linkInvalid: declareError("not_found", "MANAGE_LINK_INVALID", MANAGE_MESSAGES.linkInvalid),
  notASeries: declareError("conflict", "NOT_A_SERIES", MANAGE_MESSAGES.notASeries),
  seriesEnded: declareError("conflict", "SERIES_ENDED", MANAGE_MESSAGES.seriesEnded),
  /** A quote, or a cancelled, done or not yet placed booking (the message says which, and the phone). */
  notChangeable: declareError(
    "conflict",
    "BOOKING_NOT_CHANGEABLE",
    notChangeableMessage({ type: "BOOKING", status: "CANCELLED" }, EXAMPLE_POLICY.phone),
  ),
  /** Inside the free-change cut-off (the message states the hours, the fee and the phone). */
  cutoffPassed: declareError("conflict", "CHANGE_CUTOFF_PASSED", changeCutoffMessage(EXAMPLE_POLICY)),
} as const;

/** Opening the link: unknown, malformed, or expired (a link is valid until the job is over). */
export const OPEN_LINK_ERRORS = [MANAGE_ERRORS.linkInvalid] as const;
type LinkInvalid = ErrorOf<typeof OPEN_LINK_ERRORS>;

/** Another visit of the link's regular clean (issue 28): the link's, then a booking of its series. */
export const LINK_VISIT_ERRORS = [...OPEN_LINK_ERRORS, SERIES_ERRORS.visitNotInSeries] as const;
type LinkVisitError = ErrorOf<typeof LINK_VISIT_ERRORS>;

/** Why the customer may not change a booking now: its state, or the cut-off. */
export const CHANGE_REFUSAL_ERRORS = [MANAGE_ERRORS.notChangeable, MANAGE_ERRORS.cutoffPassed] as const;
export type ChangeRefusal = ErrorOf<typeof CHANGE_REFUSAL_ERRORS>;

type NotASeries = typeof MANAGE_ERRORS.notASeries;

/** Statuses the customer may still change on the page. */
const CHANGEABLE: readonly RecordStatus[] = ["PENDING", "CONFIRMED"];
const holdingStatuses: readonly RecordStatus[] = CAPACITY_HOLDING_STATUSES;

/** When free changes end: the start minus the cut-off. */
export const changeDeadline = (record: Pick<BookingRecord, "startTime">, cutoffHours: number): Date =>
  new Date(record.startTime.getTime() - cutoffHours * MS_PER_HOUR);

/** The job's length, which a move keeps. */
export const jobLengthMinutes = (record: Pick<BookingRecord, "startTime" | "endTime">): number =>
  Math.round((record.endTime.getTime() - record.startTime.getTime()) / MS_PER_MINUTE);

/** What the policy says of a change and whom to call: the setting's hours, the fee, the phone. */
export interface ChangePolicy {
  freeChangeCutoffHours: number;
  phone: string;
}

/**
 * null when the customer may change the booking now, else why not: quotes, cancelled and done
 * bookings (409 BOOKING_NOT_CHANGEABLE), or a start inside the cut-off (409 CHANGE_CUTOFF_PASSED,
 * stating the fee and the phone).
 */
export function changeRefusal(
  record: Pick<BookingRecord, "type" | "status" | "startTime">,
  now: Date,
  policy: ChangePolicy,
): ChangeRefusal | null {
  if (record.type !== "BOOKING" || !CHANGEABLE.includes(record.status)) {
    return { ...MANAGE_ERRORS.notChangeable, message: notChangeableMessage(record, policy.phone) };
  }
  if (now.getTime() >= changeDeadline(record, policy.freeChangeCutoffHours).getTime()) {
    return { ...MANAGE_ERRORS.cutoffPassed, message: changeCutoffMessage(policy) };
  }
  return null;
}

/** What the store knows of the regular clean a visit belongs to. */
export interface ManageSeriesFacts {
  seriesId: string;
  frequencyName: string;
  status: SeriesStatus;
  /** The starts of the next (at most 3) place-holding visits after this one, in order. */
  nextVisits: Date[];
}

/** The statuses of a visit that still stands (series/rules.ts STANDING_VISIT_STATUSES). */
export type StandingVisitStatus = Extract<RecordStatus, "PENDING" | "CONFIRMED" | "NEEDS_ATTENTION">;

/**
 * A coming visit of the regular clean (issue 28): one the token may skip or move itself. The store
 * reads the standing ones (STANDING_VISIT_STATUSES) starting from now on, by start.
 */
export interface ManageSeriesVisit {
  bookingId: string;
  reference: string;
  status: StandingVisitStatus;
  startTime: Date;
  endTime: Date;
}

/** A coming visit as the customer's page shows it: the booking's own cut-off policy, per visit. */
export interface ManageVisitView {
  bookingId: string;
  reference: string;
  startTime: Date;
  endTime: Date;
  durationMinutes: number;
  status: StandingVisitStatus;
  canChange: boolean;
  changeUntil: Date | null;
}

/** The dates a new start may fall on, for a move made now. */
const rescheduleRange = (now: Date, scheduling: Pick<SchedulingSettings, "leadDays" | "horizonDays">) => ({
  todayYmd: melbourneYmd(now),
  earliestYmd: earliestBookableYmd(now, scheduling),
  latestYmd: latestBookableYmd(now, scheduling),
});

/** What a token opens: the booking as the customer may see it, and what they may do until when. */
export interface ManageView {
  reference: string;
  type: BookingRecord["type"];
  status: RecordStatus;
  firstName: string;
  serviceName: string;
  pricingModel: BookingRecord["pricingModel"];
  hours: number | null;
  bedrooms: number | null;
  frequencyCode: string;
  frequencyName: string;
  extras: { title: string; quantity: number; price: number }[];
  address: BookingRecord["address"];
  startTime: Date;
  endTime: Date;
  durationMinutes: number;
  baseAmount: number;
  extrasAmount: number;
  firstServiceTotal: number;
  recurringTotal: number;
  discountPercent: number;
  cancelReason: string;
  canChange: boolean;
  changeUntil: Date | null;
  policy: ChangePolicy & { lateChangeFeePercent: number };
  reschedule: { todayYmd: string; earliestYmd: string; latestYmd: string } | null;
  /** The regular clean this visit belongs to; null for a one-off (or a quote). */
  series: {
    frequencyName: string;
    status: SeriesStatus;
    nextVisits: Date[];
    /** Every coming visit of the regular clean (this one included while it stands), by start. */
    visits: ManageVisitView[];
    /** While some visit of `visits` may change: the dates its new start may fall on. */
    reschedule: { todayYmd: string; earliestYmd: string; latestYmd: string } | null;
  } | null;
  /** Issue 30: the office's price of a quote; null for a booking or an unpriced quote. */
  pricedQuote: ReturnType<typeof presentPricedQuote> | null;
}

/** Each coming visit judged as the booking itself is: may it change now, and until when. */
export function visitViews(visits: readonly ManageSeriesVisit[], now: Date, policy: ChangePolicy): ManageVisitView[] {
  return visits.map((visit) => {
    const judged = { type: "BOOKING" as const, status: visit.status, startTime: visit.startTime };
    return {
      bookingId: visit.bookingId,
      reference: visit.reference,
      startTime: visit.startTime,
      endTime: visit.endTime,
      durationMinutes: jobLengthMinutes(visit),
      status: visit.status,
      canChange: changeRefusal(judged, now, policy) === null,
      changeUntil: CHANGEABLE.includes(visit.status) ? changeDeadline(visit, policy.freeChangeCutoffHours) : null,
    };
  });
}

export function manageView(
  record: BookingRecord,
  now: Date,
  scheduling: Pick<SchedulingSettings, "freeChangeCutoffHours" | "leadDays" | "horizonDays">,
  phone: string,
  series: ManageSeriesFacts | null = null,
  comingVisits: readonly ManageSeriesVisit[] = [],
  pricedQuote: PricedQuote | null = null,
): ManageView {
  const policy = { freeChangeCutoffHours: scheduling.freeChangeCutoffHours, phone };
  const refusal = changeRefusal(record, now, policy);
  const changeable = record.type === "BOOKING" && CHANGEABLE.includes(record.status);
  return {
    reference: record.reference,
    type: record.type,
    status: record.status,
    firstName: record.firstName,
    serviceName: record.serviceNameAtBooking,
    pricingModel: record.pricingModel,
    hours: record.hours,
    bedrooms: record.bedrooms,
    frequencyCode: record.frequencyCode,
    frequencyName: record.frequencyNameAtBooking,
    extras: record.extras.map((extra) => ({ title: extra.titleAtBooking, quantity: extra.quantity, price: extra.priceAtBooking })),
    address: record.address,
    startTime: record.startTime,
    endTime: record.endTime,
    durationMinutes: jobLengthMinutes(record),
    baseAmount: record.baseAmount,
    extrasAmount: record.extrasAmount,
    firstServiceTotal: record.firstServiceTotal,
    recurringTotal: record.recurringTotal,
    discountPercent: record.discountPercent,
    cancelReason: record.cancelReason,
    canChange: refusal === null,
    changeUntil: changeable ? changeDeadline(record, scheduling.freeChangeCutoffHours) : null,
    policy: { ...policy, lateChangeFeePercent: LATE_CHANGE_FEE_PERCENT },
    reschedule: refusal === null ? rescheduleRange(now, scheduling) : null,
    series: record.seriesId && series ? seriesView(series, visitViews(comingVisits, now, policy), now, scheduling) : null,
    pricedQuote: record.type === "QUOTE" && pricedQuote ? presentPricedQuote(pricedQuote) : null,
  };
}

function seriesView(
  series: ManageSeriesFacts,
  visits: ManageVisitView[],
  now: Date,
  scheduling: Pick<SchedulingSettings, "leadDays" | "horizonDays">,
): NonNullable<ManageView["series"]> {
  return {
    frequencyName: series.frequencyName,
    status: series.status,
    nextVisits: series.nextVisits,
    visits,
    reschedule: visits.some((visit) => visit.canChange) ? rescheduleRange(now, scheduling) : null,
  };
}

/** What a move needs besides the booking: the clock, the live scheduling and the new day's closed dates. */
export interface MoveContext {
  now: Date;
  scheduling: SchedulingSettings;
  closedDates: ReadonlyMap<string, string>;
}

/**
 * The new visit of a move, or the 422 a new booking for the same job length would get: the start's
 * rules (slot hours, closed days and dates, lead time, horizon, the end of the working day).
 */
export function plannedMove(
  record: Pick<BookingRecord, "startTime" | "endTime">,
  start: Date,
  ctx: MoveContext,
): Result<{ startTime: Date; endTime: Date }, ValidationFailed> {
  const lengthMinutes = jobLengthMinutes(record);
  const problem = startTimeProblem(start, ctx.now, ctx.scheduling, { closedDates: ctx.closedDates, lengthMinutes });
  if (problem) return err(validationError({ startTimeISO: [problem.message] }));
  if (start.getTime() === record.startTime.getTime()) return err(validationError({ startTimeISO: [MANAGE_MESSAGES.sameTime] }));
  return ok({ startTime: start, endTime: visitEnd(start, lengthMinutes) });
}

/**
 * The capacity-holding visits a calendar for this booking counts: the store's read, less the
 * booking's own visit (a move frees its place), which the store cannot tell from another at the
 * same times, so one such visit is left out.
 */
export function withoutOwnVisit(
  holders: Occupancy[],
  record: Pick<BookingRecord, "type" | "status" | "startTime" | "endTime">,
): Occupancy[] {
  if (record.type !== "BOOKING" || !holdingStatuses.includes(record.status)) return holders;
  const own = holders.findIndex((visit) =>
    visit.start.getTime() === record.startTime.getTime() && visit.end.getTime() === record.endTime.getTime()
  );
  return own === -1 ? holders : holders.toSpliced(own, 1);
}

/** The date a customer's end of the series runs from: the visit's planned date (kept when it was moved). */
export const seriesEndDate = (record: Pick<BookingRecord, "seriesDate" | "startTime">): string =>
  record.seriesDate ?? melbourneYmd(record.startTime);

/** The customer's audit row: no admin, their e-mail as who acted. */
export const customerAuditEntry = (record: BookingRecord, action: string, before: unknown, after: unknown): AuditEntry => ({
  adminId: null,
  adminEmail: record.email,
  action,
  entity: "booking",
  entityId: record._id,
  before,
  after,
});

/** The customer's audit row of a change to their whole regular clean: entity "series". */
export const customerSeriesAuditEntry = (
  record: BookingRecord,
  seriesId: string,
  action: string,
  before: unknown,
  after: unknown,
): AuditEntry => ({ ...customerAuditEntry(record, action, before, after), entity: "series", entityId: seriesId });

// ---------------------------------------------------------------------------------------------
// Ports and use cases

/** A change as applied under the lock: the record after it, what to tell, what to audit. */
interface Applied {
  after: BookingRecord;
  change: CustomerChange;
  audit: AuditEntry;
  /** The series as it is after the change, when the change read it already. */
  series?: ManageSeriesFacts | null;
}

/** Inside one change's transaction. */
export interface ManageTx {
  /** The booking, held until the transaction ends (taken before any capacity lock). */
  lockById(id: string): Promise<BookingRecord | null>;
  /** The one reservation (reservation.ts): locks, read, core's decision, then the write. */
  reserve: ReserveJob;
  /** Status CANCELLED with the reason; a visit of a series keeps its series date (never generated again). */
  cancel(id: string, change: { reason: string; at: Date }): Promise<BookingRecord>;
  /** The regular clean of a booking, as read inside this transaction; null for a one-off. */
  seriesFacts(bookingId: string): Promise<ManageSeriesFacts | null>;
  /**
   * Holds the series row until the transaction ends. Taken before the booking's own lock, in the
   * order the staff's series changes take them, so the two never wait on each other in a circle.
   * null when the booking belongs to no series.
   */
  lockSeriesOf(bookingId: string): Promise<string | null>;
  /**
   * Ends the (locked) series from `fromDate`: status ENDED, and its visits from that date that
   * are not done are cancelled with `reason`. The visits cancelled, by start; null when the
   * series had ended already.
   */
  endSeries(seriesId: string, change: { fromDate: string; reason: string }): Promise<BookingRecord[] | null>;
  /** New times; the reminder is due again; the status stays. */
  reschedule(id: string, change: { startTime: Date; endTime: Date; at: Date }): Promise<BookingRecord>;
  /** A booking as it is inside this transaction, without its lock (the link's own, shown after a change of another visit). */
  getById(id: string): Promise<BookingRecord | null>;
  /** The series' standing visits starting at `from` or later, by start. */
  comingVisits(seriesId: string, from: Date): Promise<ManageSeriesVisit[]>;
  saveManageTokenHash(bookingId: string, tokenHash: string): Promise<void>;
  enqueue(messages: OutboxMessage[]): Promise<void>;
  audit(entry: AuditEntry): Promise<void>;
}

export interface ManageStore {
  bookingIdByTokenHash(tokenHash: string): Promise<string | null>;
  getById(id: string): Promise<BookingRecord | null>;
  /** The regular clean a booking belongs to; null for a one-off. */
  seriesFacts(bookingId: string): Promise<ManageSeriesFacts | null>;
  /** The series' standing visits starting at `from` or later, by start. */
  comingVisits(seriesId: string, from: Date): Promise<ManageSeriesVisit[]>;
  /** Capacity-holding BOOKING visits starting in [from, to] (advice: the calendar). */
  capacityHoldersBetween(from: Date, to: Date): Promise<Occupancy[]>;
  /** Both calendar-changing writes raise the record's calendarSequence by one. */
  transaction: InTransaction<ManageTx>;
}

export interface ManageDeps {
  store: ManageStore;
  settings: Pick<SettingsStore, "getScheduling">;
  closedDates: Pick<ClosedDatesStore, "list">;
  /** Team mode's read for the move calendar (issue 28). */
  team?: TeamReader;
  clock: Clock;
  /** The profile (its phone), policy and site URL, read before a transaction opens. */
  mailContext: () => Promise<MessageContext>;
  /** Issue 30: the office's price of a quote, which the link shows and keeps open while it awaits an answer. */
  pricedQuotes?: { pricedQuoteOf(bookingId: string): Promise<PricedQuote | null> };
}

/** Showing the booking, or the calendar for moving it: the link must open. */
export const MANAGE_VIEW_ERRORS = OPEN_LINK_ERRORS;
export const MANAGE_AVAILABILITY_ERRORS = OPEN_LINK_ERRORS;
/** The calendar for moving another visit of the link's regular clean. */
export const MANAGE_VISIT_AVAILABILITY_ERRORS = LINK_VISIT_ERRORS;

/** Cancelling the link's booking: the link, then the booking's state and the cut-off. */
export const MANAGE_CANCEL_ERRORS = [...OPEN_LINK_ERRORS, ...CHANGE_REFUSAL_ERRORS] as const;
export type ManageCancelError = ErrorOf<typeof MANAGE_CANCEL_ERRORS>;

/** Skipping the link's visit: a change of the regular clean, refused for a one-off. */
export const MANAGE_SKIP_ERRORS = [...OPEN_LINK_ERRORS, MANAGE_ERRORS.notASeries, ...CHANGE_REFUSAL_ERRORS] as const;
export type ManageSkipError = ErrorOf<typeof MANAGE_SKIP_ERRORS>;

/** Skipping another visit of the regular clean (or the link's own, named by its id). */
export const MANAGE_SKIP_VISIT_ERRORS = [...LINK_VISIT_ERRORS, MANAGE_ERRORS.notASeries, ...CHANGE_REFUSAL_ERRORS] as const;
export type ManageSkipVisitError = ErrorOf<typeof MANAGE_SKIP_VISIT_ERRORS>;

/** Ending the regular clean from the link's visit: a skip's refusals, or a series that had ended. */
export const MANAGE_CANCEL_SERIES_ERRORS = [...MANAGE_SKIP_ERRORS, MANAGE_ERRORS.seriesEnded] as const;
export type ManageCancelSeriesError = ErrorOf<typeof MANAGE_CANCEL_SERIES_ERRORS>;

/**
 * Moving the link's booking: a cancel's refusals, then the new start's rules (a field) and the one
 * reservation as a customer hears it (the time is taken, never who is busy).
 */
export const MANAGE_RESCHEDULE_ERRORS = [...MANAGE_CANCEL_ERRORS, ...CUSTOMER_RESERVATION_ERRORS] as const;
export type ManageRescheduleError = ErrorOf<typeof MANAGE_RESCHEDULE_ERRORS>;

/** Moving another visit of the regular clean: the same, for a visit the link opens. */
export const MANAGE_RESCHEDULE_VISIT_ERRORS = [...LINK_VISIT_ERRORS, ...CHANGE_REFUSAL_ERRORS, ...CUSTOMER_RESERVATION_ERRORS] as const;
export type ManageRescheduleVisitError = ErrorOf<typeof MANAGE_RESCHEDULE_VISIT_ERRORS>;

/** When a change is applied: the transaction's clock and the live scheduling. */
interface ChangeAt {
  now: Date;
  scheduling: SchedulingSettings;
}

/** A change as applied under the booking's lock, or why it can't be. */
type ApplyChange<E extends DomainError> = (tx: ManageTx, locked: BookingRecord, at: ChangeAt) => Promise<Result<Applied, E>>;

/**
 * Which booking a change is for: the link's own, or (issue 28) another visit of the link's regular
 * clean. Chosen before the transaction and checked again under the booking's lock, each way with
 * its own refusals.
 */
interface ChangeTarget<E extends DomainError> {
  /** A change of the regular clean: the series row is locked before the booking's. */
  lockSeries: boolean;
  choose(link: BookingRecord): Promise<Result<BookingRecord, E>>;
  recheck(locked: BookingRecord | null, link: BookingRecord, now: Date): Result<BookingRecord, E>;
}

export function makeManageBooking(deps: ManageDeps) {
  const { store, clock } = deps;
  const linkInvalid = err(MANAGE_ERRORS.linkInvalid);

  /** The booking a token opens now: a token of the right shape, known, of a job not over. */
  async function open(token: string, now: Date): Promise<Result<BookingRecord, LinkInvalid>> {
    if (!MANAGE_TOKEN_PATTERN.test(token)) return linkInvalid;
    const id = await store.bookingIdByTokenHash(hashManageToken(token));
    const record = id ? await store.getById(id) : null;
    if (!record) return linkInvalid;
    return manageTokenValid(record, now) || await awaitsAnswer(record) ? ok(record) : linkInvalid;
  }

  /** A quote the office priced stays open, whatever its preferred time, until the customer answers it (issue 30). */
  async function awaitsAnswer(record: BookingRecord): Promise<boolean> {
    if (record.type !== "QUOTE" || !deps.pricedQuotes) return false;
    return (await deps.pricedQuotes.pricedQuoteOf(record._id))?.status === "SENT";
  }

  /** The link's own booking, still valid under its lock. */
  const theLinks: ChangeTarget<LinkInvalid> = {
    lockSeries: false,
    choose: (link) => Promise.resolve(ok(link)),
    recheck: (locked, _link, now) => (locked && manageTokenValid(locked, now) ? ok(locked) : linkInvalid),
  };

  /**
   * A visit of the link's regular clean (issue 28), which the link opens too: the link's own
   * booking when `visitId` is its id, else 404 VISIT_NOT_IN_SERIES for any booking not of its series.
   */
  const visitOfTheLinks = (visitId: string): ChangeTarget<LinkVisitError> => ({
    lockSeries: false,
    async choose(link) {
      if (visitId === link._id) return ok(link);
      const visit = link.seriesId ? await store.getById(visitId) : null;
      return visit && visit.seriesId === link.seriesId ? ok(visit) : err(SERIES_ERRORS.visitNotInSeries);
    },
    recheck(locked, link, now) {
      if (visitId === link._id) return theLinks.recheck(locked, link, now);
      return locked && locked.seriesId === link.seriesId ? ok(locked) : err(SERIES_ERRORS.visitNotInSeries);
    },
  });

  /** A change of the regular clean itself: its row locked first, and a one-off refused (409 NOT_A_SERIES). */
  const ofItsSeries = <E extends DomainError>(target: ChangeTarget<E>): ChangeTarget<E | NotASeries> => ({
    lockSeries: true,
    choose: target.choose,
    recheck(locked, link, now) {
      const still = target.recheck(locked, link, now);
      return !still.ok || still.value.seriesId ? still : err(MANAGE_ERRORS.notASeries);
    },
  });

  /**
   * One change: lock the booking, judge it again as it is now, apply, then a fresh link, the
   * e-mails and the customer's audit row, all in one transaction. A change of another visit of the
   * link's regular clean runs under the same rules, with its own e-mails and audit row; the answer
   * is then the link's booking, with the visits as they now are.
   */
  async function change<T extends DomainError, E extends DomainError>(
    token: string,
    target: ChangeTarget<T>,
    apply: ApplyChange<E>,
  ): Promise<Result<ManageView, LinkInvalid | T | ChangeRefusal | E>> {
    const now = clock.now();
    const opened = await open(token, now);
    if (!opened.ok) return opened;
    const linked = opened.value;
    const chosen = await target.choose(linked);
    if (!chosen.ok) return chosen;
    const targetId = chosen.value._id;
    const [scheduling, ctx] = await Promise.all([deps.settings.getScheduling(), deps.mailContext()]);
    const link = newManageToken();
    return store.transaction(async (tx): Promise<Result<ManageView, LinkInvalid | T | ChangeRefusal | E>> => {
      if (target.lockSeries) await tx.lockSeriesOf(targetId);
      const still = target.recheck(await tx.lockById(targetId), linked, now);
      if (!still.ok) return still;
      const locked = still.value;
      const refusal = changeRefusal(locked, now, { freeChangeCutoffHours: scheduling.freeChangeCutoffHours, phone: ctx.profile.phone });
      if (refusal) return err(refusal);
      const applied = await apply(tx, locked, { now, scheduling });
      if (!applied.ok) return applied;
      const { after } = applied.value;
      // The changed visit's e-mail carries a fresh link to that visit.
      await tx.saveManageTokenHash(after._id, link.hash);
      await tx.enqueue(emailsForCustomerChange(after, applied.value.change, ctx, { manageToken: link.token }));
      await tx.audit(applied.value.audit);
      const shown = after._id === linked._id ? after : await tx.getById(linked._id) ?? linked;
      const series = shown === after && applied.value.series !== undefined
        ? applied.value.series
        : shown.seriesId ? await tx.seriesFacts(shown._id) : null;
      const visits = shown.seriesId ? await tx.comingVisits(shown.seriesId, now) : [];
      return ok(manageView(shown, now, scheduling, ctx.profile.phone, series, visits));
    });
  }

  /** The calendar for moving `record`: its job's length, its own place not counted against it. */
  async function calendarFor(record: BookingRecord, query: ManageAvailabilityQuery, now: Date): Promise<AvailabilityCalendar> {
    const [scheduling, closedDates] = await Promise.all([
      deps.settings.getScheduling(),
      deps.closedDates.list({ from: query.from, to: query.to }),
    ]);
    const lengthMinutes = jobLengthMinutes(record);
    const first = capacityWindow(melbourneInstant(query.from, 0), scheduling);
    const lastStart = melbourneInstant(addDaysYmd(query.to, 1), 0);
    const last = capacityWindow({ start: lastStart, end: visitEnd(lastStart, lengthMinutes) }, scheduling);
    const [read, team] = await Promise.all([
      store.capacityHoldersBetween(first.from, last.to),
      readTeam(deps.team, scheduling, first.from, last.to, record._id),
    ]);
    const holders = withoutOwnVisit(read, record).toSorted((a, b) => a.start.getTime() - b.start.getTime());
    const ctx = { now, scheduling, visit: { closedDates: closedDateLabels(closedDates), lengthMinutes }, holders, ...(team ? { team } : {}) };
    const days: AvailabilityCalendar["days"] = [];
    for (let ymd = query.from; ymd <= query.to; ymd = addDaysYmd(ymd, 1)) days.push(dayAvailability(ymd, ctx));
    return { durationMinutes: lengthMinutes, days };
  }

  /** The calendar for moving the booking `target` chooses from the link. */
  async function availabilityOf<E extends DomainError>(
    token: string,
    target: ChangeTarget<E>,
    query: ManageAvailabilityQuery,
  ): Promise<Result<AvailabilityCalendar, LinkInvalid | E>> {
    const now = clock.now();
    const opened = await open(token, now);
    if (!opened.ok) return opened;
    const chosen = await target.choose(opened.value);
    if (!chosen.ok) return chosen;
    return ok(await calendarFor(chosen.value, query, now));
  }

  /** Skip a visit of a regular clean: cancelled, its series date kept, the series carries on. */
  const skipped: ApplyChange<never> = async (tx, before, { now }) => {
    const after = await tx.cancel(before._id, { reason: SERIES_REASONS.skipped, at: now });
    const series = await tx.seriesFacts(after._id);
    return ok({
      after,
      series,
      change: {
        kind: "skipped",
        frequencyName: series?.frequencyName ?? after.frequencyNameAtBooking,
        nextVisit: series?.nextVisits[0] ?? null,
      },
      audit: customerAuditEntry(before, "booking.customer_skip", { status: before.status }, {
        status: after.status,
        cancelReason: after.cancelReason,
        seriesId: after.seriesId,
        seriesDate: after.seriesDate,
      }),
    });
  };

  /** A move to `input`'s start (the closed dates of its day read before the transaction opens). */
  async function movedTo(input: ManageRescheduleInput): Promise<ApplyChange<CustomerReservationError>> {
    // The schema accepted it, so it parses.
    const start = parseIsoInstant(input.startTimeISO) as Date;
    const ymd = closedDateLookupDay(start);
    const closedDates = closedDateLabels(ymd ? await deps.closedDates.list({ from: ymd, to: ymd }) : []);
    return async (tx, before, { now, scheduling }) => {
      const move = plannedMove(before, start, { now, scheduling, closedDates });
      if (!move.ok) return move;
      // The one reservation: the place, the closed day and the job's cleaners at the new time. In
      // team mode a cleaner who can't come is swapped for one who can; otherwise the time is taken.
      const team = scheduling.availabilityMode === "TEAM";
      const reserved = await tx.reserve(
        reservation({ start: move.value.startTime, end: move.value.endTime }, scheduling, {
          bookingId: before._id,
          cleaners: { kind: team ? "best" : "require", ids: before.cleanerIds, stays: before.cleanerIds },
          customerEmailKey: customerEmailKey(before.email),
          audience: "customer",
        }),
        () => tx.reschedule(before._id, { ...move.value, at: now }),
      );
      if (!reserved.ok) return err(forCustomer(reserved.error));
      const after = reserved.value.booking;
      const times = (r: BookingRecord) => ({ startTime: r.startTime, endTime: r.endTime });
      const cleaners = (r: BookingRecord) => sameAssignment(before.cleanerIds, after.cleanerIds) ? {} : { cleanerIds: r.cleanerIds };
      return ok({
        after,
        change: { kind: "rescheduled", before: times(before) },
        audit: customerAuditEntry(
          before,
          "booking.customer_reschedule",
          { ...times(before), ...cleaners(before) },
          { ...times(after), ...cleaners(after) },
        ),
      });
    };
  }

  return {
    async view(token: string): Promise<Result<ManageView, LinkInvalid>> {
      const now = clock.now();
      const opened = await open(token, now);
      if (!opened.ok) return opened;
      const record = opened.value;
      const [scheduling, ctx, series, visits, priced] = await Promise.all([
        deps.settings.getScheduling(),
        deps.mailContext(),
        record.seriesId ? store.seriesFacts(record._id) : null,
        record.seriesId ? store.comingVisits(record.seriesId, now) : [],
        record.type === "QUOTE" && deps.pricedQuotes ? deps.pricedQuotes.pricedQuoteOf(record._id) : null,
      ]);
      return ok(manageView(record, now, scheduling, ctx.profile.phone, series, visits, priced));
    },

    /** The calendar for moving the link's booking: its job's length, its own place not counted against it. */
    availability(token: string, query: ManageAvailabilityQuery): Promise<Result<AvailabilityCalendar, LinkInvalid>> {
      return availabilityOf(token, theLinks, query);
    },

    /** The same for another visit of the link's regular clean. */
    visitAvailability(token: string, visitId: string, query: ManageAvailabilityQuery): Promise<Result<AvailabilityCalendar, LinkVisitError>> {
      return availabilityOf(token, visitOfTheLinks(visitId), query);
    },

    cancel(token: string, input: ManageCancelInput): Promise<Result<ManageView, ManageCancelError>> {
      const reason = input.reason ?? "";
      return change(token, theLinks, async (tx, before, { now }) => {
        const after = await tx.cancel(before._id, { reason, at: now });
        return ok({
          after,
          change: { kind: "cancelled" },
          audit: customerAuditEntry(before, "booking.customer_cancel", { status: before.status }, { status: after.status, cancelReason: reason }),
        });
      });
    },

    /** Skip the link's visit of a regular clean. */
    skip(token: string): Promise<Result<ManageView, ManageSkipError>> {
      return change(token, ofItsSeries(theLinks), skipped);
    },

    /** Skip another coming visit of the link's regular clean (issue 28). */
    skipVisit(token: string, visitId: string): Promise<Result<ManageView, ManageSkipVisitError>> {
      return change(token, ofItsSeries(visitOfTheLinks(visitId)), skipped);
    },

    /**
     * End the regular clean from this visit on: this visit and every later one not done are
     * cancelled, the series is ENDED from this visit's planned date; one e-mail to each side.
     */
    cancelSeries(token: string, input: ManageCancelSeriesInput): Promise<Result<ManageView, ManageCancelSeriesError>> {
      const given = input.reason ?? "";
      const reason = given || SERIES_REASONS.ended;
      return change(token, ofItsSeries(theLinks), async (tx, before, { now }) => {
        const seriesId = before.seriesId as string; // ofItsSeries refused a one-off
        const was = await tx.seriesFacts(before._id);
        const fromDate = seriesEndDate(before);
        // This visit first, as the customer's own cancel: its calendar sequence goes up, so the
        // invite in the e-mail removes the event their calendar has.
        const own = await tx.cancel(before._id, { reason, at: now });
        const ended = await tx.endSeries(seriesId, { fromDate, reason });
        if (!ended) return err(MANAGE_ERRORS.seriesEnded);
        const after = ended.find((visit) => visit._id === own._id) ?? own;
        const cancelled = [after, ...ended.filter((visit) => visit._id !== own._id)]
          .toSorted((a, b) => a.startTime.getTime() - b.startTime.getTime());
        return ok({
          after,
          change: { kind: "series-cancelled", frequencyName: was?.frequencyName ?? before.frequencyNameAtBooking, cancelled, reason: given },
          audit: customerSeriesAuditEntry(before, seriesId, "series.customer_end", { status: was?.status ?? null }, {
            status: "ENDED",
            endsOn: fromDate,
            reason,
            fromBooking: before.reference,
            cancelledVisits: cancelled.map((visit) => visit.reference),
          }),
        });
      });
    },

    /** Move the link's booking. */
    async reschedule(token: string, input: ManageRescheduleInput): Promise<Result<ManageView, ManageRescheduleError>> {
      return change(token, theLinks, await movedTo(input));
    },

    /** Move another coming visit of the link's regular clean (issue 28); it keeps its series date. */
    async rescheduleVisit(token: string, visitId: string, input: ManageRescheduleInput): Promise<Result<ManageView, ManageRescheduleVisitError>> {
      return change(token, visitOfTheLinks(visitId), await movedTo(input));
    },
  };
}

export type ManageBooking = ReturnType<typeof makeManageBooking>;

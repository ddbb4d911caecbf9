/**
 * Manage my booking (issue 15): what the customer's link opens, and the two changes they may make
 * there themselves, free of charge, until the cut-off before the start: cancel, and move to
 * another free time under exactly the rules of a new booking for the same job length.
 *
 * A change runs as one transaction: the booking's row lock first, then (a move) the capacity lock,
 * the write, a fresh link's hash, the e-mails and the audit row, so nothing partial is stored and
 * two changes of one booking, or two bookings racing for one place, never interleave.
 */
import type { AuditEntry } from "../admin/audit.ts";
import { emailsForCustomerChange, type CustomerChange } from "../notifications/manage-messages.ts";
import type { MessageContext } from "../notifications/messages.ts";
import type { ClosedDatesStore, SettingsStore } from "../settings/ports.ts";
import type { SchedulingSettings } from "../settings/types.ts";
import { addDaysYmd, melbourneInstant, melbourneYmd } from "../shared/melbourne-time.ts";
import type { OutboxMessage } from "../shared/outbox.ts";
import type { Clock, InTransaction } from "../shared/ports.ts";
import { parseIsoInstant } from "../shared/iso-instant.ts";
import { type DomainError, err, ok, type Result, validationError } from "../shared/result.ts";
import { dayAvailability } from "./availability.ts";
import { capacityClaim, capacityWindow } from "./capacity.ts";
import { hashManageToken, MANAGE_TOKEN_PATTERN, manageTokenValid, newManageToken } from "./manage-token.ts";
import { changeCutoffMessage, LATE_CHANGE_FEE_PERCENT, MANAGE_MESSAGES, notChangeableMessage } from "./manage-policy.ts";
import type { ManageAvailabilityQuery, ManageCancelInput, ManageRescheduleInput } from "./manage-schemas.ts";
import type { CapacityClaim, Occupancy } from "./ports.ts";
import type { AvailabilityCalendar } from "./schemas.ts";
import { closedDateLabels, closedDateLookupDay, earliestBookableYmd, latestBookableYmd, startTimeProblem, visitEnd } from "./scheduling.ts";
import { type BookingRecord, CAPACITY_HOLDING_STATUSES, type RecordStatus } from "./types.ts";

const MS_PER_HOUR = 3_600_000;
const MS_PER_MINUTE = 60_000;

export const MANAGE_ERRORS = {
  linkInvalid: { kind: "not_found", code: "MANAGE_LINK_INVALID", message: MANAGE_MESSAGES.linkInvalid },
} as const satisfies Record<string, DomainError>;

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
): DomainError | null {
  if (record.type !== "BOOKING" || !CHANGEABLE.includes(record.status)) {
    return { kind: "conflict", code: "BOOKING_NOT_CHANGEABLE", message: notChangeableMessage(record, policy.phone) };
  }
  if (now.getTime() >= changeDeadline(record, policy.freeChangeCutoffHours).getTime()) {
    return { kind: "conflict", code: "CHANGE_CUTOFF_PASSED", message: changeCutoffMessage(policy) };
  }
  return null;
}

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
}

export function manageView(
  record: BookingRecord,
  now: Date,
  scheduling: Pick<SchedulingSettings, "freeChangeCutoffHours" | "leadDays" | "horizonDays">,
  phone: string,
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
    reschedule: refusal === null
      ? { todayYmd: melbourneYmd(now), earliestYmd: earliestBookableYmd(now, scheduling), latestYmd: latestBookableYmd(now, scheduling) }
      : null,
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
): Result<{ startTime: Date; endTime: Date }> {
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

// ---------------------------------------------------------------------------------------------
// Ports and use cases

/** A change as applied under the lock: the record after it, what to tell, what to audit. */
interface Applied {
  after: BookingRecord;
  change: CustomerChange;
  audit: AuditEntry;
}

/** Inside one change's transaction. */
export interface ManageTx {
  /** The booking, held until the transaction ends (taken before any capacity lock). */
  lockById(id: string): Promise<BookingRecord | null>;
  /** Takes the capacity lock and decides `claim` on every booking's place but `exceptId`'s. */
  decideCapacity(claim: CapacityClaim, exceptId: string): Promise<Result<null>>;
  cancel(id: string, change: { reason: string; at: Date }): Promise<BookingRecord>;
  /** New times; the reminder is due again; the status stays. */
  reschedule(id: string, change: { startTime: Date; endTime: Date; at: Date }): Promise<BookingRecord>;
  saveManageTokenHash(bookingId: string, tokenHash: string): Promise<void>;
  enqueue(messages: OutboxMessage[]): Promise<void>;
  audit(entry: AuditEntry): Promise<void>;
}

export interface ManageStore {
  bookingIdByTokenHash(tokenHash: string): Promise<string | null>;
  getById(id: string): Promise<BookingRecord | null>;
  /** Capacity-holding BOOKING visits starting in [from, to] (advice: the calendar). */
  capacityHoldersBetween(from: Date, to: Date): Promise<Occupancy[]>;
  /** Both calendar-changing writes raise the record's calendarSequence by one. */
  transaction: InTransaction<ManageTx>;
}

export interface ManageDeps {
  store: ManageStore;
  settings: Pick<SettingsStore, "getScheduling">;
  closedDates: Pick<ClosedDatesStore, "list">;
  clock: Clock;
  /** The profile (its phone), policy and site URL, read before a transaction opens. */
  mailContext: () => Promise<MessageContext>;
}

export function makeManageBooking(deps: ManageDeps) {
  const { store, clock } = deps;
  const linkInvalid = err(MANAGE_ERRORS.linkInvalid);

  /** The booking a token opens now: a token of the right shape, known, of a job not over. */
  async function open(token: string, now: Date): Promise<Result<BookingRecord>> {
    if (!MANAGE_TOKEN_PATTERN.test(token)) return linkInvalid;
    const id = await store.bookingIdByTokenHash(await hashManageToken(token));
    const record = id ? await store.getById(id) : null;
    return record && manageTokenValid(record, now) ? ok(record) : linkInvalid;
  }

  /**
   * One change: lock the booking, judge it again as it is now, apply, then a fresh link, the
   * e-mails and the customer's audit row, all in one transaction.
   */
  async function change(
    token: string,
    apply: (tx: ManageTx, locked: BookingRecord, at: { now: Date; scheduling: SchedulingSettings }) => Promise<Result<Applied>>,
  ): Promise<Result<ManageView>> {
    const now = clock.now();
    const opened = await open(token, now);
    if (!opened.ok) return opened;
    const [scheduling, ctx, link] = await Promise.all([deps.settings.getScheduling(), deps.mailContext(), newManageToken()]);
    return store.transaction(async (tx): Promise<Result<ManageView>> => {
      const locked = await tx.lockById(opened.value._id);
      if (!locked || !manageTokenValid(locked, now)) return linkInvalid;
      const refusal = changeRefusal(locked, now, { freeChangeCutoffHours: scheduling.freeChangeCutoffHours, phone: ctx.profile.phone });
      if (refusal) return err(refusal);
      const applied = await apply(tx, locked, { now, scheduling });
      if (!applied.ok) return applied;
      const { after } = applied.value;
      await tx.saveManageTokenHash(after._id, link.hash);
      await tx.enqueue(emailsForCustomerChange(after, applied.value.change, ctx, { manageToken: link.token }));
      await tx.audit(applied.value.audit);
      return ok(manageView(after, now, scheduling, ctx.profile.phone));
    });
  }

  return {
    async view(token: string): Promise<Result<ManageView>> {
      const now = clock.now();
      const opened = await open(token, now);
      if (!opened.ok) return opened;
      const [scheduling, ctx] = await Promise.all([deps.settings.getScheduling(), deps.mailContext()]);
      return ok(manageView(opened.value, now, scheduling, ctx.profile.phone));
    },

    /** The calendar for a move: this job's length, its own place not counted against it. */
    async availability(token: string, query: ManageAvailabilityQuery): Promise<Result<AvailabilityCalendar>> {
      const now = clock.now();
      const opened = await open(token, now);
      if (!opened.ok) return opened;
      const record = opened.value;
      const [scheduling, closedDates] = await Promise.all([
        deps.settings.getScheduling(),
        deps.closedDates.list({ from: query.from, to: query.to }),
      ]);
      const lengthMinutes = jobLengthMinutes(record);
      const first = capacityWindow(melbourneInstant(query.from, 0), scheduling);
      const lastStart = melbourneInstant(addDaysYmd(query.to, 1), 0);
      const last = capacityWindow({ start: lastStart, end: visitEnd(lastStart, lengthMinutes) }, scheduling);
      const holders = withoutOwnVisit(await store.capacityHoldersBetween(first.from, last.to), record)
        .toSorted((a, b) => a.start.getTime() - b.start.getTime());
      const ctx = { now, scheduling, visit: { closedDates: closedDateLabels(closedDates), lengthMinutes }, holders };
      const days: AvailabilityCalendar["days"] = [];
      for (let ymd = query.from; ymd <= query.to; ymd = addDaysYmd(ymd, 1)) days.push(dayAvailability(ymd, ctx));
      return ok({ durationMinutes: lengthMinutes, days });
    },

    cancel(token: string, input: ManageCancelInput): Promise<Result<ManageView>> {
      const reason = input.reason ?? "";
      return change(token, async (tx, before, { now }) => {
        const after = await tx.cancel(before._id, { reason, at: now });
        return ok({
          after,
          change: { kind: "cancelled" },
          audit: customerAuditEntry(before, "booking.customer_cancel", { status: before.status }, { status: after.status, cancelReason: reason }),
        });
      });
    },

    async reschedule(token: string, input: ManageRescheduleInput): Promise<Result<ManageView>> {
      // The schema accepted it, so it parses.
      const start = parseIsoInstant(input.startTimeISO) as Date;
      const ymd = closedDateLookupDay(start);
      const closedDates = closedDateLabels(ymd ? await deps.closedDates.list({ from: ymd, to: ymd }) : []);
      return change(token, async (tx, before, { now, scheduling }) => {
        const move = plannedMove(before, start, { now, scheduling, closedDates });
        if (!move.ok) return move;
        const claim = capacityClaim({ start: move.value.startTime, end: move.value.endTime }, scheduling);
        const decision = await tx.decideCapacity(claim, before._id);
        if (!decision.ok) return decision;
        const after = await tx.reschedule(before._id, { ...move.value, at: now });
        const times = (r: BookingRecord) => ({ startTime: r.startTime, endTime: r.endTime });
        return ok({
          after,
          change: { kind: "rescheduled", before: times(before) },
          audit: customerAuditEntry(before, "booking.customer_reschedule", times(before), times(after)),
        });
      });
    },
  };
}

export type ManageBooking = ReturnType<typeof makeManageBooking>;

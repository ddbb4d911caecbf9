/**
 * One reservation for every path (issue 28). Whatever gives a job a time, a place-holding status
 * or cleaners (public booking, staff create, edit, move, convert and re-confirm, the customer's
 * move, a series' planning, move and change, an assignment) asks the store to `reserve` it: the
 * store takes the capacity day locks, then the cleaner locks, in one fixed order, reads what this
 * module decides on (the visits nearby, the day's closed dates, the cleaners' day) and writes
 * under those locks. Only `decideReservation` says yes or no, so no path can forget a rule.
 */
import { CLEANER_BUSY, cleanerBusy } from "../../cleaners/rules.ts";
import { type CleanerDay, type CleanerUnfit, chooseCleaner, cleanerUnfit } from "../../cleaners/team.ts";
import type { SchedulingSettings } from "../../settings/types.ts";
import type { ClosedDate } from "../../settings/types.ts";
import { melbourneHourMinute, melbourneWeekday, melbourneYmd } from "../../shared/melbourne-time.ts";
import { declareError, type DomainError, err, type ErrorOf, ok, type Result, VALIDATION_FAILED, validationError } from "../../shared/result.ts";
import { capacityClaim, SLOT_UNAVAILABLE } from "./capacity.ts";
import type { BookingRecord } from "../types.ts";
import type { CapacityClaim, Occupancy } from "../ports.ts";
import { closedDateMessage } from "./scheduling.ts";

/**
 * What happens to the job's cleaners:
 * - `require`: each of `ids` must be able to take the visit, or nothing is written (a staff
 *   assignment; a move keeping the job's cleaners);
 * - `best`: those of `ids` who can take it are put on it, the others are reported (a regular
 *   clean's planned visits, which the office then completes).
 */
export type CleanerPlan = {
  kind: "require" | "best";
  ids: readonly string[];
  /** Cleaners already on the job: one who has left the team may stay on it (never join another). */
  stays?: readonly string[];
};

/** A request for a time (and cleaners), built by `reservation`. */
export interface Reservation {
  /** The job being changed; null for a new one. Its own place and cleaners never count against it. */
  bookingId: string | null;
  visit: Occupancy;
  /** The capacity rule; null when the change takes no place (an assignment, a visit set aside). */
  capacity: CapacityClaim | null;
  /** Refuse a closed date, read under the day locks (staff placing a job outside hours may not). */
  refuseClosed: boolean;
  cleaners: CleanerPlan;
  /** Team mode: the job must end with a cleaner who works then; with none, one is chosen. */
  team: null | {
    gapMin: number;
    /** With no cleaner on the job, choose one who works then and is free. */
    pick: boolean;
    /** The job can't hold its place without one (a staff override or outside-hours job can). */
    required: boolean;
    customerEmailKey: string | null;
    /** The visit's weekday of a week staff never set (defaultWorkingDays), in minutes; null: closed then. */
    defaultHours: { start: number; end: number } | null;
  };
  /** Whose request: a customer is told a time is taken, never who is busy. */
  audience: "customer" | "staff";
}

/** What the store read under the locks. */
export interface ReservationFacts {
  nearby: Occupancy[];
  closed: ClosedDate[];
  cleaners: CleanerDay[];
  /** The cleaners of the customer's last booking with cleaners (team mode's first choice). */
  regular: string[];
}

/** The decision: who ends up on the job (in order), whom team mode chose, who was left off and why. */
export interface ReservationDecision {
  cleanerIds: string[];
  chosen: string | null;
  left: Array<{ cleanerId: string } & CleanerUnfit>;
}

/** A job booked or changed under the reservation, as stored, with the decision made for it. */
export interface Reserved {
  booking: BookingRecord;
  decision: ReservationDecision;
}

export const CLEANER_UNAVAILABLE_CODE = "CLEANER_UNAVAILABLE" as const;

const cleanerUnavailableText = (name: string, why: "NOT_WORKING" | "ON_LEAVE" | "INACTIVE") =>
  (why === "ON_LEAVE" ? `${name} is on leave that day.` : why === "INACTIVE" ? `${name} no longer works with us.` : `${name} isn’t working at that time.`) +
  " Choose another cleaner or time.";

/** 409 CLEANER_UNAVAILABLE: in team mode, the cleaner is not working or on leave then. */
export const CLEANER_UNAVAILABLE = declareError("conflict", CLEANER_UNAVAILABLE_CODE, cleanerUnavailableText("Mia", "ON_LEAVE"));

export function cleanerUnavailable(name: string, why: "NOT_WORKING" | "ON_LEAVE" | "INACTIVE"): DomainError<"CLEANER_UNAVAILABLE"> {
  return { ...CLEANER_UNAVAILABLE, message: cleanerUnavailableText(name, why) };
}

/** What the one reservation can refuse: a closed date (the start's field), the capacity rule, a cleaner. */
export const RESERVATION_ERRORS = [VALIDATION_FAILED, SLOT_UNAVAILABLE, CLEANER_BUSY, CLEANER_UNAVAILABLE] as const;
export type ReservationError = ErrorOf<typeof RESERVATION_ERRORS>;

/** What a customer can hear from it: never who is busy or on leave. */
export const CUSTOMER_RESERVATION_ERRORS = [VALIDATION_FAILED, SLOT_UNAVAILABLE] as const;
export type CustomerReservationError = ErrorOf<typeof CUSTOMER_RESERVATION_ERRORS>;

/**
 * A refusal as a customer hears it. `refusal` below already answers a customer's reservation this
 * way; this gives the customer's use cases that in their type.
 */
export const forCustomer = (error: ReservationError): CustomerReservationError =>
  error.code === "VALIDATION_FAILED" || error.code === "SLOT_UNAVAILABLE" ? error as CustomerReservationError : SLOT_UNAVAILABLE;

/**
 * The reservation of `visit` under the scheduling rules: the capacity claim unless `takesPlace` is
 * false, and team mode's cleaner rule when the business runs on it.
 */
export function reservation(
  visit: Occupancy,
  scheduling: Pick<
    SchedulingSettings,
    "slotBufferMin" | "maxConcurrentPerSlot" | "enforceBuffer" | "availabilityMode" | "teamGapMin" | "closedWeekdays" | "firstSlotHour" | "dayEndHour"
  >,
  options: {
    bookingId?: string | null;
    takesPlace?: boolean;
    refuseClosed?: boolean;
    cleaners?: CleanerPlan;
    /** Team mode chooses a cleaner when the plan leaves none (default true). */
    pick?: boolean;
    /** Team mode refuses a job no cleaner can take (default: when it takes a place). */
    teamRequired?: boolean;
    customerEmailKey?: string | null;
    audience: "customer" | "staff";
  },
): Reservation {
  const team = scheduling.availabilityMode === "TEAM";
  return {
    bookingId: options.bookingId ?? null,
    visit,
    capacity: options.takesPlace === false ? null : capacityClaim(visit, scheduling),
    refuseClosed: options.refuseClosed ?? true,
    cleaners: options.cleaners ?? { kind: "require", ids: [] },
    team: team
      ? {
        gapMin: scheduling.teamGapMin,
        pick: options.pick ?? true,
        required: options.teamRequired ?? options.takesPlace !== false,
        customerEmailKey: options.customerEmailKey ?? null,
        defaultHours: scheduling.closedWeekdays.includes(visitWeekday(visit))
          ? null
          : { start: scheduling.firstSlotHour * 60, end: scheduling.dayEndHour * 60 },
      }
      : null,
    audience: options.audience,
  };
}

/** The Melbourne days a closed-date check reads: the visit's start day (jobs never start on a closed one). */
export const reservationDay = (visit: Occupancy): string => melbourneYmd(visit.start);

/** The visit's start and end in minutes after its day's Melbourne midnight (an end past midnight runs on). */
export function minutesOfDay(visit: Occupancy): { start: number; end: number } {
  const { hour, minute } = melbourneHourMinute(visit.start);
  const start = hour * 60 + minute;
  return { start, end: start + Math.round((visit.end.getTime() - visit.start.getTime()) / 60_000) };
}

export const visitWeekday = (visit: Occupancy): number => melbourneWeekday(visit.start);

/**
 * The one decision: the closed day, the capacity rule, then the cleaners (each required one able
 * to take the visit; in team mode one working and free, chosen when none is given). Returns who
 * will be on the job, or the first rule that refuses.
 */
export function decideReservation(r: Reservation, facts: ReservationFacts): Result<ReservationDecision, ReservationError> {
  if (r.refuseClosed) {
    const ymd = reservationDay(r.visit);
    const closed = facts.closed.find((day) => day.date === ymd);
    if (closed) return err(validationError({ startTimeISO: [closedDateMessage(ymd, closed.label)] }));
  }
  if (r.capacity) {
    const decided = r.capacity.decide(facts.nearby);
    if (!decided.ok) return decided;
  }
  const rules = { team: r.team !== null, gapMin: r.team?.gapMin ?? 0, minutesOfDay: minutesOfDay(r.visit) };
  const byId = new Map(facts.cleaners.map((cleaner) => [cleaner.cleanerId, cleaner]));
  const unfitOf = (cleaner: CleanerDay) => cleanerUnfit(cleaner, r.visit, rules);
  const cleanerIds: string[] = [];
  const left: ReservationDecision["left"] = [];
  const stays = new Set(r.cleaners.stays ?? []);
  for (const id of new Set(r.cleaners.ids)) {
    const cleaner = byId.get(id);
    // A cleaner the store does not know (deleted rows never happen; a bad id) can't be placed.
    const unfit: CleanerUnfit | null = !cleaner
      ? { reason: "INACTIVE" }
      : unfitOf(stays.has(id) ? { ...cleaner, active: true } : cleaner);
    if (!unfit) {
      cleanerIds.push(id);
      continue;
    }
    if (r.cleaners.kind === "require") return err(refusal(r, id, cleaner?.name ?? "A cleaner", unfit));
    left.push({ cleanerId: id, ...unfit });
  }
  let chosen: string | null = null;
  if (r.team && cleanerIds.length === 0) {
    const pick = r.team.pick ? chooseCleaner(facts.cleaners, facts.regular, (cleaner) => unfitOf(cleaner) === null) : null;
    if (pick) {
      chosen = pick.cleanerId;
      cleanerIds.push(chosen);
    } else if (r.team.required) {
      return err(SLOT_UNAVAILABLE);
    }
  }
  return ok({ cleanerIds, chosen, left });
}

/** Why a required cleaner refuses the visit, as the asker should hear it. */
function refusal(r: Reservation, cleanerId: string, name: string, unfit: CleanerUnfit): ReservationError {
  // A customer is never told who is busy or on leave: the time is simply not available.
  if (r.audience === "customer") return SLOT_UNAVAILABLE;
  if (unfit.reason === "BUSY") {
    return cleanerBusy(name, { cleanerId, ...unfit.job });
  }
  return cleanerUnavailable(name, unfit.reason);
}

/**
 * The port every store that changes a job's time, place or cleaners offers inside its transaction
 * (the job's row locked first, when it exists): the one reservation, then `write`.
 */
export type ReserveJob = (
  r: Reservation,
  write: (decision: ReservationDecision) => Promise<BookingRecord>,
) => Promise<Result<Reserved, ReservationError>>;

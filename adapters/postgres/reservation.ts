/**
 * The one reservation (issue 28), in SQL: every path that gives a job a time, a place-holding
 * status or cleaners comes through `reserveLocked` (or, for a new one-off booking's three round
 * trips, through `readReservationLocked` in booking-write.ts). One function call takes the capacity
 * day locks, then the cleaner locks, in ascending order, and reads what core decides on
 * (reservation_lock_and_read, migration 023); the locks are held until the transaction ends. The
 * exclusion constraint of migration 018 stays underneath, for any write that would still slip by.
 */
import { type CleanerDay } from "../../core/cleaners/team.ts";
import { sameAssignment } from "../../core/cleaners/rules.ts";
import {
  decideReservation,
  type Reservation,
  reservationDay,
  type ReservationDecision,
  type ReservationFacts,
  type Reserved,
  visitWeekday,
  type ReservationError,
} from "../../core/booking/capacity/reservation.ts";
import type { BookingRecord } from "../../core/booking/types.ts";
import type { Occupancy } from "../../core/booking/ports.ts";
import type { ClosedDate } from "../../core/settings/types.ts";
import { addDaysYmd, melbourneInstant } from "../../core/shared/melbourne-time.ts";
import { ok, type Result } from "../../core/shared/result.ts";
import { capacityLockDays } from "./booking-write.ts";
import { isUuid } from "./catalog-repository.ts";
import type { Queryable } from "./db.ts";

interface ReadRow {
  kind: "visit" | "closed" | "cleaner" | "regular";
  start_time: Date | null;
  end_time: Date | null;
  info: unknown;
}

interface CleanerInfo {
  id: string;
  name: string;
  active: boolean;
  hoursSet: boolean;
  hours: { start: number; end: number } | null;
  timeOff: boolean;
  jobs: Array<{ bookingId: string; reference: string; start: number; end: number }>;
}

/**
 * Inside a transaction: the reservation's locks and read, in one round trip. Without a capacity
 * claim the visit's own days are locked all the same, so a day being closed, or team mode's
 * choice, queues behind it.
 */
export async function readReservationLocked(tx: Queryable, r: Reservation): Promise<ReservationFacts> {
  const claim = r.capacity;
  const lockDays = lockDaysOf(r);
  const day = reservationDay(r.visit);
  const cleanerIds = [...new Set(r.cleaners.ids)].filter(isUuid);
  // The cleaners' day is read only when there are cleaners to read (a slot-mode booking has none):
  // the hot path of a public one-off spends no time on Melbourne day bounds it would not send.
  const readsCleaners = cleanerIds.length > 0 || r.team !== null;
  const gapMs = (r.team?.gapMin ?? 0) * 60_000;
  const dayFrom = readsCleaners ? new Date(Math.min(melbourneInstant(day, 0).getTime(), r.visit.start.getTime() - gapMs)) : null;
  const dayTo = readsCleaners ? new Date(Math.max(melbourneInstant(addDaysYmd(day, 1), 0).getTime(), r.visit.end.getTime() + gapMs)) : null;
  const except = r.bookingId && isUuid(r.bookingId) ? r.bookingId : null;
  const rows = await tx<ReadRow[]>`
    select kind, start_time, end_time, info from reservation_lock_and_read(
      ${lockDays}::integer[], ${claim?.window.from ?? null}::timestamptz, ${claim?.window.to ?? null}::timestamptz,
      ${except}::uuid, ${claim?.window.startsAfter ?? null}::timestamptz, ${claim?.window.endsAfter ?? null}::timestamptz,
      ${day}::date, ${day}::date,
      ${cleanerIds}::uuid[], ${r.team !== null}::boolean,
      ${day}::date, ${readsCleaners ? visitWeekday(r.visit) : null}::integer, ${dayFrom}::timestamptz, ${dayTo}::timestamptz,
      ${r.team?.customerEmailKey ?? null}::text)`;
  const facts: ReservationFacts = { nearby: [], closed: [], cleaners: [], regular: [] };
  for (const row of rows) {
    if (row.kind === "visit") facts.nearby.push({ start: new Date(row.start_time as Date), end: new Date(row.end_time as Date) });
    else if (row.kind === "closed") facts.closed.push(row.info as ClosedDate);
    else if (row.kind === "regular") facts.regular = row.info as string[];
    else facts.cleaners.push(cleanerDay(row.info as CleanerInfo, r));
  }
  facts.cleaners.sort((a, b) => (a.cleanerId < b.cleanerId ? -1 : 1));
  return facts;
}

/** The days a reservation's locks cover: its capacity claim's span, or without one the visit's own days. */
const lockDaysOf = (r: Reservation): number[] => capacityLockDays(r.capacity ? r.capacity.lockSpan : { from: r.visit.start, to: r.visit.end });

/**
 * Inside a transaction that will reserve several visits (a regular clean's planning): takes every
 * lock they will need, in the one order (all their days, then all their cleaners), before the
 * first. Each reservation then takes its own again (advisory locks are reentrant) without ever
 * waiting on a day while holding a cleaner, so such a transaction never deadlocks with another.
 */
export async function lockAheadLocked(tx: Queryable, reservations: readonly Reservation[]): Promise<void> {
  if (reservations.length === 0) return;
  const days = new Set<number>();
  const cleaners = new Set<string>();
  for (const r of reservations) {
    for (const day of lockDaysOf(r)) days.add(day);
    for (const id of r.cleaners.ids) if (isUuid(id)) cleaners.add(id);
  }
  const everyActive = reservations.some((r) => r.team !== null);
  await tx`select reservation_lock(${[...days]}::integer[], ${[...cleaners]}::uuid[], ${everyActive}::boolean)`;
}

/** A cleaner's day as the rules read it: a week staff never set is the business's default one. */
function cleanerDay(info: CleanerInfo, r: Reservation): CleanerDay {
  return {
    cleanerId: info.id,
    name: info.name,
    active: info.active,
    hours: info.hoursSet ? info.hours : r.team?.defaultHours ?? null,
    onLeave: info.timeOff,
    jobs: info.jobs.map((job) => ({ bookingId: job.bookingId, reference: job.reference, start: new Date(Number(job.start)), end: new Date(Number(job.end)) })),
  };
}

/** The booking's cleaners replaced by `cleanerIds`, in that order (the database guard checks each). */
export async function writeBookingCleaners(tx: Queryable, bookingId: string, cleanerIds: readonly string[]): Promise<void> {
  await tx`delete from booking_cleaners where booking_id = ${bookingId}`;
  if (cleanerIds.length === 0) return;
  await tx`
    insert into booking_cleaners (booking_id, cleaner_id, position)
    select ${bookingId}, c.id, c.position - 1
      from unnest(${cleanerIds as string[]}::uuid[]) with ordinality as c(id, position)`;
}

/**
 * The one reservation, inside the caller's transaction (the job's row already locked, when it
 * exists): locks and read, core's decision, then `write` (the caller's change of the job, which
 * returns it as stored) and the job's cleaners as decided. Cleaners leaving go before the write, so
 * a job that moves never meets the database guard with a cleaner it is losing. A refusal writes
 * nothing and is returned (the transaction rolls back on it).
 */
export async function reserveLocked(
  tx: Queryable,
  r: Reservation,
  write: (decision: ReservationDecision) => Promise<BookingRecord>,
): Promise<Result<Reserved, ReservationError>> {
  const decided = decideReservation(r, await readReservationLocked(tx, r));
  if (!decided.ok) return decided;
  const decision = decided.value;
  if (r.bookingId && isUuid(r.bookingId)) {
    await tx`
      delete from booking_cleaners
       where booking_id = ${r.bookingId} and not (cleaner_id = any (${decision.cleanerIds}::uuid[]))`;
  }
  let booking = await write(decision);
  if (!sameAssignment(booking.cleanerIds, decision.cleanerIds)) {
    await writeBookingCleaners(tx, booking._id, decision.cleanerIds);
    booking = { ...booking, cleanerIds: [...decision.cleanerIds] };
  }
  return ok({ booking, decision });
}

/** A visit as the reservation reads it. */
export const visitOf = (job: { startTime: Date; endTime: Date }): Occupancy => ({ start: job.startTime, end: job.endTime });

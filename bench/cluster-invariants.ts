/**
 * What bench/cluster.bench.ts checks in the database after its load, in SQL over the stored rows
 * (not over what the API answered), so a wrong answer and a wrong write are both caught.
 */
import type { Sql } from "../adapters/postgres/db.ts";
import { CAPACITY_HOLDING_STATUSES } from "../core/booking/types.ts";
import type { SchedulingSettings } from "../core/settings/types.ts";

export interface CapacityReport {
  /** The most place-holding visits that all count against each other, among them one of the bench's. */
  peak: number;
  /** The same within [from, to) of `focus`, when asked. */
  peakInFocus: number | null;
  /** Instants in one of the bench's visits where more than maxConcurrentPerSlot count against each other (first 20). */
  overFull: { at: Date; holding: number }[];
}

/**
 * The capacity rule (core/booking/capacity/capacity.ts) over the whole book. Two visits count against each
 * other when their starts are less than slotBufferMin apart or the visits overlap; that is exactly
 * when their spans [start, max(start + buffer, end)) intersect. So visits that all count against
 * each other are spans sharing an instant, and the rule is kept when no instant lies in more than
 * maxConcurrentPerSlot spans: the last of such a set to be placed saw all the others in its
 * window and would have been refused. Counted with one sweep over the spans' starts (+1) and ends
 * (-1, ends first at the same instant, as a span excludes its end).
 *
 * Only instants inside a visit booked through the API (e-mail starting `emailPrefix`) are judged:
 * the seeded book was written in SQL, not placed under the rule, and an API booking can never
 * join an instant that is already over full (every visit there counts against it).
 */
export async function checkCapacity(
  sql: Sql,
  scheduling: Pick<SchedulingSettings, "slotBufferMin" | "maxConcurrentPerSlot">,
  emailPrefix: string,
  focus?: { from: Date; to: Date },
): Promise<CapacityReport> {
  const [row] = await sql<{ peak: number; peak_in_focus: number | null; over_full: { at: string; holding: number }[] | null }[]>`
    with spans as (
      select start_time as s, greatest(start_time + make_interval(mins => ${scheduling.slotBufferMin}::int), end_time) as e,
             (email like ${emailPrefix + "%"})::int as made
        from bookings
       where type = 'BOOKING' and status = any(${CAPACITY_HOLDING_STATUSES as string[]}::text[])
    ), events as (
      select s as at, 1 as delta, made from spans
      union all
      select e as at, -1 as delta, -made from spans
    ), sweep as (
      select at, delta,
             sum(delta) over running::int as holding,
             sum(made) over running::int as made_holding
        from events
      window running as (order by at, delta rows unbounded preceding)
    ), judged as (
      select * from sweep where made_holding > 0
    )
    select coalesce(max(holding), 0)::int as peak,
           max(holding) filter (where at >= ${focus?.from ?? null}::timestamptz and at < ${focus?.to ?? null}::timestamptz)::int
             as peak_in_focus,
           (select json_agg(json_build_object('at', at, 'holding', holding) order by at)
              from (select at, holding from judged
                     where delta = 1 and holding > ${scheduling.maxConcurrentPerSlot}::int order by at limit 20) o) as over_full
      from judged`;
  return {
    peak: row.peak,
    peakInFocus: row.peak_in_focus,
    overFull: (row.over_full ?? []).map((o) => ({ at: new Date(o.at), holding: o.holding })),
  };
}

export interface EmailReport {
  /** Rows stored for the bookings the bench made (by their e-mail prefix). */
  stored: number;
  /** Those without exactly one customer confirmation and one business notification in the outbox. */
  missing: { id: string; kinds: string[] }[];
}

/**
 * Every booking the bench made has its e-mails in the outbox, written with it: exactly one
 * booking-confirmation to the customer and one booking-notification to the business
 * (emailsForRecord in core/notifications/record-emails.ts), each with the booking's id as related_id.
 */
export async function checkEmails(sql: Sql, emailPrefix: string): Promise<EmailReport> {
  const [{ stored }] = await sql<{ stored: number }[]>`
    select count(*)::int as stored from bookings where email like ${emailPrefix + "%"}`;
  const missing = await sql<{ id: string; kinds: string[] }[]>`
    select b.id, coalesce(array_agg(o.kind order by o.kind) filter (where o.id is not null), '{}') as kinds
      from bookings b
      left join email_outbox o on o.related_id = b.id
     where b.email like ${emailPrefix + "%"}
     group by b.id
    having count(*) filter (where o.kind = 'booking-confirmation') <> 1
        or count(*) filter (where o.kind = 'booking-notification') <> 1`;
  return { stored, missing: [...missing] };
}

/**
 * For the reports' tests (issue 32): writes core's report records (core/reports/figures.ts) into
 * the tables they stand for, by plain inserts, so the SQL's answer and the pure definitions can be
 * compared on the very same facts.
 */
import { minutesOfClock } from "../../core/cleaners/team.ts";
import type { ReportRecords } from "../../core/reports/figures.ts";
import type { Queryable } from "./db.ts";

const ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ";

/** A unique booking reference per number (YS- and six characters of the references' alphabet). */
export const referenceOf = (n: number): string =>
  `YS-${Array.from({ length: 6 }, (_, k) => ALPHABET[Math.floor(n / 32 ** (5 - k)) % 32]).join("")}`;

/** Far from any range a test asks about: the quotes series hang from start here. */
const ANCHOR_TIME = new Date("2001-01-01T00:00:00Z");

let references = 0;

/** Empties every table the reports read (PGlite's tests share one schema per test). */
export async function clearReportTables(sql: Queryable): Promise<void> {
  await sql`truncate booking_feedback, booking_payments, booking_cleaners, booking_series, bookings, customers,
                     cleaner_time_off, cleaner_working_hours, cleaners, closed_dates, services cascade`;
}

async function insertBooking(
  sql: Queryable,
  row: {
    id: string;
    type: string;
    status: string;
    start: Date;
    end: Date;
    price: number;
    customerId: string | null;
    serviceId: string | null;
    serviceName: string;
    cancelReason: string;
  },
): Promise<void> {
  await sql`
    insert into bookings (
      id, reference, type, status, first_name, last_name, email, phone,
      address_street, address_suburb, address_state, address_post_code,
      service_id, service_name_at_booking, pricing_model, hours,
      frequency_code, frequency_name_at_booking, frequency_discount_percent,
      start_time, end_time, base_amount, extras_amount, first_service_total, recurring_total,
      customer_id, cancel_reason
    ) values (
      ${row.id}, ${referenceOf(references++)}, ${row.type}, ${row.status}, 'Report', 'Customer', 'report@example.com', '0412345678',
      '1 Test St', 'Carlton', 'VIC', '3053',
      ${row.serviceId}, ${row.serviceName}, 'FIXED', null,
      'ONE_TIME', 'One-time', 0,
      ${row.start}, ${row.end}, ${row.price}, 0, ${row.price}, ${row.price},
      ${row.customerId}, ${row.cancelReason}
    )`;
}

/**
 * Writes the records. Customers are made for the ids the jobs name; a refund (a negative entry)
 * points at a payment of the same booking written before it; each series hangs from a quote of
 * its own in 2001, which no figure reads.
 */
export async function insertReportRecords(sql: Queryable, records: ReportRecords): Promise<void> {
  for (const service of records.services) {
    await sql`
      insert into services (id, name, slug, pricing_model, deleted_at)
      values (${service.id}, ${service.name}, ${`report-service-${service.id}`}, 'FIXED', ${service.deleted ? ANCHOR_TIME : null})`;
  }
  for (const customerId of new Set(records.jobs.flatMap((job) => (job.customerId ? [job.customerId] : [])))) {
    await sql`
      insert into customers (id, email_key, first_name, last_name, email)
      values (${customerId}, ${`${customerId}@example.com`}, 'Report', 'Customer', ${`${customerId}@example.com`})`;
  }
  for (const cleaner of records.cleaners) {
    await sql`
      insert into cleaners (id, name, colour, active, working_hours_set)
      values (${cleaner.id}, ${cleaner.name}, '#336699', ${cleaner.active}, ${cleaner.workingHoursSet})`;
    for (const day of cleaner.days) {
      await sql`
        insert into cleaner_working_hours (cleaner_id, weekday, start_minutes, end_minutes)
        values (${cleaner.id}, ${day.weekday}, ${minutesOfClock(day.start)}, ${minutesOfClock(day.end)})`;
    }
  }
  for (const off of records.timeOff) {
    await sql`
      insert into cleaner_time_off (id, cleaner_id, from_date, to_date)
      values (${crypto.randomUUID()}, ${off.cleanerId}, ${off.from}, ${off.to})`;
  }
  for (const date of new Set(records.closedDates)) {
    await sql`insert into closed_dates (date, label) values (${date}, 'Closed for the report')`;
  }
  for (const job of records.jobs) {
    await insertBooking(sql, { ...job, status: job.type === "QUOTE" ? "QUOTE_REQUESTED" : job.status });
    for (const [position, cleanerId] of job.cleanerIds.entries()) {
      await sql`insert into booking_cleaners (booking_id, cleaner_id, position) values (${job.id}, ${cleanerId}, ${position})`;
    }
  }
  const paymentsOf = new Map<string, string>();
  for (const entry of records.ledger) {
    const id = crypto.randomUUID();
    const refundOf = entry.amount < 0 ? paymentsOf.get(entry.bookingId) : null;
    if (refundOf === undefined) throw new Error(`A refund of booking ${entry.bookingId} needs a payment before it`);
    if (entry.amount > 0 && !paymentsOf.has(entry.bookingId)) paymentsOf.set(entry.bookingId, id);
    await sql`
      insert into booking_payments (id, booking_id, amount, method, received_at, kind, refund_of, voided_at, void_reason)
      values (${id}, ${entry.bookingId}, ${entry.amount}, 'CASH', ${entry.receivedAt}, ${entry.amount < 0 ? "REFUND" : "PAYMENT"},
              ${refundOf}, ${entry.voided ? entry.receivedAt : null}, ${entry.voided ? "Entered twice" : null})`;
  }
  // The booking's paid to date, as the ledger path keeps it (core's paymentState: null while nothing is paid).
  await sql`
    update bookings b set total_paid = paid.amount
      from (select booking_id, nullif(sum(amount), 0) as amount from booking_payments where voided_at is null group by booking_id) paid
     where paid.booking_id = b.id`;
  for (const series of records.series) {
    const quoteId = crypto.randomUUID();
    await insertBooking(sql, {
      id: quoteId,
      type: "QUOTE",
      status: "QUOTE_REQUESTED",
      start: ANCHOR_TIME,
      end: new Date(ANCHOR_TIME.getTime() + 3_600_000),
      price: series.pricePerVisit,
      customerId: null,
      serviceId: null,
      serviceName: "Series anchor",
      cancelReason: "",
    });
    await sql`
      insert into booking_series (id, first_booking_id, status, frequency_code, frequency_name, repeat_unit, repeat_every,
                                  anchor_date, start_minutes, duration_minutes, template)
      values (${crypto.randomUUID()}, ${quoteId}, ${series.status}, 'REPORT', 'Report', ${series.unit}, ${series.every},
              '2001-01-01', 540, 120, ${sql.json({ firstServiceTotal: series.pricePerVisit, recurringTotal: series.pricePerVisit })})`;
  }
  for (const { bookingId, rating } of records.ratings) {
    await sql`
      insert into booking_feedback (booking_id, token_hash, requested_at, expires_at, rating, rated_at)
      values (${bookingId}, ${crypto.randomUUID()}, ${ANCHOR_TIME}, ${new Date(ANCHOR_TIME.getTime() + 86_400_000)}, ${rating}, ${ANCHOR_TIME})`;
  }
}

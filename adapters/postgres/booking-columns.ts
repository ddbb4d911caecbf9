/**
 * The one map between core's BookingRecord and its rows (issue 33): a booking's own columns in
 * `bookings`, its add-on and answer lines, the select list every full read uses, the row back to
 * the record, and the place-holding statuses as SQL. A new stored field of a booking is written
 * here (and in a migration): the insert (booking-write.ts), the staff edit
 * (staff-bookings-repository.ts) and every reader follow.
 */
import type postgres from "postgres";
import { type BookingRecord, CAPACITY_HOLDING_STATUSES } from "../../core/booking/types.ts";
import { BOOKING_TEXT_FIELDS, type BookingTextField, textOfField } from "../../core/booking/text-fields.ts";
import type { Queryable } from "./db.ts";
import { dateOrNull, num, numOrNull } from "./rows.ts";

type Fragment = postgres.Fragment;

/** The free-text fields' columns (core/booking/text-fields.ts), each its own `text not null`. */
type TextColumns = { [F in BookingTextField as F["column"]]: string };
const TEXT_COLUMNS = BOOKING_TEXT_FIELDS.map((field) => field.column);

const textColumns = (r: BookingRecord): TextColumns =>
  Object.fromEntries(BOOKING_TEXT_FIELDS.map((field) => [field.column, textOfField(r, field)])) as TextColumns;

type TextFields = { [F in BookingTextField as F["key"]]: string };

const textFieldsOfRow = (row: TextColumns): TextFields =>
  Object.fromEntries(BOOKING_TEXT_FIELDS.map((field) => [field.key, row[field.column] ?? ""])) as TextFields;

/**
 * The record's own columns in `bookings`, each with its value (its lines live in booking_extras,
 * booking_answers and booking_cleaners). The one insert (bookingInsert) writes all of them;
 * discountPercent is not stored: it is the frequency's discount.
 */
export function bookingColumns(r: BookingRecord) {
  return {
    id: r._id,
    reference: r.reference,
    type: r.type,
    status: r.status,
    payment_status: r.paymentStatus,
    first_name: r.firstName,
    last_name: r.lastName,
    email: r.email,
    phone: r.phone,
    address_unit: r.address.unit ?? "",
    address_street: r.address.street,
    address_suburb: r.address.suburb,
    address_state: r.address.state,
    address_post_code: r.address.postCode,
    service_id: r.serviceId,
    service_name_at_booking: r.serviceNameAtBooking,
    pricing_model: r.pricingModel,
    hours: r.hours,
    bedrooms: r.bedrooms,
    frequency_code: r.frequencyCode,
    frequency_name_at_booking: r.frequencyNameAtBooking,
    frequency_discount_percent: r.frequencyDiscountPercent,
    start_time: r.startTime,
    end_time: r.endTime,
    ...textColumns(r),
    cancel_reason: r.cancelReason,
    calendar_sequence: r.calendarSequence,
    base_amount: r.baseAmount,
    extras_amount: r.extrasAmount,
    first_service_total: r.firstServiceTotal,
    recurring_total: r.recurringTotal,
    total_paid: r.totalPaid,
    paid_at: r.paidAt,
    customer_id: r.customerId,
    series_id: r.seriesId,
    series_date: r.seriesDate,
    created_at: r.createdAt,
  };
}

export type BookingColumns = ReturnType<typeof bookingColumns>;
export type BookingColumn = keyof BookingColumns;

/**
 * The one insert of a booking's row: `insert into bookings (…) values (…)`, every column from the
 * record, except that `customer`, when given, is SQL that finds the customer in the same
 * statement (booking-write.ts: `(select id from customer)`).
 */
export function bookingInsert(sql: Queryable, r: BookingRecord, customer?: Fragment): Fragment {
  const row = bookingColumns(r);
  const columns = Object.keys(row) as BookingColumn[];
  // Joined by hand: postgres.js's sql(row) takes values only, not a fragment for the customer.
  const values = columns.map((column, i) => {
    const value = column === "customer_id" && customer ? customer : row[column];
    return i === 0 ? sql`${value}` : sql`, ${value}`;
  });
  return sql`insert into bookings (${sql(columns)}) values (${values})`;
}

/**
 * The columns a staff edit writes (core/booking/staff-bookings.ts planEdit's `after`): the
 * customer's details, the time, the size and price; never the payment (the ledger's own write),
 * the service row or what the store keeps (reference, customer, series, creation).
 */
export const STAFF_EDIT_COLUMNS = [
  "first_name", "last_name", "email", "phone",
  "address_unit", "address_street", "address_suburb", "address_state", "address_post_code", ...TEXT_COLUMNS,
  "start_time", "end_time", "service_name_at_booking", "pricing_model", "hours", "bedrooms",
  "frequency_code", "frequency_name_at_booking", "frequency_discount_percent",
  "base_amount", "extras_amount", "first_service_total", "recurring_total", "status",
] as const satisfies readonly BookingColumn[];

/** An add-on line's columns in booking_extras (less booking_id), in the record's order. */
export const extraLines = (r: Pick<BookingRecord, "extras">) =>
  r.extras.map((e, position) => ({
    position,
    extra_id: e.extraId,
    title_at_booking: e.titleAtBooking,
    quantity: e.quantity,
    price_at_booking: e.priceAtBooking,
  }));

/** An answer line's columns in booking_answers (less booking_id), in the record's order. */
export const answerLines = (r: Pick<BookingRecord, "answers">) =>
  r.answers.map((a, position) => ({
    position,
    question_id: a.questionId,
    label: a.label,
    value: a.value,
    display_value: a.displayValue,
  }));

type ExtraLine = ReturnType<typeof extraLines>[number];
type AnswerLine = ReturnType<typeof answerLines>[number];

/** A value as postgres.js reads it back: numeric columns arrive as text. */
type ReadBack<V> = V extends number ? number | string : V;
type AsRead<T> = { [K in keyof T]: ReadBack<T[K]> };

/**
 * A row of selectBookings: the booking's columns (series_date as text, series_ymd, whatever the
 * driver's date parsing), its lines as JSON (answers from before migration 002 have no display
 * text) and its cleaners in order.
 */
export type BookingRow =
  & AsRead<Omit<BookingColumns, "series_date">>
  & {
    series_ymd: string | null;
    extras: AsRead<Omit<ExtraLine, "position">>[];
    answers: (Omit<AnswerLine, "position" | "display_value"> & { display_value: string | null })[];
    cleaner_ids: string[];
  };

/** The select list of a full booking read: `${selectBookings(sql)} where b.… order by …`. */
export const selectBookings = (sql: Queryable) =>
  sql`
    select b.*, to_char(b.series_date, 'YYYY-MM-DD') as series_ymd,
      (select coalesce(json_agg(json_build_object(
                'extra_id', e.extra_id, 'title_at_booking', e.title_at_booking,
                'quantity', e.quantity, 'price_at_booking', e.price_at_booking)
              order by e.position), '[]'::json)
         from booking_extras e where e.booking_id = b.id) as extras,
      (select coalesce(json_agg(json_build_object(
                'question_id', a.question_id, 'label', a.label, 'value', a.value,
                'display_value', a.display_value)
              order by a.position), '[]'::json)
         from booking_answers a where a.booking_id = b.id) as answers,
      (select coalesce(json_agg(bc.cleaner_id order by bc.position), '[]'::json)
         from booking_cleaners bc where bc.booking_id = b.id) as cleaner_ids
    from bookings b`;

export const toBookingRecord = (row: BookingRow): BookingRecord => ({
  _id: row.id,
  reference: row.reference,
  type: row.type,
  status: row.status,
  paymentStatus: row.payment_status,
  firstName: row.first_name,
  lastName: row.last_name,
  email: row.email,
  phone: row.phone,
  address: {
    ...(row.address_unit ? { unit: row.address_unit } : {}),
    street: row.address_street,
    suburb: row.address_suburb,
    state: row.address_state,
    postCode: row.address_post_code,
  },
  serviceId: row.service_id,
  serviceNameAtBooking: row.service_name_at_booking,
  pricingModel: row.pricing_model,
  hours: numOrNull(row.hours),
  bedrooms: numOrNull(row.bedrooms),
  frequencyCode: row.frequency_code,
  frequencyNameAtBooking: row.frequency_name_at_booking,
  frequencyDiscountPercent: num(row.frequency_discount_percent),
  discountPercent: num(row.frequency_discount_percent),
  startTime: new Date(row.start_time),
  endTime: new Date(row.end_time),
  createdAt: new Date(row.created_at),
  extras: row.extras.map((e) => ({
    extraId: e.extra_id,
    titleAtBooking: e.title_at_booking,
    quantity: num(e.quantity),
    priceAtBooking: num(e.price_at_booking),
  })),
  answers: row.answers.map((a) => ({
    questionId: a.question_id,
    label: a.label,
    value: a.value,
    // Rows from before migration 002 have no display text: show the raw value instead.
    displayValue: a.display_value ?? (Array.isArray(a.value) ? a.value.join(", ") : a.value),
  })),
  ...textFieldsOfRow(row),
  cancelReason: row.cancel_reason,
  calendarSequence: num(row.calendar_sequence),
  baseAmount: num(row.base_amount),
  extrasAmount: num(row.extras_amount),
  firstServiceTotal: num(row.first_service_total),
  recurringTotal: num(row.recurring_total),
  totalPaid: numOrNull(row.total_paid),
  paidAt: dateOrNull(row.paid_at),
  cleanerIds: row.cleaner_ids,
  customerId: row.customer_id,
  seriesId: row.series_id,
  seriesDate: row.series_ymd,
});

/** The full bookings `rest` picks (`where …`, `order by …`), as records. */
export async function readBookings(sql: Queryable, rest: Fragment): Promise<BookingRecord[]> {
  const rows = await sql<BookingRow[]>`${selectBookings(sql)} ${rest}`;
  return rows.map(toBookingRecord);
}

/**
 * core's CAPACITY_HOLDING_STATUSES as an SQL list, `('PENDING', 'CONFIRMED', 'DONE')`, written out
 * once at load. A literal and not a parameter: the capacity reads are served by partial indexes
 * whose predicate names these statuses (bookings_capacity_cover_idx, migration 012), and
 * PostgreSQL proves a query fits such an index only from constants. A prepared statement's
 * generic plan, which postgres.js's named statements get after a few runs, sees `status = any($1)`
 * and falls back to a scan of every booking in the range (EXPLAIN on PostgreSQL 15).
 */
const PLACE_HOLDING_LIST = sqlStatusList(CAPACITY_HOLDING_STATUSES);

/**
 * Statuses of core's as an SQL list written out once, `('PENDING', 'CONFIRMED')`: for reads a
 * partial index serves (see above), which PostgreSQL proves only from constants.
 */
export function sqlStatusList(statuses: readonly string[]): string {
  return `(${
    statuses.map((status) => {
      // A status is a constant of core's; nothing but capitals and underscores reaches the SQL text.
      if (!/^[A-Z_]+$/.test(status)) throw new Error(`not a status: ${status}`);
      return `'${status}'`;
    }).join(", ")
  })`;
}

/** `b.status in ${placeHolding(sql)}`: the booking holds a place (core's CAPACITY_HOLDING_STATUSES). */
export const placeHolding = (sql: Queryable): Fragment => sql.unsafe(PLACE_HOLDING_LIST);

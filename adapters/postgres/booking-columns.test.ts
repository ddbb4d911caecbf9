import assert from "node:assert/strict";
import type { BookingRecord } from "../../core/booking/types.ts";
import { BOOKING_TEXT_FIELDS } from "../../core/booking/text-fields.ts";
import { describeOnTargets } from "./test-db.ts";
import { sampleRecord, storeSample } from "./booking.contract.ts";
import { answerLines, bookingInsert, extraLines, placeHolding, readBookings } from "./booking-columns.ts";

describeOnTargets("the booking column map", async (t, db) => {
  await t.step("every field of a record survives the one insert and the one read, lines included", async () => {
    // A customer and a series for the record to belong to (both are rows it points at).
    const first = await storeSample(db, { startTime: new Date("2030-04-02T23:00:00Z"), endTime: new Date("2030-04-03T01:00:00Z") });
    const seriesId = crypto.randomUUID();
    await db.sql`
      insert into booking_series (id, customer_id, first_booking_id, frequency_code, frequency_name, repeat_unit, repeat_every,
                                  anchor_date, start_minutes, duration_minutes, template, generated_through)
      values (${seriesId}, ${first.customerId}, ${first._id}, 'WEEKLY', 'Weekly', 'WEEK', 1, '2030-04-03', 600, 120,
              ${db.sql.json({})}, '2030-04-03')`;
    // Every field away from what the store would default it to.
    const record: BookingRecord = {
      ...sampleRecord({ startTime: new Date("2030-04-09T23:00:00Z"), endTime: new Date("2030-04-10T01:30:00Z") }),
      _id: crypto.randomUUID(),
      reference: "YS-MAPR2T",
      status: "CANCELLED",
      paymentStatus: "PAID",
      bedrooms: 3,
      totalPaid: 219.95,
      paidAt: new Date("2030-04-01T02:03:04.567Z"),
      createdAt: new Date("2030-03-30T05:06:07.891Z"),
      cancelReason: "Moved interstate",
      // Every free-text field of the list, each with its own text.
      ...Object.fromEntries(BOOKING_TEXT_FIELDS.map((field) => [field.key, `${field.label}: side gate, "B"`])),
      calendarSequence: 4,
      cleanerIds: [],
      customerId: first.customerId,
      seriesId,
      seriesDate: "2030-04-10",
    };
    await db.sql`${bookingInsert(db.sql, record)}`;
    const line = { booking_id: record._id };
    await db.sql`insert into booking_extras ${db.sql(extraLines(record).map((extra) => ({ ...line, ...extra })))}`;
    await db.sql`insert into booking_answers ${db.sql(answerLines(record).map((answer) => ({ ...line, ...answer, value: db.sql.json(answer.value) })))}`;
    const [read] = await readBookings(db.sql, db.sql`where b.id = ${record._id}`);
    assert.deepEqual(read, record);
  });

  await t.step("the place-holding statuses keep the capacity reads on their partial index, where a parameter would not", async () => {
    // A prepared statement's generic plan (what postgres.js's named statements end up with) knows
    // nothing of its parameters' values; seq scans off, so the planner says which index it can use.
    const connection = await db.sql.reserve();
    const { string } = await connection`select 1 where 'PENDING' in ${placeHolding(connection)}`.describe();
    const list = string.slice(string.indexOf(" in ") + 4);
    assert.equal(list, "('PENDING', 'CONFIRMED', 'DONE')", "core's CAPACITY_HOLDING_STATUSES, written out");
    const capacityRead = (statusTest: string) =>
      `select start_time, end_time from bookings b where b.type = 'BOOKING' and ${statusTest} and b.start_time between $1 and $2`;
    const planOf = async (execute: string) =>
      (await connection.unsafe(`explain execute ${execute}`)).map((row) => row["QUERY PLAN"]).join("\n");
    try {
      await connection`set plan_cache_mode = force_generic_plan`;
      await connection`set enable_seqscan = off`;
      await connection.unsafe(`prepare with_list(timestamptz, timestamptz) as ${capacityRead(`b.status in ${list}`)}`);
      await connection.unsafe(`prepare with_parameter(timestamptz, timestamptz, text[]) as ${capacityRead("b.status = any($3)")}`);
      const range = "'2030-01-01T00:00:00Z', '2030-03-03T00:00:00Z'";
      assert.match(await planOf(`with_list(${range})`), /bookings_capacity_cover_idx/);
      assert.doesNotMatch(await planOf(`with_parameter(${range}, '{PENDING,CONFIRMED,DONE}')`), /bookings_capacity_cover_idx/);
    } finally {
      await connection.unsafe("deallocate with_list").catch(() => {});
      await connection.unsafe("deallocate with_parameter").catch(() => {});
      await connection`reset plan_cache_mode`;
      await connection`reset enable_seqscan`;
      connection.release();
    }
  });
});

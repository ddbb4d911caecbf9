/** The series store's SQL, on PGlite always and on PostgreSQL when DATABASE_URL is set. */
import assert from "node:assert/strict";
import { describeOnTargets, type TestDatabase } from "./test-db.ts";
import { storeSample } from "./booking.contract.ts";
import { makeBookingReader } from "./booking-repository.ts";
import { endSeriesLocked, seriesFactsForBooking } from "./series-repository.ts";
import { runInTransaction } from "./transaction.ts";
import type { BookingRecord, BookingStatus } from "../../core/booking/types.ts";

const HOUR = 3_600_000;
const at = (iso: string) => new Date(iso);

/** A weekly series by hand: its first visit on Tue 5 Mar 2030 10:00 Melbourne, and visits `weeks` weeks after it. */
async function handMadeSeries(db: TestDatabase, visits: { week: number; status: BookingStatus }[]) {
  const first = await storeSample(db, { startTime: at("2030-03-04T23:00:00Z"), endTime: at("2030-03-05T01:30:00Z") });
  const seriesId = crypto.randomUUID();
  await db.sql`
    insert into booking_series (id, customer_id, first_booking_id, frequency_code, frequency_name, repeat_unit, repeat_every,
                                anchor_date, start_minutes, duration_minutes, template, generated_through)
    values (${seriesId}, ${first.customerId}, ${first._id}, 'WEEKLY', 'Weekly', 'WEEK', 1, '2030-03-05', 600, 150,
            ${db.sql.json({})}, '2030-03-05')`;
  await db.sql`update bookings set series_id = ${seriesId}, series_date = '2030-03-05' where id = ${first._id}`;
  const byWeek = new Map<number, BookingRecord>();
  for (const { week, status } of visits) {
    const startTime = new Date(first.startTime.getTime() + week * 7 * 24 * HOUR);
    const visit = await storeSample(db, { startTime, endTime: new Date(startTime.getTime() + 2.5 * HOUR), status });
    await db.sql`
      update bookings set series_id = ${seriesId}, series_date = '2030-03-05'::date + ${week * 7}::int
       where id = ${visit._id}`;
    byWeek.set(week, visit);
  }
  return { seriesId, first, byWeek };
}

describeOnTargets("series store: the facts the manage-my-booking page shows, and ending a series", async (t, db) => {
  const { seriesId, first, byWeek } = await handMadeSeries(db, [
    { week: 1, status: "CONFIRMED" },
    { week: 2, status: "NEEDS_ATTENTION" },
    { week: 3, status: "CANCELLED" },
    { week: 4, status: "PENDING" },
    { week: 5, status: "PENDING" },
    { week: 6, status: "PENDING" },
  ]);
  const reader = makeBookingReader(db.sql);

  await t.step("a visit's series: its frequency, status and the next 3 place-holding visits after it", async () => {
    const facts = await seriesFactsForBooking(db.sql, first._id);
    assert.deepEqual(facts, {
      seriesId,
      frequencyName: "Weekly",
      status: "ACTIVE",
      // Week 2 holds no place and week 3 is cancelled: weeks 1, 4 and 5.
      nextVisits: [1, 4, 5].map((week) => byWeek.get(week)!.startTime),
    });
    assert.deepEqual((await seriesFactsForBooking(db.sql, byWeek.get(5)!._id))?.nextVisits, [byWeek.get(6)!.startTime]);
  });

  await t.step("a one-off, an unknown and a malformed id have no series", async () => {
    const oneOff = await storeSample(db, { startTime: at("2030-04-01T23:00:00Z"), endTime: at("2030-04-02T01:00:00Z") });
    assert.equal(await seriesFactsForBooking(db.sql, oneOff._id), null);
    assert.equal(await seriesFactsForBooking(db.sql, crypto.randomUUID()), null);
    assert.equal(await seriesFactsForBooking(db.sql, "not-a-uuid"), null);
  });

  await t.step("ending from a date cancels the standing visits from it, keeps their dates, and marks the series", async () => {
    await db.sql`update bookings set status = 'DONE' where id = ${byWeek.get(4)!._id}`;
    const sequenceBefore = (await reader.getById(byWeek.get(5)!._id))!.calendarSequence;
    const ended = await runInTransaction(db.sql, (tx) => endSeriesLocked(tx, seriesId, "2030-03-19", "Moving interstate"));
    // Week 2 (19 Mar, NEEDS_ATTENTION), 5 and 6; week 3 was cancelled already and week 4 is done.
    assert.deepEqual(ended, { cancelledIds: [2, 5, 6].map((week) => byWeek.get(week)!._id) });
    for (const week of [2, 5, 6]) {
      const visit = (await reader.getById(byWeek.get(week)!._id))!;
      assert.equal(visit.status, "CANCELLED");
      assert.equal(visit.cancelReason, "Moving interstate");
      assert.ok(visit.seriesDate, "the date stays taken, so it is never generated again");
    }
    assert.equal((await reader.getById(byWeek.get(5)!._id))!.calendarSequence, sequenceBefore + 1);
    assert.equal((await reader.getById(byWeek.get(4)!._id))!.status, "DONE");
    assert.equal((await reader.getById(byWeek.get(1)!._id))!.status, "CONFIRMED");
    const [series] = await db.sql<{ status: string; ends_on: string; version: number }[]>`
      select status, to_char(ends_on, 'YYYY-MM-DD') as ends_on, version from booking_series where id = ${seriesId}`;
    assert.deepEqual({ ...series }, { status: "ENDED", ends_on: "2030-03-19", version: 2 });
    assert.equal((await seriesFactsForBooking(db.sql, first._id))?.status, "ENDED");
  });

  await t.step("an ended, unknown or malformed series is not ended again (null, nothing written)", async () => {
    assert.equal(await runInTransaction(db.sql, (tx) => endSeriesLocked(tx, seriesId, "2030-03-12", "Again")), null);
    assert.equal((await reader.getById(byWeek.get(1)!._id))!.status, "CONFIRMED");
    assert.equal(await runInTransaction(db.sql, (tx) => endSeriesLocked(tx, crypto.randomUUID(), "2030-03-12", "x")), null);
    assert.equal(await runInTransaction(db.sql, (tx) => endSeriesLocked(tx, "nope", "2030-03-12", "x")), null);
  });
});

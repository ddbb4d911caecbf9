/**
 * Issue 18: the visits the availability check and calendar judge slots on, read fast. The same
 * visits as BookingReader.capacityHoldersBetween (booking-repository.ts, what a reservation
 * decides on under its lock): capacity-holding BOOKING records starting in [from, to], in one
 * index-only range scan (bookings_capacity_cover_idx, migration 012). A 62-day calendar over a
 * busy book reads thousands of them, so they come back as one value of epoch milliseconds, start
 * and end of each visit in turn as big-endian doubles (float8send), instead of a row and two
 * parsed timestamps each: for 9,000 visits PostgreSQL takes 2.5 ms to write it (4.2 ms as decimal
 * text, 0.9 ms to count them), and reading it back is a DataView loop. In no promised order (an
 * ORDER BY in the aggregate costs a quarter of the read): the capacity rule counts, and the
 * calendar's capacityIndex sorts only if the index scan's order did not hold.
 *
 * Under load, reads are batched (makeAvailabilityReader): while a few reads are in flight, the
 * ones asked meanwhile wait and go together as one statement, each window read by its own index
 * scan, so a busy process sends one statement for many checks instead of one each.
 */
import type { BookingReader, CapacityWindow, Occupancy, PackedHoldersReader, PackedVisits } from "../../core/booking/ports.ts";
import type { Queryable } from "./db.ts";
import { placeHolding } from "./booking-columns.ts";

/** A read asked of the batch: a range, and optionally the window that says which visits can count. */
interface Ask {
  from: Date;
  to: Date;
  relevant?: Pick<CapacityWindow, "startsAfter" | "endsAfter">;
}

/** The visits of each asked read, in the order asked, as epoch milliseconds (16 bytes a visit). */
async function readBatch(sql: Queryable, asks: Ask[]): Promise<(Uint8Array | null)[]> {
  // Text arrays (postgres.js would turn a timestamptz[] element into a Date, and '-infinity' is
  // none): '-infinity' says "no window", every visit in the range can count.
  const iso = (date: Date | undefined) => date?.toISOString() ?? "-infinity";
  // floor(): a Date keeps milliseconds, as postgres.js's own parse of a timestamp does.
  // date_part() is a double: exact for whole milliseconds of these centuries, and several times
  // cheaper than extract()'s numeric over thousands of rows. With a window (one slot's), the day
  // of visits before it that ended before it are left out on the index's own columns.
  // As hex text: postgres.js reads a bytea with Buffer.from(hex), several times slower here than
  // the runtime's own Uint8Array.fromHex (0.44 against 0.08 ms for a 62-day calendar's visits).
  const rows = await sql<{ i: number; visits: string | null }[]>`
    select w.i::int as i, encode((
      select string_agg(float8send(floor(date_part('epoch', b.start_time) * 1000)) ||
                        float8send(floor(date_part('epoch', b.end_time) * 1000)), ''::bytea)
        from bookings b
       where b.type = 'BOOKING' and b.status in ${placeHolding(sql)}
         and b.start_time between w.from_ts::timestamptz and w.to_ts::timestamptz
         and (b.start_time > w.starts_after::timestamptz or b.end_time > w.ends_after::timestamptz)
    ), 'hex') as visits
    from unnest(${asks.map((a) => a.from.toISOString())}::text[], ${asks.map((a) => a.to.toISOString())}::text[],
                ${asks.map((a) => iso(a.relevant?.startsAfter))}::text[], ${asks.map((a) => iso(a.relevant?.endsAfter))}::text[])
         with ordinality as w(from_ts, to_ts, starts_after, ends_after, i)`;
  const visits: (Uint8Array | null)[] = asks.map(() => null);
  for (const row of rows) visits[row.i - 1] = row.visits === null ? null : Uint8Array.fromHex(row.visits);
  return visits;
}

/** Big-endian doubles, start and end of each visit in turn (readBatch), as `each(start, end)`. */
function eachVisit(bytes: Uint8Array, each: (start: number, end: number) => void): void {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let offset = 0; offset + 16 <= bytes.byteLength; offset += 16) each(view.getFloat64(offset), view.getFloat64(offset + 8));
}

/** The visits of such bytes as Occupancy objects (the check's few dozen). */
export function visitsOf(bytes: Uint8Array | null): Occupancy[] {
  if (!bytes) return [];
  const visits: Occupancy[] = [];
  eachVisit(bytes, (start, end) => visits.push({ start: new Date(start), end: new Date(end) }));
  return visits;
}

/** The visits of such bytes packed (the calendar's thousands). */
export function packedVisitsOf(bytes: Uint8Array | null): PackedVisits {
  const count = bytes ? bytes.byteLength >> 4 : 0;
  const starts = new Float64Array(count);
  const ends = new Float64Array(count);
  let n = 0;
  if (bytes) {
    eachVisit(bytes, (start, end) => {
      starts[n] = start;
      ends[n++] = end;
    });
  }
  return { starts, ends };
}

/** One read on its own (tests, and the reader's batches of one). */
export async function capacityHoldersForAdvice(
  sql: Queryable,
  from: Date,
  to: Date,
  relevant?: Pick<CapacityWindow, "startsAfter" | "endsAfter">,
): Promise<Occupancy[]> {
  const [visits] = await readBatch(sql, [{ from, to, relevant }]);
  return visitsOf(visits);
}

export interface AvailabilityReaderOptions {
  /** Reads in flight at once; reads asked beyond them wait and go together. */
  inFlight?: number;
  /** The most reads in one statement. */
  maxBatch?: number;
}

/**
 * The reader the availability check and calendar are given (api/graph.ts; one per process, so
 * both batch together). A read asked while fewer than `inFlight` are running goes at once, alone;
 * others wait for the next to finish and go together, up to `maxBatch` a statement.
 */
export function makeAvailabilityReader(
  sql: Queryable,
  options: AvailabilityReaderOptions = {},
): Pick<BookingReader, "capacityHoldersBetween"> & PackedHoldersReader {
  const inFlight = options.inFlight ?? 3;
  const maxBatch = options.maxBatch ?? 64;
  const waiting: (Ask & { resolve: (visits: Uint8Array | null) => void; reject: (error: unknown) => void })[] = [];
  let running = 0;
  const next = () => {
    while (running < inFlight && waiting.length > 0) {
      const batch = waiting.splice(0, maxBatch);
      running++;
      readBatch(sql, batch)
        .then((visits) => batch.forEach((ask, i) => ask.resolve(visits[i])))
        .catch((error) => batch.forEach((ask) => ask.reject(error)))
        .finally(() => {
          running--;
          next();
        });
    }
  };
  const read = (ask: Ask) =>
    new Promise<Uint8Array | null>((resolve, reject) => {
      waiting.push({ ...ask, resolve, reject });
      next();
    });
  return {
    capacityHoldersBetween: async (from, to, relevant) => visitsOf(await read({ from, to, relevant })),
    packedHoldersBetween: async (from, to) => packedVisitsOf(await read({ from, to })),
  };
}

/**
 * Customer records (issue 17) against a real database, PGlite always and PostgreSQL when
 * DATABASE_URL is set: matching by normalised e-mail (two pools racing for one new e-mail), the
 * e-mail of a merged record, migration 011's backfill, search, one record's page, notes and tags,
 * and merges (two at once on one pair either way round).
 */
import assert from "node:assert/strict";
import type { BookingRecord, NewBookingRecord } from "../../core/booking/types.ts";
import { customerEmailKey } from "../../core/customers/match.ts";
import { customerListQuerySchema } from "../../core/customers/schemas.ts";
import { makeCustomersAdmin } from "../../core/customers/use-cases.ts";
import type { Inquiry } from "../../core/inquiry/types.ts";
import { storeSample } from "./booking.contract.ts";
import { attachCustomer, customerCtes } from "./customer-match.ts";
import { makeCustomersStore } from "./customers-repository.ts";
import type { Database } from "./db.ts";
import { makeInquiryStore } from "./inquiry-repository.ts";
import { loadMigrations, migrate } from "./migrate.ts";
import { describeOnTargets, type TestDatabase } from "./test-db.ts";
import { runInTransaction } from "./transaction.ts";

const actor = { _id: crypto.randomUUID(), email: "office@yarrashine.com.au" };
/** Wednesday 6 Mar 2030, 9:00 am in Melbourne: the test's now. */
const NOW = new Date("2030-03-05T22:00:00Z");
const days = (n: number, from = NOW) => new Date(from.getTime() + n * 86_400_000);
const adminOn = (pool: Database) => makeCustomersAdmin({ customers: makeCustomersStore(pool.sql), clock: { now: () => NOW } });

/** A one-off booking (no series) for `who`, starting `startTime`. */
const book = (db: Database, patch: Partial<NewBookingRecord> = {}): Promise<BookingRecord> =>
  storeSample(db, { frequencyCode: "ONE_TIME", frequencyNameAtBooking: "One time", frequencyDiscountPercent: 0, discountPercent: 0, ...patch });

const ask = (db: Database, patch: Partial<Omit<Inquiry, "_id">> = {}) =>
  makeInquiryStore(db.sql).insertWithEmails({
    inquiryType: "OFFICE",
    firstName: "Ada",
    lastName: "Lovelace",
    email: "ada@example.com",
    phone: "0412 345 678",
    suburb: "Richmond",
    message: "A quote for our office, please.",
    ...patch,
  }, () => []);

const customerOf = async (db: Database, table: "bookings" | "inquiries", id: string): Promise<string> =>
  (await db.sql<{ customer_id: string }[]>`select customer_id from ${db.sql(table)} where id = ${id}`)[0].customer_id;

const liveCustomers = async (db: Database) =>
  await db.sql<{ id: string; email_key: string; first_name: string; last_name: string; email: string; phone: string }[]>`
    select id, email_key, first_name, last_name, email, phone from customers where merged_into is null order by email_key`;

/** Holds each caller until all `runners` are there (10 s at most, should one never arrive). */
function startLine(runners: number): () => Promise<void> {
  let ready = 0;
  let go!: () => void;
  const allReady = new Promise<void>((resolve) => (go = resolve));
  const timer = setTimeout(go, 10_000);
  return async () => {
    if (++ready === runners) {
      clearTimeout(timer);
      go();
    }
    await allReady;
  };
}

const query = (params: Record<string, string> = {}) => customerListQuerySchema.parse(params);

async function clear(db: TestDatabase) {
  await db.sql`delete from booking_payments`;
  await db.sql`update bookings set series_id = null`;
  await db.sql`delete from booking_series`;
  await db.sql`delete from bookings`;
  await db.sql`delete from inquiries`;
  await db.sql`delete from customers`;
}

describeOnTargets("customer records: matching by normalised e-mail", async (t, db) => {
  await t.step("a booking, a quote and an inquiry of one person, whatever the e-mail's case and spaces, make one record", async () => {
    const booking = await book(db, { email: " Ada@Example.COM ", firstName: "Ada", phone: "0412345678", startTime: days(7), endTime: days(7.1) });
    const quote = await book(db, { type: "QUOTE", status: "QUOTE_REQUESTED", email: "ada@example.com", firstName: "Augusta Ada" });
    const inquiry = await ask(db, { email: "ADA@example.com" });
    const [only, ...others] = await liveCustomers(db);
    assert.deepEqual(others, []);
    assert.equal(only.email_key, "ada@example.com");
    assert.deepEqual(
      [await customerOf(db, "bookings", booking._id), await customerOf(db, "bookings", quote._id), await customerOf(db, "inquiries", inquiry._id)],
      [only.id, only.id, only.id],
    );
    assert.equal(booking.customerId, only.id, "the stored booking says so too");
    assert.deepEqual([only.first_name, only.email, only.phone], ["Ada", "ADA@example.com", "0412 345 678"], "named and reached as on the latest record");
  });

  await t.step("a record that gives no phone never blanks the one kept", async () => {
    const id = await runInTransaction(db.sql, (tx) => attachCustomer(tx, { firstName: "Ada", lastName: "Lovelace", email: "ada@example.com", phone: "" }));
    const [only] = await liveCustomers(db);
    assert.deepEqual([id, only.phone], [only.id, "0412 345 678"]);
  });

  await t.step("two pools, twelve first bookings of one new e-mail typed differently: one record", async () => {
    const other = await db.openAnother(6);
    const atStartLine = db.kind === "postgres" ? startLine(12) : async () => {};
    const spellings = ["grace@navy.mil", "Grace@Navy.mil", " GRACE@NAVY.MIL", "grace@navy.mil "];
    try {
      const ids = await Promise.all(Array.from({ length: 12 }, async (_, i) => {
        await atStartLine();
        return (await book(i % 2 ? other : db, { email: spellings[i % 4], firstName: "Grace", lastName: "Hopper", startTime: days(10 + i), endTime: days(10.1 + i) }))._id;
      }));
      const graces = (await liveCustomers(db)).filter((c) => c.email_key === "grace@navy.mil");
      assert.equal(graces.length, 1);
      const attached = await db.sql<{ customer_id: string }[]>`select distinct customer_id from bookings where id in ${db.sql(ids)}`;
      assert.deepEqual(attached.map((r) => r.customer_id), [graces[0].id]);
    } finally {
      await other.close();
    }
  });

  await t.step("the e-mail of a merged record leads to the record it was merged into, along a chain of merges", async () => {
    const admin = adminOn(db);
    const ada = (await liveCustomers(db)).find((c) => c.email_key === "ada@example.com")!;
    const lady = await book(db, { email: "countess@lovelace.uk", startTime: days(30), endTime: days(30.1) });
    const older = await book(db, { email: "a.byron@example.com", startTime: days(31), endTime: days(31.1) });
    // Byron's record into the Countess's, then the Countess's into Ada's: both e-mails lead to Ada.
    assert.ok((await admin.merge(actor, lady.customerId!, { otherId: older.customerId! })).ok);
    assert.ok((await admin.merge(actor, ada.id, { otherId: lady.customerId! })).ok);
    const [{ merged_into }] = await db.sql`select merged_into from customers where id = ${older.customerId}`;
    assert.equal(merged_into, ada.id, "records merged into the other now point at the survivor");
    for (const email of ["Countess@Lovelace.uk", "a.byron@example.com "]) {
      const later = await book(db, { email, startTime: days(40), endTime: days(40.1) });
      assert.equal(later.customerId, ada.id, email);
      const inquiry = await ask(db, { email });
      assert.equal(await customerOf(db, "inquiries", inquiry._id), ada.id);
    }
    assert.equal((await db.sql`select 1 from customers where email_key = ${customerEmailKey("countess@lovelace.uk")}`).length, 1, "no new record");
  });

  await t.step("finding a customer reads by index, not the whole table (migration 014)", async () => {
    // A business's book: thousands of customers, a few merged.
    await db.sql`
      insert into customers (id, email_key, first_name, last_name, email)
      select gen_random_uuid(), 'many' || n || '@example.com', 'Many', 'Customers', 'many' || n || '@example.com'
        from generate_series(1, 5000) as n`;
    await db.sql`analyze customers`;
    const key = customerEmailKey("someone.new@example.com");
    const plan = JSON.stringify(await db.sql`explain (format json) with ${customerCtes(db.sql, {
      firstName: "Some", lastName: "One", email: "someone.new@example.com", phone: "",
    })} select id from customer`);
    assert.ok(!plan.includes('"Seq Scan"'), `a sequential scan: ${plan}`);
    assert.ok(plan.includes("customers_merged_email_idx"), "the merged records' lookup uses their index");
    assert.equal((await db.sql`select 1 from customers where email_key = ${key}`).length, 0, "EXPLAIN wrote nothing");
    await db.sql`delete from customers where email_key like 'many%@example.com'`;
  });
});

describeOnTargets("customer records: migration 011 attaches what was there before it", async (t, db) => {
  await t.step("one record per normalised e-mail, named as on the latest, first seen at the earliest; every row attached", async () => {
    await db.sql.unsafe(`drop schema ${db.schema} cascade; create schema ${db.schema}`).simple();
    await migrate(db.sql, (await loadMigrations()).filter((m) => m.version < 11));
    const insertBooking = (email: string, firstName: string, createdAt: string, type = "BOOKING") =>
      db.sql`
        insert into bookings (id, reference, type, status, first_name, last_name, email, phone, address_street,
          address_suburb, address_state, address_post_code, service_name_at_booking, pricing_model,
          frequency_code, frequency_name_at_booking, frequency_discount_percent, start_time, end_time,
          base_amount, extras_amount, first_service_total, recurring_total, created_at)
        values (${crypto.randomUUID()}, ${`YS-${crypto.randomUUID().replace(/[^2-9]/g, "").padEnd(6, "2").slice(0, 6)}`}, ${type},
          ${type === "QUOTE" ? "QUOTE_REQUESTED" : "PENDING"}, ${firstName}, 'Lovelace', ${email}, '0412345678', '1 Main St', 'Fitzroy',
          'VIC', '3065', 'Regular clean', 'FIXED', 'ONE_TIME', 'One time', 0, '2026-01-10T00:00:00Z', '2026-01-10T02:00:00Z',
          100, 0, 100, 100, ${createdAt})`;
    await insertBooking("ada@example.com", "Ada", "2026-01-01T00:00:00Z");
    await insertBooking(" ADA@example.com", "Augusta", "2026-02-01T00:00:00Z", "QUOTE");
    await insertBooking("grace@navy.mil", "Grace", "2026-01-05T00:00:00Z");
    await db.sql`
      insert into inquiries (id, inquiry_type, first_name, last_name, email, phone, suburb, message, created_at)
      values (${crypto.randomUUID()}, 'OFFICE', 'Countess', 'Lovelace', 'Ada@Example.com', '03 9123 4567', 'Richmond', 'Hello', '2026-03-01T00:00:00Z'),
             (${crypto.randomUUID()}, 'OFFICE', 'Alan', 'Turing', 'alan@example.com', '0398765432', 'Carlton', 'Hi', '2025-12-01T00:00:00Z')`;
    assert.deepEqual(await migrate(db.sql), [...(await loadMigrations()).filter((m) => m.version >= 11).map((m) => m.version)]);
    const customers = await db.sql<{ email_key: string; first_name: string; email: string; phone: string; created_at: Date }[]>`
      select email_key, first_name, email, phone, created_at from customers order by email_key`;
    assert.deepEqual(customers.map((c) => [c.email_key, c.first_name, c.email, c.phone, new Date(c.created_at).toISOString()]), [
      ["ada@example.com", "Countess", "Ada@Example.com", "03 9123 4567", "2026-01-01T00:00:00.000Z"],
      ["alan@example.com", "Alan", "alan@example.com", "0398765432", "2025-12-01T00:00:00.000Z"],
      ["grace@navy.mil", "Grace", "grace@navy.mil", "0412345678", "2026-01-05T00:00:00.000Z"],
    ]);
    const unattached = await db.sql`
      select id from bookings where customer_id is null union all select id from inquiries where customer_id is null`;
    assert.deepEqual(unattached.length, 0);
    const [{ n }] = await db.sql<{ n: number }[]>`
      select count(distinct b.customer_id)::int as n from bookings b where lower(btrim(b.email)) = 'ada@example.com'`;
    assert.equal(n, 1);
    const [wrong] = await db.sql`
      select 1 from bookings b join customers c on c.id = b.customer_id where c.email_key <> lower(btrim(b.email))
      union all
      select 1 from inquiries i join customers c on c.id = i.customer_id where c.email_key <> lower(btrim(i.email))`;
    assert.equal(wrong, undefined, "each row attached to its own e-mail's record");
  });
});

describeOnTargets("customer records: search, one record's page, notes and tags, merges", async (t, db) => {
  const admin = adminOn(db);
  const store = makeCustomersStore(db.sql);
  await clear(db);

  // Ada: two bookings (one past, one coming), a quote and an inquiry, across two addresses.
  const adaPast = await book(db, { email: "ada@example.com", startTime: days(-14), endTime: days(-13.9), status: "DONE", firstServiceTotal: 220 });
  const adaNext = await book(db, {
    email: "ada@example.com", startTime: days(7), endTime: days(7.1), firstServiceTotal: 187.5,
    address: { street: "1 Swan St", suburb: "Richmond", state: "VIC", postCode: "3121" },
  });
  const adaCancelled = await book(db, { email: "ada@example.com", startTime: days(3), endTime: days(3.1), status: "CANCELLED", firstServiceTotal: 99 });
  const adaQuote = await book(db, { email: "ada@example.com", type: "QUOTE", status: "QUOTE_REQUESTED", startTime: days(20), endTime: days(20.1), firstServiceTotal: 500 });
  const adaInquiry = await ask(db, { email: "ada@example.com", suburb: "Hawthorn" });
  const ada = adaPast.customerId!;
  // Grace: another person with another phone; Alan: the same phone as Ada, typed with spaces on an inquiry.
  const grace = (await book(db, { email: "grace@navy.mil", firstName: "Grace", lastName: "Hopper", phone: "0398765432", startTime: days(2), endTime: days(2.1), address: { street: "7 Lygon St", suburb: "Carlton", state: "VIC", postCode: "3053" } })).customerId!;
  const alanInquiry = await ask(db, { email: "alan@example.com", firstName: "Alan", lastName: "Turing", phone: "+61 412 345 678", suburb: "Brunswick" });
  const alan = await customerOf(db, "inquiries", alanInquiry._id);

  await t.step("the list: by last name, merged records never, with visits, payments and suburbs", async () => {
    await db.sql`
      insert into booking_payments (id, booking_id, amount, method, received_at, voided_at, void_reason)
      values (${crypto.randomUUID()}, ${adaPast._id}, 200, 'CASH', ${days(-14)}, null, null),
             (${crypto.randomUUID()}, ${adaPast._id}, 20.1, 'CARD', ${days(-13)}, null, null),
             (${crypto.randomUUID()}, ${adaPast._id}, 50, 'CARD', ${days(-13)}, ${days(-12)}, 'Entered twice'),
             (${crypto.randomUUID()}, ${adaCancelled._id}, 30, 'CARD', ${days(-1)}, null, null)`;
    const page = await admin.list(query());
    assert.deepEqual(page.items.map((c) => c.lastName), ["Hopper", "Lovelace", "Turing"]);
    assert.deepEqual([page.page, page.totalPages, page.totalItems], [1, 1, 3]);
    const summary = page.items[1];
    assert.deepEqual(summary, {
      _id: ada,
      firstName: "Ada",
      lastName: "Lovelace",
      email: "ada@example.com",
      phone: "0412345678",
      suburbs: ["Hawthorn", "Fitzroy", "Richmond"],
      tags: [],
      bookingsCount: 2,
      lifetimePaid: 250.1,
      nextVisit: adaNext.startTime,
      lastVisit: adaPast.startTime,
      createdAt: summary.createdAt,
    });
    assert.ok(summary.createdAt instanceof Date);
    const turing = page.items[2];
    assert.deepEqual([turing.phone, turing.bookingsCount, turing.lifetimePaid, turing.nextVisit, turing.lastVisit, turing.suburbs], ["0412345678", 0, 0, null, null, ["Brunswick"]]);
  });

  await t.step("paging: 20 a page by default; past the last page, no items but the true count", async () => {
    const second = await admin.list(query({ limit: "2", page: "2" }));
    assert.deepEqual([second.items.map((c) => c.lastName), second.totalPages, second.totalItems], [["Turing"], 2, 3]);
    const beyond = await admin.list(query({ limit: "2", page: "9" }));
    assert.deepEqual([beyond.items, beyond.totalItems, beyond.page], [[], 3, 9]);
  });

  await t.step("q: name, e-mail, phone digits however typed, suburb, reference however typed", async () => {
    const found = async (q: string) => (await admin.list(query({ q }))).items.map((c) => c.lastName);
    const cases: [string, string[]][] = [
      ["ada", ["Lovelace"]],
      ["ADA LOVE", ["Lovelace"]],
      ["  grace   hopper ", ["Hopper"]],
      ["NAVY.MIL", ["Hopper"]],
      ["0412 345 678", ["Lovelace", "Turing"]],
      ["+61 412-345-678", ["Lovelace", "Turing"]],
      ["(03) 9876", ["Hopper"]],
      ["richmond", ["Lovelace"]], // a booking's suburb
      ["Hawthorn", ["Lovelace"]], // an inquiry's
      ["brunswick", ["Turing"]],
      [adaQuote.reference.toLowerCase().replace("-", " "), ["Lovelace"]],
      [adaNext.reference.slice(3), ["Lovelace"]],
      [grace.slice(0, 8), ["Hopper"]], // an id prefix
      ["100%", []],
      ["nobody", []],
    ];
    for (const [q, expected] of cases) assert.deepEqual(await found(q), expected, q);
  });

  await t.step("one record's page: everything the business knows", async () => {
    await db.sql`
      insert into booking_series (id, customer_id, first_booking_id, status, frequency_code, frequency_name, repeat_unit, repeat_every,
                                  anchor_date, start_minutes, duration_minutes, template)
      values (${crypto.randomUUID()}, ${ada}, ${adaNext._id}, 'ACTIVE', 'WEEKLY', 'Weekly', 'WEEK', 1, '2030-03-13', 540, 150, '{}')`;
    const detail = await admin.get(ada);
    assert.ok(detail.ok);
    const d = detail.value;
    assert.equal(d.mergedInto, null);
    assert.equal(d.notes, "");
    assert.deepEqual(d.bookings.map((b) => [b._id, b.type, b.status, b.firstServiceTotal, b.paidToDate]), [
      [adaQuote._id, "QUOTE", "QUOTE_REQUESTED", 500, 0],
      [adaNext._id, "BOOKING", "PENDING", 187.5, 0],
      [adaCancelled._id, "BOOKING", "CANCELLED", 99, 30],
      [adaPast._id, "BOOKING", "DONE", 220, 220.1],
    ], "latest start first; paid to date from the ledger, voided payments aside");
    assert.deepEqual(d.bookings[1], {
      _id: adaNext._id, reference: adaNext.reference, type: "BOOKING", status: "PENDING", paymentStatus: "UNPAID",
      startTime: adaNext.startTime, serviceName: "Hourly Cleaning", firstServiceTotal: 187.5, paidToDate: 0, seriesId: null,
    });
    assert.deepEqual(d.totals, { booked: 407.5, paid: 250.1, balance: 157.4 });
    assert.equal(d.totals.paid, d.lifetimePaid);
    // Smith St was used last (by the quote), Swan St before it.
    assert.deepEqual(d.addresses, [
      { unit: "4", street: "12 Smith St", suburb: "Fitzroy", state: "VIC", postCode: "3065" },
      { street: "1 Swan St", suburb: "Richmond", state: "VIC", postCode: "3121" },
    ]);
    assert.deepEqual(d.inquiries, [{ _id: adaInquiry._id, inquiryType: "OFFICE", createdAt: adaInquiry.createdAt, message: "A quote for our office, please.", archived: false }]);
    assert.deepEqual(d.series.map((s) => [s.status, s.frequencyName, s.startTime, s.weekday]), [["ACTIVE", "Weekly", "09:00", 3]]);
    assert.deepEqual(d.possibleDuplicates, [{ _id: alan, firstName: "Alan", lastName: "Turing", email: "alan@example.com", phone: "0412345678" }]);
    const alanDetail = await admin.get(alan);
    assert.deepEqual(alanDetail.ok && alanDetail.value.possibleDuplicates.map((p) => p._id), [ada], "either way round");
    assert.deepEqual(await admin.get(crypto.randomUUID()), { ok: false, error: { kind: "not_found", code: "CUSTOMER_NOT_FOUND", message: "Customer not found." } });
    assert.equal((await admin.get("not-a-uuid")).ok, false);
  });

  await t.step("addresses: each once (case and spaces aside), in its latest spelling, latest first", async () => {
    await book(db, { email: "ada@example.com", startTime: days(-30), endTime: days(-29.9), address: { unit: "4", street: "12 SMITH ST ", suburb: "fitzroy", state: "VIC", postCode: "3065" } });
    await db.sql`update bookings set created_at = now() - interval '60 days' where id = ${adaPast._id}`;
    await db.sql`update bookings set created_at = now() - interval '50 days' where id = ${adaNext._id}`;
    const d = await admin.get(ada);
    assert.ok(d.ok);
    assert.deepEqual(d.value.addresses, [
      { unit: "4", street: "12 SMITH ST ", suburb: "fitzroy", state: "VIC", postCode: "3065" },
      { street: "1 Swan St", suburb: "Richmond", state: "VIC", postCode: "3121" },
    ]);
  });

  await t.step("notes and tags: only what changed is written and audited; the same again writes nothing", async () => {
    const audits = async () => [
      ...await db.sql<{ action: string; before: unknown; after: unknown }[]>`
        select action, before, after from audit_log where entity = 'customer' and entity_id = ${ada} order by id`,
    ];
    const updated = await admin.update(actor, ada, { notes: "Gate code 4821", tags: ["VIP", "Dog"] });
    assert.ok(updated.ok);
    assert.deepEqual([updated.value.notes, updated.value.tags], ["Gate code 4821", ["VIP", "Dog"]]);
    assert.ok((await admin.update(actor, ada, { notes: "Gate code 4821", tags: ["VIP", "Dog"] })).ok);
    assert.ok((await admin.update(actor, ada, {})).ok);
    assert.ok((await admin.update(actor, ada, { tags: ["VIP", "Dog"], notes: "Gate code 4821\nDog called Max" })).ok);
    assert.deepEqual(await audits(), [
      { action: "customer.update", before: { notes: "", tags: [] }, after: { notes: "Gate code 4821", tags: ["VIP", "Dog"] } },
      { action: "customer.update", before: { notes: "Gate code 4821" }, after: { notes: "Gate code 4821\nDog called Max" } },
    ]);
    assert.deepEqual((await admin.update(actor, crypto.randomUUID(), { notes: "x" })).ok, false);
    assert.deepEqual((await admin.list(query({ tag: "vip" }))).items.map((c) => c._id), [ada]);
    assert.deepEqual((await admin.list(query({ tag: "Cat" }))).items, []);
    await assert.rejects(db.sql`update customers set notes = ${"x".repeat(2001)} where id = ${ada}`, "the database keeps the limit too");
    const tagged = await admin.update(actor, alan, { tags: ["Key safe"] });
    const cleared = await admin.update(actor, alan, { tags: [] });
    assert.deepEqual([tagged.ok && tagged.value.tags, cleared.ok && cleared.value.tags], [["Key safe"], []], "tags can be cleared");
  });

  await t.step("merge: bookings, inquiries and series move; notes appended, tags united, the phone filled; audited", async () => {
    await db.sql`update customers set phone = '' where id = ${grace}`;
    await admin.update(actor, grace, { notes: "Key under the mat", tags: ["dog", "Monthly"] });
    const adaBooking = (await db.sql<{ id: string }[]>`select id from bookings where customer_id = ${ada}`)[0].id;
    const merged = await admin.merge(actor, grace, { otherId: ada });
    assert.ok(merged.ok, JSON.stringify(merged));
    const d = merged.value;
    assert.deepEqual([d._id, d.notes, d.tags, d.phone, d.mergedInto], [grace, "Key under the mat\n\nGate code 4821\nDog called Max", ["dog", "Monthly", "VIP"], "0412345678", null]);
    assert.ok(d.bookings.some((b) => b._id === adaBooking));
    assert.equal(d.bookings.length, 6);
    assert.deepEqual(d.inquiries.map((i) => i._id), [adaInquiry._id]);
    assert.equal(d.series.length, 1);
    assert.deepEqual(d.possibleDuplicates.map((p) => p._id), [alan], "the phone now found Alan's record");
    const gone = await admin.get(ada);
    assert.ok(gone.ok);
    assert.deepEqual([gone.value.mergedInto, gone.value.bookings, gone.value.inquiries, gone.value.series], [grace, [], [], []]);
    assert.deepEqual((await admin.list(query())).items.map((c) => c.lastName), ["Hopper", "Turing"]);
    assert.deepEqual((await admin.list(query({ q: "ada@example" }))).items.map((c) => c._id), [grace], "the merged e-mail still finds the record");
    const [row] = await db.sql<{ before: Record<string, unknown>; after: Record<string, unknown> }[]>`
      select before, after from audit_log where action = 'customer.merge' and entity_id = ${grace}`;
    assert.deepEqual(row.after, {
      notes: d.notes, tags: d.tags, phone: "0412345678", mergedId: ada, moved: { bookings: 5, inquiries: 1, series: 1, records: 0 },
    });
    assert.deepEqual((row.before.merged as { _id: string; email: string }).email, "ada@example.com");
  });

  await t.step("merge refused: itself, a merged record either side, an unknown one; nothing written", async () => {
    const before = await db.sql`select count(*)::int as n from audit_log`;
    const refused = async (id: string, otherId: string) => {
      const result = await admin.merge(actor, id, { otherId });
      return result.ok ? "ok" : result.error.code;
    };
    assert.equal(await refused(grace, grace), "CUSTOMER_MERGE_INVALID");
    assert.equal(await refused(grace, ada), "CUSTOMER_MERGE_INVALID");
    assert.equal(await refused(ada, alan), "CUSTOMER_MERGE_INVALID");
    assert.equal(await refused(grace, crypto.randomUUID()), "CUSTOMER_NOT_FOUND");
    assert.equal(await refused(crypto.randomUUID(), grace), "CUSTOMER_NOT_FOUND");
    assert.equal(await refused(grace, "not-a-uuid"), "CUSTOMER_NOT_FOUND");
    const editMerged = await admin.update(actor, ada, { notes: "x" });
    assert.deepEqual(!editMerged.ok && [editMerged.error.code, editMerged.error.details], ["CUSTOMER_NOT_FOUND", { mergedInto: grace }]);
    assert.deepEqual(await db.sql`select count(*)::int as n from audit_log`, before);
  });

  await t.step("two pools merge one pair either way round, many times at once: one merge stands each time, no deadlock", async () => {
    const other = await db.openAnother(4);
    try {
      for (let round = 0; round < 4; round++) {
        const a = (await book(db, { email: `a${round}@example.com`, startTime: days(50 + round), endTime: days(50.1 + round) })).customerId!;
        const b = (await book(db, { email: `b${round}@example.com`, startTime: days(60 + round), endTime: days(60.1 + round) })).customerId!;
        const atStartLine = db.kind === "postgres" ? startLine(4) : async () => {};
        const attempt = async (pool: Database, id: string, otherId: string) => {
          await atStartLine();
          return await adminOn(pool).merge(actor, id, { otherId });
        };
        const results = await Promise.all([attempt(db, a, b), attempt(other, b, a), attempt(other, a, b), attempt(db, b, a)]);
        assert.equal(results.filter((r) => r.ok).length, 1, `round ${round}: ${JSON.stringify(results.map((r) => r.ok || r.error.code))}`);
        assert.ok(results.every((r) => r.ok || r.error.code === "CUSTOMER_MERGE_INVALID"));
        const rows = await db.sql<{ id: string; merged_into: string | null }[]>`select id, merged_into from customers where id in (${a}, ${b})`;
        assert.equal(rows.filter((r) => r.merged_into === null).length, 1, "one survivor");
      }
      const [{ n }] = await db.sql<{ n: number }[]>`
        select count(*)::int as n from customers c join customers target on target.id = c.merged_into where target.merged_into is not null`;
      assert.equal(n, 0, "no record is merged into a merged one");
    } finally {
      await other.close();
    }
  });

  await t.step("the export rows: the list's filters, every page, with notes", async () => {
    const rows = await store.listAll({ search: null, tag: "vip" }, NOW);
    assert.deepEqual(rows.map((r) => [r._id, r.notes]), [[grace, "Key under the mat\n\nGate code 4821\nDog called Max"]]);
    const exported = await admin.exportCsv({ search: null, tag: null });
    assert.equal(exported.fileName, "customers-2030-03-06.csv");
    assert.equal(exported.csv.split("\r\n").length, 2 + (await admin.list(query({ limit: "100" }))).totalItems);
  });
});

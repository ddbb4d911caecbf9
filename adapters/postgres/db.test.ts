import assert from "node:assert/strict";
import { describeOnTargets } from "./test-db.ts";
import { loadMigrations, migrate } from "./migrate.ts";

describeOnTargets("migrations", async (t, db) => {
  await t.step("are applied once and recorded", async () => {
    const all = await loadMigrations();
    assert.ok(all.length >= 1);
    const versions = await db.sql<
      { version: number }[]
    >`select version from schema_migrations order by 1`;
    assert.deepEqual(versions.map((r) => r.version), all.map((m) => m.version));
    assert.deepEqual(await migrate(db.sql), [], "a second run applies nothing");
  });

  await t.step("several processes starting at once apply them exactly once", async () => {
    const other = await db.openAnother(2);
    try {
      await other.sql`drop table schema_migrations`;
      await other.sql.unsafe(`drop table if exists audit_log, rate_limit_counters, idempotency_keys,
        email_outbox, settings, admins, inquiries, booking_answers, booking_extras, bookings,
        question_options, questions, frequencies, extras, service_bedroom_prices, services`);
      const results = await Promise.all([migrate(db.sql), migrate(other.sql), migrate(db.sql)]);
      assert.equal(results.filter((r) => r.length > 0).length, 1, "one runner did the work");
      const [{ count }] = await db.sql<
        { count: number }[]
      >`select count(*)::int as count from services`;
      assert.equal(count, 0);
    } finally {
      await other.close();
    }
  });

  await t.step("a failing migration leaves the schema untouched", async () => {
    const before = await db.sql`select version from schema_migrations`;
    await assert.rejects(
      migrate(db.sql, [...await loadMigrations(), {
        version: 999,
        name: "broken",
        sql: "create table half_done (id int); select no_such_function();",
      }]),
    );
    const [{ exists }] = await db.sql<{ exists: boolean }[]>`
      select to_regclass('half_done') is not null as exists`;
    assert.equal(exists, false);
    assert.equal((await db.sql`select version from schema_migrations`).length, before.length);
  });
});

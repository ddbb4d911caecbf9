import assert from "node:assert/strict";
import net from "node:net";
import { dirname } from "node:path";
import { describeOnTargets, POSTGRES_TARGET, type TestDatabase } from "./test-db.ts";
import { loadMigrations, migrate } from "./migrate.ts";
import {
  type DatabaseTimeouts,
  isDatabaseUnavailable,
  MIGRATION_TIMEOUTS,
  openDatabase,
  REQUEST_TIMEOUTS,
} from "./db.ts";
import { RETRY_MS } from "./connection-guard.ts";
import { type OutageProxy, startOutageProxy } from "./outage-proxy.ts";

/** Every table of the schema, children first. */
const DROP_ALL = `drop table if exists admin_sessions, login_device_attempts, audit_log, rate_limit_counters, idempotency_keys,
  email_outbox, settings, admins, inquiries, booking_cleaners, cleaner_working_hours, cleaner_time_off, cleaners, booking_payments, booking_access_tokens, booking_answers, quote_prices,
  booking_extras, bookings, closed_dates, question_options, questions, frequencies, extras,
  service_bedroom_prices, services, booking_series, customers, stripe_events, invoices, invoice_counter,
  booking_feedback, password_set_tokens, job_attendance, cleaner_notices, cleaner_run_sheets cascade;
  drop function if exists capacity_lock_and_read(integer[], timestamptz, timestamptz, uuid),
    capacity_lock_and_read(integer[], timestamptz, timestamptz, uuid, timestamptz, timestamptz),
    reservation_lock(integer[], uuid[], boolean),
    reservation_lock_and_read(integer[], timestamptz, timestamptz, uuid, timestamptz, timestamptz, date, date, uuid[], boolean,
      date, integer, timestamptz, timestamptz, text)`;

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
      await other.sql.unsafe(DROP_ALL);
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

  await t.step("007 gives every existing booking and quote its own readable reference", async () => {
    await db.sql`drop table schema_migrations`;
    await db.sql.unsafe(DROP_ALL);
    const all = await loadMigrations();
    await migrate(db.sql, all.filter((m) => m.version < 7));
    for (let i = 0; i < 300; i++) {
      const start = new Date(Date.UTC(2026, 0, 1, i));
      await db.sql`
        insert into bookings (id, type, status, first_name, last_name, email, phone, address_street,
          address_suburb, address_state, address_post_code, service_name_at_booking, pricing_model,
          frequency_code, frequency_name_at_booking, frequency_discount_percent, start_time, end_time,
          base_amount, extras_amount, first_service_total, recurring_total)
        values (${crypto.randomUUID()}, ${i % 3 ? "BOOKING" : "QUOTE"}, ${i % 3 ? "PENDING" : "QUOTE_REQUESTED"},
          'Ada', 'Lovelace', 'ada@example.com', '0412345678', '1 Main St', 'Fitzroy', 'VIC', '3065',
          'Regular clean', 'FIXED', 'ONE_TIME', 'One time', 0, ${start}, ${new Date(start.getTime() + 7_200_000)},
          100, 0, 100, 100)`;
    }
    await migrate(db.sql);
    const rows = await db.sql<{ reference: string }[]>`select reference from bookings`;
    assert.equal(rows.length, 300);
    assert.equal(new Set(rows.map((r) => r.reference)).size, 300);
    for (const { reference } of rows) assert.match(reference, /^YS-[2-9A-HJ-NP-Z]{6}$/);
    await db.sql`delete from bookings`;
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

/** Fast limits, so outages show within a second. */
const QUICK: DatabaseTimeouts = { statementMs: 2_000, idleInTransactionMs: 0, connectMs: 500, replyMs: 800 };

/** A one-connection pool on `db`'s database, through `proxy`. */
function openThrough(db: TestDatabase, proxy: OutageProxy, timeouts = QUICK) {
  const { user, pass, database } = db.sql.options as { user: string; pass?: unknown; database: string };
  const secret = pass ? `:${encodeURIComponent(String(pass))}` : "";
  return openDatabase({
    url: `postgres://${encodeURIComponent(user)}${secret}@127.0.0.1:${proxy.port}/${encodeURIComponent(database)}`,
    schema: db.kind === "postgres" ? db.schema : undefined,
    max: 1,
    timeouts,
  });
}

const proxyFor = (db: TestDatabase) =>
  startOutageProxy(
    db.socketPath ? { path: db.socketPath } : { hostname: db.sql.options.host[0], port: db.sql.options.port[0] },
  );

/** How a query ends and how long it took. */
async function outcome(query: () => Promise<unknown>) {
  const started = performance.now();
  try {
    await query();
    return { ok: true, error: undefined, ms: performance.now() - started };
  } catch (error) {
    return { ok: false, error, ms: performance.now() - started };
  }
}

/** Milliseconds until `query` succeeds, trying every 20 ms. */
async function msUntilAnswered(query: () => Promise<unknown>, limitMs = 3_000) {
  const started = performance.now();
  for (let last = await outcome(query); !last.ok; last = await outcome(query)) {
    if (performance.now() - started > limitMs) throw new Error(`no answer within ${limitMs} ms: ${last.error}`);
    await new Promise((r) => setTimeout(r, 20));
  }
  return performance.now() - started;
}

describeOnTargets("connections on a database that goes silent or away", async (t, db) => {
  await t.step("a silent link fails its query after the reply timeout, and the next one finds the database once it answers", async () => {
    const proxy = proxyFor(db);
    const through = await openThrough(db, proxy);
    try {
      await through.sql`select 1`;
      proxy.pause();
      const silent = await outcome(() => through.sql`select 1`);
      assert.ok(!silent.ok && isDatabaseUnavailable(silent.error), String(silent.error));
      assert.ok(silent.ms >= QUICK.replyMs - 50 && silent.ms < QUICK.replyMs + 500, `${silent.ms} ms`);
      // A new connection gets no answer either: connect_timeout, or at once between retries.
      const again = await outcome(() => through.sql`select 1`);
      assert.ok(!again.ok && isDatabaseUnavailable(again.error), String(again.error));
      assert.ok(again.ms < QUICK.connectMs + 500, `${again.ms} ms`);
      proxy.resume();
      const recovered = await msUntilAnswered(() => through.sql`select 1`);
      assert.ok(recovered < RETRY_MS + 1_000, `answered ${recovered} ms after the link came back`);
    } finally {
      await through.close();
      proxy.close();
    }
  });

  await t.step("a thread too busy to read the reply in time is not taken for a silent link", async () => {
    const proxy = proxyFor(db);
    const through = await openThrough(db, proxy, { ...QUICK, replyMs: 300 });
    try {
      await through.sql`select 1`;
      const answer = outcome(() => through.sql`select 2`);
      // Once the query is on the wire, hold the thread past the reply timeout.
      await new Promise((r) => setTimeout(r, 20));
      const until = performance.now() + 600;
      while (performance.now() < until) { /* busy */ }
      const { ok, error } = await answer;
      assert.ok(ok, String(error));
    } finally {
      await through.close();
      proxy.close();
    }
  });

  await t.step("a refusing database fails queries at once and is found again when it listens", async () => {
    const proxy = proxyFor(db);
    const through = await openThrough(db, proxy);
    try {
      await through.sql`select 1`;
      proxy.refuse();
      for (let i = 0; i < 5; i++) {
        const refused = await outcome(() => through.sql`select 1`);
        assert.ok(!refused.ok && isDatabaseUnavailable(refused.error), String(refused.error));
        assert.ok(refused.ms < 500, `${refused.ms} ms`);
      }
      proxy.resume();
      const recovered = await msUntilAnswered(() => through.sql`select 1`);
      assert.ok(recovered < RETRY_MS + 1_000, `answered ${recovered} ms after the database came back`);
    } finally {
      await through.close();
      proxy.close();
    }
  });

  await t.step("a transaction whose link goes silent fails within the reply timeout, without crashing the process", async () => {
    const proxy = proxyFor(db);
    const through = await openThrough(db, proxy);
    try {
      const stuck = outcome(() =>
        through.sql.begin(async (tx) => {
          await tx`select 1`;
          proxy.pause();
          await tx`select 2`;
        })
      );
      const { ok, error, ms } = await stuck;
      assert.ok(!ok && isDatabaseUnavailable(error), String(error));
      assert.ok(ms < QUICK.replyMs + 1_000, `${ms} ms`);
      proxy.resume();
      await msUntilAnswered(() => through.sql`select 1`);
    } finally {
      proxy.resume();
      await through.close();
      proxy.close();
    }
  });

  // PostgreSQL only: PGlite's socket server shares one session, and a client gone mid-transaction
  // now and then leaves it stuck there (the embedded pool never cuts its own connection).
  if (db.kind === "postgres") await t.step("a transaction whose database goes away mid-way fails at once, without crashing the process", async () => {
    const proxy = proxyFor(db);
    const through = await openThrough(db, proxy);
    try {
      const { ok, error, ms } = await outcome(() =>
        through.sql.begin(async (tx) => {
          await tx`select 1`;
          proxy.refuse();
          await tx`select 2`;
        })
      );
      assert.ok(!ok && isDatabaseUnavailable(error), String(error));
      assert.ok(ms < 1_000, `${ms} ms`);
      // Let the rollback's scheduled write run: postgres.js alone would crash the process here.
      await new Promise((r) => setTimeout(r, 50));
      proxy.resume();
      await msUntilAnswered(() => through.sql`select 1`);
    } finally {
      proxy.resume();
      await through.close();
      proxy.close();
    }
  });
});

describeOnTargets("request and migration limits on the server", async (t, db) => {
  await t.step("request connections carry statement_timeout and idle_in_transaction_session_timeout", async () => {
    const [{ statement_timeout }] = await db.sql<{ statement_timeout: string }[]>`show statement_timeout`;
    const [{ idle }] = await db.sql<{ idle: string }[]>`
      select current_setting('idle_in_transaction_session_timeout') as idle`;
    assert.equal(statement_timeout, `${REQUEST_TIMEOUTS.statementMs / 1000}s`);
    assert.equal(idle, `${REQUEST_TIMEOUTS.idleInTransactionMs / 1000}s`);
    // A silent link is only judged after the server had its chance to cancel the statement.
    assert.ok(REQUEST_TIMEOUTS.replyMs > REQUEST_TIMEOUTS.statementMs);
  });

  await t.step("a statement over statement_timeout is cancelled by the server: unavailable, not a bug", async () => {
    const quick = await openDatabase({ url: POSTGRES_TARGET!.url, schema: db.schema, max: 1, timeouts: { ...QUICK, statementMs: 300, replyMs: 5_000 } });
    try {
      const { ok, error, ms } = await outcome(() => quick.sql`select pg_sleep(3)`);
      assert.ok(!ok && (error as { code?: string }).code === "57014" && isDatabaseUnavailable(error), String(error));
      assert.ok(ms < 1_500, `${ms} ms`);
    } finally {
      await quick.close();
    }
  });

  await t.step("the migration pool has no statement timeout of ours", async () => {
    const migrations = await openDatabase({ url: POSTGRES_TARGET!.url, max: 1, timeouts: MIGRATION_TIMEOUTS });
    try {
      const [{ statement_timeout }] = await migrations.sql<{ statement_timeout: string }[]>`show statement_timeout`;
      assert.equal(statement_timeout, "0");
    } finally {
      await migrations.close();
    }
  });
}, { targets: POSTGRES_TARGET ? [POSTGRES_TARGET] : [] });

/**
 * The address of every node:net server (pglite-socket's is one) that starts listening while `fn`
 * runs: a string for a Unix socket, { address, port } for TCP. (/proc/net/tcp needs --allow-all.)
 */
async function listenersDuring<T>(fn: () => Promise<T>): Promise<{ value: T; addresses: unknown[] }> {
  const listen = net.Server.prototype.listen;
  const addresses: unknown[] = [];
  net.Server.prototype.listen = function (this: net.Server, ...args: unknown[]) {
    this.once("listening", () => addresses.push(this.address()));
    return (listen as (...a: unknown[]) => net.Server).apply(this, args);
  } as typeof listen;
  try {
    return { value: await fn(), addresses };
  } finally {
    net.Server.prototype.listen = listen;
  }
}

const modeOf = async (path: string) => (await Deno.stat(path)).mode! & 0o777;

const exists = (path: string) =>
  Deno.stat(path).then(() => true, (error) => {
    if (error instanceof Deno.errors.NotFound) return false;
    throw error;
  });

Deno.test({
  name: "issue 29: the embedded database listens on no TCP port, only on a Unix socket (0600) in a directory of its own (0700)",
  ignore: Deno.build.os !== "linux",
  fn: async (t) => {
    await t.step("the probe sees a TCP listener", async () => {
      const { addresses } = await listenersDuring(() =>
        new Promise<void>((resolve) => {
          const server = net.createServer();
          server.listen(0, "127.0.0.1", () => server.close(() => resolve()));
        })
      );
      assert.equal(addresses.length, 1);
      assert.equal(typeof (addresses[0] as net.AddressInfo).port, "number");
    });

    const dataRoot = await Deno.makeTempDir();
    try {
      const dataDir = `${dataRoot}/pglite`;
      // What a killed process leaves: its socket file, in a directory others could read.
      await Deno.mkdir(`${dataDir}-socket`, { mode: 0o755 });
      await Deno.chmod(`${dataDir}-socket`, 0o755);
      await Deno.writeTextFile(`${dataDir}-socket/.s.PGSQL.5432`, "");

      for (const target of [dataDir, "memory://db-socket-test"]) {
        await t.step(`${target.startsWith("memory") ? "a throw-away database" : "a data directory"}`, async () => {
          const { value: db, addresses } = await listenersDuring(() => openDatabase({ dataDir: target }));
          let socketPath = "";
          try {
            socketPath = db.socketPath ?? "";
            assert.deepEqual(addresses, [socketPath], "one listener, on the Unix socket: no TCP port");
            assert.ok((await Deno.stat(socketPath)).isSocket, socketPath);
            assert.equal(await modeOf(socketPath), 0o600);
            assert.equal(await modeOf(dirname(socketPath)), 0o700);
            if (target === dataDir) assert.equal(dirname(socketPath), `${dataDir}-socket`);
            assert.deepEqual([...await db.sql`select 1 as one`], [{ one: 1 }]);
          } finally {
            await db.close();
          }
          assert.equal(await exists(socketPath), false, "the socket is removed on stop");
          // A private temporary directory goes with it; the one beside a data dir stays, empty.
          assert.equal(await exists(dirname(socketPath)), target === dataDir);
        });
      }
    } finally {
      await Deno.remove(dataRoot, { recursive: true });
    }
  },
});

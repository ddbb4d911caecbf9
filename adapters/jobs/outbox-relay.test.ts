import assert from "node:assert/strict";
import { booking } from "../../core/notifications/test-fixtures.ts";
import { bookingConfirmationEmail } from "../../core/notifications/record-emails.ts";
import { DEMO_BUSINESS_PROFILE } from "../../core/settings/demo-business-profile.ts";
import { DEFAULT_CANCELLATION_POLICY_HTML } from "../../core/settings/types.ts";
import type { OutboxMessage } from "../../core/shared/outbox.ts";
import type { Sql } from "../postgres/db.ts";
import { enqueueEmail } from "../postgres/outbox-repository.ts";
import { describeOnTargets, POSTGRES_TARGET } from "../postgres/test-db.ts";
import { exponentialBackoff, makeOutboxRelay, type RelayLog } from "./outbox-relay.ts";
import { makeSmtpTransport } from "../email/smtp-transport.ts";
import { attachmentNamed, parseMail } from "../email/test-mime.ts";
import { startTestSmtpServer } from "../email/test-smtp-server.ts";
import type { MailTransport, OutgoingMail } from "../email/transport.ts";

const FROM = "Yarra Shine Cleaning <hello@yarrashine.com.au>";

// The relay only needs a realistic confirmation with its .ics: the shared fixture, one-time.
const record = booking({ frequencyCode: "ONE_TIME", frequencyNameAtBooking: "One time", frequencyDiscountPercent: 0, discountPercent: 0 });

const confirmation = (): OutboxMessage =>
  bookingConfirmationEmail(record, {
    profile: DEMO_BUSINESS_PROFILE,
    cancellationPolicyHtml: DEFAULT_CANCELLATION_POLICY_HTML,
  });

const simple = (n: number): OutboxMessage => ({
  kind: "booking-notification",
  to: "bookings@yarrashine.com.au",
  subject: `Message ${n}`,
  text: `Body ${n}`,
});

interface OutboxRow {
  id: string;
  status: string;
  attempts: number;
  next_attempt_at: Date;
  last_error: string | null;
  sent_at: Date | null;
  due_in_seconds: number;
}

const rows = (sql: Sql) =>
  sql<OutboxRow[]>`
    select id, status, attempts, next_attempt_at, last_error, sent_at,
           extract(epoch from next_attempt_at - now())::float8 as due_in_seconds
    from email_outbox order by created_at, subject`;

/** Collects log lines instead of printing them. */
function memoryLog(): RelayLog & { lines: string[] } {
  const lines: string[] = [];
  return {
    lines,
    info: (m) => lines.push(`info ${m}`),
    warn: (m) => lines.push(`warn ${m}`),
    error: (m) => lines.push(`error ${m}`),
  };
}

const failingTransport = (reason = "SMTP is down"): MailTransport => ({
  send: () => Promise.reject(new Error(reason)),
  describe: () => "always fails",
  close: () => Promise.resolve(),
});

Deno.test("exponentialBackoff: 15 s doubling, capped at 1 h", () => {
  assert.deepEqual([1, 2, 3, 4, 8, 9, 20].map(exponentialBackoff), [
    15_000,
    30_000,
    60_000,
    120_000,
    1_920_000,
    3_600_000,
    3_600_000,
  ]);
});

describeOnTargets(
  "relay delivers a booking confirmation with its .ics over real SMTP",
  async (_t, db) => {
    const smtp = await startTestSmtpServer();
    const transport = makeSmtpTransport(smtp.url);
    try {
      await enqueueEmail(db.sql, confirmation());
      const relay = makeOutboxRelay({ sql: db.sql, transport, from: FROM, log: memoryLog() });
      assert.deepEqual(await relay.runOnce(), { sent: 1, retried: 0, failed: 0 });

      assert.equal(smtp.received.length, 1);
      const [mail] = smtp.received;
      assert.deepEqual(mail.to, ["jane@example.com"]);
      assert.equal(mail.from, "hello@yarrashine.com.au");
      const parsed = parseMail(mail.raw);
      assert.equal(
        parsed.subject,
        "Booking request received — Hourly Cleaning, Sat 28 Nov 2026, 9:00 am (YS-7K3F9Q)",
      );
      const [row] = await rows(db.sql);
      assert.equal(parsed.headers.get("message-id"), `<${row.id}@yarrashine.com.au>`);
      const ics = attachmentNamed(parsed, "booking.ics");
      assert.ok(ics, "the .ics attachment is in the message");
      assert.match(ics.headers.get("content-type")!, /^text\/calendar/);
      assert.ok(ics.body.startsWith("BEGIN:VCALENDAR"));
      assert.ok(ics.body.includes("DTSTART:20261127T220000Z"));
      assert.ok(parsed.parts.some((p) => p.headers.get("content-type")?.startsWith("text/html")));
      assert.ok(parsed.parts.some((p) => p.body.includes("Service: Hourly Cleaning, 3 hours")));

      assert.equal(row.status, "SENT");
      assert.equal(row.attempts, 1);
      assert.ok(row.sent_at instanceof Date);
      assert.equal(row.last_error, null);
      assert.deepEqual(await relay.runOnce(), { sent: 0, retried: 0, failed: 0 });
    } finally {
      await transport.close();
      await smtp.stop();
    }
  },
);

Deno.test({
  name: "SMTP transport upgrades with STARTTLS when the server offers it",
  sanitizeOps: false,
  sanitizeResources: false,
  fn: async () => {
    const smtp = await startTestSmtpServer({ starttls: true });
    // The test server's certificate is self-signed; requireTLS refuses a plain-text fallback.
    const transport = makeSmtpTransport(`${smtp.url}?requireTLS=true&tls.rejectUnauthorized=false`);
    try {
      assert.equal(
        transport.describe(),
        `SMTP smtp://127.0.0.1:${smtp.port}?requireTLS=true&tls.rejectUnauthorized=false`,
      );
      await transport.send({ from: FROM, to: "jane@example.com", subject: "Over TLS", text: "hi" });
      assert.equal(smtp.received.length, 1);
      assert.equal(smtp.received[0].secure, true);
    } finally {
      await transport.close();
      await smtp.stop();
    }
  },
});

Deno.test("describe() never shows the SMTP password", () => {
  const transport = makeSmtpTransport("smtp://mailer:s3cret@mail.example.com:587");
  assert.equal(transport.describe(), "SMTP smtp://mailer:***@mail.example.com:587");
});

describeOnTargets(
  "relay retries while the SMTP server is down, then delivers once",
  async (_t, db) => {
    const smtp = await startTestSmtpServer();
    const transport = makeSmtpTransport(smtp.url);
    const log = memoryLog();
    try {
      await smtp.stop();
      await enqueueEmail(db.sql, confirmation());
      const relay = makeOutboxRelay({ sql: db.sql, transport, from: FROM, log });

      assert.deepEqual(await relay.runOnce(), { sent: 0, retried: 1, failed: 0 });
      let [row] = await rows(db.sql);
      assert.equal(row.status, "PENDING");
      assert.equal(row.attempts, 1);
      assert.ok(
        row.due_in_seconds > 10 && row.due_in_seconds <= 15,
        `due in ${row.due_in_seconds}`,
      );
      assert.match(row.last_error ?? "", /ECONNREFUSED|refused/i);
      assert.ok(log.lines.some((l) => l.startsWith("warn") && l.includes("retry in 15 s")));
      // Not due yet: nothing is claimed.
      assert.deepEqual(await relay.runOnce(), { sent: 0, retried: 0, failed: 0 });

      await smtp.restart();
      await db.sql`update email_outbox set next_attempt_at = now() - interval '1 second'`;
      assert.deepEqual(await relay.runOnce(), { sent: 1, retried: 0, failed: 0 });
      assert.deepEqual(await relay.runOnce(), { sent: 0, retried: 0, failed: 0 });
      assert.equal(smtp.received.length, 1);
      [row] = await rows(db.sql);
      assert.equal(row.status, "SENT");
      assert.equal(row.attempts, 2);
      assert.equal(row.last_error, null);
    } finally {
      await transport.close();
      await smtp.stop();
    }
  },
);

describeOnTargets("relay marks a message FAILED after maxAttempts", async (_t, db) => {
  await enqueueEmail(db.sql, simple(1));
  const log = memoryLog();
  const relay = makeOutboxRelay({
    sql: db.sql,
    transport: failingTransport("550 mailbox unavailable"),
    from: FROM,
    maxAttempts: 3,
    backoff: () => 0,
    log,
  });
  assert.deepEqual(await relay.runOnce(), { sent: 0, retried: 1, failed: 0 });
  assert.deepEqual(await relay.runOnce(), { sent: 0, retried: 1, failed: 0 });
  assert.deepEqual(await relay.runOnce(), { sent: 0, retried: 0, failed: 1 });
  assert.deepEqual(await relay.runOnce(), { sent: 0, retried: 0, failed: 0 });
  const [row] = await rows(db.sql);
  assert.equal(row.status, "FAILED");
  assert.equal(row.attempts, 3);
  assert.equal(row.last_error, "Error: 550 mailbox unavailable");
  assert.equal(row.sent_at, null);
  assert.ok(log.lines.some((l) => l.startsWith("error") && l.includes("after 3 attempts")));
});

describeOnTargets(
  "a crashed relay's claimed messages come back after the lease",
  async (_t, db) => {
    await enqueueEmail(db.sql, simple(1));
    // What a relay that died after claiming leaves behind.
    await db
      .sql`update email_outbox set attempts = 1, next_attempt_at = now() + interval '300 seconds'`;
    const sent: OutgoingMail[] = [];
    const transport: MailTransport = {
      send: (m) => {
        sent.push(m);
        return Promise.resolve();
      },
      describe: () => "memory",
      close: () => Promise.resolve(),
    };
    const relay = makeOutboxRelay({ sql: db.sql, transport, from: FROM, log: memoryLog() });
    assert.deepEqual(await relay.runOnce(), { sent: 0, retried: 0, failed: 0 });
    await db.sql`update email_outbox set next_attempt_at = now() - interval '1 second'`;
    assert.deepEqual(await relay.runOnce(), { sent: 1, retried: 0, failed: 0 });
    assert.equal(sent.length, 1);
    assert.equal(sent[0].from, FROM);
    assert.equal(sent[0].subject, "Message 1");
    const [row] = await rows(db.sql);
    assert.equal(row.attempts, 2);
  },
);

describeOnTargets("start() sends at once what is queued (the outbox wakes it) and stop() waits for the batch", async (_t, db) => {
  const smtp = await startTestSmtpServer({ delayMs: 300 });
  const transport = makeSmtpTransport(smtp.url);
  const relay = makeOutboxRelay({ sql: db.sql, transport, from: FROM, log: memoryLog() });
  const waitFor = async (condition: () => Promise<boolean>) => {
    const deadline = Date.now() + 10_000;
    while (!(await condition())) {
      if (Date.now() > deadline) throw new Error("timed out");
      await new Promise((r) => setTimeout(r, 10));
    }
  };
  try {
    // A long interval: only the wake-up the queued e-mail gives can explain a prompt delivery.
    relay.start(60_000);
    await new Promise((r) => setTimeout(r, 50));
    await enqueueEmail(db.sql, simple(1));
    await waitFor(async () => (await rows(db.sql))[0].status === "SENT");
    assert.equal(smtp.received.length, 1);

    await enqueueEmail(db.sql, simple(2));
    // Claimed and on the wire (the receiver holds it 300 ms): stop() must wait for it.
    await waitFor(async () => (await rows(db.sql))[1].attempts === 1);
    await relay.stop();
    assert.deepEqual((await rows(db.sql)).map((r) => r.status), ["SENT", "SENT"]);
    assert.equal(smtp.received.length, 2);
  } finally {
    await relay.stop();
    await transport.close();
    await smtp.stop();
  }
});

describeOnTargets("the loop keeps going through transport errors until FAILED", async (_t, db) => {
  const log = memoryLog();
  await enqueueEmail(db.sql, simple(1));
  const relay = makeOutboxRelay({
    sql: db.sql,
    transport: failingTransport(),
    from: FROM,
    backoff: () => 0,
    maxAttempts: 2,
    log,
  });
  relay.start(10);
  const deadline = Date.now() + 10_000;
  while (!log.lines.some((l) => l.startsWith("error")) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 20));
  }
  await relay.stop();
  const [row] = await rows(db.sql);
  assert.equal(row.status, "FAILED");
});

Deno.test("the loop logs a database error and keeps running; runOnce rejects", async () => {
  const log = memoryLog();
  const databaseDown = (() => Promise.reject(new Error("connection refused"))) as unknown as Sql;
  const relay = makeOutboxRelay({
    sql: databaseDown,
    transport: failingTransport(),
    from: FROM,
    log,
  });
  await assert.rejects(relay.runOnce(), /connection refused/);
  relay.start(5);
  const deadline = Date.now() + 5_000;
  while (log.lines.filter((l) => l.includes("batch failed")).length < 2) {
    if (Date.now() > deadline) throw new Error("the loop stopped after a database error");
    await new Promise((r) => setTimeout(r, 5));
  }
  await relay.stop();
  assert.ok(log.lines[0].startsWith("error [outbox] batch failed: Error: connection refused"));
});

Deno.test("the loop backs off while the database is gone and keeps its pace once it is back", async () => {
  const log = memoryLog();
  let down = true;
  let claims = 0;
  const flakyDatabase = (() => {
    claims++;
    return down ? Promise.reject(new Error("connection refused")) : Promise.resolve([]);
  }) as unknown as Sql;
  const relay = makeOutboxRelay({ sql: flakyDatabase, transport: failingTransport(), from: FROM, log });
  relay.start(10);
  await new Promise((r) => setTimeout(r, 600));
  // 10, 20, 40, 80, 160, 320 ms apart: a handful of tries, not one every 10 ms.
  assert.ok(claims >= 3 && claims <= 8, `${claims} claims in 600 ms while down`);
  assert.match(log.lines.at(-1)!, /batch failed: Error: connection refused \(next try in \d+ s\)/);
  down = false;
  const deadline = Date.now() + 3_000;
  while (!log.lines.some((l) => l.startsWith("info [outbox] database reachable again"))) {
    if (Date.now() > deadline) throw new Error("the loop did not come back");
    await new Promise((r) => setTimeout(r, 10));
  }
  const before = claims;
  await new Promise((r) => setTimeout(r, 200));
  await relay.stop();
  assert.ok(claims - before >= 5, `back to every 10 ms: ${claims - before} claims in 200 ms`);
});

describeOnTargets(
  "two relays with their own pools send each of 20 messages exactly once",
  async (_t, db) => {
    const smtp = await startTestSmtpServer({ delayMs: 5 });
    const other = await db.openAnother(4);
    const transports = [makeSmtpTransport(smtp.url), makeSmtpTransport(smtp.url)];
    try {
      for (let n = 1; n <= 20; n++) await enqueueEmail(db.sql, simple(n));
      const relays = [
        makeOutboxRelay({ sql: db.sql, transport: transports[0], from: FROM, batchSize: 3 }),
        makeOutboxRelay({ sql: other.sql, transport: transports[1], from: FROM, batchSize: 3 }),
      ];
      const drain = async (relay: (typeof relays)[number]) => {
        let sent = 0;
        for (;;) {
          const result = await relay.runOnce();
          if (result.sent + result.retried + result.failed === 0) return sent;
          sent += result.sent;
        }
      };
      const counts = await Promise.all(relays.map(drain));
      assert.equal(counts[0] + counts[1], 20);
      assert.ok(counts[0] > 0 && counts[1] > 0, `both relays worked: ${counts}`);
      const subjects = smtp.received.map((m) => parseMail(m.raw).subject).sort();
      assert.deepEqual(
        subjects,
        Array.from({ length: 20 }, (_, i) => `Message ${i + 1}`).sort(),
      );
      const all = await rows(db.sql);
      assert.ok(all.every((r) => r.status === "SENT" && r.attempts === 1));
    } finally {
      await Promise.all(transports.map((t) => t.close()));
      await other.close();
      await smtp.stop();
    }
  },
  { targets: POSTGRES_TARGET ? [POSTGRES_TARGET] : [] },
);

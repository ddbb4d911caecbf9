/** The janitor on PGlite always and on PostgreSQL when DATABASE_URL is set. */
import assert from "node:assert/strict";
import { enqueueEmail } from "../postgres/outbox-repository.ts";
import { describeOnTargets } from "../postgres/test-db.ts";
import { makeJanitor, SENT_EMAIL_RETENTION_DAYS } from "./janitor.ts";

describeOnTargets("janitor: one sweep forgets what is past its use, and keeps the rest", async (_t, db) => {
  for (const subject of ["old sent", "recent sent"]) await enqueueEmail(db.sql, { kind: "booking-notification", to: "a@b.co", subject, text: "x" });
  await db.sql`update email_outbox set status = 'SENT', sent_at = now() - make_interval(days => ${SENT_EMAIL_RETENTION_DAYS + 1})
               where subject = 'old sent'`;
  await db.sql`update email_outbox set status = 'SENT', sent_at = now() where subject = 'recent sent'`;
  await db.sql`insert into rate_limit_counters (bucket, window_start, hits)
               values ('old', now() - interval '2 days', 1), ('current', now(), 1)`;
  const lines: string[] = [];
  const janitor = makeJanitor({ sql: db.sql, tokenTtlHours: 12, log: { info: (m) => lines.push(m), error: (m) => lines.push(m) } });
  janitor.start(60_000);
  try {
    const deadline = Date.now() + 5_000;
    while ((await db.sql`select 1 from rate_limit_counters where bucket = 'old'`).length > 0) {
      if (Date.now() > deadline) throw new Error("the first sweep did not run at start");
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  } finally {
    await janitor.stop();
  }
  const subjects = await db.sql<{ subject: string }[]>`select subject from email_outbox`;
  assert.deepEqual(subjects.map((r) => r.subject), ["recent sent"]);
  const buckets = await db.sql<{ bucket: string }[]>`select bucket from rate_limit_counters`;
  assert.deepEqual(buckets.map((r) => r.bucket), ["current"]);
  assert.deepEqual(lines, []);
});

/** The outbox's clean-up, on PGlite always and on PostgreSQL when DATABASE_URL is set. */
import assert from "node:assert/strict";
import { deleteSentEmails, enqueueEmail } from "./outbox-repository.ts";
import { describeOnTargets } from "./test-db.ts";

describeOnTargets("outbox clean-up", async (t, db) => {
  const message = (subject: string) => ({ kind: "booking-notification", to: "a@b.co", subject, text: "x" });
  for (const subject of ["old sent", "new sent", "old failed", "old pending"]) {
    await enqueueEmail(db.sql, message(subject));
  }
  await db.sql`update email_outbox set status = 'SENT', sent_at = now() - interval '31 days'
               where subject = 'old sent'`;
  await db.sql`update email_outbox set status = 'SENT', sent_at = now() - interval '29 days'
               where subject = 'new sent'`;
  await db.sql`update email_outbox set status = 'FAILED', created_at = now() - interval '90 days'
               where subject = 'old failed'`;
  await db.sql`update email_outbox set created_at = now() - interval '90 days'
               where subject = 'old pending'`;

  await t.step("only messages sent more than the retention ago are deleted", async () => {
    assert.equal(await deleteSentEmails(db.sql, 30), 1);
    const left = await db.sql<{ subject: string }[]>`select subject from email_outbox order by subject`;
    assert.deepEqual(left.map((r) => r.subject), ["new sent", "old failed", "old pending"]);
  });
});

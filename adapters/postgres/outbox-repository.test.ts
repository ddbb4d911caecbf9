/** The outbox's clean-up, on PGlite always and on PostgreSQL when DATABASE_URL is set. */
import assert from "node:assert/strict";
import { deleteSentEmails, enqueueEmail, onEmailQueued } from "./outbox-repository.ts";
import { describeOnTargets } from "./test-db.ts";
import { runInTransaction } from "./transaction.ts";

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

describeOnTargets("a queued e-mail tells the relay once its transaction has committed, and only then", async (t, db) => {
  const message = (subject: string) => ({ kind: "booking-notification", to: "a@b.co", subject, text: "x" });
  let told = 0;
  const stop = onEmailQueued(db.sql, () => told++);
  const pending = () => db.sql<{ n: number }[]>`select count(*)::int as n from email_outbox where status = 'PENDING'`;

  await t.step("a transaction that queues two: told once, after the commit, when the rows are there to send", async () => {
    let toldInside = -1;
    // What a relay woken then finds: the read starts the moment it is told.
    let seen: ReturnType<typeof pending> | undefined;
    const stopSeeing = onEmailQueued(db.sql, () => {
      seen ??= pending();
    });
    await runInTransaction(db.sql, async (tx) => {
      await enqueueEmail(tx, message("one"));
      await enqueueEmail(tx, message("two"));
      toldInside = told;
    });
    stopSeeing();
    assert.equal(toldInside, 0, "nothing is told before the commit");
    assert.equal(told, 1);
    assert.ok(seen, "the relay is told");
    assert.equal((await seen)[0].n, 2, "a relay woken then finds both");
  });

  await t.step("a transaction that rolls back, by a failure or an error, tells nothing", async () => {
    const before = told;
    await runInTransaction(db.sql, async (tx) => {
      await enqueueEmail(tx, message("refused"));
      return { ok: false as const, error: "refused" };
    });
    await assert.rejects(runInTransaction(db.sql, async (tx) => {
      await enqueueEmail(tx, message("thrown"));
      throw new Error("boom");
    }), /boom/);
    assert.equal(told, before);
    assert.equal((await pending())[0].n, 2);
  });

  await t.step("a transaction without e-mail tells nothing; a statement outside one tells at once", async () => {
    const before = told;
    await runInTransaction(db.sql, (tx) => tx`select 1`);
    assert.equal(told, before);
    await enqueueEmail(db.sql, message("alone"));
    assert.equal(told, before + 1);
  });

  await t.step("after stop, the listener hears nothing more", async () => {
    stop();
    const before = told;
    await enqueueEmail(db.sql, message("unheard"));
    assert.equal(told, before);
  });
});

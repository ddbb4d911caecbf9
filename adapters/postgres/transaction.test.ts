/** The one transaction rule, on PGlite always and on PostgreSQL when DATABASE_URL is set. */
import assert from "node:assert/strict";
import { describeOnTargets } from "./test-db.ts";
import { runInTransaction, transactionOver } from "./transaction.ts";
import { err, notFound, ok } from "../../core/shared/result.ts";

describeOnTargets("runInTransaction", async (t, db) => {
  await db.sql`create table rule_check (n int not null)`;
  const rows = async () => (await db.sql<{ n: number }[]>`select n from rule_check order by n`).map((r) => r.n);
  const write = (n: number) => runInTransaction(db.sql, async (tx) => {
    await tx`insert into rule_check (n) values (${n})`;
    await tx`insert into rule_check (n) values (${n + 1})`;
  });

  await t.step("a returned value commits every statement", async () => {
    await write(1);
    const result = await runInTransaction(db.sql, async (tx) => {
      await tx`insert into rule_check (n) values (3)`;
      return ok("stored");
    });
    assert.deepEqual(result, ok("stored"));
    assert.deepEqual(await rows(), [1, 2, 3]);
  });

  await t.step("a returned { ok: false } rolls back the writes before it, and is returned", async () => {
    const failure = err(notFound("Booking"));
    const result = await runInTransaction(db.sql, async (tx) => {
      await tx`insert into rule_check (n) values (10)`;
      return failure;
    });
    assert.equal(result, failure);
    assert.deepEqual(await rows(), [1, 2, 3]);
  });

  await t.step("a throw rolls back and the same error reaches the caller", async () => {
    const boom = new Error("audit failed");
    await assert.rejects(
      runInTransaction(db.sql, async (tx) => {
        await tx`insert into rule_check (n) values (20)`;
        throw boom;
      }),
      (error) => error === boom,
    );
    assert.deepEqual(await rows(), [1, 2, 3]);
  });

  await t.step("transactionOver hands the ports built on the transaction to the work", async () => {
    const inTransaction = transactionOver(db.sql, (tx) => ({ add: async (n: number) => void await tx`insert into rule_check (n) values (${n})` }));
    assert.equal((await inTransaction(async (ports) => {
      await ports.add(30);
      return err(notFound("Inquiry"));
    })).ok, false);
    await inTransaction((ports) => ports.add(31));
    assert.deepEqual(await rows(), [1, 2, 3, 31]);
  });
});

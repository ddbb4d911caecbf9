import assert from "node:assert/strict";
import { auditEntry } from "../../core/shared/audit.ts";
import { EMAIL_TAKEN } from "../../core/admin/manage-admins.ts";
import { SCHEDULING_DEFAULTS } from "../../core/settings/types.ts";
import {
  makeAdminAccountsTransactor,
  makeAuditReader,
  makeSettingsAdminTransactor,
} from "./admin-accounts-repository.ts";
import { makeAdminStore } from "./admin-repository.ts";
import { makeSettingsStore } from "./settings-repository.ts";
import { describeOnTargets } from "./test-db.ts";

const actor = { _id: crypto.randomUUID(), email: "root@example.com" };
const account = (email: string) => ({ name: "A", email, role: "admin" as const, passwordHash: "hash-1" });

describeOnTargets("admin accounts transactor", async (t, db) => {
  const accounts = makeAdminAccountsTransactor(db.sql);
  const count = async (table: "admins" | "audit_log") =>
    (await db.sql<{ n: number }[]>`select count(*)::int as n from ${db.sql(table)}`)[0].n;

  await t.step("a duplicate e-mail (any case) is EMAIL_TAKEN and the transaction goes on", async () => {
    await accounts.run(async (tx) => {
      await tx.lockAccounts();
      const first = await tx.insert(account("sam@example.com"));
      assert.notEqual(first, EMAIL_TAKEN);
      assert.equal(await tx.insert(account(" SAM@Example.com")), EMAIL_TAKEN);
      assert.notEqual(await tx.insert(account("kim@example.com")), EMAIL_TAKEN);
      await tx.audit.record(auditEntry(actor, "admin.create", "admin", null, null, { ok: true }));
    });
    assert.equal(await count("admins"), 2);
    assert.equal(await count("audit_log"), 1);
  });

  await t.step("update changes only what is given; a taken e-mail is EMAIL_TAKEN", async () => {
    const kim = (await makeAdminStore(db.sql).findByEmail("kim@example.com"))!;
    const updated = await accounts.run((tx) => tx.update(kim._id, { name: "Kim", role: "superadmin" }));
    assert.notEqual(updated, EMAIL_TAKEN);
    assert.deepEqual(
      { ...(updated as object) },
      { _id: kim._id, name: "Kim", email: "kim@example.com", role: "superadmin", createdAt: kim.createdAt },
    );
    assert.equal((await makeAdminStore(db.sql).findByEmail("kim@example.com"))!.passwordHash, "hash-1");
    assert.equal(await accounts.run((tx) => tx.update(kim._id, { email: "SAM@example.com" })), EMAIL_TAKEN);
    await accounts.run((tx) => tx.update(kim._id, { passwordHash: "hash-2" }));
    assert.equal((await makeAdminStore(db.sql).findByEmail("kim@example.com"))!.passwordHash, "hash-2");
    assert.equal(await accounts.run((tx) => tx.countSuperadmins()), 1);
  });

  await t.step("a failed result rolls everything back, audit row included", async () => {
    // Read outside the transaction: PGlite has one connection, inside it only `tx` may be used.
    const sam = (await makeAdminStore(db.sql).findByEmail("sam@example.com"))!;
    const result = await accounts.run(async (tx) => {
      await tx.remove(sam._id);
      await tx.audit.record(auditEntry(actor, "admin.delete", "admin", sam._id, sam, null));
      return { ok: false as const, error: "changed my mind" };
    });
    assert.deepEqual(result, { ok: false, error: "changed my mind" });
    assert.equal(await count("admins"), 2);
    assert.equal(await count("audit_log"), 1);
  });

  await t.step("the audit reader pages newest first", async () => {
    const page = await makeAuditReader(db.sql).list({ entity: "admin", limit: 10, page: 1 });
    assert.equal(page.totalItems, 1);
    assert.equal(page.items[0].action, "admin.create");
  });
});

describeOnTargets("settings admin transactor", async (t, db) => {
  const transactor = makeSettingsAdminTransactor(db.sql);
  await t.step("a setting and its audit row commit together", async () => {
    await transactor.run(async (tx) => {
      await tx.settings.saveScheduling({ ...SCHEDULING_DEFAULTS, slotBufferMin: 30 });
      await tx.audit.record(auditEntry(actor, "settings.scheduling", "settings", "scheduling", null, null));
    });
    assert.equal((await makeSettingsStore(db.sql).getScheduling()).slotBufferMin, 30);
    assert.equal((await makeAuditReader(db.sql).list({ limit: 10, page: 1 })).totalItems, 1);
  });
  await t.step("and roll back together", async () => {
    await assert.rejects(transactor.run(async (tx) => {
      await tx.settings.saveScheduling({ ...SCHEDULING_DEFAULTS, slotBufferMin: 90 });
      await tx.audit.record(auditEntry(actor, "settings.scheduling", "settings", "scheduling", null, null));
      throw new Error("boom");
    }));
    assert.equal((await makeSettingsStore(db.sql).getScheduling()).slotBufferMin, 30);
    assert.equal((await makeAuditReader(db.sql).list({ limit: 10, page: 1 })).totalItems, 1);
  });
});

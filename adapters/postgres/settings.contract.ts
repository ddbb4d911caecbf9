import assert from "node:assert/strict";
import type { TestDatabase } from "./test-db.ts";
import { makeSettingsStore } from "./settings-repository.ts";
import { makeAdminStore } from "./admin-repository.ts";
import { BOOKING_FORM_CONTENT_DEFAULTS, SCHEDULING_DEFAULTS } from "../../core/settings/types.ts";
import { DEMO_BUSINESS_PROFILE } from "./demo-data.ts";

export async function settingsContract(t: Deno.TestContext, db: TestDatabase): Promise<void> {
  const settings = makeSettingsStore(db.sql);
  await t.step("unsaved settings read as the defaults", async () => {
    assert.deepEqual(await settings.getScheduling(), SCHEDULING_DEFAULTS);
    assert.deepEqual(await settings.getBookingFormContent(), BOOKING_FORM_CONTENT_DEFAULTS);
    assert.equal(await settings.getBusinessProfile(), null);
  });
  await t.step("saved settings read back, and a later save replaces them", async () => {
    const scheduling = { ...SCHEDULING_DEFAULTS, slotBufferMin: 90, maxConcurrentPerSlot: 3 };
    await settings.saveScheduling(scheduling);
    await settings.saveScheduling({ ...scheduling, enforceBuffer: false });
    assert.deepEqual(await settings.getScheduling(), { ...scheduling, enforceBuffer: false });
    await settings.saveBusinessProfile(DEMO_BUSINESS_PROFILE);
    assert.deepEqual(await settings.getBusinessProfile(), DEMO_BUSINESS_PROFILE);
  });
}

export async function adminContract(t: Deno.TestContext, db: TestDatabase): Promise<void> {
  const admins = makeAdminStore(db.sql);
  await t.step("insert, find by e-mail in any case, get by id", async () => {
    assert.equal(await admins.count(), 0);
    const created = await admins.insert({
      name: "Sam Owner",
      email: "Sam@YarraShine.com.au",
      role: "superadmin",
      passwordHash: "$argon2id$fake",
    });
    assert.equal(await admins.count(), 1);
    const found = await admins.findByEmail("  sam@yarrashine.com.au ");
    assert.equal(found?._id, created._id);
    assert.equal(found?.passwordHash, "$argon2id$fake");
    assert.deepEqual(await admins.getById(created._id), created);
    assert.equal(await admins.getById("not-a-uuid"), null);
  });
  await t.step("an e-mail is unique whatever its case", async () => {
    await assert.rejects(
      admins.insert({
        name: "X",
        email: "SAM@yarrashine.com.au",
        role: "admin",
        passwordHash: "h",
      }),
      (e: { code?: string }) => e.code === "23505",
    );
  });
}

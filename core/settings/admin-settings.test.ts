/**
 * The settings' audit rows (issue 34 item 17): a save that changes nothing answers the settings and
 * writes no row; a change writes one with before and after. The SQL behind the store is
 * contract-tested on PGlite (adapters/postgres/settings.contract.ts).
 */
import assert from "node:assert/strict";
import type { AuditEntry } from "../shared/audit.ts";
import { makeSettingsAdmin, type SettingsAdminTx } from "./admin-settings.ts";
import type { SettingsStore } from "./ports.ts";
import { BOOKING_FORM_CONTENT_DEFAULTS, type BookingFormContent, SCHEDULING_DEFAULTS, type SchedulingSettings } from "./types.ts";

const actor = { _id: "4b0c1a52-0000-4000-8000-000000000001", email: "sam@yarrashine.com.au" };

function world() {
  let scheduling: SchedulingSettings = { ...SCHEDULING_DEFAULTS };
  let content: BookingFormContent = { ...BOOKING_FORM_CONTENT_DEFAULTS };
  const audit: AuditEntry[] = [];
  const settings = {
    getScheduling: () => Promise.resolve({ ...scheduling }),
    saveScheduling: (next: SchedulingSettings) => Promise.resolve({ ...(scheduling = { ...next }) }),
    getBookingFormContent: () => Promise.resolve({ ...content }),
    saveBookingFormContent: (next: BookingFormContent) => Promise.resolve({ ...(content = { ...next }) }),
  } as Partial<SettingsStore> as SettingsStore;
  const tx: SettingsAdminTx = { settings, audit: { record: (entry) => Promise.resolve(void audit.push(entry)) } };
  // The sanitiser keeps what it is given: the policy below is safe already.
  const admin = makeSettingsAdmin({ transactor: { run: (work) => work(tx) }, sanitizer: { sanitize: (html) => html } });
  return { admin, audit };
}

Deno.test("settings: a save that changes nothing writes no audit row; a change writes one", async (t) => {
  const { admin, audit } = world();

  await t.step("scheduling", async () => {
    const same = await admin.saveScheduling(actor, { slotBufferMin: SCHEDULING_DEFAULTS.slotBufferMin });
    assert.deepEqual(same, { ok: true, value: SCHEDULING_DEFAULTS });
    assert.equal(audit.length, 0);
    const changed = await admin.saveScheduling(actor, { maxConcurrentPerSlot: SCHEDULING_DEFAULTS.maxConcurrentPerSlot + 1 });
    assert.ok(changed.ok);
    assert.deepEqual(audit.map((a) => [a.action, a.entityId]), [["settings.scheduling", "scheduling"]]);
  });

  await t.step("the slot buffer alone", async () => {
    audit.length = 0;
    assert.deepEqual(await admin.saveSlotBuffer(actor, { slotBufferMin: SCHEDULING_DEFAULTS.slotBufferMin }), {
      slotBufferMin: SCHEDULING_DEFAULTS.slotBufferMin,
    });
    assert.equal(audit.length, 0);
    await admin.saveSlotBuffer(actor, { slotBufferMin: 90 });
    assert.deepEqual(audit.map((a) => [a.action, a.before, a.after]), [["settings.slot_buffer", {
      slotBufferMin: SCHEDULING_DEFAULTS.slotBufferMin,
    }, { slotBufferMin: 90 }]]);
  });

  await t.step("the booking form content", async () => {
    audit.length = 0;
    assert.deepEqual(await admin.saveContent(actor, { generalCommentLabel: BOOKING_FORM_CONTENT_DEFAULTS.generalCommentLabel }), BOOKING_FORM_CONTENT_DEFAULTS);
    assert.equal(audit.length, 0);
    await admin.saveContent(actor, { generalCommentLabel: "Anything else?" });
    assert.deepEqual(audit.map((a) => [a.action, (a.after as BookingFormContent).generalCommentLabel]), [["settings.content", "Anything else?"]]);
  });
});

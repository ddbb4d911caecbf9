/**
 * The team's audit rows (issue 34 item 17): an edit or a week that changes nothing answers the
 * cleaner and writes no row; a real change writes one. The SQL is tested on PGlite (api/admin-cleaners.test.ts).
 */
import assert from "node:assert/strict";
import type { AuditEntry } from "../shared/audit.ts";
import type { CleanersStore, CleanersTx } from "./ports.ts";
import { makeCleanersAdmin } from "./use-cases.ts";
import type { Cleaner, CleanerHours } from "./types.ts";
import type { WorkingDay } from "./team.ts";

const actor = { _id: "4b0c1a52-0000-4000-8000-000000000001", email: "sam@yarrashine.com.au" };
const MIA = "0c6b1a52-0000-4000-8000-000000000001";

function world() {
  let mia: Cleaner = { _id: MIA, name: "Mia Chen", phone: "0412345678", email: "", colour: "#1f7a6d", active: true, createdAt: new Date("2026-11-01T00:00:00Z") };
  let hours: CleanerHours = { workingHoursSet: false, days: [], timeOff: [] };
  const audit: AuditEntry[] = [];
  const tx = {
    lockCleaner: (id: string) => Promise.resolve(id === MIA ? { ...mia } : null),
    updateCleaner: (_id: string, changes: Partial<Cleaner>) => Promise.resolve({ ...(mia = { ...mia, ...changes }) }),
    audit: (entry: AuditEntry) => Promise.resolve(void audit.push(entry)),
    hoursOf: () => Promise.resolve(new Map([[MIA, hours]])),
    replaceWorkingHours: (_id: string, days: readonly WorkingDay[]) => Promise.resolve(void (hours = { ...hours, workingHoursSet: true, days: [...days] })),
  } as Partial<CleanersTx> as CleanersTx;
  const cleaners = { transaction: (work: (t: CleanersTx) => Promise<unknown>) => work(tx) } as unknown as CleanersStore;
  const admin = makeCleanersAdmin({ cleaners, clock: { now: () => new Date("2026-11-25T03:00:00Z") } });
  return { admin, audit };
}

Deno.test("cleaners: a save that changes nothing writes no audit row; a change writes one", async (t) => {
  const { admin, audit } = world();

  await t.step("details", async () => {
    const same = await admin.update(actor, MIA, { name: "Mia Chen", phone: "0412345678" });
    assert.ok(same.ok);
    assert.equal(same.value.name, "Mia Chen");
    assert.equal(audit.length, 0);
    assert.ok((await admin.update(actor, MIA, { name: "Mia Chen-Park", phone: "0412345678" })).ok);
    assert.deepEqual(audit.map((a) => [a.action, a.before, a.after]), [["cleaner.update", { name: "Mia Chen" }, { name: "Mia Chen-Park" }]]);
  });

  await t.step("the week", async () => {
    audit.length = 0;
    const week = [{ weekday: 1, start: "08:00", end: "16:00" }];
    assert.ok((await admin.setWorkingHours(actor, MIA, { days: week })).ok);
    assert.deepEqual(audit.map((a) => a.action), ["cleaner.working_hours"]);
    const same = await admin.setWorkingHours(actor, MIA, { days: week });
    assert.ok(same.ok);
    assert.deepEqual(same.value.workingHours, week);
    assert.equal(audit.length, 1, "the same week again writes no row");
  });
});

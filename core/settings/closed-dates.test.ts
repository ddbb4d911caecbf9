import assert from "node:assert/strict";
import type { AuditEntry } from "../admin/audit.ts";
import {
  CLOSED_DATE_ERRORS,
  type ClosedDatesAdminTx,
  makeClosedDatesAdmin,
  makeServiceAreaAdmin,
  type PublicHolidayCalendar,
  yearsAfterYmd,
} from "./closed-dates.ts";
import type { SettingsAdminTx } from "./admin-settings.ts";
import type { SettingsStore } from "./ports.ts";
import type { ClosedDate, ServiceArea } from "./types.ts";

Deno.test("yearsAfterYmd", () => {
  const cases: [string, number, string][] = [
    ["2026-11-22", 2, "2028-11-22"],
    ["2026-01-01", 2, "2028-01-01"],
    ["2028-02-29", 2, "2030-02-28"],
    ["2028-02-29", 4, "2032-02-29"],
    ["2026-12-31", 1, "2027-12-31"],
  ];
  for (const [from, years, expected] of cases) assert.equal(yearsAfterYmd(from, years), expected, `${from} + ${years}`);
  assert.throws(() => yearsAfterYmd("2026-02-30", 1), RangeError);
});

const actor = { _id: "admin-1", email: "sam@yarrashine.com.au" };

/**
 * The transaction's ports over plain values: enough to see what the use cases decide and audit.
 * The SQL behind them is contract-tested on PGlite through the API (api/admin-closed-dates.test.ts).
 */
function world(initial: ClosedDate[] = []) {
  const closed = new Map(initial.map((c) => [c.date, c]));
  const audit: AuditEntry[] = [];
  const sorted = () => [...closed.values()].sort((a, b) => a.date.localeCompare(b.date));
  const tx: ClosedDatesAdminTx = {
    closedDates: {
      list: ({ from, to } = {}) =>
        Promise.resolve(sorted().filter((c) => (!from || c.date >= from) && (!to || c.date <= to))),
      get: (date) => Promise.resolve(closed.get(date) ?? null),
      add: (c) => Promise.resolve(closed.has(c.date) ? false : (closed.set(c.date, c), true)),
      remove: (date) => {
        const found = closed.get(date) ?? null;
        closed.delete(date);
        return Promise.resolve(found);
      },
    },
    audit: { record: (entry) => Promise.resolve(void audit.push(entry)) },
  };
  const asked: [string, string][] = [];
  const holidays: PublicHolidayCalendar = {
    between: (from, to) => {
      asked.push([from, to]);
      return [
        { date: "2026-12-25", label: "Christmas Day" },
        { date: "2026-12-26", label: "Boxing Day" },
        { date: "2027-11-02", label: "Melbourne Cup" },
      ].filter((h) => h.date >= from && h.date <= to);
    },
  };
  // 12:30 am on 22 Nov 2026 in Melbourne (UTC+11), still the 21st in UTC: Melbourne's date counts.
  const clock = { now: () => new Date("2026-11-21T13:30:00Z") };
  const admin = makeClosedDatesAdmin({
    transactor: { run: (work) => work(tx) },
    closedDates: tx.closedDates,
    holidays,
    clock,
  });
  return { admin, closed, audit, asked, sorted };
}

Deno.test("closed dates: add and remove, each audited", async (t) => {
  const { admin, audit, sorted } = world([{ date: "2026-12-24", label: "Team day off" }]);

  await t.step("add stores the date with its trimmed label, or none", async () => {
    assert.deepEqual(await admin.add(actor, { date: "2027-01-02", label: "  Stocktake " }), {
      ok: true,
      value: { date: "2027-01-02", label: "Stocktake" },
    });
    assert.deepEqual(await admin.add(actor, { date: "2027-01-03" }), { ok: true, value: { date: "2027-01-03", label: "" } });
    assert.deepEqual(audit.map((a) => [a.action, a.entity, a.entityId, a.before, a.after, a.adminEmail]), [
      ["closed_date.add", "closed_date", "2027-01-02", null, { date: "2027-01-02", label: "Stocktake" }, actor.email],
      ["closed_date.add", "closed_date", "2027-01-03", null, { date: "2027-01-03", label: "" }, actor.email],
    ]);
  });

  await t.step("a date closed already is a conflict, nothing changes, nothing audited", async () => {
    assert.deepEqual(await admin.add(actor, { date: "2026-12-24", label: "Again" }), { ok: false, error: CLOSED_DATE_ERRORS.exists });
    assert.equal(sorted().find((c) => c.date === "2026-12-24")?.label, "Team day off");
    assert.equal(audit.length, 2);
  });

  await t.step("remove answers what it removed; an open date is not found", async () => {
    assert.deepEqual(await admin.remove(actor, "2026-12-24"), { ok: true, value: { date: "2026-12-24", label: "Team day off" } });
    const last = audit.at(-1)!;
    assert.deepEqual([last.action, last.entityId, last.before, last.after], [
      "closed_date.remove", "2026-12-24", { date: "2026-12-24", label: "Team day off" }, null,
    ]);
    const again = await admin.remove(actor, "2026-12-24");
    assert.ok(!again.ok);
    assert.equal(again.error.code, "CLOSED_DATE_NOT_FOUND");
    assert.equal(again.error.kind, "not_found");
    assert.equal(audit.length, 3);
  });

  await t.step("list: every date, in date order", async () => {
    assert.deepEqual((await admin.list()).map((c) => c.date), ["2027-01-02", "2027-01-03"]);
  });
});

Deno.test("closed dates: public holidays", async (t) => {
  const { admin, audit, asked } = world([{ date: "2026-12-26", label: "Our own label" }]);

  await t.step("from today in Melbourne for two years, each saying whether it is closed", async () => {
    assert.deepEqual(await admin.publicHolidays(), [
      { date: "2026-12-25", label: "Christmas Day", closed: false },
      { date: "2026-12-26", label: "Boxing Day", closed: true },
      { date: "2027-11-02", label: "Melbourne Cup", closed: false },
    ]);
    assert.deepEqual(asked.at(-1), ["2026-11-22", "2028-11-22"]);
  });

  await t.step("adding them all closes only the open ones, one audit row each; labels set by hand stay", async () => {
    const answer = await admin.addPublicHolidays(actor);
    assert.equal(answer.added, 2);
    assert.deepEqual(answer.items, [
      { date: "2026-12-25", label: "Christmas Day" },
      { date: "2026-12-26", label: "Our own label" },
      { date: "2027-11-02", label: "Melbourne Cup" },
    ]);
    assert.deepEqual(audit.map((a) => [a.action, a.entityId]), [
      ["closed_date.add", "2026-12-25"],
      ["closed_date.add", "2027-11-02"],
    ]);
    assert.ok((await admin.publicHolidays()).every((h) => h.closed));
  });

  await t.step("a second time adds nothing", async () => {
    const answer = await admin.addPublicHolidays(actor);
    assert.equal(answer.added, 0);
    assert.equal(answer.items.length, 3);
    assert.equal(audit.length, 2);
  });
});

Deno.test("service area: saved trimmed, once each, in order; audited with before and after", async () => {
  let stored: ServiceArea = { postcodes: ["3121"] };
  const audit: AuditEntry[] = [];
  const settings = {
    getServiceArea: () => Promise.resolve(stored),
    saveServiceArea: (area: ServiceArea) => Promise.resolve(stored = area),
  } as Pick<SettingsStore, "getServiceArea" | "saveServiceArea"> as SettingsStore;
  const tx: SettingsAdminTx = { settings, audit: { record: (entry) => Promise.resolve(void audit.push(entry)) } };
  const serviceArea = makeServiceAreaAdmin({ transactor: { run: (work) => work(tx) } });

  const saved = await serviceArea.save(actor, { postcodes: [" 3186", "3000-3207", "3121", "3186 ", ""] });
  assert.deepEqual(saved, { postcodes: ["3000-3207", "3121", "3186"] });
  assert.deepEqual(stored, saved);
  assert.deepEqual(audit.map((a) => [a.action, a.entity, a.entityId, a.before, a.after]), [
    ["settings.service_area", "settings", "service_area", { postcodes: ["3121"] }, saved],
  ]);
  assert.deepEqual(await serviceArea.save(actor, { postcodes: [] }), { postcodes: [] }, "empty: everywhere");
});

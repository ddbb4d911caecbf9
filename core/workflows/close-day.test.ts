import assert from "node:assert/strict";
import type { AuditEntry } from "../shared/audit.ts";
import { DEMO_BUSINESS_PROFILE } from "../settings/demo-business-profile.ts";
import { DEFAULT_CANCELLATION_POLICY_HTML } from "../settings/types.ts";
import { melbourneInstant } from "../shared/melbourne-time.ts";
import type { OutboxMessage } from "../shared/outbox.ts";
import { CLOSED_DATE_EXISTS, type ClosedDatesAdminTx, makeClosedDatesAdmin, melbourneDayWindow, type PublicHolidayCalendar, SET_ASIDE_STATUSES, type SetAsideJob, yearsAfterYmd } from "./close-day.ts";
import { makeServiceAreaAdmin } from "../settings/admin-settings.ts";
import type { SettingsAdminTx } from "../settings/admin-settings.ts";
import type { SettingsStore } from "../settings/ports.ts";
import type { ClosedDate, ServiceArea } from "../settings/types.ts";

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

Deno.test("melbourneDayWindow: a Melbourne day from midnight to midnight, 23 or 25 hours at a change of clocks", () => {
  const hours = (ymd: string) => {
    const { from, to } = melbourneDayWindow(ymd);
    return (to.getTime() - from.getTime()) / 3_600_000;
  };
  assert.deepEqual(melbourneDayWindow("2026-12-25"), {
    date: "2026-12-25",
    from: new Date("2026-12-24T13:00:00Z"),
    to: new Date("2026-12-25T13:00:00Z"),
  });
  assert.equal(hours("2026-12-25"), 24);
  assert.equal(hours("2026-10-04"), 23, "daylight saving starts");
  assert.equal(hours("2027-04-04"), 25, "daylight saving ends");
});

Deno.test("closing a day sets aside the jobs holding a place, but never a job done", () => {
  assert.deepEqual(SET_ASIDE_STATUSES, ["PENDING", "CONFIRMED"]);
});

const actor = { _id: "admin-1", email: "sam@yarrashine.com.au" };

/** A stored job for the world below: a record with its type and any status. */
const job = (id: string, ymd: string, hour: number, status: string, type: "BOOKING" | "QUOTE" = "BOOKING") => {
  const startTime = melbourneInstant(ymd, hour);
  return {
    _id: id,
    reference: `YS-${id.toUpperCase()}`,
    firstName: "Jane",
    lastName: id,
    startTime,
    endTime: new Date(startTime.getTime() + 7_200_000),
    status,
    type,
  };
};

/**
 * The transaction's ports over plain values: enough to see what the use cases decide and audit.
 * The SQL behind them is contract-tested on PGlite through the API (api/admin-closed-dates.test.ts).
 */
function world(initial: ClosedDate[] = [], jobs: ReturnType<typeof job>[] = []) {
  const closed = new Map(initial.map((c) => [c.date, c]));
  const audit: AuditEntry[] = [];
  const outbox: OutboxMessage[] = [];
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
    jobs: {
      setAside: ({ from, to }, statuses, _at) => {
        const found = jobs.filter((j) =>
          j.type === "BOOKING" && (statuses as readonly string[]).includes(j.status) &&
          j.startTime >= from && j.startTime < to
        ).sort((a, b) => a.startTime.getTime() - b.startTime.getTime());
        const before = found.map(({ type: _type, ...stored }) => ({ ...stored }) as SetAsideJob);
        for (const j of found) j.status = "NEEDS_ATTENTION";
        return Promise.resolve(before);
      },
    },
    enqueueEmail: (message) => Promise.resolve(void outbox.push(message)),
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
    messages: {
      context: () =>
        Promise.resolve({
          profile: { ...DEMO_BUSINESS_PROFILE, notificationEmail: "office@yarrashine.example" },
          cancellationPolicyHtml: DEFAULT_CANCELLATION_POLICY_HTML,
          siteUrl: "https://yarrashine.example",
        }),
    },
  });
  return { admin, closed, audit, asked, sorted, outbox, jobs };
}

Deno.test("closed dates: add and remove, each audited", async (t) => {
  const { admin, audit, sorted } = world([{ date: "2026-12-24", label: "Team day off" }]);

  await t.step("add stores the date with its trimmed label, or none", async () => {
    assert.deepEqual(await admin.add(actor, { date: "2027-01-02", label: "  Stocktake " }), {
      ok: true,
      value: { date: "2027-01-02", label: "Stocktake", affected: [] },
    });
    assert.deepEqual(await admin.add(actor, { date: "2027-01-03" }), { ok: true, value: { date: "2027-01-03", label: "", affected: [] } });
    assert.deepEqual(audit.map((a) => [a.action, a.entity, a.entityId, a.before, a.after, a.adminEmail]), [
      ["closed_date.add", "closed_date", "2027-01-02", null, { date: "2027-01-02", label: "Stocktake" }, actor.email],
      ["closed_date.add", "closed_date", "2027-01-03", null, { date: "2027-01-03", label: "" }, actor.email],
    ]);
  });

  await t.step("a date closed already is a conflict, nothing changes, nothing audited", async () => {
    assert.deepEqual(await admin.add(actor, { date: "2026-12-24", label: "Again" }), { ok: false, error: CLOSED_DATE_EXISTS });
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

Deno.test("closing a day with jobs on it (issue 28)", async (t) => {
  const jobs = [
    job("late", "2026-11-30", 15, "CONFIRMED"),
    job("early", "2026-11-30", 8, "PENDING"),
    job("done", "2026-11-30", 9, "DONE"),
    job("gone", "2026-11-30", 10, "CANCELLED"),
    job("again", "2026-11-30", 11, "NEEDS_ATTENTION"),
    job("quote", "2026-11-30", 12, "QUOTE_REQUESTED", "QUOTE"),
    // Midnight starts the next day; 11:59 pm the night before is the day before.
    job("next", "2026-12-01", 0, "PENDING"),
  ];
  jobs.push({ ...job("eve", "2026-11-29", 23, "PENDING"), startTime: new Date(melbourneInstant("2026-11-30", 0).getTime() - 60_000) });
  const { admin, audit, outbox } = world([], jobs);
  const statusOf = (id: string) => jobs.find((j) => j._id === id)!.status;

  await t.step("answers the jobs that held a place on the day, by start; they become NEEDS_ATTENTION", async () => {
    const answer = await admin.add(actor, { date: "2026-11-30", label: "Team training" });
    assert.deepEqual(answer, {
      ok: true,
      value: {
        date: "2026-11-30",
        label: "Team training",
        affected: [
          { _id: "early", reference: "YS-EARLY", customerName: "Jane early", startTime: "2026-11-29T21:00:00.000Z" },
          { _id: "late", reference: "YS-LATE", customerName: "Jane late", startTime: "2026-11-30T04:00:00.000Z" },
        ],
      },
    });
    assert.deepEqual(jobs.map((j) => [j._id, j.status]), [
      ["late", "NEEDS_ATTENTION"],
      ["early", "NEEDS_ATTENTION"],
      ["done", "DONE"],
      ["gone", "CANCELLED"],
      ["again", "NEEDS_ATTENTION"],
      ["quote", "QUOTE_REQUESTED"],
      ["next", "PENDING"],
      ["eve", "PENDING"],
    ]);
  });

  await t.step("one booking.status audit row per job, naming the closing as the reason", () => {
    assert.deepEqual(audit.map((a) => [a.action, a.entity, a.entityId, a.before, a.after]), [
      ["closed_date.add", "closed_date", "2026-11-30", null, { date: "2026-11-30", label: "Team training" }],
      ["booking.status", "booking", "early", { status: "PENDING" }, { status: "NEEDS_ATTENTION", reason: "Closed: 2026-11-30 (Team training)" }],
      ["booking.status", "booking", "late", { status: "CONFIRMED" }, { status: "NEEDS_ATTENTION", reason: "Closed: 2026-11-30 (Team training)" }],
    ]);
  });

  await t.step("the office is e-mailed the list, with a link to Needs attention", () => {
    assert.equal(outbox.length, 1);
    const [mail] = outbox;
    assert.equal(mail.kind, "closed-day-jobs");
    assert.equal(mail.to, "office@yarrashine.example");
    assert.equal(mail.subject, "Closed Monday 30 November 2026: 2 jobs need a new time");
    assert.match(mail.text, /Monday 30 November 2026 \(Team training\)/);
    assert.match(mail.text, /- YS-EARLY: Jane early, Mon 30 Nov 2026, 8:00 am – 10:00 am AEDT/);
    assert.match(mail.text, /- YS-LATE: Jane late, Mon 30 Nov 2026, 3:00 pm – 5:00 pm AEDT/);
    assert.match(mail.text, /https:\/\/yarrashine\.example\/admin\/bookings\?status=NEEDS_ATTENTION/);
  });

  await t.step("a day with no jobs answers none and e-mails no one", async () => {
    const answer = await admin.add(actor, { date: "2026-12-02" });
    assert.deepEqual(answer, { ok: true, value: { date: "2026-12-02", label: "", affected: [] } });
    assert.equal(outbox.length, 1);
  });

  await t.step("a date closed already sets nothing aside", async () => {
    jobs.push(job("later", "2026-11-30", 14, "PENDING"));
    assert.deepEqual(await admin.add(actor, { date: "2026-11-30" }), { ok: false, error: CLOSED_DATE_EXISTS });
    assert.equal(statusOf("later"), "PENDING");
    assert.equal(outbox.length, 1);
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

  await t.step("adding them all closes only the open ones, in one audit row listing them; labels set by hand stay", async () => {
    const answer = await admin.addPublicHolidays(actor);
    assert.equal(answer.added, 2);
    assert.deepEqual(answer.items, [
      { date: "2026-12-25", label: "Christmas Day" },
      { date: "2026-12-26", label: "Our own label" },
      { date: "2027-11-02", label: "Melbourne Cup" },
    ]);
    assert.deepEqual(audit.map((a) => [a.action, a.entity, a.entityId, a.before, a.after, a.adminEmail]), [
      ["closed_date.add_public_holidays", "closed_date", null, null, {
        holidays: [{ date: "2026-12-25", label: "Christmas Day" }, { date: "2027-11-02", label: "Melbourne Cup" }],
      }, actor.email],
    ]);
    assert.ok((await admin.publicHolidays()).every((h) => h.closed));
  });

  await t.step("a second time adds nothing and writes no audit row", async () => {
    const answer = await admin.addPublicHolidays(actor);
    assert.equal(answer.added, 0);
    assert.equal(answer.items.length, 3);
    assert.deepEqual(answer.affected, []);
    assert.equal(audit.length, 1);
  });
});

Deno.test("closed dates: the public holidays set aside the jobs on the dates they close, with one e-mail", async () => {
  const jobs = [
    job("xmas", "2026-12-25", 9, "PENDING"),
    job("boxing", "2026-12-26", 10, "CONFIRMED"),
    job("cup", "2027-11-02", 11, "PENDING"),
  ];
  // Boxing Day is closed by hand already: its job was set aside then (or kept on purpose), not now.
  const { admin, outbox, audit } = world([{ date: "2026-12-26", label: "Our own label" }], jobs);
  const answer = await admin.addPublicHolidays(actor);
  assert.equal(answer.added, 2);
  assert.deepEqual(answer.affected.map((a) => a._id), ["xmas", "cup"]);
  assert.deepEqual(jobs.map((j) => j.status), ["NEEDS_ATTENTION", "CONFIRMED", "NEEDS_ATTENTION"]);
  assert.deepEqual(audit.map((a) => [a.action, a.entityId]), [
    ["closed_date.add_public_holidays", null],
    ["booking.status", "xmas"],
    ["booking.status", "cup"],
  ]);
  assert.equal(outbox.length, 1);
  assert.equal(outbox[0].subject, "Closed 2 days: 2 jobs need a new time");
  assert.match(outbox[0].text, /Friday 25 December 2026 \(Christmas Day\)\n-+\n\n- YS-XMAS/);
  assert.match(outbox[0].text, /Tuesday 2 November 2027 \(Melbourne Cup\)\n-+\n\n- YS-CUP/);
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
  assert.equal(audit.length, 2);
  assert.deepEqual(await serviceArea.save(actor, { postcodes: [" "] }), { postcodes: [] }, "the same area again");
  assert.equal(audit.length, 2, "a save that changes nothing writes no audit row");
});

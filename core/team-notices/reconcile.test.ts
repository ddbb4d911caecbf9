import assert from "node:assert/strict";
import fc from "fast-check";
import {
  applyNoticeDecisions,
  type CleanerNotice,
  type JobAssignment,
  noticeKey,
  noticeMatches,
  reconcileNotices,
} from "./reconcile.ts";

const NOW = new Date("2026-12-01T00:00:00Z");
const at = (hours: number) => new Date(NOW.getTime() + hours * 3_600_000);
const EMAILS = new Map([["priya", "priya@example.com"], ["tom", "tom@example.com"], ["nomail", ""]]);

const job = (bookingId: string, cleanerId: string, startIn: number, hours = 3, address = "12 Smith St, Fitzroy VIC 3065"): JobAssignment => ({
  bookingId,
  cleanerId,
  startTime: at(startIn),
  endTime: at(startIn + hours),
  address,
});

const told = (assignment: JobAssignment, sequence: number, cancelled = false): CleanerNotice => ({
  ...assignment,
  sequence,
  cancelledAt: cancelled ? at(-48) : null,
  notifiedAt: at(-48),
});

interface Case {
  name: string;
  assignments: JobAssignment[];
  notices: CleanerNotice[];
  /** [change, method, booking|cleaner, SEQUENCE] of each decision, in order. */
  expected: Array<[string, string, string, number]>;
}

const CASES: Case[] = [
  { name: "nothing on, nothing told", assignments: [], notices: [], expected: [] },
  {
    name: "put on a job: a REQUEST at SEQUENCE 0",
    assignments: [job("b1", "priya", 24)],
    notices: [],
    expected: [["assigned", "REQUEST", "b1|priya", 0]],
  },
  {
    name: "a job beyond the horizon is told only once it comes within 14 days",
    assignments: [job("b1", "priya", 14 * 24 + 1), job("b2", "priya", 14 * 24)],
    notices: [],
    expected: [["assigned", "REQUEST", "b2|priya", 0]],
  },
  {
    name: "told already, nothing changed: nothing",
    assignments: [job("b1", "priya", 24)],
    notices: [told(job("b1", "priya", 24), 3)],
    expected: [],
  },
  {
    name: "moved: an updated REQUEST, SEQUENCE + 1",
    assignments: [job("b1", "priya", 26)],
    notices: [told(job("b1", "priya", 24), 0)],
    expected: [["updated", "REQUEST", "b1|priya", 1]],
  },
  {
    name: "longer (the end moved): updated",
    assignments: [job("b1", "priya", 24, 4)],
    notices: [told(job("b1", "priya", 24, 3), 2)],
    expected: [["updated", "REQUEST", "b1|priya", 3]],
  },
  {
    name: "the address changed: updated",
    assignments: [job("b1", "priya", 24, 3, "4/12 Smith St, Fitzroy VIC 3065")],
    notices: [told(job("b1", "priya", 24), 0)],
    expected: [["updated", "REQUEST", "b1|priya", 1]],
  },
  {
    name: "taken off (or the job cancelled): a CANCEL, SEQUENCE + 1",
    assignments: [],
    notices: [told(job("b1", "priya", 24), 1)],
    expected: [["cancelled", "CANCEL", "b1|priya", 2]],
  },
  {
    name: "cancelled already: nothing more",
    assignments: [],
    notices: [told(job("b1", "priya", 24), 2, true)],
    expected: [],
  },
  {
    name: "put back on after a CANCEL: assigned again above the CANCEL's SEQUENCE",
    assignments: [job("b1", "priya", 24)],
    notices: [told(job("b1", "priya", 24), 2, true)],
    expected: [["assigned", "REQUEST", "b1|priya", 3]],
  },
  {
    name: "first run after deploy: a job already started is not sent, a future one is",
    assignments: [job("b0", "priya", -1), job("b1", "priya", 24)],
    notices: [],
    expected: [["assigned", "REQUEST", "b1|priya", 0]],
  },
  {
    name: "a started job put back after a CANCEL: not sent",
    assignments: [job("b0", "priya", -1)],
    notices: [told(job("b0", "priya", -1), 1, true)],
    expected: [],
  },
  {
    name: "a job running now that was extended: updated (the cleaner is told)",
    assignments: [job("b0", "priya", -1, 4)],
    notices: [told(job("b0", "priya", -1, 3), 0)],
    expected: [["updated", "REQUEST", "b0|priya", 1]],
  },
  {
    name: "a job told as over already: no CANCEL of the past",
    assignments: [],
    notices: [told(job("b0", "priya", -5, 3), 0)],
    expected: [],
  },
  {
    name: "a job running now taken off: CANCEL (its end is still ahead)",
    assignments: [],
    notices: [told(job("b0", "priya", -1, 3), 0)],
    expected: [["cancelled", "CANCEL", "b0|priya", 1]],
  },
  {
    name: "a cleaner without an e-mail: nothing, either way",
    assignments: [job("b1", "nomail", 24)],
    notices: [told(job("b2", "nomail", 30), 0)],
    expected: [],
  },
  {
    name: "a cleaner unknown to the e-mail list: nothing",
    assignments: [job("b1", "ghost", 24)],
    notices: [],
    expected: [],
  },
  {
    name: "two cleaners, one job; a swap: by cleaner, then start",
    assignments: [job("b2", "tom", 48), job("b1", "tom", 24), job("b1", "priya", 24)],
    notices: [told(job("b3", "priya", 30), 0)],
    expected: [
      ["assigned", "REQUEST", "b1|priya", 0],
      ["cancelled", "CANCEL", "b3|priya", 1],
      ["assigned", "REQUEST", "b1|tom", 0],
      ["assigned", "REQUEST", "b2|tom", 0],
    ],
  },
];

Deno.test("reconcileNotices: the table", async (t) => {
  for (const c of CASES) {
    await t.step(c.name, () => {
      const decisions = reconcileNotices({ assignments: c.assignments, notices: c.notices, emails: EMAILS, now: NOW });
      assert.deepEqual(decisions.map((d) => [d.change, d.method, noticeKey(d.next), d.next.sequence]), c.expected);
      for (const d of decisions) {
        assert.equal(d.to, EMAILS.get(d.next.cleanerId));
        assert.equal(d.next.notifiedAt, NOW);
        assert.equal(d.next.cancelledAt, d.method === "CANCEL" ? NOW : null);
        const held = c.notices.find((n) => noticeKey(n) === noticeKey(d.next)) ?? null;
        assert.equal(d.previous, held);
      }
    });
  }
});

Deno.test("reconcileNotices: an update carries the new time and address; a CANCEL the ones the cleaner holds", () => {
  const held = told(job("b1", "priya", 24), 0);
  const [update] = reconcileNotices({ assignments: [job("b1", "priya", 30, 2, "1 New Rd, Kew VIC 3101")], notices: [held], emails: EMAILS, now: NOW });
  assert.deepEqual(update.next, { ...job("b1", "priya", 30, 2, "1 New Rd, Kew VIC 3101"), sequence: 1, cancelledAt: null, notifiedAt: NOW });
  const [cancel] = reconcileNotices({ assignments: [], notices: [held], emails: EMAILS, now: NOW });
  assert.deepEqual(cancel.next, { ...held, sequence: 1, cancelledAt: NOW, notifiedAt: NOW });
});

// ------------------------------------------------------------------------------ properties

const BOOKINGS = ["b1", "b2", "b3"];
const CLEANERS = ["priya", "tom", "nomail"];
const ADDRESSES = ["12 Smith St, Fitzroy VIC 3065", "4/12 Smith St, Fitzroy VIC 3065"];

/** Who is on what at one moment: at most one assignment per job and cleaner. */
const assignmentsArb = fc.uniqueArray(
  fc.record({
    bookingId: fc.constantFrom(...BOOKINGS),
    cleanerId: fc.constantFrom(...CLEANERS),
    startIn: fc.integer({ min: -6, max: 12 }),
    hours: fc.integer({ min: 1, max: 4 }),
    address: fc.constantFrom(...ADDRESSES),
  }),
  { selector: (a) => `${a.bookingId}|${a.cleanerId}`, maxLength: 9 },
).map((list) => list.map((a) => job(a.bookingId, a.cleanerId, a.startIn, a.hours, a.address)));

/** Whatever the table may hold: notices of any time, sequence and state. */
const noticesArb = fc.uniqueArray(
  fc.record({
    bookingId: fc.constantFrom(...BOOKINGS),
    cleanerId: fc.constantFrom(...CLEANERS),
    startIn: fc.integer({ min: -6, max: 12 }),
    hours: fc.integer({ min: 1, max: 4 }),
    address: fc.constantFrom(...ADDRESSES),
    sequence: fc.nat(20),
    cancelled: fc.boolean(),
  }),
  { selector: (n) => `${n.bookingId}|${n.cleanerId}`, maxLength: 9 },
).map((list) => list.map((n) => told(job(n.bookingId, n.cleanerId, n.startIn, n.hours, n.address), n.sequence, n.cancelled)));

const nowArb = fc.integer({ min: -2, max: 8 }).map(at);

Deno.test("property: applying the decisions, a second reconcile sends nothing", () => {
  fc.assert(fc.property(assignmentsArb, noticesArb, nowArb, (assignments, notices, now) => {
    const first = reconcileNotices({ assignments, notices, emails: EMAILS, now });
    const after = applyNoticeDecisions(notices, first);
    assert.deepEqual(reconcileNotices({ assignments, notices: after, emails: EMAILS, now }), []);
  }));
});

Deno.test("property: every assignment a cleaner can be told of ends with a notice equal to it", () => {
  fc.assert(fc.property(assignmentsArb, noticesArb, nowArb, (assignments, notices, now) => {
    const after = applyNoticeDecisions(notices, reconcileNotices({ assignments, notices, emails: EMAILS, now }));
    const byKey = new Map(after.map((n) => [noticeKey(n), n]));
    for (const assignment of assignments) {
      const held = notices.find((n) => noticeKey(n) === noticeKey(assignment));
      const reachable = (EMAILS.get(assignment.cleanerId) ?? "") !== "";
      // A job not started yet, or one the cleaner holds as upcoming: their calendar matches it.
      const due = reachable && (assignment.startTime > now || (held !== undefined && held.cancelledAt === null));
      if (due) assert.ok(noticeMatches(byKey.get(noticeKey(assignment))!, assignment), noticeKey(assignment));
    }
    // And nothing is held live for a job that is no longer on, unless it is over or unreachable.
    for (const notice of after) {
      if (notice.cancelledAt !== null || assignments.some((a) => noticeKey(a) === noticeKey(notice))) continue;
      assert.ok(notice.endTime <= now || (EMAILS.get(notice.cleanerId) ?? "") === "", noticeKey(notice));
    }
  }));
});

Deno.test("property: over a history of changes, each UID's SEQUENCE only rises; a CANCEL is above the last REQUEST", () => {
  const historyArb = fc.array(fc.tuple(assignmentsArb, fc.integer({ min: 0, max: 2 })), { minLength: 1, maxLength: 12 });
  fc.assert(fc.property(historyArb, (history) => {
    let notices: CleanerNotice[] = [];
    let hour = -3;
    const sent = new Map<string, Array<{ method: string; sequence: number }>>();
    for (const [assignments, step] of history) {
      hour += step;
      const decisions = reconcileNotices({ assignments, notices, emails: EMAILS, now: at(hour) });
      for (const d of decisions) {
        const list = sent.get(noticeKey(d.next)) ?? [];
        if (list.length === 0) assert.equal(d.next.sequence, 0, "the first message of a UID is SEQUENCE 0");
        const last = list.at(-1);
        if (last) assert.ok(d.next.sequence > last.sequence, `${noticeKey(d.next)}: ${d.next.sequence} after ${last.sequence}`);
        if (d.method === "CANCEL") {
          const lastRequest = list.findLast((m) => m.method === "REQUEST");
          assert.ok(lastRequest && d.next.sequence > lastRequest.sequence, "a CANCEL follows a REQUEST, above it");
        }
        list.push({ method: d.method, sequence: d.next.sequence });
        sent.set(noticeKey(d.next), list);
      }
      notices = applyNoticeDecisions(notices, decisions);
    }
    // Never a message to a cleaner without an e-mail address.
    assert.ok([...sent.keys()].every((key) => !key.endsWith("|nomail")));
  }));
});

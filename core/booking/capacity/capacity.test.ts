import assert from "node:assert/strict";
import fc from "fast-check";
import { capacityClaim, capacityIndex, type CapacitySettings, capacityWindow, isSlotBlocked, packVisits, SLOT_UNAVAILABLE } from "./capacity.ts";
import { err, ok } from "../../shared/result.ts";

const S = new Date("2026-11-26T22:00:00Z");
const minutes = (m: number) => new Date(S.getTime() + m * 60_000);
const settings = (patch: Partial<CapacitySettings> = {}): CapacitySettings => ({
  slotBufferMin: 120,
  maxConcurrentPerSlot: 1,
  enforceBuffer: true,
  ...patch,
});

Deno.test("isSlotBlocked", async (t) => {
  const cases: { name: string; existing: Date[]; settings: CapacitySettings; blocked: boolean }[] =
    [
      { name: "empty list", existing: [], settings: settings(), blocked: false },
      { name: "same start, cap 1", existing: [minutes(0)], settings: settings(), blocked: true },
      {
        name: "buffer - 1 min after",
        existing: [minutes(119)],
        settings: settings(),
        blocked: true,
      },
      {
        name: "buffer - 1 min before",
        existing: [minutes(-119)],
        settings: settings(),
        blocked: true,
      },
      {
        name: "exactly the buffer after does not count",
        existing: [minutes(120)],
        settings: settings(),
        blocked: false,
      },
      {
        name: "exactly the buffer before does not count",
        existing: [minutes(-120)],
        settings: settings(),
        blocked: false,
      },
      {
        name: "far away",
        existing: [minutes(-600), minutes(600)],
        settings: settings(),
        blocked: false,
      },
      {
        name: "cap 2, one nearby",
        existing: [minutes(60)],
        settings: settings({ maxConcurrentPerSlot: 2 }),
        blocked: false,
      },
      {
        name: "cap 2, two nearby",
        existing: [minutes(60), minutes(-60)],
        settings: settings({ maxConcurrentPerSlot: 2 }),
        blocked: true,
      },
      {
        name: "cap 2, two but one on the edge",
        existing: [minutes(60), minutes(120)],
        settings: settings({ maxConcurrentPerSlot: 2 }),
        blocked: false,
      },
      {
        name: "cap 3, two nearby",
        existing: [minutes(0), minutes(30)],
        settings: settings({ maxConcurrentPerSlot: 3 }),
        blocked: false,
      },
      {
        name: "cap 3, three nearby",
        existing: [minutes(0), minutes(30), minutes(-90)],
        settings: settings({ maxConcurrentPerSlot: 3 }),
        blocked: true,
      },
      {
        name: "cap 3, four nearby",
        existing: [minutes(0), minutes(0), minutes(30), minutes(-90)],
        settings: settings({ maxConcurrentPerSlot: 3 }),
        blocked: true,
      },
      {
        name: "buffer 0 never blocks",
        existing: [minutes(0), minutes(0)],
        settings: settings({ slotBufferMin: 0 }),
        blocked: false,
      },
      {
        name: "buffer 60, 59 min away",
        existing: [minutes(59)],
        settings: settings({ slotBufferMin: 60 }),
        blocked: true,
      },
      {
        name: "buffer 60, 60 min away",
        existing: [minutes(60)],
        settings: settings({ slotBufferMin: 60 }),
        blocked: false,
      },
      {
        name: "1 ms inside the buffer",
        existing: [new Date(S.getTime() + 120 * 60_000 - 1)],
        settings: settings(),
        blocked: true,
      },
      {
        name: "enforcement off",
        existing: [minutes(0), minutes(1)],
        settings: settings({ enforceBuffer: false }),
        blocked: false,
      },
    ];
  for (const c of cases) {
    await t.step(c.name, () => assert.equal(isSlotBlocked(S, c.existing, c.settings), c.blocked));
  }
});

Deno.test("isSlotBlocked with visit lengths: overlapping visits count too", async (t) => {
  const visit = (from: number, to: number) => ({ start: minutes(from), end: minutes(to) });
  const cases: { name: string; job: { start: Date; end: Date }; existing: { start: Date; end: Date }[]; buffer: number; blocked: boolean }[] = [
    { name: "2 h visits, 120 min buffer: the spec's rule exactly (119 min apart)", job: visit(0, 120), existing: [visit(119, 239)], buffer: 120, blocked: true },
    { name: "2 h visits, 120 min buffer: 120 min apart is free", job: visit(0, 120), existing: [visit(120, 240)], buffer: 120, blocked: false },
    { name: "a 5 h visit before runs into this start", job: visit(0, 120), existing: [visit(-180, 120)], buffer: 120, blocked: true },
    { name: "a 5 h visit ending at this start does not", job: visit(0, 120), existing: [visit(-300, 0)], buffer: 120, blocked: false },
    { name: "this 5 h visit runs into a later start", job: visit(0, 300), existing: [visit(240, 360)], buffer: 120, blocked: true },
    { name: "buffer 0: only overlap counts", job: visit(0, 120), existing: [visit(60, 180)], buffer: 0, blocked: true },
    { name: "buffer 0: back to back is free", job: visit(0, 120), existing: [visit(120, 240)], buffer: 0, blocked: false },
  ];
  for (const c of cases) {
    await t.step(c.name, () => assert.equal(isSlotBlocked(c.job, c.existing, settings({ slotBufferMin: c.buffer })), c.blocked));
  }
});

Deno.test("capacityWindow: a day back (the longest visit) to the later of buffer-after and the end", async (t) => {
  const cases: { buffer: number; length: number; from: string; to: string }[] = [
    { buffer: 120, length: 0, from: "2026-11-25T22:00:00.000Z", to: "2026-11-27T00:00:00.000Z" },
    { buffer: 0, length: 0, from: "2026-11-25T22:00:00.000Z", to: "2026-11-26T22:00:00.000Z" },
    { buffer: 120, length: 300, from: "2026-11-25T22:00:00.000Z", to: "2026-11-27T03:00:00.000Z" },
    { buffer: 1440, length: 0, from: "2026-11-25T22:00:00.000Z", to: "2026-11-27T22:00:00.000Z" },
  ];
  for (const c of cases) {
    await t.step(`buffer ${c.buffer}, length ${c.length}`, () => {
      const window = capacityWindow({ start: S, end: minutes(c.length) }, { slotBufferMin: c.buffer });
      assert.equal(window.from.toISOString(), c.from);
      assert.equal(window.to.toISOString(), c.to);
    });
  }
});

Deno.test("capacityClaim reads the window and decides with isSlotBlocked", () => {
  const job = { start: S, end: minutes(120) };
  const claim = capacityClaim(job, settings({ maxConcurrentPerSlot: 2 }));
  assert.deepEqual(claim.window, capacityWindow(job, { slotBufferMin: 120 }));
  const at = (m: number) => ({ start: minutes(m), end: minutes(m + 120) });
  assert.deepEqual(claim.decide([at(-60)]), ok(null));
  assert.deepEqual(claim.decide([at(-60), at(30)]), err(SLOT_UNAVAILABLE));
});

/** A visit for the properties: its start in minutes around S, and a length up to a day. */
const visitArb = fc.record({ start: fc.integer({ min: -1500, max: 1500 }), length: fc.integer({ min: 0, max: 1440 }) });
const asVisit = (v: { start: number; length: number }) => ({ start: minutes(v.start), end: minutes(v.start + v.length) });
/** The visits of a book that a store reads for a job: those starting in its capacityWindow. */
const readForJob = (own: { start: Date; end: Date }, book: { start: Date; end: Date }[], rules: CapacitySettings) => {
  const window = capacityWindow(own, rules);
  return { window, inWindow: book.filter((v) => v.start >= window.from && v.start <= window.to) };
};

Deno.test("capacityWindow: the visits a reader may leave out never count (property)", () => {
  // Readers fetch only visits starting after startsAfter or ending after endsAfter (issue 18):
  // for any visit and any book in the window, that is exactly the set the rule can count.
  fc.assert(fc.property(
    visitArb,
    fc.array(visitArb, { maxLength: 30 }),
    fc.integer({ min: 0, max: 600 }),
    fc.integer({ min: 1, max: 5 }),
    (job, book, buffer, cap) => {
      const own = asVisit(job);
      const rules = settings({ slotBufferMin: buffer, maxConcurrentPerSlot: cap });
      const { window, inWindow } = readForJob(own, book.map(asVisit), rules);
      const kept = inWindow.filter((v) => v.start > window.startsAfter || v.end > window.endsAfter);
      assert.equal(isSlotBlocked(own, kept, rules), isSlotBlocked(own, inWindow, rules));
      // And every visit left out is one the rule does not count on its own either.
      for (const v of inWindow) {
        if (!kept.includes(v)) assert.equal(isSlotBlocked(own, [v], { ...rules, maxConcurrentPerSlot: 1 }), false);
      }
    },
  ), { numRuns: 500 });
});

Deno.test("capacityIndex decides as isSlotBlocked on the window's visits, whatever their order and lengths (property)", () => {
  // The calendar judges every slot on one index of the range (issue 18); it scans from the longest
  // visit (or the buffer) before the job, not the window's whole day back.
  fc.assert(fc.property(
    visitArb,
    fc.array(visitArb, { maxLength: 40 }),
    fc.integer({ min: 0, max: 600 }),
    fc.integer({ min: 0, max: 5 }),
    fc.boolean(),
    (job, book, buffer, cap, packed) => {
      const own = asVisit(job);
      const rules = settings({ slotBufferMin: buffer, maxConcurrentPerSlot: cap });
      const visits = book.map(asVisit);
      const { inWindow } = readForJob(own, visits, rules);
      const index = capacityIndex(packed ? packVisits(visits) : visits);
      assert.equal(index.blocks(own, rules), isSlotBlocked(own, inWindow, rules));
      assert.equal(index.blocks(own, { ...rules, enforceBuffer: false }), false);
    },
  ), { numRuns: 1000 });
});

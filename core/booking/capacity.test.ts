import assert from "node:assert/strict";
import { capacityClaim, type CapacitySettings, capacityWindow, isSlotBlocked, SLOT_UNAVAILABLE } from "./capacity.ts";
import { err, ok } from "../shared/result.ts";

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

Deno.test("capacityWindow", async (t) => {
  const cases: { buffer: number; from: string; to: string }[] = [
    { buffer: 120, from: "2026-11-26T20:00:00.000Z", to: "2026-11-27T00:00:00.000Z" },
    { buffer: 0, from: "2026-11-26T22:00:00.000Z", to: "2026-11-26T22:00:00.000Z" },
    { buffer: 1440, from: "2026-11-25T22:00:00.000Z", to: "2026-11-27T22:00:00.000Z" },
  ];
  for (const c of cases) {
    await t.step(`buffer ${c.buffer}`, () => {
      const window = capacityWindow(S, { slotBufferMin: c.buffer });
      assert.equal(window.from.toISOString(), c.from);
      assert.equal(window.to.toISOString(), c.to);
    });
  }
});

Deno.test("capacityClaim reads the window and decides with isSlotBlocked", () => {
  const claim = capacityClaim(S, settings({ maxConcurrentPerSlot: 2 }));
  assert.deepEqual(claim.window, capacityWindow(S, { slotBufferMin: 120 }));
  assert.deepEqual(claim.decide([minutes(-60)]), ok(null));
  assert.deepEqual(claim.decide([minutes(-60), minutes(30)]), err(SLOT_UNAVAILABLE));
});

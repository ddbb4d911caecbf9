import assert from "node:assert/strict";
import fc from "fast-check";
import {
  checkAssignment,
  CLEANER_ERRORS,
  CLEANER_PALETTE,
  cleanerBusy,
  defaultColour,
  sameAssignment,
} from "./rules.ts";
import { CLEANER_MESSAGES } from "./schemas.ts";
import { findCleanerClash, overlaps } from "./team.ts";
import type { Cleaner, CleanerCommitment, CleanersJob } from "./types.ts";
import { err, ok } from "../shared/result.ts";

const T0 = Date.parse("2026-11-26T22:00:00Z"); // Fri 27 Nov 2026, 9:00 am in Melbourne
const at = (minutes: number) => new Date(T0 + minutes * 60_000);
const visit = (from: number, to: number) => ({ start: at(from), end: at(to) });

const PRIYA = "93f5c10e-3bef-45e5-9a5b-1fc6eb64a3dc";
const TOM = "ce0acf4a-de9e-41ab-be43-4b76331bb0d9";

const job = (cleanerIds: string[], from = 0, to = 180): CleanersJob => ({ bookingId: "job", cleanerIds, ...visit(from, to) });
const commitment = (cleanerId: string, bookingId: string, from: number, to: number): CleanerCommitment => ({
  cleanerId,
  bookingId,
  reference: `YS-${bookingId.toUpperCase().padEnd(6, "X").slice(0, 6)}`,
  ...visit(from, to),
});

Deno.test("overlaps: [start, end) intervals", async (t) => {
  const cases: [string, [number, number], [number, number], boolean][] = [
    ["the same visit", [0, 180], [0, 180], true],
    ["one inside the other", [0, 180], [60, 120], true],
    ["starts during", [0, 180], [179, 300], true],
    ["ends during", [0, 180], [-60, 1], true],
    ["back to back after: 9-12 then 12-3", [0, 180], [180, 360], false],
    ["back to back before", [0, 180], [-120, 0], false],
    ["apart", [0, 180], [240, 300], false],
  ];
  for (const [name, a, b, expected] of cases) {
    await t.step(name, () => {
      assert.equal(overlaps(visit(...a), visit(...b)), expected);
      assert.equal(overlaps(visit(...b), visit(...a)), expected, "symmetric");
    });
  }
});

Deno.test("findCleanerClash: the first listed cleaner who is busy, with their earliest clashing job", () => {
  const commitments = [
    commitment(TOM, "late", 120, 240),
    commitment(TOM, "early", -60, 60),
    commitment(PRIYA, "after", 180, 300), // back to back: free
    commitment(PRIYA, "job", 0, 180), // the job itself: never a clash
  ];
  assert.equal(findCleanerClash(job([PRIYA]), commitments), null);
  assert.deepEqual(findCleanerClash(job([PRIYA, TOM]), commitments), commitments[1]);
  assert.equal(findCleanerClash(job([]), commitments), null);
  assert.equal(findCleanerClash(job([TOM], 240, 300), commitments), null, "after Tom's last job");
});

Deno.test("cleanerBusy: CLEANER_BUSY names the cleaner, the other booking and its time", () => {
  const other = { cleanerId: TOM, bookingId: "b-2", reference: "YS-7K3F9Q", ...visit(60, 240) };
  assert.deepEqual(cleanerBusy("Tom Nguyen", other), {
    kind: "conflict",
    code: "CLEANER_BUSY",
    message: "Tom Nguyen is already on YS-7K3F9Q at that time: Fri 27 Nov 2026, 10:00 am – 1:00 pm AEDT (Melbourne time).",
    details: { cleanerId: TOM, bookingId: "b-2", reference: "YS-7K3F9Q" },
  });
});

/** Visits as minute offsets within a few days, at least a minute long. */
const arbitraryVisit = fc.tuple(fc.integer({ min: -3000, max: 3000 }), fc.integer({ min: 1, max: 24 * 60 }))
  .map(([from, length]) => visit(from, from + length));
const arbitraryCommitments = fc.array(
  fc.record({ cleanerId: fc.constantFrom(PRIYA, TOM, "c3"), bookingId: fc.constantFrom("job", "b1", "b2", "b3"), visit: arbitraryVisit }),
  { maxLength: 12 },
).map((rows) => rows.map(({ cleanerId, bookingId, visit }): CleanerCommitment => ({ cleanerId, bookingId, reference: `YS-${bookingId}`, ...visit })));

Deno.test("findCleanerClash (property): a clash exactly when a listed cleaner has another overlapping job", () => {
  fc.assert(
    fc.property(
      arbitraryVisit,
      fc.subarray<string>([PRIYA, TOM, "c3"]),
      arbitraryCommitments,
      (visitOf, cleanerIds, commitments) => {
        const asked: CleanersJob = { bookingId: "job", cleanerIds, ...visitOf };
        const clash = findCleanerClash(asked, commitments);
        const busy = commitments.filter((c) =>
          cleanerIds.includes(c.cleanerId) && c.bookingId !== "job" &&
          c.start.getTime() < visitOf.end.getTime() && visitOf.start.getTime() < c.end.getTime()
        );
        assert.equal(clash === null, busy.length === 0);
        if (clash) {
          assert.ok(busy.includes(clash), "the clash is one of the busy commitments");
          // The first listed cleaner who is busy is the one named.
          const firstBusy = cleanerIds.find((id) => busy.some((c) => c.cleanerId === id));
          assert.equal(clash.cleanerId, firstBusy);
        }
      },
    ),
    { numRuns: 500 },
  );
});

Deno.test("findCleanerClash (property): back-to-back jobs never clash; moving both jobs together changes nothing", () => {
  const minutesLater = (d: Date, minutes: number) => new Date(d.getTime() + minutes * 60_000);
  const shifted = <V extends { start: Date; end: Date }>(v: V, minutes: number): V =>
    ({ ...v, start: minutesLater(v.start, minutes), end: minutesLater(v.end, minutes) });
  fc.assert(
    fc.property(arbitraryVisit, arbitraryVisit, fc.integer({ min: 1, max: 600 }), fc.integer({ min: -20_000, max: 20_000 }), (mine, theirs, length, shift) => {
      const asked: CleanersJob = { bookingId: "job", cleanerIds: [PRIYA], ...mine };
      const endsAsMineStarts = { cleanerId: PRIYA, bookingId: "b1", reference: "YS-B1", start: minutesLater(mine.start, -length), end: mine.start };
      const startsAsMineEnds = { cleanerId: PRIYA, bookingId: "b2", reference: "YS-B2", start: mine.end, end: minutesLater(mine.end, length) };
      assert.equal(findCleanerClash(asked, [endsAsMineStarts, startsAsMineEnds]), null);
      const other = { cleanerId: PRIYA, bookingId: "b3", reference: "YS-B3", ...theirs };
      assert.equal(findCleanerClash(asked, [other]) !== null, overlaps(mine, theirs));
      assert.deepEqual(findCleanerClash(shifted(asked, shift), [shifted(other, shift)])?.bookingId, findCleanerClash(asked, [other])?.bookingId);
    }),
    { numRuns: 500 },
  );
});

const cleaner = (id: string, name: string, active = true): Cleaner => ({
  _id: id,
  name,
  phone: "",
  email: "",
  colour: CLEANER_PALETTE[0],
  active,
  createdAt: new Date(T0),
});

Deno.test("checkAssignment: who may be put on which job", async (t) => {
  const booking = { type: "BOOKING" as const, status: "CONFIRMED" as const, cleanerIds: [] as string[] };
  const team = [cleaner(PRIYA, "Priya Sharma"), cleaner(TOM, "Tom Nguyen", false)];
  await t.step("active cleaners of the team: allowed", () => {
    assert.deepEqual(checkAssignment(booking, [PRIYA], team), ok(null));
  });
  await t.step("an empty list is always allowed, even on a quote or a cancelled booking", () => {
    assert.deepEqual(checkAssignment({ ...booking, type: "QUOTE", status: "QUOTE_REQUESTED" }, [], []), ok(null));
    assert.deepEqual(checkAssignment({ ...booking, status: "CANCELLED", cleanerIds: [PRIYA] }, [], []), ok(null));
  });
  await t.step("a quote or a cancelled booking takes no one", () => {
    assert.deepEqual(checkAssignment({ ...booking, type: "QUOTE", status: "QUOTE_REQUESTED" }, [PRIYA], team), err(CLEANER_ERRORS.quote));
    assert.deepEqual(checkAssignment({ ...booking, status: "CANCELLED" }, [PRIYA], team), err(CLEANER_ERRORS.cancelled));
  });
  await t.step("DONE and PENDING bookings take cleaners", () => {
    assert.deepEqual(checkAssignment({ ...booking, status: "DONE" }, [PRIYA], team), ok(null));
    assert.deepEqual(checkAssignment({ ...booking, status: "PENDING" }, [PRIYA], team), ok(null));
  });
  await t.step("unknown and deactivated cleaners: 422 on cleanerIds, each said once", () => {
    const result = checkAssignment(booking, [PRIYA, "nobody", "no-one-else", TOM], team);
    assert.deepEqual(result, err({
      kind: "validation",
      code: "VALIDATION_FAILED",
      message: "Please fix the highlighted fields, then try again.",
      fieldErrors: { cleanerIds: [CLEANER_MESSAGES.unknown, "Tom Nguyen is no longer active. Choose an active cleaner."] },
    }));
  });
  await t.step("a deactivated cleaner already on the job may stay on it", () => {
    assert.deepEqual(checkAssignment({ ...booking, cleanerIds: [TOM] }, [TOM, PRIYA], team), ok(null));
  });
});

Deno.test("sameAssignment: the same cleaners in the same order", () => {
  assert.equal(sameAssignment([], []), true);
  assert.equal(sameAssignment([PRIYA, TOM], [PRIYA, TOM]), true);
  assert.equal(sameAssignment([PRIYA, TOM], [TOM, PRIYA]), false);
  assert.equal(sameAssignment([PRIYA], [PRIYA, TOM]), false);
});

/** WCAG relative luminance of #rrggbb. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

Deno.test("the palette: distinct #rrggbb colours, each readable under white text (4.5:1 or more)", () => {
  assert.equal(new Set(CLEANER_PALETTE).size, CLEANER_PALETTE.length);
  for (const colour of CLEANER_PALETTE) {
    assert.match(colour, /^#[0-9a-f]{6}$/);
    const contrast = 1.05 / (luminance(colour) + 0.05);
    assert.ok(contrast >= 4.5, `${colour} against white: ${contrast.toFixed(2)}:1`);
  }
});

Deno.test("defaultColour: the first palette colour no active cleaner has, then round again", () => {
  assert.equal(defaultColour([]), CLEANER_PALETTE[0]);
  assert.equal(defaultColour([CLEANER_PALETTE[0], "#123456"]), CLEANER_PALETTE[1]);
  assert.equal(defaultColour([CLEANER_PALETTE[1].toUpperCase()]), CLEANER_PALETTE[0]);
  assert.equal(defaultColour([...CLEANER_PALETTE]), CLEANER_PALETTE[0]);
  assert.equal(defaultColour([...CLEANER_PALETTE, "#000000"]), CLEANER_PALETTE[1]);
});

import assert from "node:assert/strict";
import type { CleanerDay } from "../../cleaners/team.ts";
import { SCHEDULING_DEFAULTS } from "../../settings/types.ts";
import { decideReservation, reservation, type ReservationFacts } from "./reservation.ts";
import { teamAvailability } from "./team-availability.ts";

// Thursday 3 December 2026, Melbourne (AEDT, UTC+11): 9:00-11:00.
const at = (iso: string) => new Date(iso);
const VISIT = { start: at("2026-12-02T22:00:00Z"), end: at("2026-12-03T00:00:00Z") };
const SLOTS = { ...SCHEDULING_DEFAULTS, maxConcurrentPerSlot: 3 };
const TEAM = { ...SLOTS, availabilityMode: "TEAM" as const, teamGapMin: 30 };
const NONE: ReservationFacts = { nearby: [], closed: [], cleaners: [], regular: [] };

const cleaner = (id: string, overrides: Partial<CleanerDay> = {}): CleanerDay => ({
  cleanerId: id,
  name: `Cleaner ${id}`,
  active: true,
  hours: { start: 8 * 60, end: 17 * 60 },
  onLeave: false,
  jobs: [],
  ...overrides,
});
const job = (startIso: string, endIso: string, reference = "YS-OTHER1") => ({ bookingId: "b-other", reference, start: at(startIso), end: at(endIso) });

Deno.test("reservation: a closed date refuses the visit with the start's 422, before any place is counted", () => {
  const decided = decideReservation(reservation(VISIT, SLOTS, { audience: "customer" }), {
    ...NONE,
    closed: [{ date: "2026-12-03", label: "Team day off" }],
  });
  assert.equal(decided.ok, false);
  assert.equal(!decided.ok && decided.error.code, "VALIDATION_FAILED");
  assert.match(!decided.ok ? decided.error.fieldErrors?.startTimeISO?.[0] ?? "" : "", /closed on Thursday 3 December 2026 \(Team day off\)/);
  // Staff setting cleaners on a job already there read no closed day.
  assert.equal(decideReservation(reservation(VISIT, SLOTS, { audience: "staff", refuseClosed: false, takesPlace: false }), {
    ...NONE,
    closed: [{ date: "2026-12-03", label: "Team day off" }],
  }).ok, true);
});

Deno.test("reservation: the capacity rule counts the visits read; no claim, no count", () => {
  const full = { ...NONE, nearby: [VISIT, VISIT, VISIT] };
  const decided = decideReservation(reservation(VISIT, SLOTS, { audience: "customer" }), full);
  assert.equal(!decided.ok && decided.error.code, "SLOT_UNAVAILABLE");
  assert.equal(decideReservation(reservation(VISIT, SLOTS, { audience: "staff", takesPlace: false }), full).ok, true);
});

Deno.test("reservation: a required cleaner on an overlapping job is CLEANER_BUSY for staff, a taken time for a customer", () => {
  const facts = { ...NONE, cleaners: [cleaner("a", { jobs: [job("2026-12-02T23:00:00Z", "2026-12-03T01:00:00Z", "YS-ABCD23")] })] };
  const staff = decideReservation(reservation(VISIT, SLOTS, { audience: "staff", cleaners: { kind: "require", ids: ["a"] } }), facts);
  assert.equal(!staff.ok && staff.error.code, "CLEANER_BUSY");
  assert.match(!staff.ok ? staff.error.message : "", /Cleaner a is already on YS-ABCD23/);
  const customer = decideReservation(reservation(VISIT, SLOTS, { audience: "customer", cleaners: { kind: "require", ids: ["a"] } }), facts);
  assert.equal(!customer.ok && customer.error.code, "SLOT_UNAVAILABLE");
  // Back to back is no clash in slot mode.
  const touching = { ...NONE, cleaners: [cleaner("a", { jobs: [job("2026-12-03T00:00:00Z", "2026-12-03T02:00:00Z")] })] };
  assert.deepEqual(decideReservation(reservation(VISIT, SLOTS, { audience: "staff", cleaners: { kind: "require", ids: ["a"] } }), touching), {
    ok: true,
    value: { cleanerIds: ["a"], chosen: null, left: [] },
  });
});

Deno.test("reservation: `best` keeps the cleaners who can come and names the others", () => {
  const facts = {
    ...NONE,
    cleaners: [cleaner("a"), cleaner("b", { jobs: [job("2026-12-02T21:00:00Z", "2026-12-02T23:00:00Z")] }), cleaner("c", { active: false })],
  };
  const decided = decideReservation(reservation(VISIT, SLOTS, { audience: "staff", cleaners: { kind: "best", ids: ["b", "a", "c"] } }), facts);
  assert.equal(decided.ok, true);
  if (!decided.ok) return;
  assert.deepEqual(decided.value.cleanerIds, ["a"]);
  assert.deepEqual(decided.value.left.map((l) => [l.cleanerId, l.reason]), [["b", "BUSY"], ["c", "INACTIVE"]]);
});

Deno.test("reservation, team mode: a cleaner must work then, not be on leave, and keep the travel gap", () => {
  const r = (ids: string[]) => reservation(VISIT, TEAM, { audience: "staff", cleaners: { kind: "require", ids } });
  const code = (facts: ReservationFacts, ids: string[]) => {
    const decided = decideReservation(r(ids), facts);
    return decided.ok ? "ok" : decided.error.code;
  };
  assert.equal(code({ ...NONE, cleaners: [cleaner("a", { hours: { start: 10 * 60, end: 17 * 60 } })] }, ["a"]), "CLEANER_UNAVAILABLE");
  assert.equal(code({ ...NONE, cleaners: [cleaner("a", { hours: null })] }, ["a"]), "CLEANER_UNAVAILABLE");
  assert.equal(code({ ...NONE, cleaners: [cleaner("a", { onLeave: true })] }, ["a"]), "CLEANER_UNAVAILABLE");
  // A job ending 20 minutes before is inside the 30-minute gap; one ending 30 minutes before is not.
  assert.equal(code({ ...NONE, cleaners: [cleaner("a", { jobs: [job("2026-12-02T19:40:00Z", "2026-12-02T21:40:00Z")] })] }, ["a"]), "CLEANER_BUSY");
  assert.equal(code({ ...NONE, cleaners: [cleaner("a", { jobs: [job("2026-12-02T19:30:00Z", "2026-12-02T21:30:00Z")] })] }, ["a"]), "ok");
});

Deno.test("reservation, team mode: a job with no cleaner gets one, the customer's regular first, else the least booked", () => {
  const busyDay = [job("2026-12-03T01:00:00Z", "2026-12-03T05:00:00Z")];
  const team = [cleaner("a", { jobs: busyDay }), cleaner("b"), cleaner("c", { onLeave: true })];
  const decide = (regular: string[]) => decideReservation(reservation(VISIT, TEAM, { audience: "customer" }), { ...NONE, cleaners: team, regular });
  assert.deepEqual(decide([]), { ok: true, value: { cleanerIds: ["b"], chosen: "b", left: [] } });
  assert.deepEqual(decide(["a"]), { ok: true, value: { cleanerIds: ["a"], chosen: "a", left: [] } });
  // The regular on leave: the least booked of the others.
  assert.deepEqual(decide(["c"]), { ok: true, value: { cleanerIds: ["b"], chosen: "b", left: [] } });
  // No one can: the time is not available, whatever the capacity rule says.
  const nobody = decideReservation(reservation(VISIT, TEAM, { audience: "customer" }), { ...NONE, cleaners: [cleaner("c", { onLeave: true })] });
  assert.equal(!nobody.ok && nobody.error.code, "SLOT_UNAVAILABLE");
  // A staff override keeps its place without one.
  assert.deepEqual(
    decideReservation(reservation(VISIT, TEAM, { audience: "staff", takesPlace: false }), { ...NONE, cleaners: [cleaner("c", { onLeave: true })] }),
    { ok: true, value: { cleanerIds: [], chosen: null, left: [] } },
  );
});

Deno.test("team availability agrees with the reservation's rule on the same facts", () => {
  const member = (id: string, jobs: ReturnType<typeof job>[], leave: { from: string; to: string }[] = []) => ({
    cleanerId: id,
    name: id,
    active: true,
    week: null,
    leave,
    jobs,
  });
  const busy = [job("2026-12-02T22:30:00Z", "2026-12-03T00:30:00Z")];
  assert.equal(teamAvailability([member("a", busy)], TEAM).canTake(VISIT), false);
  assert.equal(teamAvailability([member("a", busy), member("b", [])], TEAM).canTake(VISIT), true);
  assert.equal(teamAvailability([member("b", [], [{ from: "2026-12-01", to: "2026-12-03" }])], TEAM).canTake(VISIT), false);
  // The default week is the business's: Sunday is closed.
  const sunday = { start: at("2026-12-05T22:00:00Z"), end: at("2026-12-06T00:00:00Z") };
  assert.equal(teamAvailability([member("b", [])], TEAM).canTake(sunday), false);
});

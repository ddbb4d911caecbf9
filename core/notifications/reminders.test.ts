import assert from "node:assert/strict";
import type { BookingStatus, RecordStatus } from "../booking/types.ts";
import {
  isReminderDue,
  REMINDED_STATUSES,
  REMINDER_MIN_NOTICE_HOURS,
  reminderPromisesFreeChange,
  reminderWindow,
} from "./reminders.ts";

const NOW = new Date("2030-03-09T12:00:00Z");
const HOUR = 3_600_000;
const hours = (n: number, from = NOW) => new Date(from.getTime() + n * HOUR);
/** A reminder 24 hours ahead. */
const window = reminderWindow({ reminderHoursBefore: 24 }, NOW);

/** A booking starting `startsIn` hours from now, made a week earlier, not reminded. */
const booking = (startsIn: number, overrides: Partial<{ type: "BOOKING" | "QUOTE"; status: RecordStatus; createdAt: Date; reminderSentAt: Date | null }> = {}) => ({
  type: "BOOKING" as const,
  status: "PENDING" as RecordStatus,
  startTime: hours(startsIn),
  createdAt: hours(-7 * 24),
  reminderSentAt: null,
  ...overrides,
});

Deno.test("reminder window: from the minimum notice to the reminder's hours ahead", () => {
  assert.deepEqual(window, {
    type: "BOOKING",
    statuses: ["PENDING", "CONFIRMED"],
    startsAfter: hours(REMINDER_MIN_NOTICE_HOURS),
    startsBy: hours(24),
    madeHoursAhead: 24,
  });
  assert.equal(reminderWindow({ reminderHoursBefore: 48 }, NOW).startsBy.getTime(), hours(48).getTime());
});

Deno.test("a booking is due its reminder inside the window, and only then", () => {
  const cases: [string, ReturnType<typeof booking>, boolean][] = [
    ["20 hours ahead", booking(20), true],
    ["exactly the reminder's hours ahead", booking(24), true],
    ["just beyond the window", booking(24.01), false],
    ["just past the minimum notice", booking(REMINDER_MIN_NOTICE_HOURS + 0.01), true],
    ["exactly the minimum notice: too late to help", booking(REMINDER_MIN_NOTICE_HOURS), false],
    ["started already", booking(-1), false],
    ["reminded already", booking(20, { reminderSentAt: hours(-3) }), false],
    ["a quote", booking(20, { type: "QUOTE", status: "QUOTE_REQUESTED" }), false],
    ["made exactly the reminder's hours before its start", booking(20, { createdAt: hours(-4) }), true],
    ["made inside its own window: its request e-mail said it all", booking(20, { createdAt: hours(-3) }), false],
  ];
  for (const [what, candidate, due] of cases) assert.equal(isReminderDue(candidate, window), due, what);
});

Deno.test("only a booking that still stands is reminded: pending or confirmed", () => {
  const statuses: BookingStatus[] = ["PENDING", "CONFIRMED", "CANCELLED", "DONE", "NEEDS_ATTENTION"];
  assert.deepEqual(statuses.filter((status) => isReminderDue(booking(20, { status }), window)), REMINDED_STATUSES);
});

Deno.test("the reminder promises a free change only while the cut-off is still ahead", () => {
  const policy = { freeChangeCutoffHours: 12 };
  assert.equal(reminderPromisesFreeChange(hours(20), policy, NOW), true);
  assert.equal(reminderPromisesFreeChange(hours(12), policy, NOW), false, "the cut-off is now");
  assert.equal(reminderPromisesFreeChange(hours(6), policy, NOW), false, "a late run, after an outage");
});

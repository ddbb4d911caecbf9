import assert from "node:assert/strict";
import fc from "fast-check";
import {
  alreadyRated,
  asksWhenDone,
  averageRating,
  canAskForFeedback,
  DELAYED_REQUEST_WINDOW_HOURS,
  delayedRequestWindow,
  FEEDBACK_LINK_DAYS,
  feedbackExpiry,
  feedbackLinkOpen,
  firstNameOf,
  isDelayedRequestDue,
  isLowRating,
  newFeedbackRequest,
  reviewUrlFor,
} from "./rules.ts";
import { FEEDBACK_SETTINGS_DEFAULTS } from "./settings.ts";
import { hashFeedbackToken } from "./token.ts";

const HOUR = 3_600_000;
const NOW = new Date("2026-12-01T02:00:00Z");
const at = (hours: number) => new Date(NOW.getTime() + hours * HOUR);

Deno.test("a link works for 30 days after it was sent, to the millisecond", () => {
  const expiresAt = feedbackExpiry(NOW);
  assert.equal(FEEDBACK_LINK_DAYS, 30);
  assert.equal(expiresAt.toISOString(), "2026-12-31T02:00:00.000Z");
  assert.equal(feedbackLinkOpen({ expiresAt }, new Date(expiresAt.getTime() - 1)), true);
  assert.equal(feedbackLinkOpen({ expiresAt }, expiresAt), false);
});

Deno.test("a new request keeps only the hash of its token, and expires 30 days on", () => {
  const { token, row } = newFeedbackRequest("b1", NOW);
  assert.match(token, /^[A-Za-z0-9_-]{43}$/);
  assert.equal(row.tokenHash, hashFeedbackToken(token));
  assert.ok(!row.tokenHash.includes(token));
  assert.deepEqual([row.bookingId, row.requestedAt, row.expiresAt], ["b1", NOW, feedbackExpiry(NOW)]);
  assert.notEqual(newFeedbackRequest("b1", NOW).token, token);
});

Deno.test("once only; 3 or less tells the office; 4 and 5 are offered the review page, when there is one", () => {
  assert.equal(alreadyRated({ rating: null }), false);
  assert.equal(alreadyRated({ rating: 1 }), true);
  assert.deepEqual([1, 2, 3, 4, 5].map(isLowRating), [true, true, true, false, false]);
  const page = "https://g.page/r/yarra/review";
  assert.deepEqual([null, 1, 2, 3, 4, 5].map((rating) => reviewUrlFor(rating, page)), [null, null, null, null, page, page]);
  assert.equal(reviewUrlFor(5, null), null);
});

Deno.test("only a booking marked DONE is asked; at once only when enabled without a delay", () => {
  const done = { type: "BOOKING" as const, status: "DONE" as const };
  assert.equal(canAskForFeedback(done), true);
  for (const status of ["PENDING", "CONFIRMED", "CANCELLED", "NEEDS_ATTENTION"] as const) assert.equal(canAskForFeedback({ type: "BOOKING", status }), false);
  assert.equal(canAskForFeedback({ type: "QUOTE", status: "QUOTE_REQUESTED" }), false);
  assert.equal(asksWhenDone(done, FEEDBACK_SETTINGS_DEFAULTS), true);
  assert.equal(asksWhenDone(done, { ...FEEDBACK_SETTINGS_DEFAULTS, enabled: false }), false);
  assert.equal(asksWhenDone(done, { ...FEEDBACK_SETTINGS_DEFAULTS, delayHours: 2 }), false);
});

Deno.test("a delayed request is due from end + delay until 48 hours after it, never before, never a backlog", () => {
  const settings = { ...FEEDBACK_SETTINGS_DEFAULTS, delayHours: 24 };
  const job = (endedHoursAgo: number, over: Partial<{ status: "DONE" | "CONFIRMED"; requested: boolean }> = {}) => ({
    type: "BOOKING" as const,
    status: over.status ?? "DONE",
    endTime: at(-endedHoursAgo),
    requested: over.requested ?? false,
  });
  assert.equal(isDelayedRequestDue(job(23.9), settings, NOW), false, "not yet");
  assert.equal(isDelayedRequestDue(job(24), settings, NOW), true, "exactly its time");
  assert.equal(isDelayedRequestDue(job(24 + DELAYED_REQUEST_WINDOW_HOURS - 0.01), settings, NOW), true);
  assert.equal(isDelayedRequestDue(job(24 + DELAYED_REQUEST_WINDOW_HOURS), settings, NOW), false, "older than the window: never mailed");
  assert.equal(isDelayedRequestDue(job(30, { requested: true }), settings, NOW), false, "asked already");
  assert.equal(isDelayedRequestDue(job(30, { status: "CONFIRMED" }), settings, NOW), false, "not done");
  assert.equal(isDelayedRequestDue(job(30), { ...settings, enabled: false }, NOW), false);
  assert.equal(isDelayedRequestDue(job(30), { ...settings, delayHours: 0 }, NOW), false, "no delay: DONE sends it");
  const window = delayedRequestWindow(settings, NOW);
  assert.deepEqual([window.endedBy, window.endedAfter], [at(-24), at(-72)]);
  assert.ok(window.startsAfter < window.endedAfter);
});

Deno.test("the average is to 1 decimal, halves away from zero, null for none", () => {
  assert.equal(averageRating([]), null);
  assert.equal(averageRating([5]), 5);
  assert.equal(averageRating([4, 5]), 4.5);
  assert.equal(averageRating([4, 4, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 4, 4]), 4.8);
  // 87 / 20 = 4.35: rounds up, as SQL's numeric round does.
  assert.equal(averageRating([...Array(7).fill(5), ...Array(13).fill(4)]), 4.4);
  assert.equal(averageRating([1, 2]), 1.5);
  fc.assert(fc.property(fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 1, maxLength: 200 }), (ratings) => {
    const average = averageRating(ratings)!;
    const exact = ratings.reduce((a, b) => a + b, 0) / ratings.length;
    assert.ok(Math.abs(average - exact) <= 0.05 + 1e-9);
    assert.ok(average >= 1 && average <= 5);
    assert.equal(Math.round(average * 10), average * 10);
  }));
});

Deno.test("a cleaner's first name is the first word of their name", () => {
  assert.equal(firstNameOf("Liam O’Connor"), "Liam");
  assert.equal(firstNameOf("  Priya   Sharma "), "Priya");
  assert.equal(firstNameOf("Cher"), "Cher");
});

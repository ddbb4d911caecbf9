/**
 * The feedback settings: what a save accepts (the screen's messages) and its audit row, which only
 * a change writes. The SQL behind the store runs on PGlite in adapters/postgres/feedback-repository.test.ts.
 */
import assert from "node:assert/strict";
import type { AuditEntry } from "../shared/audit.ts";
import { fieldErrorsOf } from "../shared/parse-input.ts";
import type { FeedbackSettingsTx } from "./ports.ts";
import {
  FEEDBACK_SETTINGS_DEFAULTS,
  FEEDBACK_SETTINGS_MESSAGES,
  type FeedbackSettings,
  feedbackSettingsInputSchema,
  isHttpsUrl,
  makeFeedbackSettingsAdmin,
} from "./settings.ts";

const actor = { _id: "4b0c1a52-0000-4000-8000-000000000001", email: "sam@yarrashine.com.au" };
const valid = { enabled: true, delayHours: 24, reviewUrl: "https://g.page/r/yarra-shine/review" };

const fieldErrors = (input: unknown) => {
  const parsed = feedbackSettingsInputSchema.safeParse(input);
  return parsed.success ? null : fieldErrorsOf(parsed.error.issues);
};

Deno.test("feedback settings: delay 0 to 168 whole hours, review page https or none", () => {
  assert.deepEqual(feedbackSettingsInputSchema.parse(valid), valid);
  assert.deepEqual(feedbackSettingsInputSchema.parse({ enabled: false, delayHours: 0, reviewUrl: "  " }), { enabled: false, delayHours: 0, reviewUrl: null });
  assert.deepEqual(feedbackSettingsInputSchema.parse({ enabled: true, delayHours: 168 }), { enabled: true, delayHours: 168, reviewUrl: null });
  assert.equal(feedbackSettingsInputSchema.parse({ ...valid, reviewUrl: " https://example.com/r " }).reviewUrl, "https://example.com/r");
  for (const delayHours of [-1, 169, 1.5, "2", null]) {
    assert.deepEqual(fieldErrors({ ...valid, delayHours }), { delayHours: [FEEDBACK_SETTINGS_MESSAGES.delayHours] }, String(delayHours));
  }
  for (const reviewUrl of ["http://example.com", "example.com", "https://", "javascript:alert(1)", 42, `https://x.com/${"a".repeat(2000)}`]) {
    assert.deepEqual(fieldErrors({ ...valid, reviewUrl }), { reviewUrl: [FEEDBACK_SETTINGS_MESSAGES.reviewUrl] }, String(reviewUrl));
  }
  assert.equal(FEEDBACK_SETTINGS_MESSAGES.reviewUrl, "Please enter a web address starting with https://.");
  assert.equal(FEEDBACK_SETTINGS_MESSAGES.delayHours, "Choose between 0 and 168 hours.");
  assert.ok(fieldErrors({ delayHours: 0 })?.enabled);
  assert.equal(isHttpsUrl("https://www.google.com/maps/place/x"), true);
});

Deno.test("feedback settings: a save that changes nothing writes no audit row; a change writes settings.feedback", async () => {
  let stored: FeedbackSettings = { ...FEEDBACK_SETTINGS_DEFAULTS };
  const audit: AuditEntry[] = [];
  const tx: FeedbackSettingsTx = {
    settings: { get: () => Promise.resolve({ ...stored }), save: (next) => Promise.resolve({ ...(stored = { ...next }) }) },
    audit: { record: (entry) => Promise.resolve(void audit.push(entry)) },
  };
  const admin = makeFeedbackSettingsAdmin({ transactor: { run: (work) => work(tx) } });
  assert.deepEqual(await admin.save(actor, { ...FEEDBACK_SETTINGS_DEFAULTS }), FEEDBACK_SETTINGS_DEFAULTS);
  assert.equal(audit.length, 0);
  assert.deepEqual(await admin.save(actor, valid), valid);
  assert.deepEqual(audit.map((a) => [a.action, a.entity, a.entityId, a.before, a.after, a.adminId]), [
    ["settings.feedback", "settings", "feedback", FEEDBACK_SETTINGS_DEFAULTS, valid, actor._id],
  ]);
});

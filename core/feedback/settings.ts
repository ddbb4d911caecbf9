/**
 * Issue 32: whether customers are asked for feedback after each job, when (at once when the job is
 * marked DONE, or a number of hours after its end) and the business's review page offered to those
 * who rate 4 or 5. Any staff member reads them; superadmins change them, each change audited
 * (settings.feedback), as the other settings are (core/settings).
 */
import { z } from "zod";
import { type Actor, auditEntry } from "../shared/audit.ts";
import { changesNothing } from "../shared/unchanged.ts";
import { SETTINGS_ENTITY } from "../settings/admin-settings.ts";
import type { FeedbackSettingsTransactor } from "./ports.ts";

export interface FeedbackSettings {
  enabled: boolean;
  /** 0: asked when the job is marked DONE; n: n hours after the job's end (adapters/jobs/feedback-requests.ts). */
  delayHours: number;
  /** An https:// page where happy customers leave a public review (e.g. Google's); null for none. */
  reviewUrl: string | null;
}

export const FEEDBACK_SETTINGS_DEFAULTS: FeedbackSettings = { enabled: true, delayHours: 0, reviewUrl: null };

/** A week: later than that, the clean is no longer fresh in the customer's mind. */
export const FEEDBACK_DELAY_MAX_HOURS = 168;
const REVIEW_URL_MAX = 2000;

export const FEEDBACK_SETTINGS_MESSAGES = {
  enabled: "Choose whether customers are asked for feedback.",
  delayHours: `Choose between 0 and ${FEEDBACK_DELAY_MAX_HOURS} hours.`,
  reviewUrl: "Please enter a web address starting with https://.",
} as const;
const M = FEEDBACK_SETTINGS_MESSAGES;

export function isHttpsUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return text.startsWith("https://") && url.protocol === "https:" && url.hostname !== "";
  } catch {
    return false;
  }
}

/** PUT /api/admin/settings/feedback: a blank or missing review page is none. */
export const feedbackSettingsInputSchema = z.object({
  enabled: z.boolean({ error: M.enabled }),
  delayHours: z.number({ error: M.delayHours }).int({ error: M.delayHours }).min(0, { error: M.delayHours })
    .max(FEEDBACK_DELAY_MAX_HOURS, { error: M.delayHours })
    .meta({ description: "0: the request is e-mailed when the job is marked DONE; 1-168: that many hours after the job's end" }),
  reviewUrl: z.preprocess(
    (value) => (value === undefined || (typeof value === "string" && value.trim() === "") ? null : value),
    z.string({ error: M.reviewUrl }).trim().max(REVIEW_URL_MAX, { error: M.reviewUrl })
      .refine(isHttpsUrl, { error: M.reviewUrl }).nullable(),
  ).meta({ description: "An https:// address (e.g. the business's Google review page); blank or null for none", examples: ["https://g.page/r/yarra-shine/review"] }),
}).meta({ id: "FeedbackSettingsInput" });

export type FeedbackSettingsInput = z.output<typeof feedbackSettingsInputSchema>;

export const feedbackSettingsSchema = z.object({
  enabled: z.boolean().meta({ description: "Customers are e-mailed a link to rate each finished job (default true)" }),
  delayHours: z.number().int().meta({ description: "0 (default): when the job is marked DONE; n: n hours after the job's end" }),
  reviewUrl: z.string().nullable().meta({ description: "Shown to customers who rate 4 or 5; null for none (default)" }),
}).meta({ id: "FeedbackSettings" });

/** The audit row's entity id: the settings' key. */
export const FEEDBACK_SETTINGS_KEY = "feedback";

export function makeFeedbackSettingsAdmin(deps: { transactor: FeedbackSettingsTransactor }) {
  return {
    /** Nothing to refuse once the body parsed; a save that changes nothing leaves no audit row. */
    save: (actor: Actor, input: FeedbackSettingsInput): Promise<FeedbackSettings> =>
      deps.transactor.run(async (tx) => {
        const current = await tx.settings.get();
        const saved = await tx.settings.save({ enabled: input.enabled, delayHours: input.delayHours, reviewUrl: input.reviewUrl });
        if (!changesNothing(current, saved)) {
          await tx.audit.record(auditEntry(actor, "settings.feedback", SETTINGS_ENTITY, FEEDBACK_SETTINGS_KEY, current, saved));
        }
        return saved;
      }),
  };
}

export type FeedbackSettingsAdmin = ReturnType<typeof makeFeedbackSettingsAdmin>;

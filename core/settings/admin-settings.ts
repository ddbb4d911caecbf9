/**
 * Staff edits of the scheduling settings and the booking-form content. Inputs are clamped, not
 * rejected (admin-area.md sections 5 and 9); every save that changes something leaves an audit row
 * in its transaction (one that changes nothing leaves none, issue 34 item 17).
 */
import { changesNothing } from "../shared/unchanged.ts";
import { type Actor, auditEntry } from "../shared/audit.ts";
import type { AuditLog } from "../shared/audit.ts";
import { clampSchedulingSettings, type ContentChanges, normaliseBookingFormContent, type SchedulingChanges } from "./clamps.ts";
import type { SettingsStore } from "./ports.ts";
import type { BookingFormContent, SchedulingSettings, ServiceArea } from "./types.ts";
import { normaliseServiceArea } from "./service-area.ts";
import { err, type ErrorOf, ok, type Result, VALIDATION_FAILED, validationError } from "../shared/result.ts";

/**
 * Issue 28: the reminder goes before the free-change cut-off, so it can tell the customer until
 * when a change is free; null when it does (or when changes are free until the start).
 */
export function reminderProblem(settings: Pick<SchedulingSettings, "reminderHoursBefore" | "freeChangeCutoffHours">): string | null {
  const { reminderHoursBefore, freeChangeCutoffHours } = settings;
  if (freeChangeCutoffHours === 0 || reminderHoursBefore > freeChangeCutoffHours) return null;
  return `Send the reminder more than ${freeChangeCutoffHours} hours before the start (the free-change cut-off), ` +
    "so customers can still change for free when it arrives.";
}

/** Saving the scheduling settings refuses one rule: the reminder inside the free-change cut-off (reminderHoursBefore). */
export const SAVE_SCHEDULING_ERRORS = [VALIDATION_FAILED] as const;
export type SaveSchedulingError = ErrorOf<typeof SAVE_SCHEDULING_ERRORS>;

/** Turns staff-written HTML into HTML that is safe to show on the public site. */
export interface HtmlSanitizer {
  sanitize(html: string): string;
}

export interface SettingsAdminTx {
  settings: SettingsStore;
  audit: AuditLog;
}

export interface SettingsAdminTransactor {
  run<T>(work: (tx: SettingsAdminTx) => Promise<T>): Promise<T>;
}

/** The settings' audit rows all name this entity, with the setting's key as its id. */
export const SETTINGS_ENTITY = "settings";

export function makeSettingsAdmin(deps: {
  transactor: SettingsAdminTransactor;
  sanitizer: HtmlSanitizer;
}) {
  return {
    /**
     * Fields left out keep their current value; the saved settings are returned. Numbers are
     * clamped; a reminder that would come inside the free-change cut-off is refused (422), since
     * the customer it reminds could then no longer change for free.
     */
    saveScheduling: (actor: Actor, changes: SchedulingChanges): Promise<Result<SchedulingSettings, SaveSchedulingError>> =>
      deps.transactor.run(async (tx) => {
        const current = await tx.settings.getScheduling();
        const next = clampSchedulingSettings(changes, current);
        const problem = reminderProblem(next);
        // The settings page shows the message: it says what to change.
        if (problem) return err(validationError({ reminderHoursBefore: [problem] }, problem));
        const saved = await tx.settings.saveScheduling(next);
        if (!changesNothing(current, saved)) {
          await tx.audit.record(auditEntry(actor, "settings.scheduling", SETTINGS_ENTITY, "scheduling", current, saved));
        }
        return ok(saved);
      }),

    /** The buffer alone (the older call the settings page still makes). */
    saveSlotBuffer: (actor: Actor, { slotBufferMin }: SchedulingChanges): Promise<{ slotBufferMin: number }> =>
      deps.transactor.run(async (tx) => {
        const current = await tx.settings.getScheduling();
        const saved = await tx.settings.saveScheduling(clampSchedulingSettings({ slotBufferMin }, current));
        if (saved.slotBufferMin !== current.slotBufferMin) {
          await tx.audit.record(
            auditEntry(
              actor,
              "settings.slot_buffer",
              SETTINGS_ENTITY,
              "scheduling",
              { slotBufferMin: current.slotBufferMin },
              { slotBufferMin: saved.slotBufferMin },
            ),
          );
        }
        return { slotBufferMin: saved.slotBufferMin };
      }),

    /** The cancellation policy is stored sanitised, so every reader gets safe HTML. */
    saveContent: (actor: Actor, changes: ContentChanges): Promise<BookingFormContent> =>
      deps.transactor.run(async (tx) => {
        const current = await tx.settings.getBookingFormContent();
        const next = normaliseBookingFormContent(changes, current);
        const saved = await tx.settings.saveBookingFormContent({
          ...next,
          cancellationPolicyHtml: deps.sanitizer.sanitize(next.cancellationPolicyHtml),
        });
        if (!changesNothing(current, saved)) {
          await tx.audit.record(auditEntry(actor, "settings.content", SETTINGS_ENTITY, "booking_form_content", current, saved));
        }
        return saved;
      }),
  };
}

export type SettingsAdmin = ReturnType<typeof makeSettingsAdmin>;

/** The service area's save: entries trimmed, each once, in order; audited like the other settings. */
export function makeServiceAreaAdmin(deps: { transactor: SettingsAdminTransactor }) {
  return {
    save: (actor: Actor, input: ServiceArea): Promise<ServiceArea> =>
      deps.transactor.run(async (tx) => {
        const current = await tx.settings.getServiceArea();
        const saved = await tx.settings.saveServiceArea({ postcodes: normaliseServiceArea(input.postcodes) });
        if (!changesNothing(current, saved)) {
          await tx.audit.record(auditEntry(actor, "settings.service_area", SETTINGS_ENTITY, "service_area", current, saved));
        }
        return saved;
      }),
  };
}

export type ServiceAreaAdmin = ReturnType<typeof makeServiceAreaAdmin>;

/**
 * Staff edits of the scheduling settings and the booking-form content. Inputs are clamped, not
 * rejected (admin-area.md sections 5 and 9); every save leaves an audit row in its transaction.
 */
import { type Actor, auditEntry } from "../admin/audit.ts";
import type { AuditLog } from "../admin/manage-audit.ts";
import { clampSchedulingSettings, type ContentChanges, normaliseBookingFormContent, type SchedulingChanges } from "./clamps.ts";
import type { SettingsStore } from "./ports.ts";
import type { BookingFormContent, SchedulingSettings } from "./types.ts";

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
    /** Fields left out keep their current value; the saved settings are returned. */
    saveScheduling: (actor: Actor, changes: SchedulingChanges): Promise<SchedulingSettings> =>
      deps.transactor.run(async (tx) => {
        const current = await tx.settings.getScheduling();
        const saved = await tx.settings.saveScheduling(clampSchedulingSettings(changes, current));
        await tx.audit.record(
          auditEntry(actor, "settings.scheduling", SETTINGS_ENTITY, "scheduling", current, saved),
        );
        return saved;
      }),

    /** The buffer alone (the older call the settings page still makes). */
    saveSlotBuffer: (actor: Actor, { slotBufferMin }: SchedulingChanges): Promise<{ slotBufferMin: number }> =>
      deps.transactor.run(async (tx) => {
        const current = await tx.settings.getScheduling();
        const saved = await tx.settings.saveScheduling(clampSchedulingSettings({ slotBufferMin }, current));
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
        await tx.audit.record(
          auditEntry(actor, "settings.content", SETTINGS_ENTITY, "booking_form_content", current, saved),
        );
        return saved;
      }),
  };
}

export type SettingsAdmin = ReturnType<typeof makeSettingsAdmin>;

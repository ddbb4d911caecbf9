/**
 * Issue 31: how cleaners are told of their jobs. Each job put on, changed or taken off is e-mailed
 * to its cleaner whatever this says (core/team-notices); the evening run sheet (tomorrow's jobs in
 * one e-mail) goes at runSheetHour, Melbourne time, or not at all (null, the default).
 * Superadmins change it; every change is audited.
 */
import { z } from "zod";
import { type Actor, auditEntry, type AuditLog } from "../shared/audit.ts";
import { changesNothing } from "../shared/unchanged.ts";
import { SETTINGS_ENTITY } from "./admin-settings.ts";

export interface TeamNoticeSettings {
  /** The Melbourne hour (0-23) the run sheet of tomorrow's jobs goes to each cleaner; null: never. */
  runSheetHour: number | null;
}

export const TEAM_NOTICE_SETTINGS_DEFAULTS: TeamNoticeSettings = { runSheetHour: null };

export const TEAM_NOTICE_MESSAGES = {
  runSheetHour: "Please choose an hour from 0 to 23, or turn the run sheet off.",
} as const;

/** PUT /api/admin/settings/team-notices, and its answer. */
export const teamNoticeSettingsSchema = z.object({
  runSheetHour: z.number({ error: TEAM_NOTICE_MESSAGES.runSheetHour })
    .int({ error: TEAM_NOTICE_MESSAGES.runSheetHour })
    .min(0, { error: TEAM_NOTICE_MESSAGES.runSheetHour })
    .max(23, { error: TEAM_NOTICE_MESSAGES.runSheetHour })
    .nullable()
    .meta({ description: "The Melbourne hour (0-23) each cleaner gets the run sheet of tomorrow's jobs; null: no run sheet" }),
}).meta({ id: "TeamNoticeSettings" });

/** Where the setting is kept (adapters/postgres/settings-repository.ts); the defaults until saved. */
export interface TeamNoticeSettingsStore {
  getTeamNotices(): Promise<TeamNoticeSettings>;
  saveTeamNotices(settings: TeamNoticeSettings): Promise<TeamNoticeSettings>;
}

export interface TeamNoticeSettingsTransactor {
  run<T>(work: (tx: { settings: TeamNoticeSettingsStore; audit: AuditLog }) => Promise<T>): Promise<T>;
}

export function makeTeamNoticeSettingsAdmin(deps: { transactor: TeamNoticeSettingsTransactor }) {
  return {
    /** Nothing to refuse once the body parsed; a save that changes nothing leaves no audit row. */
    save: (actor: Actor, next: TeamNoticeSettings): Promise<TeamNoticeSettings> =>
      deps.transactor.run(async (tx) => {
        const current = await tx.settings.getTeamNotices();
        const saved = await tx.settings.saveTeamNotices({ runSheetHour: next.runSheetHour });
        if (!changesNothing(current, saved)) {
          await tx.audit.record(auditEntry(actor, "settings.team_notices", SETTINGS_ENTITY, "team_notices", current, saved));
        }
        return saved;
      }),
  };
}

export type TeamNoticeSettingsAdmin = ReturnType<typeof makeTeamNoticeSettingsAdmin>;

/**
 * The staff calls of the team (issue 16): list, add, edit and deactivate cleaners; and (issue 28)
 * set each cleaner's working week and leave. Every change is one transaction with its audit row; a
 * change that changes nothing writes nothing. Putting cleaners on a job is the booking's
 * (core/booking/staff/assign-cleaners.ts): it goes through the one reservation.
 */
import { type Actor, auditEntry } from "../shared/audit.ts";
import type { SettingsStore } from "../settings/ports.ts";
import { SCHEDULING_DEFAULTS, type SchedulingSettings } from "../settings/types.ts";
import { melbourneYmd } from "../shared/melbourne-time.ts";
import type { Clock } from "../shared/ports.ts";
import { declareError, err, type ErrorOf, ok, type Result } from "../shared/result.ts";
import type { CleanersStore, CleanersTx } from "./ports.ts";
import { CLEANER_ERRORS, defaultColour } from "./rules.ts";
import { CLEANER_MESSAGES, type CleanerInput, type CleanerPatch, type TimeOffInput, type WorkingHoursInput } from "./schemas.ts";
import { sameWorkingWeek, sortedWeek, type TimeOff, workingWeek } from "./team.ts";
import type { Cleaner, CleanerChanges, CleanerHours, TeamCleaner } from "./types.ts";

/** The audit rows of the team name this entity, with the cleaner's id. */
export const CLEANER_ENTITY = "cleaner";

/** Leave asked for under a cleaner who has none with that id. */
export const TIME_OFF_NOT_FOUND = declareError("not_found", "NOT_FOUND", CLEANER_MESSAGES.timeOffNotFound);

/** A change to one cleaner (details, deactivation, week, new leave): only an unknown or malformed id. */
export const CHANGE_CLEANER_ERRORS = [CLEANER_ERRORS.notFound] as const;
export type ChangeCleanerError = ErrorOf<typeof CHANGE_CLEANER_ERRORS>;

/** Removing leave: the cleaner (CLEANER_NOT_FOUND), then their leave with that id (NOT_FOUND). */
export const REMOVE_TIME_OFF_ERRORS = [CLEANER_ERRORS.notFound, TIME_OFF_NOT_FOUND] as const;
export type RemoveTimeOffError = ErrorOf<typeof REMOVE_TIME_OFF_ERRORS>;

/** A cleaner no one has set a week or leave for yet. */
const NO_HOURS: CleanerHours = { workingHoursSet: false, days: [], timeOff: [] };

/** The fields of `patch` whose value differs from `current`: what an edit really changes. */
function changesOf(current: Cleaner, patch: CleanerPatch): CleanerChanges {
  const changes: CleanerChanges = {};
  for (const key of ["name", "phone", "email", "colour", "active"] as const) {
    const value = patch[key];
    if (value !== undefined && value !== current[key]) Object.assign(changes, { [key]: value });
  }
  return changes;
}

/** The same fields as they were. */
const previous = (current: Cleaner, changes: CleanerChanges): CleanerChanges =>
  Object.fromEntries(Object.keys(changes).map((key) => [key, current[key as keyof CleanerChanges]]));

/**
 * `settings` gives the business's default week (a cleaner's until staff set theirs); without it
 * (a test of the store alone) the defaults of SCHEDULING_DEFAULTS stand in.
 */
export function makeCleanersAdmin(deps: { cleaners: CleanersStore; clock: Clock; settings?: Pick<SettingsStore, "getScheduling"> }) {
  const { cleaners, clock } = deps;
  const today = () => melbourneYmd(clock.now());
  const scheduling = () => deps.settings?.getScheduling() ?? Promise.resolve(SCHEDULING_DEFAULTS);

  /**
   * The cleaners as staff see them: with their week (the default one until set) and their coming
   * leave. `rules` is read before any transaction opens: a read on the pool while a transaction
   * waits for it could wait on that transaction's own connection (the embedded database has one).
   */
  async function withHours(store: Pick<CleanersTx, "hoursOf">, team: Cleaner[], rules: SchedulingSettings): Promise<TeamCleaner[]> {
    if (team.length === 0) return [];
    const hours = await store.hoursOf(team.map((cleaner) => cleaner._id), today());
    return team.map((cleaner) => {
      const { workingHoursSet, days, timeOff } = hours.get(cleaner._id) ?? NO_HOURS;
      return { ...cleaner, workingHours: workingWeek({ workingHoursSet, days }, rules), workingHoursSet, timeOff };
    });
  }
  const oneWithHours = async (tx: CleanersTx, cleaner: Cleaner, rules: SchedulingSettings): Promise<TeamCleaner> =>
    (await withHours(tx, [cleaner], rules))[0];

  /** Applies `patch` to the cleaner under its row lock; audited as `action` when it changes something. */
  const change = async (actor: Actor, id: string, patch: CleanerPatch, action: string): Promise<Result<TeamCleaner, ChangeCleanerError>> => {
    const rules = await scheduling();
    return cleaners.transaction(async (tx): Promise<Result<TeamCleaner, ChangeCleanerError>> => {
      const current = await tx.lockCleaner(id);
      if (!current) return err(CLEANER_ERRORS.notFound);
      const changes = changesOf(current, patch);
      if (Object.keys(changes).length === 0) return ok(await oneWithHours(tx, current, rules));
      const updated = await tx.updateCleaner(id, changes, clock.now());
      // Issue 31: a deactivated cleaner's login stops working at once (and refuses logins while inactive).
      if (changes.active === false) await tx.endLoginSessions(id);
      await tx.audit(auditEntry(actor, action, CLEANER_ENTITY, id, previous(current, changes), changes));
      return ok(await oneWithHours(tx, updated, rules));
    });
  };

  return {
    /** The team by name, each with their week and coming leave; deactivated cleaners only when asked. */
    list: async (options: { includeInactive: boolean }): Promise<TeamCleaner[]> => {
      const [team, rules] = await Promise.all([cleaners.list(options), scheduling()]);
      return withHours(cleaners, team, rules);
    },

    /** A new, active cleaner; without a colour, the first palette colour no active cleaner has. */
    create: async (actor: Actor, input: CleanerInput): Promise<TeamCleaner> => {
      const rules = await scheduling();
      return cleaners.transaction(async (tx) => {
        const colour = input.colour ?? defaultColour(await tx.activeColours());
        const created = await tx.insertCleaner({ ...input, colour, active: true }, clock.now());
        await tx.audit(auditEntry(actor, "cleaner.create", CLEANER_ENTITY, created._id, null, created));
        return oneWithHours(tx, created, rules);
      });
    },

    /** Any of name, phone, e-mail, colour and active; audited with the fields that changed, before and after. */
    update: (actor: Actor, id: string, patch: CleanerPatch): Promise<Result<TeamCleaner, ChangeCleanerError>> =>
      change(actor, id, patch, "cleaner.update"),

    /** Deactivates: the cleaner stays on the jobs they had, is offered for no new one, and their login's sessions end. */
    deactivate: (actor: Actor, id: string): Promise<Result<TeamCleaner, ChangeCleanerError>> =>
      change(actor, id, { active: false }, "cleaner.deactivate"),

    /**
     * Replaces the cleaner's week (issue 28) and marks it set, so the business's default week no
     * longer applies to them. Audited as cleaner.working_hours with the week before (the default
     * one while none was set) and after; saving the week they have writes nothing.
     */
    setWorkingHours: async (actor: Actor, id: string, input: WorkingHoursInput): Promise<Result<TeamCleaner, ChangeCleanerError>> => {
      const rules = await scheduling();
      return cleaners.transaction(async (tx): Promise<Result<TeamCleaner, ChangeCleanerError>> => {
        const current = await tx.lockCleaner(id);
        if (!current) return err(CLEANER_ERRORS.notFound);
        const before = await oneWithHours(tx, current, rules);
        const days = sortedWeek(input.days);
        if (before.workingHoursSet && sameWorkingWeek(before.workingHours, days)) return ok(before);
        await tx.replaceWorkingHours(id, days, clock.now());
        await tx.audit(auditEntry(
          actor,
          "cleaner.working_hours",
          CLEANER_ENTITY,
          id,
          { workingHoursSet: before.workingHoursSet, days: before.workingHours },
          { workingHoursSet: true, days },
        ));
        return ok({ ...before, workingHours: days, workingHoursSet: true });
      });
    },

    /** Adds leave (whole Melbourne days, both included); audited as cleaner.time_off_add. */
    addTimeOff: (actor: Actor, cleanerId: string, input: TimeOffInput): Promise<Result<TimeOff, ChangeCleanerError>> =>
      cleaners.transaction(async (tx): Promise<Result<TimeOff, ChangeCleanerError>> => {
        if (!await tx.lockCleaner(cleanerId)) return err(CLEANER_ERRORS.notFound);
        const added = await tx.insertTimeOff({ cleanerId, ...input }, clock.now());
        await tx.audit(auditEntry(actor, "cleaner.time_off_add", CLEANER_ENTITY, cleanerId, null, added));
        return ok(added);
      }),

    /** Removes the cleaner's leave `timeOffId`; audited as cleaner.time_off_remove with what it was. */
    removeTimeOff: (actor: Actor, cleanerId: string, timeOffId: string): Promise<Result<null, RemoveTimeOffError>> =>
      cleaners.transaction(async (tx): Promise<Result<null, RemoveTimeOffError>> => {
        if (!await tx.lockCleaner(cleanerId)) return err(CLEANER_ERRORS.notFound);
        const removed = await tx.deleteTimeOff(cleanerId, timeOffId);
        if (!removed) return err(TIME_OFF_NOT_FOUND);
        await tx.audit(auditEntry(actor, "cleaner.time_off_remove", CLEANER_ENTITY, cleanerId, removed, null));
        return ok(null);
      }),

  };
}

export type CleanersAdmin = ReturnType<typeof makeCleanersAdmin>;

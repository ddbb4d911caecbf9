/**
 * What staff do with a series of regular visits (issue 17): list and read them, skip or move one
 * visit, change the series from a date, pause, resume and end it. Every change is one transaction
 * in the lock order (the series row, its visits, the capacity lock) with its audit row (entity
 * "series") and exactly one customer e-mail; the answer is the series as it is afterwards.
 */
import { auditEntry } from "../shared/audit.ts";
import { RESERVATION_ERRORS, reservation } from "../booking/capacity/reservation.ts";
import { customerEmailKey } from "../customers/match.ts";
import { newManageToken } from "../booking/manage/token.ts";
import { closedDateLabels, closedDateLookupDay } from "../booking/capacity/scheduling.ts";
import type { StaffActor } from "../shared/staff-roles.ts";
import { STATUS_ERRORS } from "../booking/status.ts";
import type { BookingRecord } from "../booking/types.ts";
import type { CatalogReader } from "../catalog/ports.ts";
import type { MessageContext } from "../notifications/email-parts.ts";
import {
  seriesChangedEmail,
  seriesEndedEmail,
  seriesPausedEmail,
  seriesResumedEmail,
  seriesVisitMovedEmail,
  seriesVisitSkippedEmail,
} from "../notifications/series-messages.ts";
import type { ClosedDatesStore, SettingsStore } from "../settings/ports.ts";
import { parseIsoInstant } from "../shared/iso-instant.ts";
import { melbourneInstant, melbourneYmd } from "../shared/melbourne-time.ts";
import type { SchedulingSettings } from "../settings/types.ts";
import type { Clock } from "../shared/ports.ts";
import { type DomainError, err, type ErrorOf, ok, type Result, VALIDATION_FAILED } from "../shared/result.ts";
import { type Page, totalPagesOf } from "../shared/list-query.ts";
import type { SeriesGeneration, SeriesStore, SeriesTx } from "../series/ports.ts";
import {
  clockOf,
  PLAN_CHANGE_ERRORS,
  PLAN_FROM_DATE_ERRORS,
  PLAN_MOVE_ERRORS,
  PLAN_SKIP_ERRORS,
  planChange,
  planEnd,
  planMove,
  planPause,
  plannedStartsFrom,
  planResume,
  planSkip,
  SERIES_CANCEL_REASONS,
  SERIES_ERRORS,
} from "../series/rules.ts";
import { checkCleaners, sameAssignment } from "../cleaners/rules.ts";
import type {
  SeriesChangeBody,
  SeriesCleanersInput,
  SeriesDetail,
  SeriesEndInput,
  SeriesListQuery,
  SeriesMoveInput,
  SeriesPauseInput,
  SeriesResumeInput,
  SeriesSkipInput,
  SeriesSummary,
} from "../series/schemas.ts";
import type { Series } from "../series/types.ts";

export interface SeriesAdminDeps {
  store: SeriesStore;
  catalog: CatalogReader;
  settings: Pick<SettingsStore, "getScheduling">;
  closedDates: Pick<ClosedDatesStore, "list">;
  clock: Clock;
  /** The business profile, policy and site URL the customer's e-mails are composed with. */
  messages: { context(): Promise<MessageContext> };
  generation: SeriesGeneration;
}

const NEXT_VISITS_TOLD = 3;

/** Reading one series: it may not exist. */
export const GET_SERIES_ERRORS = [SERIES_ERRORS.notFound] as const;
export type GetSeriesError = ErrorOf<typeof GET_SERIES_ERRORS>;

/** Skipping a visit: the series and the visit must exist, then the skip's rules. */
export const SKIP_SERIES_VISIT_ERRORS = [...GET_SERIES_ERRORS, SERIES_ERRORS.visitNotInSeries, ...PLAN_SKIP_ERRORS] as const;
export type SkipSeriesVisitError = ErrorOf<typeof SKIP_SERIES_VISIT_ERRORS>;

/**
 * Moving a visit: an override only by a superadmin, the series and the visit, the move's rules,
 * then the one reservation (the closed date, the place, the visit's cleaners at the new time).
 */
export const MOVE_SERIES_VISIT_ERRORS = [
  STATUS_ERRORS.overrideForbidden,
  ...GET_SERIES_ERRORS,
  SERIES_ERRORS.visitNotInSeries,
  ...PLAN_MOVE_ERRORS,
  ...RESERVATION_ERRORS,
] as const;
export type MoveSeriesVisitError = ErrorOf<typeof MOVE_SERIES_VISIT_ERRORS>;

/** Changing the terms from a date: the series, then the change's rules (the re-pricing included). */
export const CHANGE_SERIES_ERRORS = [...GET_SERIES_ERRORS, ...PLAN_CHANGE_ERRORS] as const;
export type ChangeSeriesError = ErrorOf<typeof CHANGE_SERIES_ERRORS>;

/** Setting the regular cleaners: the series, then who may be put on its visits (fieldErrors.cleanerIds). */
export const SET_SERIES_CLEANERS_ERRORS = [...GET_SERIES_ERRORS, VALIDATION_FAILED] as const;
export type SetSeriesCleanersError = ErrorOf<typeof SET_SERIES_CLEANERS_ERRORS>;

/** Pausing, resuming or ending from a date: the series, not ended, and a date not in the past. */
export const PAUSE_SERIES_ERRORS = [...GET_SERIES_ERRORS, ...PLAN_FROM_DATE_ERRORS] as const;
export type PauseSeriesError = ErrorOf<typeof PAUSE_SERIES_ERRORS>;
export const RESUME_SERIES_ERRORS = PAUSE_SERIES_ERRORS;
export type ResumeSeriesError = ErrorOf<typeof RESUME_SERIES_ERRORS>;
export const END_SERIES_ERRORS = PAUSE_SERIES_ERRORS;
export type EndSeriesError = ErrorOf<typeof END_SERIES_ERRORS>;

/** What the audit row keeps of a visit. */
const visitFacts = (visit: BookingRecord) => ({
  bookingId: visit._id,
  reference: visit.reference,
  seriesDate: visit.seriesDate,
  startTime: visit.startTime,
  endTime: visit.endTime,
  status: visit.status,
});

/** What the audit row keeps of a series' terms and price. */
const termsFacts = (series: Series) => ({
  frequencyCode: series.frequencyCode,
  repeatUnit: series.unit,
  repeatEvery: series.every,
  anchorDate: series.anchorDate,
  startTime: clockOf(series.startMinutes),
  durationMinutes: series.durationMinutes,
  hours: series.template.hours,
  bedrooms: series.template.bedrooms,
  extras: series.template.extras.map(({ extraId, quantity }) => ({ extraId, quantity })),
  recurringTotal: series.template.firstServiceTotal,
});

/**
 * After a change of terms, inside its transaction: each new visit at the very times of a visit it
 * replaced takes back that visit's confirmation and cleaners (those still free, through the one
 * reservation; its place is already held). The new visits that did, by id.
 */
async function carryOver(
  tx: SeriesTx,
  standing: readonly BookingRecord[],
  planned: readonly BookingRecord[],
  scheduling: SchedulingSettings,
  now: Date,
): Promise<string[]> {
  const carried: string[] = [];
  for (const visit of planned) {
    if (visit.status !== "PENDING" && visit.status !== "CONFIRMED") continue;
    const was = standing.find((old) =>
      old.startTime.getTime() === visit.startTime.getTime() && old.endTime.getTime() === visit.endTime.getTime()
    );
    if (!was) continue;
    const status = was.status === "CONFIRMED" ? "CONFIRMED" : visit.status;
    if (status === visit.status && sameAssignment(was.cleanerIds, visit.cleanerIds)) continue;
    const kept = await tx.reserve(
      reservation({ start: visit.startTime, end: visit.endTime }, scheduling, {
        bookingId: visit._id,
        takesPlace: false,
        refuseClosed: false,
        cleaners: { kind: "best", ids: was.cleanerIds.length > 0 ? was.cleanerIds : visit.cleanerIds },
        audience: "staff",
      }),
      () => status === visit.status ? Promise.resolve(visit) : tx.moveVisit(visit._id, { startTime: visit.startTime, endTime: visit.endTime, status }, now),
    );
    if (kept.ok) carried.push(visit._id);
  }
  return carried;
}

export function makeSeriesAdmin(deps: SeriesAdminDeps) {
  const { store, clock, messages, generation } = deps;

  async function detail(id: string): Promise<Result<SeriesDetail, GetSeriesError>> {
    const [found, scheduling] = await Promise.all([store.getDetail(id, clock.now()), deps.settings.getScheduling()]);
    return found ? ok({ ...found, horizonWeeks: scheduling.seriesHorizonWeeks }) : err(SERIES_ERRORS.notFound);
  }

  /** A visit e-mail with a fresh manage-my-booking link, written in the transaction. */
  async function tellAboutVisit(tx: SeriesTx, visit: BookingRecord, compose: (links: { manageToken: string }) => ReturnType<typeof seriesVisitSkippedEmail>) {
    const manage = newManageToken();
    await tx.saveManageTokenHash(visit._id, manage.hash);
    await tx.enqueueEmail(compose({ manageToken: manage.token }));
  }

  /** Runs `work` under the series' lock; afterwards (committed) the series as it is now. */
  async function changeSeries<E extends DomainError>(
    id: string,
    work: (tx: SeriesTx, series: Series) => Promise<Result<"changed" | "unchanged", E>>,
    afterCommit?: () => Promise<unknown>,
  ): Promise<Result<SeriesDetail, E | GetSeriesError>> {
    const done = await store.transaction(async (tx) => {
      const series = await tx.lockSeries(id);
      if (!series) return err(SERIES_ERRORS.notFound);
      return work(tx, series);
    });
    if (!done.ok) return done;
    if (done.value === "changed" && afterCommit) await afterCommit();
    return detail(id);
  }

  return {
    async list(query: SeriesListQuery): Promise<Page<SeriesSummary>> {
      const { items, totalItems } = await store.list(query, clock.now());
      return { items, page: query.page, totalPages: totalPagesOf(totalItems, query.limit), totalItems };
    },

    get: detail,

    /** One visit skipped: CANCELLED with the reason (default "Skipped"), its date kept so it is never generated again. */
    async skip(actor: StaffActor, id: string, bookingId: string, input: SeriesSkipInput): Promise<Result<SeriesDetail, SkipSeriesVisitError>> {
      const ctx = await messages.context();
      const reason = input.reason?.trim() || SERIES_CANCEL_REASONS.skipped;
      return changeSeries<SkipSeriesVisitError>(id, async (tx, series) => {
        const visit = await tx.lockVisit(series._id, bookingId);
        if (!visit) return err(SERIES_ERRORS.visitNotInSeries);
        const now = clock.now();
        const plan = planSkip(series, visit, now);
        if (!plan.ok) return plan;
        const skipped = await tx.skipVisit(visit._id, reason, now);
        await tellAboutVisit(tx, skipped, (links) => seriesVisitSkippedEmail(skipped, series, ctx, links));
        await tx.audit(auditEntry(actor, "series.skip", "series", series._id, visitFacts(visit), { ...visitFacts(skipped), reason }));
        return ok("changed");
      });
    },

    /**
     * One visit moved to a new start (the office's start rules, its length kept), capacity-checked
     * without its own place unless a superadmin overrides; a NEEDS_ATTENTION visit placed this way
     * takes the series' visit status. Its date stays, so the occurrence is not generated again.
     */
    async move(actor: StaffActor, id: string, bookingId: string, input: SeriesMoveInput): Promise<Result<SeriesDetail, MoveSeriesVisitError>> {
      const override = input.overrideCapacity ?? false;
      if (override && actor.role !== "superadmin") return err(STATUS_ERRORS.overrideForbidden);
      // The schema accepted it, so it parses.
      const start = parseIsoInstant(input.startTimeISO) as Date;
      const day = closedDateLookupDay(start);
      const [scheduling, closed, ctx] = await Promise.all([
        deps.settings.getScheduling(),
        day ? deps.closedDates.list({ from: day, to: day }) : [],
        messages.context(),
      ]);
      return changeSeries<MoveSeriesVisitError>(id, async (tx, series) => {
        const visit = await tx.lockVisit(series._id, bookingId);
        if (!visit) return err(SERIES_ERRORS.visitNotInSeries);
        const now = clock.now();
        const plan = planMove(series, visit, start, {
          now,
          scheduling,
          closedDates: closedDateLabels(closed),
          firstVisitStatus: await tx.firstVisitStatus(series),
          allowOutsideHours: input.allowOutsideHours,
        });
        if (!plan.ok) return plan;
        if (plan.value.unchanged) return ok("unchanged");
        // The one reservation: its place (unless overridden), the closed day and its cleaners at the new time.
        const reserved = await tx.reserve(
          reservation({ start: plan.value.startTime, end: plan.value.endTime }, scheduling, {
            bookingId: visit._id,
            takesPlace: !override,
            cleaners: { kind: "require", ids: visit.cleanerIds, stays: visit.cleanerIds },
            teamRequired: !override && !plan.value.outsideHours,
            customerEmailKey: customerEmailKey(visit.email),
            audience: "staff",
          }),
          () => tx.moveVisit(visit._id, plan.value, now),
        );
        if (!reserved.ok) return reserved;
        const moved = reserved.value.booking;
        await tellAboutVisit(tx, moved, (links) => seriesVisitMovedEmail(visit, moved, series, ctx, links));
        await tx.audit(auditEntry(actor, "series.move", "series", series._id, visitFacts(visit), {
          ...visitFacts(moved),
          ...(override ? { overrideCapacity: true } : {}),
          ...(plan.value.outsideHours ? { allowOutsideHours: true } : {}),
        }));
        return ok("changed");
      });
    },

    /**
     * The series changes from a date on (time, frequency, size, add-ons; re-priced on the live
     * catalogue): the visits from that date that still stand are cancelled ("Replaced by a change to
     * the regular clean", their dates freed), the new terms start on that date, and the visits are
     * generated again at once. A first visit outside the working hours needs allowOutsideHours (audited).
     */
    async change(actor: StaffActor, id: string, input: SeriesChangeBody): Promise<Result<SeriesDetail, ChangeSeriesError>> {
      const now = clock.now();
      const [current, scheduling, closed, ctx] = await Promise.all([
        store.getById(id),
        deps.settings.getScheduling(),
        deps.closedDates.list({ from: input.fromDate, to: input.fromDate }),
        messages.context(),
      ]);
      if (!current) return err(SERIES_ERRORS.notFound);
      // The catalogue as it is now: the series' service (null once deleted), its add-ons, the frequencies.
      const service = current.template.serviceId ? await deps.catalog.getService(current.template.serviceId) : null;
      const [extras, frequencies] = await Promise.all([service ? deps.catalog.listExtras(service._id) : [], deps.catalog.listFrequencies()]);
      return changeSeries<ChangeSeriesError>(id, async (tx, series) => {
        const plan = planChange(series, input, { service, extras, frequencies }, { now, scheduling, closedDates: closedDateLabels(closed) });
        if (!plan.ok) return plan;
        // Issue 28: a visit whose time the change keeps keeps its confirmation and its cleaners.
        const standing = await tx.comingVisits(series._id, melbourneInstant(input.fromDate, 0));
        const replaced = await tx.cancelVisitsFrom(series._id, input.fromDate, SERIES_CANCEL_REASONS.replaced, { keepSeriesDate: false });
        const after = await tx.saveChange(series._id, plan.value);
        const carried = await carryOver(tx, standing, await tx.planVisits(series._id, now), scheduling, now);
        await tx.enqueueEmail(seriesChangedEmail(after, {
          fromDate: input.fromDate,
          replaced,
          nextStarts: plannedStartsFrom(after, input.fromDate, NEXT_VISITS_TOLD),
        }, ctx));
        await tx.audit(auditEntry(actor, "series.change", "series", series._id, termsFacts(series), {
          ...termsFacts(after),
          fromDate: input.fromDate,
          replacedIds: replaced.map((visit) => visit._id),
          ...(carried.length > 0 ? { keptIds: carried } : {}),
          ...(plan.value.outsideHours ? { allowOutsideHours: true } : {}),
        }));
        return ok("changed");
      }, () => generation.generate(id));
    },

    /**
     * The regular cleaners from now on. Each coming visit holding a place whose cleaners are all
     * among the series' old ones (none, or not changed for that visit alone) gets the new ones who are free at its time;
     * a visit where one is busy keeps its place without them and is named in the answer
     * (missingCleanerIds) for the office to choose someone. No customer e-mail: who cleans is the
     * office's to arrange. Audited as series.cleaners.
     */
    async setCleaners(actor: StaffActor, id: string, input: SeriesCleanersInput): Promise<Result<SeriesDetail, SetSeriesCleanersError>> {
      const scheduling = await deps.settings.getScheduling();
      return changeSeries<SetSeriesCleanersError>(id, async (tx, series) => {
        const { cleanerIds } = input;
        if (sameAssignment(series.cleanerIds, cleanerIds)) return ok("unchanged");
        const allowed = checkCleaners(series.cleanerIds, cleanerIds, await tx.cleanersByIds(cleanerIds));
        if (!allowed.ok) return allowed;
        await tx.setCleaners(series._id, cleanerIds);
        const changed: string[] = [];
        for (const visit of await tx.comingVisits(series._id, clock.now())) {
          // A visit given someone else for itself alone keeps them.
          if (!visit.cleanerIds.every((cleanerId) => series.cleanerIds.includes(cleanerId))) continue;
          // The one reservation, its place already held: those free (and, in team mode, working) go on
          // it. It takes no place, refuses no closed date and leaves off whoever can't come, so it
          // never refuses the visit.
          const placed = await tx.reserve(
            reservation({ start: visit.startTime, end: visit.endTime }, scheduling, {
              bookingId: visit._id,
              takesPlace: false,
              refuseClosed: false,
              cleaners: { kind: "best", ids: cleanerIds },
              customerEmailKey: customerEmailKey(visit.email),
              audience: "staff",
            }),
            () => Promise.resolve(visit),
          );
          if (placed.ok) changed.push(visit._id);
        }
        await tx.audit(auditEntry(actor, "series.cleaners", "series", series._id, { cleanerIds: series.cleanerIds }, {
          cleanerIds: [...cleanerIds],
          visitIds: changed,
        }));
        return ok("changed");
      });
    },

    /** Paused from a date (default today): the visits from then cancelled ("Regular clean paused", dates freed); nothing generated. */
    async pause(actor: StaffActor, id: string, input: SeriesPauseInput): Promise<Result<SeriesDetail, PauseSeriesError>> {
      const fromDate = input.fromDate ?? melbourneYmd(clock.now());
      const ctx = await messages.context();
      return changeSeries<PauseSeriesError>(id, async (tx, series) => {
        const plan = planPause(series, fromDate, clock.now());
        if (!plan.ok) return plan;
        if (plan.value === "unchanged") return ok("unchanged");
        const cancelled = await tx.cancelVisitsFrom(series._id, fromDate, SERIES_CANCEL_REASONS.paused, { keepSeriesDate: false });
        const after = await tx.pause(series._id);
        await tx.enqueueEmail(seriesPausedEmail(after, { fromDate, cancelled }, ctx));
        await tx.audit(auditEntry(actor, "series.pause", "series", series._id, { status: series.status }, {
          status: after.status,
          fromDate,
          cancelledIds: cancelled.map((visit) => visit._id),
        }));
        return ok("changed");
      });
    },

    /** Active again from a date (default today), its anchor kept; the visits are generated at once. */
    async resume(actor: StaffActor, id: string, input: SeriesResumeInput): Promise<Result<SeriesDetail, ResumeSeriesError>> {
      const fromDate = input.fromDate ?? melbourneYmd(clock.now());
      const ctx = await messages.context();
      return changeSeries<ResumeSeriesError>(id, async (tx, series) => {
        const plan = planResume(series, fromDate, clock.now());
        if (!plan.ok) return plan;
        if (plan.value === "unchanged") return ok("unchanged");
        const after = await tx.resume(series._id, fromDate);
        await tx.enqueueEmail(seriesResumedEmail(after, { fromDate, nextStarts: plannedStartsFrom(after, fromDate, NEXT_VISITS_TOLD) }, ctx));
        await tx.audit(auditEntry(actor, "series.resume", "series", series._id, { status: series.status }, { status: after.status, fromDate }));
        return ok("changed");
      }, () => generation.generate(id));
    },

    /** Ended from a date: every visit from then that is not done is cancelled; the customer is told once. */
    async end(actor: StaffActor, id: string, input: SeriesEndInput): Promise<Result<SeriesDetail, EndSeriesError>> {
      const reason = input.reason?.trim() || SERIES_CANCEL_REASONS.ended;
      const ctx = await messages.context();
      return changeSeries<EndSeriesError>(id, async (tx, series) => {
        const plan = planEnd(series, input.fromDate, clock.now());
        if (!plan.ok) return plan;
        const cancelled = await tx.end(series._id, input.fromDate, reason);
        await tx.enqueueEmail(seriesEndedEmail(series, { fromDate: input.fromDate, reason: input.reason?.trim() ?? "", cancelled }, ctx));
        await tx.audit(auditEntry(actor, "series.end", "series", series._id, { status: series.status }, {
          status: "ENDED",
          endsOn: input.fromDate,
          reason,
          cancelledIds: cancelled.map((visit) => visit._id),
        }));
        return ok("changed");
      });
    },
  };
}

export type SeriesAdmin = ReturnType<typeof makeSeriesAdmin>;

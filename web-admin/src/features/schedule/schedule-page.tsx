import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useId, useMemo, useState } from "react";
import { serverMessageOr } from "@yarra/api/client/error-catalogue.ts";
import { isYmd } from "@yarra/core/shared/melbourne-time.ts";
import { SCHEDULING_DEFAULTS } from "@yarra/core/settings/types.ts";
import { ErrorAlert } from "@yarra/public-ui/error-alert.tsx";
import { readSession } from "../../lib/session.ts";
import { useRowWrites } from "../../lib/use-row-writes.ts";
import { asFailure } from "../../ui/failure.ts";
import { FlashStatus } from "../../ui/flash-status.tsx";
import { PageHeader } from "../../ui/page-header.tsx";
import { useFlash } from "../../ui/use-flash.ts";
import { DaySummary } from "./day-summary.tsx";
import { DayView } from "./day-view.tsx";
import { type JobActions, STATUS_LABELS } from "./job-card.tsx";
import { JOB_MARKS_TEXT } from "./job-marks.ts";
import { isNewSince, useLastLook } from "./last-look.ts";
import {
  assignCleaners,
  confirmJob,
  type Schedule,
  type ScheduleCleaner,
  type ScheduleJob,
  SCHEDULE_KEY,
  scheduleQuery,
  schedulingSettingsQuery,
} from "./schedule-api.ts";
import {
  formatDayLong,
  formatDayShort,
  formatTime,
  rangeOf,
  type ScheduleView,
  stepDate,
  todayYmd,
  zoneOfDay,
} from "./schedule-dates.ts";
import { distinctColours, jobsOn } from "./schedule-layout.ts";
import { WeekView } from "./week-view.tsx";
import "./schedule.css";

/** The schedule loads itself again this often (issue 16: at least every minute). */
export const SCHEDULE_REFRESH_MS = 60_000;

export const SCHEDULE_TEXT = {
  loadFailed: "Failed to load the schedule",
  loading: "Loading the schedule…",
  assignFailed: "Assigning failed",
  confirmFailed: "Confirming failed",
  confirmed: (reference: string) => `${reference} confirmed; the customer is e-mailed.`,
  needAttention: (count: number) => (count === 1 ? "1 needs attention" : `${count} need attention`),
  noJobs: "No jobs on this day.",
  noJobsWeek: "No jobs this week.",
  printRunSheets: "Print run sheets",
  assigned: (reference: string, names: string[]) =>
    names.length === 0 ? `${reference} is now unassigned.` : `${reference} assigned to ${names.join(" and ")}.`,
} as const;

const T = SCHEDULE_TEXT;

export interface ScheduleSearchChange {
  date?: string;
  view?: ScheduleView;
}

interface SchedulePageProps {
  date: string;
  view: ScheduleView;
  onNavigate: (search: ScheduleSearchChange) => void;
}

const NO_SCHEDULE: Schedule = { from: "", to: "", cleaners: [], days: [], jobs: [] };

/** After a move the card may sit in another column: keep the keyboard on its Assign button. */
function refocusAssign(jobId: string) {
  requestAnimationFrame(() => {
    const active = document.activeElement;
    if (active && active !== document.body && active.isConnected) return;
    const card = [...document.querySelectorAll<HTMLElement>("[data-job-id]")].find((element) => element.dataset.jobId === jobId);
    card?.querySelector<HTMLElement>(".assign__toggle")?.focus();
  });
}

/** The office's day (issue 16): who is on which job, what is unassigned, and what came in since the last look. */
export function SchedulePage({ date, view, onNavigate }: SchedulePageProps) {
  const queryClient = useQueryClient();
  const { from, to } = rangeOf(view, date);
  const schedule = useQuery({ ...scheduleQuery(from, to), refetchInterval: SCHEDULE_REFRESH_MS });
  const settings = useQuery(schedulingSettingsQuery);
  const loaded = schedule.data ?? NO_SCHEDULE;
  // Issue 34: no two cleaners drawn alike while the palette lasts.
  const cleaners = useMemo(() => distinctColours(loaded.cleaners), [loaded.cleaners]);
  const data = useMemo(() => ({ ...loaded, cleaners }), [loaded, cleaners]);
  const userId = readSession()?.user._id || "staff";
  const since = useLastLook(userId, schedule.isSuccess ? schedule.dataUpdatedAt : 0);
  const [assignErrors, setAssignErrors] = useState<Record<string, string>>({});
  const [confirming, setConfirming] = useState<string | null>(null);
  const rowWrites = useRowWrites("schedule");
  const flash = useFlash();
  const dateInputId = useId();
  const today = todayYmd();

  const cleanersById = new Map(data.cleaners.map((cleaner) => [cleaner._id, cleaner]));

  async function assign(job: ScheduleJob, cleanerIds: string[]): Promise<boolean> {
    let saved = false;
    await rowWrites.run(job._id, async () => {
      setAssignErrors(({ [job._id]: _dropped, ...rest }) => rest);
      try {
        const answer = await assignCleaners(job._id, cleanerIds);
        const assigned = answer.cleanerIds ?? cleanerIds;
        queryClient.setQueriesData<Schedule>({ queryKey: SCHEDULE_KEY }, (cached) =>
          cached && { ...cached, jobs: cached.jobs.map((other) => (other._id === job._id ? { ...other, cleanerIds: assigned } : other)) });
        // The server may have moved other things meanwhile: the view loads again at once.
        void queryClient.invalidateQueries({ queryKey: SCHEDULE_KEY });
        void queryClient.invalidateQueries({ queryKey: ["bookings"], refetchType: "none" });
        const names = assigned.map((id) => cleanersById.get(id)?.name).filter((name) => name !== undefined);
        flash.show(T.assigned(job.reference, names));
        refocusAssign(job._id);
        saved = true;
      } catch (error) {
        setAssignErrors((current) => ({ ...current, [job._id]: serverMessageOr(error, T.assignFailed) }));
      }
    });
    return saved;
  }

  /** Issue 34: Confirm on the card, through the bookings' status call; the card shows a refusal. */
  async function confirm(job: ScheduleJob): Promise<void> {
    await rowWrites.run(job._id, async () => {
      setAssignErrors(({ [job._id]: _dropped, ...rest }) => rest);
      setConfirming(job._id);
      try {
        const answer = await confirmJob(job._id);
        const status = answer.status === "CONFIRMED" ? "CONFIRMED" : job.status;
        queryClient.setQueriesData<Schedule>({ queryKey: SCHEDULE_KEY }, (cached) =>
          cached && { ...cached, jobs: cached.jobs.map((other) => (other._id === job._id ? { ...other, status } : other)) });
        void queryClient.invalidateQueries({ queryKey: SCHEDULE_KEY });
        void queryClient.invalidateQueries({ queryKey: ["bookings"], refetchType: "none" });
        flash.show(T.confirmed(job.reference));
        // The Confirm button is gone: the keyboard stays on the card, on its Assign button.
        refocusAssign(job._id);
      } catch (error) {
        setAssignErrors((current) => ({ ...current, [job._id]: serverMessageOr(error, T.confirmFailed) }));
      } finally {
        setConfirming(null);
      }
    });
  }

  const actions: JobActions = {
    isNew: (job) => isNewSince(since, job.createdAt),
    errorOf: (job) => assignErrors[job._id] ?? null,
    isBusy: (job) => rowWrites.isPending(job._id),
    optionsFor: (job): ScheduleCleaner[] => data.cleaners.filter((cleaner) => cleaner.active || job.cleanerIds.includes(cleaner._id)),
    assign,
    confirm,
    isConfirming: (job) => confirming === job._id,
  };

  const jobsShown = view === "day" ? jobsOn(data, date) : data.jobs;
  const unassignedCount = jobsShown.filter((job) => !job.cleanerIds.some((id) => cleanersById.has(id))).length;
  const newCount = jobsShown.filter(actions.isNew).length;
  const attentionCount = jobsShown.filter((job) => job.status === "NEEDS_ATTENTION").length;
  const lateCount = jobsShown.filter((job) => job.late).length;
  const day = data.days.find((candidate) => candidate.date === date);
  const unit = view === "day" ? "day" : "week";
  const title = view === "day"
    ? `${formatDayLong(date)} (${zoneOfDay(date)})`
    : `${formatDayShort(from)} – ${formatDayShort(to)} ${to.slice(0, 4)}`;
  const retrying = schedule.isError && schedule.isFetching;

  return (
    <section className="schedule-page" aria-labelledby="schedule-title" aria-busy={schedule.isPending}>
      <PageHeader title="Schedule" titleId="schedule-title">
        <Link to="/schedule/print" search={{ date }} className="admin-button admin-button--secondary">
          {T.printRunSheets}
        </Link>
      </PageHeader>

      <div className="schedule-toolbar">
        <div className="schedule-toolbar__group" role="group" aria-label={`Choose the ${unit}`}>
          <button type="button" className="admin-button admin-button--secondary admin-button--small"
            onClick={() => onNavigate({ date: stepDate(view, date, -1), view })}>
            Previous<span className="admin-visually-hidden"> {unit}</span>
          </button>
          <button type="button" className="admin-button admin-button--secondary admin-button--small"
            onClick={() => onNavigate({ date: undefined, view })}>
            Today
          </button>
          <button type="button" className="admin-button admin-button--secondary admin-button--small"
            onClick={() => onNavigate({ date: stepDate(view, date, 1), view })}>
            Next<span className="admin-visually-hidden"> {unit}</span>
          </button>
        </div>
        <div className="schedule-toolbar__date">
          <label htmlFor={dateInputId} className="admin-field__label">Date</label>
          <input id={dateInputId} type="date" className="admin-input" value={date}
            onChange={(event) => {
              if (isYmd(event.target.value)) onNavigate({ date: event.target.value, view });
            }} />
        </div>
        <div className="schedule-toolbar__group" role="group" aria-label="View">
          {(["day", "week"] as const).map((option) => (
            <button key={option} type="button" className="admin-button admin-button--secondary admin-button--small"
              aria-pressed={view === option} onClick={() => onNavigate({ date, view: option })}>
              {option === "day" ? "Day" : "Week"}
            </button>
          ))}
        </div>
      </div>

      <h2 className="schedule-page__title">{title}</h2>
      <div className="schedule-page__facts">
        <p className="schedule-page__counts">
          <span>{jobsShown.length === 1 ? "1 job" : `${jobsShown.length} jobs`}</span>
          {unassignedCount > 0 && <span className="schedule-page__unassigned">{unassignedCount} unassigned</span>}
          {attentionCount > 0 && <span className="schedule-page__attention">{T.needAttention(attentionCount)}</span>}
          {lateCount > 0 && <span className="schedule-page__late">{JOB_MARKS_TEXT.lateCount(lateCount)}</span>}
          {newCount > 0 && <span className="schedule-page__new">{newCount} new since your last look</span>}
        </p>
        {schedule.isSuccess && (
          <p className="schedule-page__updated">
            Updated {formatTime(new Date(schedule.dataUpdatedAt).toISOString())}; refreshes every minute.
          </p>
        )}
      </div>
      {view === "day" && <DaySummary day={day} />}
      <ul className="schedule-legend" aria-label="Legend">
        {(["PENDING", "CONFIRMED", "DONE", "NEEDS_ATTENTION"] as const).map((status) => (
          <li key={status} className={`schedule-legend__item job-card--${status.toLowerCase()}`}>{STATUS_LABELS[status]}</li>
        ))}
        <li className="schedule-legend__item schedule-legend__item--unassigned">Unassigned</li>
        <li className="schedule-legend__item"><span className="job-card__new">New</span> since your last look</li>
        <li className="schedule-legend__item"><span className="job-card__late">{JOB_MARKS_TEXT.late}</span> {JOB_MARKS_TEXT.lateLegend}</li>
      </ul>

      <FlashStatus message={flash.message} />
      {(schedule.isPending || retrying) && <p role="status">{T.loading}</p>}
      {schedule.isError && !retrying && (
        <div className="schedule-page__load-error">
          <ErrorAlert failure={asFailure(schedule.error)} message={T.loadFailed} />
          <button type="button" className="admin-button admin-button--secondary" onClick={() => void schedule.refetch()}>Try again</button>
        </div>
      )}
      {schedule.isSuccess && view === "day" && (
        <>
          {jobsShown.length === 0 && <p className="schedule-page__none">{T.noJobs}</p>}
          <DayView
            schedule={data}
            date={date}
            settings={settings.data ?? SCHEDULING_DEFAULTS}
            cleanersById={cleanersById}
            actions={actions}
          />
        </>
      )}
      {schedule.isSuccess && view === "week" && (
        <>
          {jobsShown.length === 0 && <p className="schedule-page__none">{T.noJobsWeek}</p>}
          <WeekView schedule={data} from={from} to={to} today={today} cleanersById={cleanersById} actions={actions} />
        </>
      )}
    </section>
  );
}

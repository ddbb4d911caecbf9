import { Link } from "@tanstack/react-router";
import { type CSSProperties, type DragEvent, useId } from "react";
import { AssignControl } from "./assign-control.tsx";
import type { JobStatus, ScheduleCleaner, ScheduleJob } from "./schedule-api.ts";
import { formatTimeRange } from "./schedule-dates.ts";

export const STATUS_LABELS: Record<JobStatus, string> = {
  PENDING: "Pending",
  CONFIRMED: "Confirmed",
  DONE: "Done",
  // Issue 28: on a day since closed (or a visit that found no place); it holds no place until moved.
  NEEDS_ATTENTION: "Needs attention",
};
export const REGULAR_MARK = "Regular";

export interface JobActions {
  isNew: (job: ScheduleJob) => boolean;
  errorOf: (job: ScheduleJob) => string | null;
  isBusy: (job: ScheduleJob) => boolean;
  optionsFor: (job: ScheduleJob) => ScheduleCleaner[];
  assign: (job: ScheduleJob, cleanerIds: string[]) => Promise<boolean>;
}

interface JobCardProps {
  job: ScheduleJob;
  cleanersById: ReadonlyMap<string, ScheduleCleaner>;
  actions: JobActions;
  /** Cleaners shown as chips: in a cleaner's column, the others on the job; in the week, all of them. */
  hideCleanerId?: string;
  className?: string;
  style?: CSSProperties;
  /** Pointer devices may drag the card to another column; the Assign button always works. */
  onDragStart?: (event: DragEvent<HTMLElement>) => void;
  onDragEnd?: () => void;
}

/** One job: when, who for, where, what; its status in words and colour; a link to its details. */
export function JobCard({ job, cleanersById, actions, hideCleanerId, className, style, onDragStart, onDragEnd }: JobCardProps) {
  const titleId = useId();
  const isNew = actions.isNew(job);
  const error = actions.errorOf(job);
  const assigned = job.cleanerIds.map((id) => cleanersById.get(id)).filter((cleaner) => cleaner !== undefined);
  const chips = assigned.filter((cleaner) => cleaner._id !== hideCleanerId);
  const unassigned = assigned.length === 0;
  const classes = [
    "job-card",
    `job-card--${job.status.toLowerCase()}`,
    unassigned ? "job-card--unassigned" : "",
    isNew ? "job-card--new" : "",
    error ? "is-raised" : "",
    className ?? "",
  ].filter(Boolean).join(" ");

  return (
    <article
      className={classes}
      style={style}
      aria-labelledby={titleId}
      data-job-id={job._id}
      draggable={onDragStart ? true : undefined}
      onDragStart={onDragStart}
      onDragEnd={onDragEnd}
    >
      <p className="job-card__line">
        <span className="job-card__time">{formatTimeRange(job.startTime, job.endTime)}</span>
        <span className="job-card__status">{STATUS_LABELS[job.status]}</span>
        {/* Issue 17: a visit of a regular clean; its series page is one click on from the details. */}
        {job.seriesId && <span className="job-card__series" title="A visit of a regular clean">{REGULAR_MARK}</span>}
        {isNew && <span className="job-card__new">New</span>}
      </p>
      <h4 id={titleId} className="job-card__customer">
        {/* The whole card opens the details (the link is stretched over it); dragging moves the card. */}
        <Link to="/bookings/$bookingId" params={{ bookingId: job._id }} className="job-card__link" draggable={false}>
          <bdi>{job.customerName}</bdi>
        </Link>
      </h4>
      <p className="job-card__meta">
        <bdi>{job.suburb}</bdi>
        {" · "}
        {job.serviceName}
        {job.sizeLabel ? `, ${job.sizeLabel}` : ""}
      </p>
      <p className="job-card__ref">{job.reference}</p>
      {unassigned
        ? <p className="job-card__unassigned">Unassigned</p>
        : chips.length > 0 && (
          <ul className="job-card__cleaners" aria-label={hideCleanerId ? "Also on this job" : "Cleaners"}>
            {chips.map((cleaner) => (
              <li key={cleaner._id} className="schedule-chip">
                <span className="schedule-swatch" style={{ backgroundColor: cleaner.colour }} aria-hidden="true" />
                <bdi>{cleaner.name}</bdi>
              </li>
            ))}
          </ul>
        )}
      {/* Above the button, so the open list of cleaners never hides it. */}
      {error && <p className="job-card__error" role="alert">{error}</p>}
      <div className="job-card__actions">
        <AssignControl
          job={job}
          options={actions.optionsFor(job)}
          busy={actions.isBusy(job)}
          onAssign={(ids) => actions.assign(job, ids)}
        />
      </div>
    </article>
  );
}

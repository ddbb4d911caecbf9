import { Link } from "@tanstack/react-router";
import { type CSSProperties, type DragEvent, useId } from "react";
import { MapLink } from "../../lib/map-link.tsx";
import { AssignControl } from "./assign-control.tsx";
import { JOB_MARKS_TEXT, jobMarks, markTexts } from "./job-marks.ts";
import { initialsOf } from "./schedule-layout.ts";
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

/** Issue 34: a pending job is confirmed from its card; one needing attention says what it waits for. */
export const JOB_CARD_TEXT = {
  confirm: "Confirm",
  confirming: "Confirming…",
  confirmLabel: (reference: string) => `Confirm ${reference}`,
  needsAttention: "Holds no place: give it a new time.",
} as const;

export interface JobActions {
  isNew: (job: ScheduleJob) => boolean;
  errorOf: (job: ScheduleJob) => string | null;
  isBusy: (job: ScheduleJob) => boolean;
  optionsFor: (job: ScheduleJob) => ScheduleCleaner[];
  assign: (job: ScheduleJob, cleanerIds: string[]) => Promise<boolean>;
  /** PENDING to CONFIRMED through the bookings' status call (the customer is e-mailed). */
  confirm: (job: ScheduleJob) => Promise<void>;
  isConfirming: (job: ScheduleJob) => boolean;
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
  /** The customer's heading: under the column's h3 on the day, under the page's h2 in the week table. */
  headingLevel?: 3 | 4;
}

/** One job: when, who for, where, what; its status in words and colour; a link to its details. */
export function JobCard({ job, cleanersById, actions, hideCleanerId, className, style, onDragStart, onDragEnd, headingLevel = 4 }: JobCardProps) {
  const titleId = useId();
  const Heading = headingLevel === 3 ? "h3" : "h4";
  const isNew = actions.isNew(job);
  const error = actions.errorOf(job);
  const busy = actions.isBusy(job);
  const assigned = job.cleanerIds.map((id) => cleanersById.get(id)).filter((cleaner) => cleaner !== undefined);
  const chips = assigned.filter((cleaner) => cleaner._id !== hideCleanerId);
  const unassigned = assigned.length === 0;
  // Issue 31: the cleaners' taps (arrived, done) and the server's late flag.
  const marks = markTexts(jobMarks(job));
  const classes = [
    "job-card",
    `job-card--${job.status.toLowerCase()}`,
    unassigned ? "job-card--unassigned" : "",
    job.late ? "job-card--late" : "",
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
        {job.late && (
          <span className="job-card__late">
            {JOB_MARKS_TEXT.late}<span className="admin-visually-hidden">{JOB_MARKS_TEXT.lateDetail}</span>
          </span>
        )}
        {/* Issue 17: a visit of a regular clean; its series page is one click on from the details. */}
        {job.seriesId && <span className="job-card__series" title="A visit of a regular clean">{REGULAR_MARK}</span>}
        {isNew && <span className="job-card__new">New</span>}
      </p>
      {/* Under the time, so a block as short as its job still shows who arrived and who is done. */}
      {marks.length > 0 && (
        <p className="job-card__marks">
          {marks.map((mark) => <span key={mark.kind} className={`job-card__mark job-card__mark--${mark.kind}`}>{mark.text}</span>)}
        </p>
      )}
      <Heading id={titleId} className="job-card__customer">
        {/* The whole card opens the details (the link is stretched over it); dragging moves the card. */}
        <Link to="/bookings/$bookingId" params={{ bookingId: job._id }} className="job-card__link" draggable={false}>
          <bdi>{job.customerName}</bdi>
        </Link>
      </Heading>
      <p className="job-card__meta">
        {/* Issue 34: the suburb opens the whole address in Maps (the card stays small; the link's name is the address). */}
        <MapLink address={job.addressLine || job.suburb} className="job-card__map">
          <bdi>{job.suburb}</bdi>
        </MapLink>
        {" · "}
        {job.serviceName}
        {job.sizeLabel ? `, ${job.sizeLabel}` : ""}
      </p>
      <p className="job-card__ref">{job.reference}</p>
      {job.status === "NEEDS_ATTENTION" && <p className="job-card__attention">{JOB_CARD_TEXT.needsAttention}</p>}
      {unassigned
        ? <p className="job-card__unassigned">Unassigned</p>
        : chips.length > 0 && (
          <ul className="job-card__cleaners" aria-label={hideCleanerId ? "Also on this job" : "Cleaners"}>
            {chips.map((cleaner) => (
              <li key={cleaner._id} className="schedule-chip" title={cleaner.name}>
                <span className="schedule-swatch" style={{ backgroundColor: cleaner.colour }} aria-hidden="true" />
                {/* A narrow column shows the initials beside the colour; the name is still read out. */}
                <bdi className="schedule-chip__name">{cleaner.name}</bdi>
                <span className="schedule-chip__initials" aria-hidden="true">{initialsOf(cleaner.name)}</span>
              </li>
            ))}
          </ul>
        )}
      {/* Above the button, so the open list of cleaners never hides it. */}
      {error && <p className="job-card__error" role="alert">{error}</p>}
      <div className="job-card__actions">
        {job.status === "PENDING" && (
          <button
            type="button"
            className="admin-button admin-button--primary admin-button--small job-card__confirm"
            aria-label={JOB_CARD_TEXT.confirmLabel(job.reference)}
            disabled={busy}
            onClick={() => void actions.confirm(job)}
          >
            {actions.isConfirming(job) ? JOB_CARD_TEXT.confirming : JOB_CARD_TEXT.confirm}
          </button>
        )}
        <AssignControl
          job={job}
          options={actions.optionsFor(job)}
          busy={busy}
          onAssign={(ids) => actions.assign(job, ids)}
        />
      </div>
    </article>
  );
}

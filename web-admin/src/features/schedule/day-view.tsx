import { type CSSProperties, type DragEvent, useRef, useState } from "react";
import type { SchedulingSettings } from "@yarra/core/settings/types.ts";
import { type JobActions, JobCard } from "./job-card.tsx";
import type { Schedule, ScheduleCleaner, ScheduleJob } from "./schedule-api.ts";
import { hourLabel, wallMinutes } from "./schedule-dates.ts";
import {
  axisHours,
  dayColumns,
  dayGrid,
  jobsOn,
  lanesAbreast,
  lanesOf,
  lengthMinutes,
  movedCleanerIds,
  nameLines,
  UNASSIGNED,
} from "./schedule-layout.ts";

interface DayViewProps {
  schedule: Schedule;
  date: string;
  settings: Pick<SchedulingSettings, "firstSlotHour" | "dayEndHour">;
  cleanersById: ReadonlyMap<string, ScheduleCleaner>;
  actions: JobActions;
}

/** Marks our own drags, so a file or text dragged over the page is not taken for a job. */
const DRAG_TYPE = "application/x-yarra-job";

const jobCount = (count: number) => (count === 1 ? "1 job" : `${count} jobs`);

/**
 * A column per cleaner plus Unassigned, on a time axis; each job at its start, as long as it
 * lasts. Issue 34: narrow columns (ten cleaners fit at 1280 px), the names on two lines under
 * their colour, the time axis and the names kept in view while the grid scrolls. On a phone the
 * columns become a list per cleaner (schedule.css).
 */
export function DayView({ schedule, date, settings, cleanersById, actions }: DayViewProps) {
  const columns = dayColumns(schedule, date);
  const axis = axisHours(jobsOn(schedule, date), settings);
  const hours = Array.from({ length: axis.last - axis.first }, (_, index) => axis.first + index);
  const dragging = useRef<{ job: ScheduleJob; from: string } | null>(null);
  const [dropTarget, setDropTarget] = useState<string | null>(null);

  function startDrag(event: DragEvent<HTMLElement>, job: ScheduleJob, from: string) {
    dragging.current = { job, from };
    if (event.dataTransfer) {
      event.dataTransfer.effectAllowed = "move";
      event.dataTransfer.setData(DRAG_TYPE, job._id);
      // Some browsers start a drag only with plain text in it.
      event.dataTransfer.setData("text/plain", job.reference);
    }
  }

  function endDrag() {
    dragging.current = null;
    setDropTarget(null);
  }

  function dragOver(event: DragEvent<HTMLElement>, columnId: string) {
    if (!dragging.current) return;
    event.preventDefault();
    if (event.dataTransfer) event.dataTransfer.dropEffect = "move";
    if (dropTarget !== columnId) setDropTarget(columnId);
  }

  function drop(event: DragEvent<HTMLElement>, columnId: string) {
    const drag = dragging.current;
    endDrag();
    if (!drag) return;
    event.preventDefault();
    const next = movedCleanerIds(drag.job, drag.from, columnId);
    if (next) void actions.assign(drag.job, next);
  }

  const lanesByColumn = columns.map((column) => lanesOf(column.jobs));
  // A column with jobs side by side gets room for them (up to three abreast).
  const grid = dayGrid(lanesByColumn.map(lanesAbreast));
  const gridStyle = {
    "--schedule-hours": hours.length,
    gridTemplateColumns: grid.template,
  } as CSSProperties;

  return (
    <div className="schedule-day" style={gridStyle}>
      <div className="schedule-day__axis" aria-hidden="true">
        <div className="schedule-column__head" />
        <div className="schedule-day__hours">
          {hours.map((hour) => <span key={hour} className="schedule-day__hour">{hourLabel(hour)}</span>)}
        </div>
      </div>
      {columns.map((column, index) => {
        const lanes = lanesByColumn[index];
        const headId = `schedule-column-${column.id}`;
        const [first, rest] = nameLines(column.cleaner ? column.cleaner.name : "Unassigned");
        const colour = column.cleaner?.colour;
        return (
          <section
            key={column.id}
            className={`schedule-column${column.id === UNASSIGNED ? " schedule-column--unassigned" : ""}${
              dropTarget === column.id ? " is-drop-target" : ""
            }`}
            aria-labelledby={headId}
            data-column={column.id}
            onDragOver={(event) => dragOver(event, column.id)}
            onDragLeave={(event) => {
              if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDropTarget(null);
            }}
            onDrop={(event) => drop(event, column.id)}
          >
            <h3 id={headId} className="schedule-column__head" style={colour ? ({ "--cleaner-colour": colour } as CSSProperties) : undefined}>
              {/* First name, then the rest, each on its own line; the colour is the bar above them. */}
              <bdi className="schedule-column__name" title={column.cleaner?.name}>
                <span className="schedule-column__line">{first}</span>
                {rest && <>{" "}<span className="schedule-column__line">{rest}</span></>}
              </bdi>
              {column.cleaner && !column.cleaner.active && <span className="schedule-column__inactive"> (inactive)</span>}
              {" "}
              <span className="schedule-column__count">{jobCount(column.jobs.length)}</span>
            </h3>
            <div className="schedule-column__body">
              {column.jobs.length === 0 && <p className="schedule-column__empty">No jobs.</p>}
              {column.jobs.map((job) => {
                const lane = lanes.get(job._id) ?? { lane: 0, lanes: 1 };
                const style = {
                  "--job-start": wallMinutes(job.startTime) - axis.first * 60,
                  "--job-length": lengthMinutes(job),
                  "--job-lane": lane.lane,
                  "--job-lanes": lane.lanes,
                } as CSSProperties;
                return (
                  <JobCard
                    key={job._id}
                    job={job}
                    cleanersById={cleanersById}
                    actions={actions}
                    hideCleanerId={column.cleaner?._id}
                    className="job-card--placed"
                    style={style}
                    onDragStart={(event) => startDrag(event, job, column.id)}
                    onDragEnd={endDrag}
                  />
                );
              })}
            </div>
          </section>
        );
      })}
    </div>
  );
}

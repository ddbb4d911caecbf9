import { Link } from "@tanstack/react-router";
import type { CSSProperties } from "react";
import { type JobActions, JobCard } from "./job-card.tsx";
import type { Schedule, ScheduleCleaner } from "./schedule-api.ts";
import { daysOf, formatDayShort } from "./schedule-dates.ts";
import { closedText, freePlaces } from "./day-summary.tsx";
import { jobsOn, nameLines, UNASSIGNED, weekRows } from "./schedule-layout.ts";

interface WeekViewProps {
  schedule: Schedule;
  from: string;
  to: string;
  today: string;
  cleanersById: ReadonlyMap<string, ScheduleCleaner>;
  actions: JobActions;
}

const jobCount = (count: number) => (count === 1 ? "1 job" : `${count} jobs`);

/**
 * Issue 34: the week as a table, a row per cleaner (Unassigned first) and a column per day, so who
 * works when reads across. Each day's heading opens it, with its free places or why it is closed.
 * On a phone each row becomes a list of that cleaner's days with jobs (schedule.css).
 */
export function WeekView({ schedule, from, to, today, cleanersById, actions }: WeekViewProps) {
  const daysByDate = new Map(schedule.days.map((day) => [day.date, day]));
  const dates = daysOf(from, to);
  const rows = weekRows(schedule, from, to);
  return (
    <div className="schedule-week-wrap">
      <table className="schedule-week">
        <caption className="admin-visually-hidden">Jobs by cleaner and day</caption>
        <thead>
          <tr>
            <td className="schedule-week__corner" />
            {dates.map((date) => {
              const day = daysByDate.get(date);
              const unassigned = jobsOn(schedule, date).filter((job) => !job.cleanerIds.some((id) => cleanersById.has(id))).length;
              return (
                <th key={date} scope="col" className={`schedule-week__day${date === today ? " is-today" : ""}${day && !day.open ? " is-closed" : ""}`}>
                  <span className="schedule-week__title">
                    <Link to="/schedule" search={{ date }}>{formatDayShort(date)}</Link>
                    {date === today && <span className="schedule-week__today">Today</span>}
                  </span>
                  <span className="schedule-week__summary">
                    <span>{day && !day.open ? closedText(day) : `${freePlaces(day)} free`}</span>
                    {unassigned > 0 && <span className="schedule-week__unassigned">{unassigned} unassigned</span>}
                  </span>
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const [first, rest] = nameLines(row.cleaner ? row.cleaner.name : "Unassigned");
            const colour = row.cleaner?.colour;
            return (
              <tr
                key={row.id}
                className={`schedule-week__row${row.id === UNASSIGNED ? " schedule-week__row--unassigned" : ""}${row.count === 0 ? " is-empty" : ""}`}
                data-row={row.id}
              >
                <th scope="row" className="schedule-week__who" style={colour ? ({ "--cleaner-colour": colour } as CSSProperties) : undefined}>
                  <bdi className="schedule-week__name" title={row.cleaner?.name}>
                    <span className="schedule-column__line">{first}</span>
                    {rest && <>{" "}<span className="schedule-column__line">{rest}</span></>}
                  </bdi>
                  {row.cleaner && !row.cleaner.active && <span className="schedule-column__inactive"> (inactive)</span>}
                  {" "}
                  <span className="schedule-column__count">{jobCount(row.count)}</span>
                </th>
                {dates.map((date) => {
                  const jobs = row.byDate.get(date) ?? [];
                  return (
                    <td key={date} className={`schedule-week__cell${jobs.length === 0 ? " is-empty" : ""}`} data-date={date}>
                      {jobs.length > 0 && (
                        <>
                          {/* On a phone the table is a list: each cell says its day. */}
                          <p className="schedule-week__cell-day">{formatDayShort(date)}</p>
                          <div className="schedule-week__jobs">
                            {jobs.map((job) => (
                              <JobCard
                                key={job._id}
                                job={job}
                                cleanersById={cleanersById}
                                actions={actions}
                                hideCleanerId={row.cleaner?._id}
                                headingLevel={3}
                              />
                            ))}
                          </div>
                        </>
                      )}
                    </td>
                  );
                })}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

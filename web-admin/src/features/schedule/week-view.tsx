import { Link } from "@tanstack/react-router";
import { type JobActions, JobCard } from "./job-card.tsx";
import type { Schedule, ScheduleCleaner } from "./schedule-api.ts";
import { daysOf, formatDayShort } from "./schedule-dates.ts";
import { closedText, freePlaces } from "./day-summary.tsx";
import { jobsOn } from "./schedule-layout.ts";

interface WeekViewProps {
  schedule: Schedule;
  from: string;
  to: string;
  today: string;
  cleanersById: ReadonlyMap<string, ScheduleCleaner>;
  actions: JobActions;
}

/** Seven days, each with its jobs in start order and who is on them (a colour chip per cleaner). */
export function WeekView({ schedule, from, to, today, cleanersById, actions }: WeekViewProps) {
  const daysByDate = new Map(schedule.days.map((day) => [day.date, day]));
  return (
    <ol className="schedule-week">
      {daysOf(from, to).map((date) => {
        const day = daysByDate.get(date);
        const jobs = jobsOn(schedule, date);
        const unassigned = jobs.filter((job) => !job.cleanerIds.some((id) => cleanersById.has(id))).length;
        const headId = `schedule-week-${date}`;
        return (
          <li key={date} className={`schedule-week__day${date === today ? " is-today" : ""}`}>
            <section aria-labelledby={headId}>
              <h3 id={headId} className="schedule-week__title">
                <Link to="/schedule" search={{ date }}>{formatDayShort(date)}</Link>
                {date === today && <span className="schedule-week__today">Today</span>}
              </h3>
              <p className="schedule-week__summary">
                {day && !day.open ? closedText(day) : `${freePlaces(day)} free`}
                {unassigned > 0 && <span className="schedule-week__unassigned">{unassigned} unassigned</span>}
              </p>
              {jobs.length === 0
                ? <p className="schedule-column__empty">No jobs.</p>
                : (
                  <div className="schedule-week__jobs">
                    {jobs.map((job) => (
                      <JobCard key={job._id} job={job} cleanersById={cleanersById} actions={actions} />
                    ))}
                  </div>
                )}
            </section>
          </li>
        );
      })}
    </ol>
  );
}

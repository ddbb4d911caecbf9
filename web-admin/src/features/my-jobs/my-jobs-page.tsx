import { useQuery } from "@tanstack/react-query";
import { useId } from "react";
import { ErrorAlert } from "@yarra/public-ui/error-alert.tsx";
import { asFailure } from "../../ui/failure.ts";
import { JobCard } from "./job-card.tsx";
import { type JobDay, jobDays } from "./job-days.ts";
import { myJobsQuery, myJobsRange } from "./my-jobs-api.ts";
import "./my-jobs.css";

export const MY_JOBS_TEXT = {
  title: "My jobs",
  refresh: "Refresh",
  refreshing: "Refreshing…",
  loading: "Loading your jobs…",
  loadFailed: "Your jobs couldn’t be loaded. Check your connection and try again.",
  tryAgain: "Try again",
  noJobs: "No jobs",
} as const;

const T = MY_JOBS_TEXT;

/**
 * A cleaner's own screen (issue 31), phone first: today, tomorrow and the rest of the week, each
 * day with its jobs in order of time, and a day without any says so.
 */
export function MyJobsPage() {
  // Worked out on each render: a screen left open overnight asks for the new day when it next draws.
  const range = myJobsRange();
  const jobs = useQuery(myJobsQuery(range.from, range.to));
  const refresh = () => void jobs.refetch();

  return (
    <div className="my-jobs">
      <div className="my-jobs__head">
        <h1 className="admin-page-title">{T.title}</h1>
        {jobs.data && (
          <button type="button" className="admin-button admin-button--secondary my-jobs__refresh" onClick={refresh} disabled={jobs.isFetching}>
            {jobs.isFetching ? T.refreshing : T.refresh}
          </button>
        )}
      </div>
      {jobs.isPending && <p className="my-jobs__loading" role="status">{T.loading}</p>}
      {jobs.isError && (
        <div className="my-jobs__failed">
          <ErrorAlert failure={asFailure(jobs.error, T.loadFailed)} message={T.loadFailed} />
          <button type="button" className="admin-button admin-button--primary" onClick={refresh} disabled={jobs.isFetching}>
            {T.tryAgain}
          </button>
        </div>
      )}
      {jobs.data && jobDays(jobs.data, range).map((day) => <Day key={day.ymd} day={day} />)}
    </div>
  );
}

function Day({ day }: { day: JobDay }) {
  const titleId = useId();
  return (
    <section className="my-jobs__day" aria-labelledby={titleId}>
      <div className="my-jobs__day-head">
        <h2 id={titleId} className="my-jobs__day-title">{day.title}</h2>
        {day.date && <span className="my-jobs__date">{day.date}</span>}
      </div>
      {day.jobs.length === 0
        ? <p className="my-jobs__none">{T.noJobs}</p>
        : day.jobs.map((job) => <JobCard key={job._id} job={job} />)}
    </section>
  );
}

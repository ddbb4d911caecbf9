import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, type ReactNode, useId, useState } from "react";
import { ErrorAlert } from "@yarra/public-ui/error-alert.tsx";
import { isApiError } from "@yarra/api/client/http.ts";
import { formatAddress } from "@yarra/core/shared/contact.ts";
import { JOB_NOTE_MAX } from "@yarra/core/team/schemas.ts";
import { MapLink } from "../../lib/map-link.tsx";
import { asFailure } from "../../ui/failure.ts";
import { saveTickedItems, tickedItems } from "./checklist-ticks.ts";
import { markTime, timeRange } from "./job-days.ts";
import { type JobTap, type JobTapBody, MY_JOBS_KEY, type TeamJob, tapJob } from "./my-jobs-api.ts";
import { currentPosition } from "./position.ts";

export const JOB_CARD_TEXT = {
  status: { PENDING: "Not confirmed yet", CONFIRMED: "Confirmed", DONE: "Done" } satisfies Record<TeamJob["status"], string>,
  address: "Address",
  customer: "Customer",
  call: (phone: string) => `Call ${phone}`,
  with: "Working with",
  access: "Access and answers",
  extras: "Extras",
  notes: "Customer’s notes",
  lastingNotes: "Lasting notes",
  officeNotes: "From the office",
  checklist: "Checklist",
  checklistDone: (done: number, all: number) => `${done} of ${all} done`,
  onMyWay: "On my way",
  checkIn: "Check in",
  checkOut: "Check out",
  working: { "on-my-way": "Sending…", "check-in": "Checking in…", "check-out": "Checking out…" } satisfies Record<JobTap, string>,
  noteLabel: "Note for the office",
  noteHint: "Optional: anything the office should know, like damage, something missing or a key left behind.",
  onTheWay: (time: string) => `On the way since ${time}`,
  arrived: (time: string) => `Arrived ${time}`,
  finished: (time: string) => `Finished ${time}`,
  yourNote: "Your note",
} as const;

const T = JOB_CARD_TEXT;

/** The phone number as a tel: link dials it: digits and a leading + only. */
const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, "")}`;

/** One of the cleaner's jobs: where, when, who, what to do, and the taps that say how it is going. */
export function JobCard({ job }: { job: TeamJob }) {
  const titleId = useId();
  const phone = job.customerPhone.trim();
  return (
    <article className="my-job" aria-labelledby={titleId}>
      <div className="my-job__head">
        <h3 id={titleId} className="my-job__time">{timeRange(job)}</h3>
        <span className={`admin-chip my-job__status my-job__status--${job.status.toLowerCase()}`}>{T.status[job.status]}</span>
      </div>
      <p className="my-job__service">
        {job.serviceName}
        {job.sizeLabel && <> · {job.sizeLabel}</>}
      </p>
      <Marks job={job} />
      <dl className="my-job__facts">
        <div>
          <dt>{T.address}</dt>
          <dd>
            <MapLink address={formatAddress(job.address)} className="my-job__map" />
          </dd>
        </div>
        <div>
          <dt>{T.customer}</dt>
          <dd className="my-job__customer">
            <span>{job.customerFirstName}</span>
            {phone && <a className="admin-button admin-button--secondary my-job__call" href={telHref(phone)}>{T.call(phone)}</a>}
          </dd>
        </div>
        {job.otherCleaners.length > 0 && (
          <div>
            <dt>{T.with}</dt>
            <dd>{job.otherCleaners.join(", ")}</dd>
          </div>
        )}
      </dl>
      {job.access.length > 0 && (
        <Part title={T.access}>
          <dl className="my-job__answers">
            {job.access.map((answer, index) => (
              <div key={index}>
                <dt>{answer.label}</dt>
                <dd>{answer.displayValue}</dd>
              </div>
            ))}
          </dl>
        </Part>
      )}
      {job.extras.length > 0 && (
        <Part title={T.extras}>
          <ul className="my-job__extras">
            {job.extras.map((extra, index) => (
              <li key={index}>
                {extra.title}
                {extra.quantity > 1 && <span className="my-job__quantity"> × {extra.quantity}</span>}
              </li>
            ))}
          </ul>
        </Part>
      )}
      {job.notes.trim() && <Part title={T.notes}><p className="my-job__text">{job.notes}</p></Part>}
      {job.customerNotes.trim() && <Part title={T.lastingNotes}><p className="my-job__text">{job.customerNotes}</p></Part>}
      {job.officeNotes.trim() && <Part title={T.officeNotes}><p className="my-job__text">{job.officeNotes}</p></Part>}
      {job.checklist.length > 0 && <Checklist job={job} />}
      <Taps job={job} />
    </article>
  );
}

function Part({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className="my-job__part" aria-labelledby={id}>
      <h4 id={id} className="my-job__part-title">{title}</h4>
      {children}
    </section>
  );
}

/** Where the cleaner is with the job, in their own taps' times. */
function Marks({ job }: { job: TeamJob }) {
  const lines = [
    job.onMyWayAt && !job.checkInAt ? T.onTheWay(markTime(job.onMyWayAt, job.startTime)) : null,
    job.checkInAt ? T.arrived(markTime(job.checkInAt, job.startTime)) : null,
    job.checkOutAt ? T.finished(markTime(job.checkOutAt, job.startTime)) : null,
  ].filter((line): line is string => line !== null);
  if (lines.length === 0) return null;
  return (
    <ul className="my-job__marks">
      {lines.map((line) => <li key={line}>{line}</li>)}
    </ul>
  );
}

/** The service's checklist: ticks stay in this browser only (the office sees none of them). */
function Checklist({ job }: { job: TeamJob }) {
  const titleId = useId();
  const [ticked, setTicked] = useState(() => new Set(tickedItems(job._id)));
  const toggle = (item: string, on: boolean) => {
    const next = new Set(ticked);
    if (on) next.add(item);
    else next.delete(item);
    setTicked(next);
    saveTickedItems(job._id, job.endTime, job.checklist.filter((each) => next.has(each)));
  };
  const done = job.checklist.filter((item) => ticked.has(item)).length;
  return (
    <section className="my-job__part" aria-labelledby={titleId}>
      <div className="my-job__checklist-head">
        <h4 id={titleId} className="my-job__part-title">{T.checklist}</h4>
        <span className="my-job__progress">{T.checklistDone(done, job.checklist.length)}</span>
      </div>
      <ul className="my-job__checklist">
        {job.checklist.map((item, index) => (
          <li key={index}>
            <label className="my-job__check">
              <input type="checkbox" checked={ticked.has(item)} onChange={(event) => toggle(item, event.target.checked)} />
              <span>{item}</span>
            </label>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * On my way, Check in, Check out: each posts its tap (the time is the server's), shows the job as
 * the server answers it, and refreshes the list. A check-in or check-out sends where the phone says
 * it is, when it says so within 5 seconds.
 */
function Taps({ job }: { job: TeamJob }) {
  const queryClient = useQueryClient();
  const noteId = useId();
  const hintId = `${noteId}-hint`;
  const [note, setNote] = useState("");
  const tap = useMutation({
    mutationFn: async (which: JobTap) => {
      if (which === "on-my-way") return tapJob(job._id, which);
      const position = await currentPosition();
      const body: JobTapBody = { ...(position ?? {}) };
      if (which === "check-out" && note.trim()) body.note = note.trim();
      return tapJob(job._id, which, body);
    },
    onSuccess: (updated, which) => {
      queryClient.setQueriesData<TeamJob[]>({ queryKey: MY_JOBS_KEY }, (jobs) => jobs?.map((each) => (each._id === updated._id ? updated : each)));
      if (which === "check-out") setNote("");
    },
    // Refused or not, the list shows the jobs as they now are (the office may have changed one).
    onSettled: () => queryClient.invalidateQueries({ queryKey: MY_JOBS_KEY }),
  });
  const working = tap.isPending ? tap.variables : null;
  const button = (which: JobTap, label: string, primary: boolean) => (
    <button
      type={which === "check-out" ? "submit" : "button"}
      className={`admin-button ${primary ? "admin-button--primary" : "admin-button--secondary"}`}
      disabled={tap.isPending}
      onClick={which === "check-out" ? undefined : () => tap.mutate(which)}
    >
      {working === which ? T.working[which] : label}
    </button>
  );
  const checkOut = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!tap.isPending) tap.mutate("check-out");
  };

  const failure = tap.isError
    ? <ErrorAlert failure={asFailure(tap.error)} message={isApiError(tap.error) ? tap.error.serverMessage : undefined} onDismiss={() => tap.reset()} />
    : null;

  if (job.checkOutAt) {
    return job.checkOutNote
      ? (
        <div className="my-job__part">
          <h4 className="my-job__part-title">{T.yourNote}</h4>
          <p className="my-job__text">{job.checkOutNote}</p>
          {failure}
        </div>
      )
      : failure;
  }
  if (job.checkInAt) {
    return (
      <form className="my-job__taps" onSubmit={checkOut}>
        <div className="admin-field">
          <label className="admin-field__label" htmlFor={noteId}>{T.noteLabel}</label>
          <textarea
            id={noteId}
            className="admin-input my-job__note"
            aria-describedby={hintId}
            rows={3}
            maxLength={JOB_NOTE_MAX}
            value={note}
            onChange={(event) => setNote(event.target.value)}
          />
          <p id={hintId} className="admin-field__hint">{T.noteHint}</p>
        </div>
        {failure}
        <div className="my-job__buttons">{button("check-out", T.checkOut, true)}</div>
      </form>
    );
  }
  return (
    <div className="my-job__taps">
      {failure}
      <div className="my-job__buttons">
        {!job.onMyWayAt && button("on-my-way", T.onMyWay, false)}
        {button("check-in", T.checkIn, true)}
      </div>
    </div>
  );
}

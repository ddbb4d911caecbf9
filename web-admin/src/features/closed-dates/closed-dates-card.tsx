import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useId, useRef, useState } from "react";
import { serverMessageOr } from "@yarra/api/client/error-catalogue.ts";
import { isApiError } from "@yarra/api/client/http.ts";
import { CLOSED_DATE_LABEL_MAX, closedDateInputSchema } from "@yarra/core/settings/schemas.ts";
import {
  formatMelbourneDate,
  formatMelbourneDateTime,
  formatYmdLong,
  isYmd,
  melbourneInstant,
  melbourneYmd,
} from "@yarra/core/shared/melbourne-time.ts";
import { parseInput } from "@yarra/core/shared/parse-input.ts";
import { ErrorAlert } from "@yarra/public-ui/error-alert.tsx";
import { errorCodeOf } from "../../lib/error-code.ts";
import { checkResolver, useStaffForm } from "../../lib/use-staff-form.ts";
import { confirmThen } from "../../ui/confirm-then.ts";
import { asFailure } from "../../ui/failure.ts";
import { FormField } from "../../ui/form-field.tsx";
import { useFlash } from "../../ui/use-flash.ts";
import {
  addClosedDate,
  addPublicHolidays,
  type AffectedJob,
  type ClosedDate,
  type ClosedDateAdded,
  closedDatesQuery,
  publicHolidaysQuery,
  removeClosedDate,
} from "./closed-dates-api.ts";
import "./closed-dates.css";

export const CLOSED_DATES_TEXT = {
  title: "Closed dates",
  intro: "No job starts on a closed date: customers cannot book it, and the calendar shows it closed.",
  loading: "Loading closed dates…",
  loadFailed: "Failed to load closed dates",
  noneUpcoming: "No upcoming closed dates.",
  past: (count: number) => `Past closed dates (${count})`,
  chooseDate: "Choose a date.",
  addFailed: "Adding the closed date failed",
  removeFailed: "Removing the closed date failed",
  added: (date: string) => `${date} is closed.`,
  removed: (date: string) => `${date} is open again.`,
  confirmRemove: (date: string, label: string) =>
    `Remove the closed date ${date}${label ? ` (${label})` : ""}? Customers will be able to book it again.`,
  holidaysButton: "Add Victoria's public holidays",
  holidaysTitle: "Victoria's public holidays",
  holidaysIntro: "From today through the next two years.",
  holidaysLoading: "Loading public holidays…",
  holidaysLoadFailed: "Failed to load public holidays",
  holidaysToAdd: (count: number) =>
    count === 0 ? "Every one of them is closed already." : `${count} of them ${count === 1 ? "is" : "are"} not closed yet.`,
  holidaysConfirm: (count: number) => `Add ${count} ${count === 1 ? "date" : "dates"}`,
  holidaysAdded: (count: number) => `${count} ${count === 1 ? "date" : "dates"} added.`,
  holidaysFailed: "Adding the public holidays failed",
  alreadyClosed: "Closed already",
  // Issue 28: the jobs a closing found on the day lost their place and wait under Needs attention.
  affectedOnDay: (date: string, count: number) =>
    `Closed ${dayWithoutYear(date)}. ${count} ${count === 1 ? "job" : "jobs"} on that day ${count === 1 ? "needs" : "need"} a new time:`,
  affectedOnHolidays: (count: number) =>
    `${count} ${count === 1 ? "job" : "jobs"} on the dates just closed ${count === 1 ? "needs" : "need"} a new time:`,
  affectedHint: "Each holds no place now: move it to a new time, or cancel it and tell the customer. The office has been e-mailed the list.",
  needsAttentionLink: "Open Needs attention",
  dismiss: "Dismiss",
} as const;

/** 'Monday 30 November': the day as the office says it (the year is the one it is about to work in). */
function dayWithoutYear(ymd: string): string {
  return formatYmdLong(ymd).replace(/ \d{4}$/, "");
}

const T = CLOSED_DATES_TEXT;

/** '2026-12-25' as staff read it: 'Fri 25 Dec 2026'. */
export const formatClosedDate = (ymd: string) => formatMelbourneDate(melbourneInstant(ymd, 12));

/** Upcoming dates (today on) soonest first; past ones most recent first. */
export function splitByToday(dates: readonly ClosedDate[], today: string) {
  const sorted = [...dates].sort((a, b) => a.date.localeCompare(b.date));
  return {
    upcoming: sorted.filter((closed) => closed.date >= today),
    past: sorted.filter((closed) => closed.date < today).reverse(),
  };
}

const inDateOrder = (dates: ClosedDate[]) => [...dates].sort((a, b) => a.date.localeCompare(b.date));

/** Settings: the dates the business is closed (issue 14), added by hand or from Victoria's public holidays. */
export function ClosedDatesCard() {
  const queryClient = useQueryClient();
  const list = useQuery(closedDatesQuery);
  const flash = useFlash();
  const [actionError, setActionError] = useState<{ error: unknown; message: string } | null>(null);
  const [removing, setRemoving] = useState<string | null>(null);
  /** The jobs the last closing set aside, with the sentence that introduces them. */
  const [affected, setAffected] = useState<{ heading: string; jobs: AffectedJob[] } | null>(null);
  const titleId = useId();

  /** The list as the server now holds it; the holidays' closed flags follow on their next read. */
  const settle = (change: (dates: ClosedDate[]) => ClosedDate[]) => {
    queryClient.setQueryData<ClosedDate[]>(closedDatesQuery.queryKey, (dates) => inDateOrder(change(dates ?? [])));
    void queryClient.invalidateQueries({ queryKey: publicHolidaysQuery.queryKey });
  };

  const remove = (closed: ClosedDate) =>
    confirmThen(T.confirmRemove(formatClosedDate(closed.date), closed.label), async () => {
      setActionError(null);
      setRemoving(closed.date);
      try {
        await removeClosedDate(closed.date);
        settle((dates) => dates.filter((other) => other.date !== closed.date));
        flash.show(T.removed(formatClosedDate(closed.date)));
      } catch (error) {
        setActionError({ error, message: serverMessageOr(error, T.removeFailed) });
        // Someone else may have opened it already: show the list as it is now.
        void queryClient.invalidateQueries({ queryKey: closedDatesQuery.queryKey });
      } finally {
        setRemoving(null);
      }
    });

  const { upcoming, past } = splitByToday(list.data ?? [], melbourneYmd(new Date()));
  const retrying = list.isError && list.isFetching;

  const row = (closed: ClosedDate) => {
    const shown = formatClosedDate(closed.date);
    return (
      <li key={closed.date} className="closed-dates__row">
        <span className="closed-dates__date"><time dateTime={closed.date}>{shown}</time></span>
        <span className="closed-dates__label">{closed.label}</span>
        <button
          type="button"
          className="admin-button admin-button--danger admin-button--small"
          aria-label={`Remove ${shown}${closed.label ? ` (${closed.label})` : ""}`}
          disabled={removing !== null}
          onClick={() => void remove(closed)}
        >
          Remove
        </button>
      </li>
    );
  };

  return (
    <section className="closed-dates" aria-labelledby={titleId}>
      <h2 id={titleId} className="closed-dates__title">{T.title}</h2>
      <p className="closed-dates__note">{T.intro}</p>

      <AddClosedDateForm
        onAdded={({ affected: jobs = [], ...closed }) => {
          settle((dates) => [...dates.filter((other) => other.date !== closed.date), closed]);
          flash.show(T.added(formatClosedDate(closed.date)));
          setAffected(jobs.length > 0 ? { heading: T.affectedOnDay(closed.date, jobs.length), jobs } : null);
        }}
      />

      <PublicHolidays
        onAdded={(answer) => {
          settle(() => answer.items);
          flash.show(T.holidaysAdded(answer.added));
          const jobs = answer.affected ?? [];
          setAffected(jobs.length > 0 ? { heading: T.affectedOnHolidays(jobs.length), jobs } : null);
        }}
      />

      {affected && <AffectedJobs heading={affected.heading} jobs={affected.jobs} onDismiss={() => setAffected(null)} />}

      <p role="status" className="closed-dates__flash">{flash.message}</p>
      {actionError && (
        <ErrorAlert failure={asFailure(actionError.error)} message={actionError.message} onDismiss={() => setActionError(null)} />
      )}

      {(list.isPending || retrying) && <p role="status" className="closed-dates__note">{T.loading}</p>}
      {list.isError && !retrying && (
        <div className="closed-dates__load-error">
          <ErrorAlert failure={asFailure(list.error)} message={T.loadFailed} />
          <button type="button" className="admin-button admin-button--secondary" onClick={() => void list.refetch()}>
            Try again
          </button>
        </div>
      )}
      {list.isSuccess && (
        <>
          <h3 className="closed-dates__subtitle" id={`${titleId}-upcoming`}>Upcoming</h3>
          {upcoming.length === 0
            ? <p className="closed-dates__note">{T.noneUpcoming}</p>
            : <ul className="closed-dates__list" aria-labelledby={`${titleId}-upcoming`}>{upcoming.map(row)}</ul>}
          {past.length > 0 && (
            <details className="closed-dates__past">
              <summary>{T.past(past.length)}</summary>
              <ul className="closed-dates__list" aria-label="Past closed dates">{past.map(row)}</ul>
            </details>
          )}
        </>
      )}
    </section>
  );
}

/** Issue 28: the jobs a closing took out of their place, each a link to its booking, and the Needs attention list. */
function AffectedJobs({ heading, jobs, onDismiss }: { heading: string; jobs: AffectedJob[]; onDismiss: () => void }) {
  const headingId = useId();
  return (
    <div className="closed-dates__affected admin-alert" role="region" aria-labelledby={headingId}>
      <p id={headingId} className="closed-dates__affected-title">{heading}</p>
      <ul className="closed-dates__affected-list">
        {jobs.map((job) => (
          <li key={job._id}>
            <Link to="/bookings/$bookingId" params={{ bookingId: job._id }}>
              {job.reference} · <bdi>{job.customerName}</bdi>, {formatMelbourneDateTime(new Date(job.startTime))}
            </Link>
          </li>
        ))}
      </ul>
      <p className="closed-dates__note">{T.affectedHint}</p>
      <div className="closed-dates__actions">
        <Link to="/bookings" search={{ status: "NEEDS_ATTENTION" }} className="admin-button admin-button--primary admin-button--small">
          {T.needsAttentionLink}
        </Link>
        <button type="button" className="admin-button admin-button--secondary admin-button--small" onClick={onDismiss}>
          {T.dismiss}
        </button>
      </div>
    </div>
  );
}

interface ClosedDateValues {
  date: string;
  label: string;
}

type ClosedDateBody = { date: string; label?: string };

/** The date picker gives a YYYY-MM-DD date or nothing; core's schema judges the rest. The label only when given. */
const closedDateResolver = checkResolver<ClosedDateValues, ClosedDateBody>(({ date, label }) => {
  if (!isYmd(date)) return { ok: false, fieldErrors: { date: [T.chooseDate] } };
  const body = { date, ...(label.trim() ? { label: label.trim() } : {}) };
  const verdict = parseInput(closedDateInputSchema, body);
  return verdict.ok ? { ok: true, value: body } : { ok: false, fieldErrors: verdict.error.fieldErrors ?? {} };
});

/** The add form: a date and an optional label; the server's 409 and 422 land on their fields. */
function AddClosedDateForm({ onAdded }: { onAdded: (closed: ClosedDate & Partial<Pick<ClosedDateAdded, "affected">>) => void }) {
  const { form, errorsOf, failure: addError, dismissFailure, working, formRef, submit } = useStaffForm({
    defaultValues: { date: "", label: "" },
    resolver: closedDateResolver,
    onSubmit: async (body) => {
      const saved = await addClosedDate(body);
      onAdded(saved?.date ? saved : { date: body.date, label: body.label ?? "" });
    },
    afterSave: "empty",
    serverErrors: (fieldErrors, _body, _values, error) => {
      const code = errorCodeOf(error);
      if (code === "CLOSED_DATE_EXISTS" || (isApiError(error) && error.status === 422 && !fieldErrors.date && !fieldErrors.label)) {
        // 'That date is already closed.', or a refusal the server gave no field for: both concern the date.
        return { ...fieldErrors, date: [serverMessageOr(error, T.addFailed)] };
      }
      return fieldErrors;
    },
    focusServerErrors: true,
  });
  const { register } = form;
  const hasFieldErrors = Object.keys(form.formState.errors).length > 0;
  const failure = addError !== null && !hasFieldErrors ? addError : null;

  return (
    <form ref={formRef} className="closed-dates__form" aria-label="Add a closed date" onSubmit={submit} noValidate>
      <div className="closed-dates__fields">
        <FormField label="Date" errors={errorsOf("date")}>
          {(control) => <input {...control} className="admin-input" type="date" required {...register("date")} />}
        </FormField>
        <FormField label="Label (optional)" errors={errorsOf("label")} hint={`e.g. Team day off; up to ${CLOSED_DATE_LABEL_MAX} characters.`}>
          {(control) => <input {...control} className="admin-input" maxLength={CLOSED_DATE_LABEL_MAX} {...register("label")} />}
        </FormField>
      </div>
      {failure && (
        <ErrorAlert failure={asFailure(failure)} message={serverMessageOr(failure, T.addFailed)} onDismiss={dismissFailure} />
      )}
      <div className="closed-dates__actions">
        <button type="submit" className="admin-button admin-button--primary" disabled={working}>
          {working ? "Adding…" : "Add closed date"}
        </button>
      </div>
    </form>
  );
}

/** First the list of holidays (which are closed already), then one click closes the rest. */
function PublicHolidays({ onAdded }: { onAdded: (answer: { added: number; items: ClosedDate[]; affected?: AffectedJob[] }) => void }) {
  const [open, setOpen] = useState(false);
  const holidays = useQuery({ ...publicHolidaysQuery, enabled: open });
  const openButton = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const add = useMutation({
    mutationFn: addPublicHolidays,
    onSuccess: (answer) => {
      setOpen(false);
      onAdded(answer);
      queueMicrotask(() => openButton.current?.focus());
    },
  });

  const close = () => {
    setOpen(false);
    add.reset();
    queueMicrotask(() => openButton.current?.focus());
  };

  const items = holidays.data ?? [];
  const toAdd = items.filter((holiday) => !holiday.closed).length;
  const retrying = holidays.isError && holidays.isFetching;

  return (
    <div className="closed-dates__holidays">
      <button
        ref={openButton}
        type="button"
        className="admin-button admin-button--secondary"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => (open ? close() : setOpen(true))}
      >
        {T.holidaysButton}
      </button>
      {open && (
        <div id={panelId} className="closed-dates__panel" role="region" aria-labelledby={`${panelId}-title`}>
          <h3 id={`${panelId}-title`} className="closed-dates__subtitle">{T.holidaysTitle}</h3>
          <p className="closed-dates__note">{T.holidaysIntro}</p>
          {(holidays.isPending || retrying) && <p role="status" className="closed-dates__note">{T.holidaysLoading}</p>}
          {holidays.isError && !retrying && (
            <div className="closed-dates__load-error">
              <ErrorAlert failure={asFailure(holidays.error)} message={T.holidaysLoadFailed} />
              <button type="button" className="admin-button admin-button--secondary" onClick={() => void holidays.refetch()}>
                Try again
              </button>
            </div>
          )}
          {holidays.isSuccess && (
            <>
              <p className="closed-dates__note" role="status">{T.holidaysToAdd(toAdd)}</p>
              <ul className="closed-dates__list" aria-label={T.holidaysTitle}>
                {items.map((holiday) => (
                  <li key={holiday.date} className={`closed-dates__row${holiday.closed ? " closed-dates__row--done" : ""}`}>
                    <span className="closed-dates__date">
                      <time dateTime={holiday.date}>{formatClosedDate(holiday.date)}</time>
                    </span>
                    <span className="closed-dates__label">{holiday.label}</span>
                    {holiday.closed && <span className="admin-chip admin-chip--muted">{T.alreadyClosed}</span>}
                  </li>
                ))}
              </ul>
            </>
          )}
          {add.error && (
            <ErrorAlert failure={asFailure(add.error)} message={serverMessageOr(add.error, T.holidaysFailed)} onDismiss={add.reset} />
          )}
          <div className="closed-dates__actions">
            {holidays.isSuccess && toAdd > 0 && (
              <button type="button" className="admin-button admin-button--primary" disabled={add.isPending} onClick={() => add.mutate()}>
                {add.isPending ? "Adding…" : T.holidaysConfirm(toAdd)}
              </button>
            )}
            <button type="button" className="admin-button admin-button--secondary" disabled={add.isPending} onClick={close}>
              Cancel
            </button>
          </div>
        </div>
      )}
    </div>
  );
}

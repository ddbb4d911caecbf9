/**
 * Timesheets (issue 31): week by week (Monday to Sunday, Melbourne), each cleaner's jobs, the hours
 * booked and worked (check-in to check-out) and late arrivals, with each job on request, the
 * totals, and the CSV payroll takes.
 */
import { useMutation, useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { Fragment, type ReactNode, useId, useState } from "react";
import { formatMelbourneDateTime, formatMelbourneTime, isYmd, melbourneYmd } from "@yarra/core/shared/melbourne-time.ts";
import { isLateCheckIn } from "@yarra/core/team/rules.ts";
import { workedMinutesOf } from "@yarra/core/team/timesheets.ts";
import { ErrorAlert } from "@yarra/public-ui/error-alert.tsx";
import { asFailure } from "../../ui/failure.ts";
import { EmptyState } from "../../ui/empty-state.tsx";
import { PageHeader } from "../../ui/page-header.tsx";
import { downloadTimesheetsCsv, type Timesheet, type TimesheetEntry, timesheetsQuery } from "./timesheets-api.ts";
import type { TimesheetsSearch } from "./timesheets-search.ts";
import { type DayRange, entryDay, formatRange, hoursText, isWeek, mondayOf, rangeOf, stepWeek, todayYmd, weekOf } from "./timesheet-week.ts";
import "./timesheets.css";

export const TIMESHEETS_TEXT = {
  title: "Timesheets",
  previous: "Previous week",
  thisWeek: "This week",
  next: "Next week",
  weekOf: "Week of",
  weekHint: "Monday to Sunday, Melbourne time.",
  loading: "Loading the timesheets…",
  loadFailed: "Failed to load the timesheets",
  tryAgain: "Try again",
  empty: "No cleaners had jobs in this week.",
  emptyRange: "No cleaners had jobs in these days.",
  download: "Download CSV",
  downloading: "Downloading…",
  downloadFailed: "Downloading the timesheets failed",
  caption: (range: string) => `Hours by cleaner, ${range}`,
  cleaner: "Cleaner",
  jobs: "Jobs",
  scheduled: "Scheduled",
  worked: "Worked",
  late: "Late",
  total: "Total",
  jobsOf: (name: string) => `Jobs of ${name}`,
  entriesCaption: (name: string) => `${name}'s jobs`,
  date: "Date",
  reference: "Reference",
  checkIn: "Check-in",
  checkOut: "Check-out",
  lateMark: "late",
  none: "None",
  workedHint: "Worked is check-in to check-out, in whole minutes, for the jobs checked in and out. Late: checked in more than 5 minutes after the start.",
} as const;

const T = TIMESHEETS_TEXT;
const NO_SHEETS: Timesheet[] = [];

interface TimesheetsPageProps {
  search: TimesheetsSearch;
  /** A new range; `undefined` days mean this week (kept out of the URL). */
  onSearchChange: (search: TimesheetsSearch) => void;
}

export function TimesheetsPage({ search, onSearchChange }: TimesheetsPageProps) {
  const today = todayYmd();
  const range = rangeOf(search, today);
  const week = isWeek(range);
  const sheets = useQuery(timesheetsQuery(range));
  const items = sheets.data ?? NO_SHEETS;
  const csv = useMutation({ mutationFn: downloadTimesheetsCsv });
  const [openIds, setOpenIds] = useState<ReadonlySet<string>>(new Set());
  const dateId = useId();
  const hintId = useId();
  const title = formatRange(range);
  const thisWeek = weekOf(today);
  const isThisWeek = range.from === thisWeek.from && range.to === thisWeek.to;

  const go = (next: DayRange) =>
    onSearchChange(next.from === thisWeek.from && next.to === thisWeek.to ? {} : { from: next.from, to: next.to });
  const toggle = (cleanerId: string) =>
    setOpenIds((open) => {
      const next = new Set(open);
      if (!next.delete(cleanerId)) next.add(cleanerId);
      return next;
    });

  const retrying = sheets.isError && sheets.isFetching;
  const totals = items.reduce(
    (sum, sheet) => ({
      jobs: sum.jobs + sheet.jobs,
      scheduledMinutes: sum.scheduledMinutes + sheet.scheduledMinutes,
      workedMinutes: sum.workedMinutes + sheet.workedMinutes,
      late: sum.late + sheet.late,
    }),
    { jobs: 0, scheduledMinutes: 0, workedMinutes: 0, late: 0 },
  );

  return (
    <section className="timesheets" aria-labelledby="timesheets-title">
      <PageHeader title={T.title} titleId="timesheets-title">
        <button type="button" className="admin-button admin-button--secondary" disabled={csv.isPending}
          onClick={() => csv.mutate(range)}>
          {csv.isPending ? T.downloading : T.download}
        </button>
      </PageHeader>
      {csv.isError && (
        <ErrorAlert failure={asFailure(csv.error, T.downloadFailed)} message={T.downloadFailed} onDismiss={() => csv.reset()} />
      )}

      <div className="timesheets-toolbar">
        <div className="timesheets-toolbar__group" role="group" aria-label="Choose the week">
          <button type="button" className="admin-button admin-button--secondary admin-button--small" onClick={() => go(stepWeek(range, -1))}>
            {T.previous}
          </button>
          <button type="button" className="admin-button admin-button--secondary admin-button--small" aria-pressed={isThisWeek}
            onClick={() => go(thisWeek)}>
            {T.thisWeek}
          </button>
          <button type="button" className="admin-button admin-button--secondary admin-button--small" onClick={() => go(stepWeek(range, 1))}>
            {T.next}
          </button>
        </div>
        <div className="timesheets-toolbar__date">
          <label htmlFor={dateId} className="admin-field__label">{T.weekOf}</label>
          <input id={dateId} type="date" className="admin-input" value={mondayOf(range.from)} aria-describedby={hintId}
            onChange={(event) => {
              if (isYmd(event.target.value)) go(weekOf(event.target.value));
            }} />
          <p id={hintId} className="admin-field__hint">{T.weekHint}</p>
        </div>
      </div>

      <h2 className="timesheets__range">{title}</h2>
      <p className="timesheets__hint">{T.workedHint}</p>

      {(sheets.isPending || retrying) && <p role="status">{T.loading}</p>}
      {sheets.isError && !retrying && (
        <div className="timesheets__load-error">
          <ErrorAlert failure={asFailure(sheets.error, T.loadFailed)} message={T.loadFailed} />
          <button type="button" className="admin-button admin-button--secondary" onClick={() => void sheets.refetch()}>{T.tryAgain}</button>
        </div>
      )}
      {sheets.isSuccess && items.length === 0 && <EmptyState>{week ? T.empty : T.emptyRange}</EmptyState>}
      {sheets.isSuccess && items.length > 0 && (
        <div className="timesheets-table__wrap">
          <table className="timesheets-table">
            <caption className="admin-visually-hidden">{T.caption(title)}</caption>
            <thead>
              <tr>
                <th scope="col">{T.cleaner}</th>
                <th scope="col">{T.jobs}</th>
                <th scope="col">{T.scheduled}</th>
                <th scope="col">{T.worked}</th>
                <th scope="col">{T.late}</th>
              </tr>
            </thead>
            <tbody>
              {items.map((sheet) => {
                const open = openIds.has(sheet.cleanerId);
                const entriesId = `timesheet-entries-${sheet.cleanerId}`;
                return (
                  <Fragment key={sheet.cleanerId}>
                    <tr className="timesheets-table__cleaner" data-cleaner={sheet.cleanerId}>
                      <th scope="row">
                        <button type="button" className="timesheets-table__toggle" aria-expanded={open}
                          aria-controls={open ? entriesId : undefined} aria-label={T.jobsOf(sheet.name)} onClick={() => toggle(sheet.cleanerId)}>
                          <span className="timesheets-table__chevron" aria-hidden="true" />
                          <bdi>{sheet.name}</bdi>
                        </button>
                      </th>
                      <td>{sheet.jobs}</td>
                      <td>{hoursText(sheet.scheduledMinutes)}</td>
                      <td>{hoursText(sheet.workedMinutes)}</td>
                      <td className={sheet.late > 0 ? "timesheets-table__late" : undefined}>{sheet.late}</td>
                    </tr>
                    {open && (
                      <tr className="timesheets-table__entries-row">
                        <td colSpan={5} id={entriesId}>
                          <Entries sheet={sheet} />
                        </td>
                      </tr>
                    )}
                  </Fragment>
                );
              })}
            </tbody>
            <tfoot>
              <tr className="timesheets-table__total">
                <th scope="row">{T.total}</th>
                <td>{totals.jobs}</td>
                <td>{hoursText(totals.scheduledMinutes)}</td>
                <td>{hoursText(totals.workedMinutes)}</td>
                <td>{totals.late}</td>
              </tr>
            </tfoot>
          </table>
        </div>
      )}
    </section>
  );
}

const none = (
  <>
    <span aria-hidden="true">—</span>
    <span className="admin-visually-hidden">{T.none}</span>
  </>
);

/** A time on the job's own day as a time; on another day with its date. */
function timeOn(startIso: string, iso: string | null): ReactNode {
  if (!iso) return none;
  const instant = new Date(iso);
  const text = melbourneYmd(instant) === melbourneYmd(new Date(startIso)) ? formatMelbourneTime(instant) : formatMelbourneDateTime(instant);
  return <time dateTime={iso}>{text}</time>;
}

function Entries({ sheet }: { sheet: Timesheet }) {
  return (
    <div className="timesheets-entries__wrap">
      <table className="timesheets-entries">
        <caption className="admin-visually-hidden">{T.entriesCaption(sheet.name)}</caption>
        <thead>
          <tr>
            <th scope="col">{T.date}</th>
            <th scope="col">{T.reference}</th>
            <th scope="col">{T.scheduled}</th>
            <th scope="col">{T.checkIn}</th>
            <th scope="col">{T.checkOut}</th>
            <th scope="col">{T.worked}</th>
          </tr>
        </thead>
        <tbody>
          {sheet.entries.map((entry) => <EntryRow key={entry.bookingId} entry={entry} />)}
        </tbody>
      </table>
    </div>
  );
}

function EntryRow({ entry }: { entry: TimesheetEntry }) {
  const checkIn = entry.checkIn ? new Date(entry.checkIn) : null;
  const checkOut = entry.checkOut ? new Date(entry.checkOut) : null;
  const late = isLateCheckIn(new Date(entry.start), checkIn);
  const worked = checkIn && checkOut ? hoursText(workedMinutesOf({ checkIn, checkOut })) : null;
  return (
    <tr>
      <td>{entryDay(entry.start)}</td>
      <td>
        <Link to="/bookings/$bookingId" params={{ bookingId: entry.bookingId }} className="timesheets-entries__reference">
          {entry.reference}
        </Link>
      </td>
      <td>{formatMelbourneTime(new Date(entry.start))} – {timeOn(entry.start, entry.end)}</td>
      <td className={late ? "timesheets-table__late" : undefined}>
        {timeOn(entry.start, entry.checkIn)}
        {late && <> ({T.lateMark})</>}
      </td>
      <td>{timeOn(entry.start, entry.checkOut)}</td>
      <td>{worked ?? none}</td>
    </tr>
  );
}

import { useMutation, useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { isApiError } from "@yarra/api/client/http.ts";
import { OUTSIDE_HOURS_CHOICE, STAFF_START_STEP_MINUTES } from "@yarra/core/booking/capacity/scheduling.ts";
import { formatAud } from "@yarra/core/shared/money.ts";
import { formatMelbourneDate, formatMelbourneDateTime, melbourneYmd } from "@yarra/core/shared/melbourne-time.ts";
import type { FieldErrors } from "@yarra/core/shared/result.ts";
import { ErrorAlert } from "@yarra/public-ui/error-alert.tsx";
import { type ReactNode, useId, useRef, useState } from "react";
import { errorCodeOf } from "../../lib/error-code.ts";
import { readSession } from "../../lib/session.ts";
import { asFailure, fieldErrorsOf } from "../../ui/failure.ts";
import { FormField } from "../../ui/form-field.tsx";
import {
  type MoveChoices,
  moveVisit,
  schedulingQuery,
  type SeriesDetail,
  type SeriesVisit,
  skipVisit,
  type TeamCleaner,
  teamQuery,
} from "./series-api.ts";
import { SeriesDialog } from "./series-dialog.tsx";
import { isChangeable, moveStart, wallClockOf } from "./series-form.ts";
import { cleanerName, namesText, PAYMENT_LABELS, startHoursHint, timeOf, VISIT_STATUS_LABELS } from "./series-text.ts";

export const VISITS_TEXT = {
  coming: "Coming visits",
  past: "Past visits",
  noComing: "No coming visits.",
  noPast: "No past visits yet.",
  needsAttention:
    "Couldn’t be placed: the time was full or the day closed, so this visit holds no place. Move it to a free time, or skip it.",
  skip: "Skip",
  move: "Move",
  skipTitle: "Skip this visit?",
  skipText: (when: string) => `The visit on ${when} is cancelled; the regular clean carries on. The customer gets one e-mail.`,
  skipReason: "Reason (optional)",
  skipReasonHint: "Stored with the visit and told to the customer. Left blank, the visit reads “Skipped”.",
  skipConfirm: "Skip visit",
  skipping: "Skipping…",
  skipped: (when: string) => `The visit on ${when} was skipped.`,
  moveTitle: "Move this visit",
  moveText: (when: string) => `Now on ${when}. Only this visit moves; the customer gets one e-mail.`,
  moveDate: "New date",
  moveTime: "New start time",
  outsideHours: OUTSIDE_HOURS_CHOICE,
  moveConfirm: "Move visit",
  moving: "Moving…",
  moved: (when: string) => `The visit was moved to ${when}.`,
  slotFull: "That time is full. Choose another time.",
  override: "Book anyway (override capacity)",
  keep: "Keep as is",
  failed: "The change failed",
  noCleaner: "—",
  missingBusy: (names: string, many: boolean) => `${names} ${many ? "aren’t" : "isn’t"} on this visit: busy then, or taken off it.`,
  missingDeactivated: (names: string, many: boolean) => `${names} ${many ? "have" : "has"} been deactivated.`,
  chooseOnSchedule: "Choose someone on the schedule",
} as const;

const T = VISITS_TEXT;

/** 'a regular cleaner' starts a sentence as 'A regular cleaner'. */
const sentence = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

const SKIP_REASON_MAX = 500;

interface SeriesVisitsProps {
  series: SeriesDetail;
  now: Date;
  /** A write succeeded: the series as the server now has it, and what to tell the staff member. */
  onDone: (updated: SeriesDetail, message: string) => void;
}

type Asking = { kind: "skip" | "move"; visit: SeriesVisit } | null;

/** The series' visits, coming then past, with Skip and Move for those that can still change. */
export function SeriesVisits({ series, now, onDone }: SeriesVisitsProps) {
  const [asking, setAsking] = useState<Asking>(null);
  // The page's own read of the team (one request, one cache entry): the visits' cleaners by name.
  const team = useQuery(teamQuery);
  const cleaners = new Map((team.data ?? []).map((cleaner) => [cleaner._id, cleaner]));
  const nowMs = now.getTime();
  const coming = series.visits.filter((visit) => new Date(visit.startTime).getTime() >= nowMs);
  // The latest first: the office looks back from today.
  const past = series.visits.filter((visit) => new Date(visit.startTime).getTime() < nowMs).reverse();
  const canChange = series.status !== "ENDED";

  const done = (updated: SeriesDetail, message: string) => {
    setAsking(null);
    onDone(updated, message);
  };

  return (
    <>
      <VisitTable
        title={T.coming}
        empty={T.noComing}
        visits={coming}
        cleaners={cleaners}
        actions={(visit) =>
          canChange && isChangeable(visit, now) && (
            <div className="series-visits__actions">
              <button type="button" className="admin-button admin-button--secondary admin-button--small"
                aria-label={`${T.move} the visit of ${formatMelbourneDateTime(new Date(visit.startTime))}`}
                onClick={() => setAsking({ kind: "move", visit })}>
                {T.move}
              </button>
              <button type="button" className="admin-button admin-button--danger admin-button--small"
                aria-label={`${T.skip} the visit of ${formatMelbourneDateTime(new Date(visit.startTime))}`}
                onClick={() => setAsking({ kind: "skip", visit })}>
                {T.skip}
              </button>
            </div>
          )}
      />
      <VisitTable title={T.past} empty={T.noPast} visits={past} cleaners={cleaners} />
      {asking?.kind === "skip" && (
        <SkipDialog seriesId={series._id} visit={asking.visit} onDone={done} onDismiss={() => setAsking(null)} />
      )}
      {asking?.kind === "move" && (
        <MoveDialog seriesId={series._id} visit={asking.visit} now={now} onDone={done} onDismiss={() => setAsking(null)} />
      )}
    </>
  );
}

interface VisitTableProps {
  title: string;
  empty: string;
  visits: SeriesVisit[];
  cleaners: ReadonlyMap<string, TeamCleaner>;
  actions?: (visit: SeriesVisit) => ReactNode;
}

function VisitTable({ title, empty, visits, cleaners, actions }: VisitTableProps) {
  const id = useId();
  return (
    <section className="admin-card series-visits" aria-labelledby={id}>
      <h2 id={id} className="admin-card__title">{title}</h2>
      {visits.length === 0 ? <p className="series-note">{empty}</p> : (
        <div className="series-table__wrap">
          <table className="series-table series-table--visits">
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Time</th>
                <th scope="col">Status</th>
                <th scope="col">Cleaners</th>
                <th scope="col">Reference</th>
                <th scope="col">Total</th>
                <th scope="col">Paid</th>
                {actions && <th scope="col"><span className="admin-visually-hidden">Actions</span></th>}
              </tr>
            </thead>
            <tbody>
              {visits.map((visit) => {
                const attention = visit.status === "NEEDS_ATTENTION";
                return (
                  <tr key={visit._id} className={attention ? "is-attention" : undefined}>
                    <td data-label="Date">{formatMelbourneDate(new Date(visit.startTime))}</td>
                    <td data-label="Time">{timeOf(visit.startTime)} – {timeOf(visit.endTime)}</td>
                    <td data-label="Status">
                      <div>
                        <span className={`admin-chip series-chip series-chip--${visit.status.toLowerCase()}`}>
                          {VISIT_STATUS_LABELS[visit.status]}
                        </span>
                        {attention && <p className="series-visits__todo">{T.needsAttention}</p>}
                        {visit.status === "CANCELLED" && visit.cancelReason && (
                          <p className="series-table__sub"><bdi>{visit.cancelReason}</bdi></p>
                        )}
                      </div>
                    </td>
                    <td data-label="Cleaners">
                      <div>
                        {visit.cleanerIds.length === 0
                          ? T.noCleaner
                          : <bdi>{namesText(visit.cleanerIds.map((id) => cleanerName(cleaners.get(id))))}</bdi>}
                        {visit.missingCleanerIds.length > 0 && <MissingCleaners visit={visit} cleaners={cleaners} />}
                      </div>
                    </td>
                    <td data-label="Reference">
                      <Link to="/bookings/$bookingId" params={{ bookingId: visit._id }}>{visit.reference}</Link>
                    </td>
                    <td data-label="Total">{formatAud(visit.total)}</td>
                    <td data-label="Paid">{PAYMENT_LABELS[visit.paymentStatus]}</td>
                    {actions && <td data-label="Actions">{actions(visit)}</td>}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/**
 * A coming visit without one of its regular cleaners: who and why (as far as the team list tells),
 * and the schedule's day, where the office chooses someone.
 */
function MissingCleaners({ visit, cleaners }: { visit: SeriesVisit; cleaners: ReadonlyMap<string, TeamCleaner> }) {
  const missing = visit.missingCleanerIds.map((id) => cleaners.get(id));
  // The same name twice is 'a regular cleaner' for two the list does not hold: say it once.
  const namesOf = (group: (TeamCleaner | undefined)[]) => [...new Set(group.map(cleanerName))];
  const gone = namesOf(missing.filter((cleaner) => cleaner?.active === false));
  const busy = namesOf(missing.filter((cleaner) => cleaner?.active !== false));
  const start = new Date(visit.startTime);
  return (
    <p className="series-visits__todo series-visits__missing">
      {busy.length > 0 && <>{sentence(T.missingBusy(namesText(busy), busy.length > 1))} </>}
      {gone.length > 0 && <>{sentence(T.missingDeactivated(namesText(gone), gone.length > 1))} </>}
      <Link to="/schedule" search={{ date: melbourneYmd(start) }}>
        {T.chooseOnSchedule}
        <span className="admin-visually-hidden">{` for ${formatMelbourneDate(start)}`}</span>
      </Link>
    </p>
  );
}

interface VisitDialogProps {
  seriesId: string;
  visit: SeriesVisit;
  onDone: (updated: SeriesDetail, message: string) => void;
  onDismiss: () => void;
}

/** A failed write inside its dialog: the server's words under the catalogue's title. */
const failureOf = (error: unknown) => {
  const failure = asFailure(error, T.failed);
  return <ErrorAlert failure={failure} message={isApiError(error) ? error.serverMessage : undefined} />;
};

function SkipDialog({ seriesId, visit, onDone, onDismiss }: VisitDialogProps) {
  const [reason, setReason] = useState("");
  const when = formatMelbourneDateTime(new Date(visit.startTime));
  const skip = useMutation({
    mutationFn: () => skipVisit(seriesId, visit._id, reason),
    onSuccess: (updated) => onDone(updated, T.skipped(when)),
  });
  return (
    <SeriesDialog
      title={T.skipTitle}
      description={<p>{T.skipText(when)}</p>}
      confirmLabel={T.skipConfirm}
      busyLabel={T.skipping}
      dismissLabel={T.keep}
      danger
      busy={skip.isPending}
      failure={skip.isError ? failureOf(skip.error) : null}
      onConfirm={() => skip.mutate()}
      onDismiss={onDismiss}
    >
      <FormField label={T.skipReason} hint={T.skipReasonHint}>
        {(control) => (
          <textarea {...control} name="reason" className="admin-input" rows={3} maxLength={SKIP_REASON_MAX} value={reason}
            onChange={(event) => setReason(event.target.value)} />
        )}
      </FormField>
    </SeriesDialog>
  );
}

function MoveDialog({ seriesId, visit, now, onDone, onDismiss }: VisitDialogProps & { now: Date }) {
  const start = new Date(visit.startTime);
  const [date, setDate] = useState(melbourneYmd(start));
  const [time, setTime] = useState(wallClockOf(visit.startTime));
  const [allowOutsideHours, setAllowOutsideHours] = useState(false);
  const timeInput = useRef<HTMLInputElement>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const scheduling = useQuery(schedulingQuery);
  const isSuperadmin = readSession()?.user.role === "superadmin";
  const move = useMutation({
    mutationFn: ({ startTimeISO, choices }: { startTimeISO: string; choices: MoveChoices }) =>
      moveVisit(seriesId, visit._id, startTimeISO, choices),
    onSuccess: (updated, { startTimeISO }) => onDone(updated, T.moved(formatMelbourneDateTime(new Date(startTimeISO)))),
    onError: (error) => {
      if (fieldErrorsOf(error).startTimeISO) queueMicrotask(() => timeInput.current?.focus());
    },
  });
  const slotFull = move.isError && errorCodeOf(move.error) === "SLOT_UNAVAILABLE";
  // The server's word on the start (off the quarter hour, outside the working hours, a closed day) goes under the time.
  const startRefused = move.isError ? fieldErrorsOf(move.error).startTimeISO : undefined;

  function send(override: boolean) {
    const checked = moveStart(date, time, now);
    if (!checked.ok) {
      move.reset();
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    move.mutate({ startTimeISO: checked.startTimeISO, choices: { overrideCapacity: override, allowOutsideHours } });
  }

  return (
    <SeriesDialog
      title={T.moveTitle}
      description={<p>{T.moveText(formatMelbourneDateTime(start))}</p>}
      confirmLabel={T.moveConfirm}
      busyLabel={T.moving}
      dismissLabel={T.keep}
      busy={move.isPending}
      failure={move.isError && !startRefused && (slotFull
        ? <p className="admin-alert" role="alert">{(isApiError(move.error) && move.error.serverMessage) || T.slotFull}</p>
        : failureOf(move.error))}
      extraAction={slotFull && isSuperadmin && (
        <button type="button" className="admin-button" disabled={move.isPending} onClick={() => send(true)}>{T.override}</button>
      )}
      onConfirm={() => send(false)}
      onDismiss={onDismiss}
    >
      <FormField label={T.moveDate} errors={errors.date}>
        {(control) => (
          <input {...control} name="date" className="admin-input" type="date" min={melbourneYmd(now)} value={date}
            onChange={(event) => setDate(event.target.value)} />
        )}
      </FormField>
      <FormField label={T.moveTime} hint={scheduling.data && startHoursHint(scheduling.data)} errors={errors.time ?? startRefused}>
        {(control) => (
          <input {...control} ref={timeInput} name="time" className="admin-input" type="time" step={STAFF_START_STEP_MINUTES * 60} value={time}
            onChange={(event) => setTime(event.target.value)} />
        )}
      </FormField>
      <label className="admin-check">
        <input type="checkbox" name="allowOutsideHours" checked={allowOutsideHours}
          onChange={(event) => setAllowOutsideHours(event.target.checked)} />
        {T.outsideHours}
      </label>
    </SeriesDialog>
  );
}

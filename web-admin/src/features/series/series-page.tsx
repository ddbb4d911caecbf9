import { formatAuPhone } from "@yarra/core/shared/phone.ts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { isApiError } from "@yarra/api/client/http.ts";
import { formatJobLength } from "@yarra/core/booking/capacity/scheduling.ts";
import { formatAud } from "@yarra/core/shared/money.ts";
import { formatYmdLong, isYmd, melbourneYmd } from "@yarra/core/shared/melbourne-time.ts";
import { ErrorAlert } from "@yarra/public-ui/error-alert.tsx";
import { type FormEvent, type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from "react";
import { errorCodeOf } from "../../lib/error-code.ts";
import { asFailure, fieldErrorsOf } from "../../ui/failure.ts";
import { FormField } from "../../ui/form-field.tsx";
import { MessagePage } from "../../ui/message-page.tsx";
import {
  endSeries,
  pauseSeries,
  resumeSeries,
  type SeriesDetail,
  seriesQuery,
  setSeriesCleaners,
  settleSeries,
  type TeamCleaner,
  teamQuery,
} from "./series-api.ts";
import { SeriesChangeForm } from "./series-change-form.tsx";
import { SeriesDialog } from "./series-dialog.tsx";
import { dateProblem } from "./series-form.ts";
import { cleanerName, namesText, rhythmText, SERIES_STATUS_LABELS } from "./series-text.ts";
import { SeriesVisits } from "./series-visits.tsx";
import "./series.css";

export const SERIES_TEXT = {
  back: "Back to regular cleans",
  title: "Regular clean",
  loading: "Loading the regular clean…",
  loadFailed: "Failed to load the regular clean",
  notFound: "No regular clean has this id; it may have been mistyped.",
  terms: "Terms",
  attention: (count: number) =>
    `${count === 1 ? "1 visit needs" : `${count} visits need`} attention: the time was full or the day closed, so ${count === 1 ? "it holds" : "they hold"} no place. Move each to a free time, or skip it, under Coming visits.`,
  changeTitle: "Change from a date",
  openChange: "Change from a date…",
  closeChange: "Close without changing",
  manageTitle: "Pause or end",
  pause: "Pause…",
  pauseTitle: "Pause this regular clean?",
  pauseText: "Visits from this date on are cancelled, and no new ones are planned until you resume. The customer gets one e-mail.",
  pauseConfirm: "Pause regular clean",
  pausing: "Pausing…",
  paused: (date: string) => `The regular clean is paused from ${date}.`,
  resume: "Resume…",
  resumeTitle: "Resume this regular clean?",
  resumeText: "Visits are planned again from this date, on the same day and at the same time. The customer gets one e-mail.",
  resumeConfirm: "Resume regular clean",
  resuming: "Resuming…",
  resumed: (date: string) => `The regular clean resumes from ${date}.`,
  end: "End regular clean…",
  endTitle: "End this regular clean?",
  endText:
    "Visits from this date on are cancelled and no more are planned. The customer gets one e-mail saying the regular clean has ended, not one per visit.",
  endReason: "Reason (optional)",
  endReasonHint: "Told to the customer in that e-mail, and stored with each cancelled visit.",
  endConfirm: "End regular clean",
  ending: "Ending…",
  ended: (date: string) => `The regular clean ends from ${date}.`,
  endedNote: (date: string) => `This regular clean ended on ${date}. Nothing more can change.`,
  fromDate: "From",
  keep: "Keep as is",
  failed: "The change failed",
  cleanersTitle: "Regular cleaners",
  noCleaners: "No regular cleaners yet: each visit is assigned on the schedule.",
  loadingTeam: "Loading the team…",
  teamFailed: "Failed to load the team",
  deactivated: " (deactivated)",
  openCleaners: "Change regular cleaners…",
  cleanersLegend: "Choose the regular cleaners",
  cleanersHint:
    "Each coming visit gets those who are free at its time, unless someone else was chosen for that visit alone. The customer isn’t e-mailed.",
  noActiveCleaners: "No active cleaners: add them on the Team screen.",
  saveCleaners: "Save",
  savingCleaners: "Saving…",
  cancel: "Cancel",
  cleanersFailed: "Saving the regular cleaners failed",
  cleanersSet: (names: string[]) =>
    names.length === 0
      ? "No regular cleaners now: each visit is assigned on the schedule."
      : `${namesText(names)} now ${names.length === 1 ? "cleans" : "clean"} every visit they are free for.`,
  visitsMissing: (count: number) =>
    count === 1
      ? "1 coming visit misses a regular cleaner: choose someone for it on the schedule."
      : `${count} coming visits miss a regular cleaner: choose someone for each on the schedule.`,
} as const;

const T = SERIES_TEXT;
const REASON_MAX = 500;

/** One regular clean at /admin/series/{id}: its terms, its visits, and everything staff change. */
export function SeriesPage({ seriesId }: { seriesId: string }) {
  const record = useQuery(seriesQuery(seriesId));
  const titleId = useId();
  const back = <Link to="/series" className="series-back">{T.back}</Link>;

  if (record.isError && errorCodeOf(record.error) === "SERIES_NOT_FOUND") {
    return (
      <MessagePage title="Not found">
        <p>{T.notFound}</p>
        <p>{back}</p>
      </MessagePage>
    );
  }
  return (
    <section className="series series-record" aria-labelledby={titleId}>
      <p>{back}</p>
      <h1 id={titleId} className="admin-page-title">
        {T.title}
        {record.data && <>: <bdi>{record.data.customerName}</bdi></>}
      </h1>
      {record.isPending && <p className="series-note" role="status">{T.loading}</p>}
      {record.isError && <ErrorAlert failure={asFailure(record.error, T.loadFailed)} message={T.loadFailed} />}
      {record.data && <SeriesBody series={record.data} />}
    </section>
  );
}

function SeriesBody({ series }: { series: SeriesDetail }) {
  const queryClient = useQueryClient();
  const now = new Date();
  const [changing, setChanging] = useState(false);
  /** What the last action did; focused once shown, so the staff member hears it and stays near it. */
  const [said, setSaid] = useState<{ text: string; n: number } | null>(null);
  const statusRef = useRef<HTMLParagraphElement>(null);
  const changeButton = useRef<HTMLButtonElement>(null);
  const changeId = useId();
  useEffect(() => {
    if (said) statusRef.current?.focus();
  }, [said]);

  const done = (updated: SeriesDetail, message: string) => {
    settleSeries(queryClient, updated);
    setSaid((last) => ({ text: message, n: (last?.n ?? 0) + 1 }));
  };
  const ended = series.status === "ENDED";

  return (
    <>
      <p ref={statusRef} className="admin-flash series-said" role="status" tabIndex={-1}>{said?.text}</p>
      {series.needsAttention > 0 && !ended && (
        <p className="series-attention" role="note">{T.attention(series.needsAttention)}</p>
      )}
      <SeriesTerms series={series} />
      <RegularCleaners series={series} onDone={done} />
      <SeriesVisits series={series} now={now} onDone={done} />

      {ended ? (
        <p className="admin-card series-note">{T.endedNote(series.endsOn ? formatYmdLong(series.endsOn) : "")}</p>
      ) : (
        <>
          <section className="admin-card" aria-labelledby="series-change-title">
            <h2 id="series-change-title" className="admin-card__title">{T.changeTitle}</h2>
            <button
              ref={changeButton}
              type="button"
              className="admin-button admin-button--secondary"
              aria-expanded={changing}
              aria-controls={changeId}
              onClick={() => setChanging((open) => !open)}
            >
              {changing ? T.closeChange : T.openChange}
            </button>
            <div id={changeId} className="series-change__wrap" hidden={!changing}>
              {changing && (
                <SeriesChangeForm
                  series={series}
                  now={now}
                  onDone={(updated, message) => {
                    // Only its own success closes the form: a skip meanwhile keeps what was typed.
                    setChanging(false);
                    done(updated, message);
                  }}
                  onCancel={() => {
                    setChanging(false);
                    changeButton.current?.focus();
                  }}
                />
              )}
            </div>
          </section>
          <StatusActions series={series} now={now} onDone={done} />
        </>
      )}
    </>
  );
}

function SeriesTerms({ series }: { series: SeriesDetail }) {
  const address = series.address;
  const size = series.pricingModel === "HOURLY"
    ? ["Hours", series.hours === null ? "—" : String(series.hours)]
    : series.pricingModel === "BEDROOMS"
    ? ["Bedrooms", series.bedrooms === null ? "—" : series.bedrooms === 0 ? "Studio" : String(series.bedrooms)]
    : ["Pricing", "Fixed price"];
  const rows: [string, ReactNode][] = [
    ["Status", (
      <span className={`admin-chip series-chip series-chip--${series.status.toLowerCase()}`}>{SERIES_STATUS_LABELS[series.status]}</span>
    )],
    ["Customer", series.customerId ? (
      <Link to="/customers/$customerId" params={{ customerId: series.customerId }}><bdi>{series.customerName}</bdi></Link>
    ) : <bdi>{series.customerName}</bdi>],
    ["Email", <a href={`mailto:${series.email}`}><bdi>{series.email}</bdi></a>],
    ["Phone", <a href={`tel:${series.phone.replace(/\s+/g, "")}`}><bdi>{formatAuPhone(series.phone)}</bdi></a>],
    ["Address", (
      <bdi>
        {[address.unit ? `${address.unit}/${address.street}` : address.street, address.suburb, `${address.state} ${address.postCode}`]
          .filter(Boolean).join(", ")}
      </bdi>
    )],
    ["Service", series.serviceName],
    [size[0], size[1]],
    ["Add-ons", series.extras.length === 0 ? "None" : series.extras.map((e) => `${e.titleAtBooking} × ${e.quantity}`).join(", ")],
    ["Repeats", `${rhythmText(series)} (${series.frequencyName})`],
    ["Visit length", formatJobLength(series.durationMinutes)],
    ["Price of each visit", formatAud(series.recurringTotal)],
    ["These terms since", isYmd(series.anchorDate) ? formatYmdLong(series.anchorDate) : series.anchorDate],
    ...(series.endsOn ? [["Ends", formatYmdLong(series.endsOn)] as [string, string]] : []),
    ["Visits planned ahead", `${series.horizonWeeks} ${series.horizonWeeks === 1 ? "week" : "weeks"}`],
    ["First booking", <Link to="/bookings/$bookingId" params={{ bookingId: series.firstBookingId }}>Open the first booking</Link>],
    ["Notes", <bdi>{series.notes.trim() || "—"}</bdi>],
  ];
  return (
    <section className="admin-card" aria-labelledby="series-terms-title">
      <h2 id="series-terms-title" className="admin-card__title">{T.terms}</h2>
      <dl className="series-terms">
        {rows.map(([label, value]) => (
          <div key={label} className="series-terms__row">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** Coming visits that lack one of the regular cleaners: the office must choose someone for each. */
const visitsMissingCleaners = (series: SeriesDetail) => series.visits.filter((visit) => visit.missingCleanerIds.length > 0).length;

/**
 * Who cleans each visit: the regular cleaners by name, and (unless ended) a list to tick them from.
 * The list follows the schedule's Assign control: a fieldset of checkboxes, Save or Cancel, Esc
 * closes, and focus goes back to the button.
 */
function RegularCleaners({ series, onDone }: { series: SeriesDetail; onDone: (updated: SeriesDetail, message: string) => void }) {
  const team = useQuery(teamQuery);
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const titleId = useId();
  const byId = new Map((team.data ?? []).map((cleaner) => [cleaner._id, cleaner]));
  const ended = series.status === "ENDED";
  const missing = visitsMissingCleaners(series);

  function close() {
    setOpen(false);
    button.current?.focus();
  }

  return (
    <section className="admin-card series-cleaners" aria-labelledby={titleId}>
      <h2 id={titleId} className="admin-card__title">{T.cleanersTitle}</h2>
      {team.isError && <ErrorAlert failure={asFailure(team.error, T.teamFailed)} message={T.teamFailed} />}
      {series.cleanerIds.length === 0 ? <p className="series-note">{T.noCleaners}</p> : team.isPending ? (
        <p className="series-note" role="status">{T.loadingTeam}</p>
      ) : (
        <ul className="series-cleaners__list">
          {series.cleanerIds.map((id) => {
            const cleaner = byId.get(id);
            return (
              <li key={id} className="series-cleaners__item">
                <CleanerSwatch cleaner={cleaner} />
                <bdi>{cleanerName(cleaner)}</bdi>
                {cleaner?.active === false && T.deactivated}
              </li>
            );
          })}
        </ul>
      )}
      {missing > 0 && !ended && <p className="series-cleaners__missing">{T.visitsMissing(missing)}</p>}
      {!ended && (
        <>
          <button
            ref={button}
            type="button"
            className="admin-button admin-button--secondary"
            aria-expanded={open}
            aria-controls={open ? panelId : undefined}
            disabled={!team.data}
            onClick={() => setOpen((shown) => !shown)}
          >
            {T.openCleaners}
          </button>
          {open && team.data && (
            <CleanersForm
              id={panelId}
              series={series}
              team={team.data}
              onDone={(updated, message) => {
                setOpen(false);
                onDone(updated, message);
              }}
              onCancel={close}
            />
          )}
        </>
      )}
    </section>
  );
}

/** The cleaner's colour from the Team screen, as the schedule draws it; blank for one the team no longer lists. */
function CleanerSwatch({ cleaner }: { cleaner: TeamCleaner | undefined }) {
  return <span className="series-swatch" style={cleaner ? { backgroundColor: cleaner.colour } : undefined} aria-hidden="true" />;
}

interface CleanersFormProps {
  id: string;
  series: SeriesDetail;
  team: TeamCleaner[];
  onDone: (updated: SeriesDetail, message: string) => void;
  onCancel: () => void;
}

function CleanersForm({ id, series, team, onDone, onCancel }: CleanersFormProps) {
  const current = series.cleanerIds;
  // Active cleaners may be chosen; a deactivated one already regular may only be kept or taken off.
  const options = team.filter((cleaner) => cleaner.active || current.includes(cleaner._id));
  const [chosen, setChosen] = useState<string[]>(current);
  const hintId = useId();
  const errorId = useId();
  const save = useMutation({
    mutationFn: (cleanerIds: string[]) => setSeriesCleaners(series._id, cleanerIds),
    onSuccess: (updated) => {
      const names = updated.cleanerIds.map((cleanerId) => cleanerName(team.find((cleaner) => cleaner._id === cleanerId)));
      const missing = visitsMissingCleaners(updated);
      onDone(updated, missing > 0 ? `${T.cleanersSet(names)} ${T.visitsMissing(missing)}` : T.cleanersSet(names));
    },
  });
  const fieldErrors = save.isError ? fieldErrorsOf(save.error).cleanerIds : undefined;
  const failure = save.isError && !fieldErrors ? asFailure(save.error, T.cleanersFailed) : null;

  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    if (event.key === "Escape") {
      event.stopPropagation();
      onCancel();
    }
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (save.isPending) return;
    // In the order the office ticked them, those already regular first.
    const ids = [...current.filter((cleanerId) => chosen.includes(cleanerId)), ...chosen.filter((cleanerId) => !current.includes(cleanerId))];
    save.mutate(ids);
  }

  const toggle = (cleanerId: string, on: boolean) =>
    setChosen((ticked) => (on ? [...ticked, cleanerId] : ticked.filter((other) => other !== cleanerId)));

  return (
    <form id={id} className="series-cleaners__form" onSubmit={submit} onKeyDown={onKeyDown}>
      <fieldset className="admin-fieldset" aria-describedby={[hintId, fieldErrors ? errorId : ""].filter(Boolean).join(" ")}>
        <legend>{T.cleanersLegend}</legend>
        <p id={hintId} className="admin-field__hint">{T.cleanersHint}</p>
        {options.length === 0 && <p className="series-note">{T.noActiveCleaners}</p>}
        <div className="series-cleaners__options">
          {options.map((cleaner, index) => (
            <label key={cleaner._id} className="admin-check series-cleaners__option">
              <input
                type="checkbox"
                checked={chosen.includes(cleaner._id)}
                autoFocus={index === 0}
                onChange={(event) => toggle(cleaner._id, event.target.checked)}
              />
              <CleanerSwatch cleaner={cleaner} />
              <bdi>{cleaner.name}</bdi>
              {!cleaner.active && T.deactivated}
            </label>
          ))}
        </div>
        {fieldErrors && <p id={errorId} className="admin-field__error">{fieldErrors.join(" ")}</p>}
      </fieldset>
      {failure && <ErrorAlert failure={failure} message={failure.serverMessage} onDismiss={() => save.reset()} />}
      <div className="admin-form-actions">
        <button type="submit" className="admin-button admin-button--primary" disabled={save.isPending}>
          {save.isPending ? T.savingCleaners : T.saveCleaners}
        </button>
        <button type="button" className="admin-button admin-button--secondary" onClick={onCancel}>{T.cancel}</button>
      </div>
    </form>
  );
}

type Action = "pause" | "resume" | "end";

interface StatusActionsProps {
  series: SeriesDetail;
  now: Date;
  onDone: (updated: SeriesDetail, message: string) => void;
}

/** Pause or resume, and end: each asks first, with the date it takes effect. */
function StatusActions({ series, now, onDone }: StatusActionsProps) {
  const [asking, setAsking] = useState<Action | null>(null);
  return (
    <section className="admin-card" aria-labelledby="series-manage-title">
      <h2 id="series-manage-title" className="admin-card__title">{T.manageTitle}</h2>
      <div className="admin-form-actions series-manage">
        {series.status === "ACTIVE" && (
          <button type="button" className="admin-button admin-button--secondary" onClick={() => setAsking("pause")}>{T.pause}</button>
        )}
        {series.status === "PAUSED" && (
          <button type="button" className="admin-button admin-button--secondary" onClick={() => setAsking("resume")}>{T.resume}</button>
        )}
        <button type="button" className="admin-button admin-button--danger" onClick={() => setAsking("end")}>{T.end}</button>
      </div>
      {asking && (
        <StatusDialog
          key={asking}
          action={asking}
          series={series}
          now={now}
          onDone={(updated, message) => {
            setAsking(null);
            onDone(updated, message);
          }}
          onDismiss={() => setAsking(null)}
        />
      )}
    </section>
  );
}

const DIALOGS = {
  pause: { title: T.pauseTitle, text: T.pauseText, confirm: T.pauseConfirm, busy: T.pausing, said: T.paused, danger: false },
  resume: { title: T.resumeTitle, text: T.resumeText, confirm: T.resumeConfirm, busy: T.resuming, said: T.resumed, danger: false },
  end: { title: T.endTitle, text: T.endText, confirm: T.endConfirm, busy: T.ending, said: T.ended, danger: true },
} as const;

function StatusDialog({ action, series, now, onDone, onDismiss }: StatusActionsProps & { action: Action; onDismiss: () => void }) {
  const [fromDate, setFromDate] = useState(melbourneYmd(now));
  const [reason, setReason] = useState("");
  const [dateError, setDateError] = useState<string | null>(null);
  const words = DIALOGS[action];
  const write = useMutation({
    mutationFn: () =>
      action === "pause"
        ? pauseSeries(series._id, fromDate)
        : action === "resume"
        ? resumeSeries(series._id, fromDate)
        : endSeries(series._id, fromDate, reason),
    onSuccess: (updated) => onDone(updated, words.said(formatYmdLong(fromDate))),
  });

  function confirm() {
    const problem = dateProblem(fromDate, now);
    setDateError(problem);
    if (problem === null) write.mutate();
  }

  const serverFieldError = write.isError && isApiError(write.error) ? write.error.fieldErrors?.fromDate : undefined;
  const failure = write.isError && !serverFieldError
    ? <ErrorAlert failure={asFailure(write.error, T.failed)} message={isApiError(write.error) ? write.error.serverMessage : undefined} />
    : null;

  return (
    <SeriesDialog
      title={words.title}
      description={<p>{words.text}</p>}
      confirmLabel={words.confirm}
      busyLabel={words.busy}
      dismissLabel={T.keep}
      danger={words.danger}
      busy={write.isPending}
      failure={failure}
      onConfirm={confirm}
      onDismiss={onDismiss}
    >
      <FormField label={T.fromDate} errors={dateError ? [dateError] : serverFieldError}>
        {(control) => (
          <input {...control} name="fromDate" className="admin-input" type="date" min={melbourneYmd(now)} value={fromDate}
            onChange={(event) => setFromDate(event.target.value)} />
        )}
      </FormField>
      {action === "end" && (
        <FormField label={T.endReason} hint={T.endReasonHint}>
          {(control) => (
            <textarea {...control} name="reason" className="admin-input" rows={3} maxLength={REASON_MAX} value={reason}
              onChange={(event) => setReason(event.target.value)} />
          )}
        </FormField>
      )}
    </SeriesDialog>
  );
}

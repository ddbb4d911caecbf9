/**
 * A job's "On the job" panel on its booking page (issue 31): per cleaner, when they tapped On my
 * way, arrived and finished, their notes, where their phone said they checked in, and the office's
 * correction of a time (audited on the server).
 */
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { serverMessageOr } from "@yarra/api/client/error-catalogue.ts";
import { mapSearchUrl } from "@yarra/core/shared/contact.ts";
import { formatMelbourneDateTime, formatMelbourneTime, melbourneYmd } from "@yarra/core/shared/melbourne-time.ts";
import { ErrorAlert } from "@yarra/public-ui/error-alert.tsx";
import { checkResolver, useStaffForm } from "../../lib/use-staff-form.ts";
import { asFailure } from "../../ui/failure.ts";
import { FormField } from "../../ui/form-field.tsx";
import { recordHistoryQuery } from "../../ui/record-history.tsx";
import { useFlash } from "../../ui/use-flash.ts";
import { isLateCheckIn } from "@yarra/core/team/rules.ts";
import { type AttendanceCorrectionBody, type AttendanceItem, attendanceQuery, correctAttendance } from "./attendance-api.ts";
import { correctionOf, type CorrectionValues, correctionValuesOf } from "./attendance-correction.ts";
import { latestLocalInput } from "./attendance-times.ts";
import "./attendance.css";

export const ON_THE_JOB_TEXT = {
  title: "On the job",
  loading: "Loading who is on the job…",
  loadFailed: "Failed to load the check-ins",
  none: "No cleaners on this job yet.",
  onMyWay: "On my way",
  arrived: "Arrived",
  finished: "Finished",
  notYet: "Not yet",
  minutesLate: (minutes: number) => `${minutes} min after the start`,
  checkInNote: "Note on arrival",
  checkOutNote: "Note on finishing",
  checkInMap: "Where they checked in (map)",
  checkOutMap: "Where they checked out (map)",
  corrected: (name: string, when: string) => `Times corrected by ${name} on ${when}.`,
  correct: "Correct times",
  correctFor: (name: string) => `Correct times for ${name}`,
  checkIn: "Arrived (Melbourne time)",
  checkOut: "Finished (Melbourne time)",
  boxHint: "Empty the box to clear the time.",
  save: "Save times",
  saving: "Saving…",
  cancel: "Cancel",
  saved: (name: string) => `Times saved for ${name}.`,
  failed: "Saving the times failed",
} as const;

const T = ON_THE_JOB_TEXT;

interface OnTheJobPanelProps {
  bookingId: string;
  /** The job's start: times on its day are shown as times, others with their date. */
  startTime: string;
}

export function OnTheJobPanel({ bookingId, startTime }: OnTheJobPanelProps) {
  const titleId = useId();
  const attendance = useQuery(attendanceQuery(bookingId));
  const flash = useFlash();
  const items = attendance.data ?? [];

  return (
    <section className="admin-card on-the-job" aria-labelledby={titleId}>
      <h2 id={titleId} className="admin-card__title">{T.title}</h2>
      {attendance.isPending && <p className="on-the-job__note" role="status">{T.loading}</p>}
      {attendance.isError && <ErrorAlert failure={asFailure(attendance.error, T.loadFailed)} message={T.loadFailed} />}
      {attendance.isSuccess && items.length === 0 && <p className="on-the-job__note">{T.none}</p>}
      {items.length > 0 && (
        <ul className="on-the-job__list">
          {items.map((item) => (
            <CleanerOnTheJob key={item.cleanerId} bookingId={bookingId} startTime={startTime} item={item} onSaved={flash.show} />
          ))}
        </ul>
      )}
      {/* Always in the page, so the confirmation is announced as it is written. */}
      <p className="on-the-job__saved" role="status">{flash.message}</p>
    </section>
  );
}

interface CleanerOnTheJobProps {
  bookingId: string;
  startTime: string;
  item: AttendanceItem;
  onSaved: (message: string) => void;
}

function CleanerOnTheJob({ bookingId, startTime, item, onSaved }: CleanerOnTheJobProps) {
  const [correcting, setCorrecting] = useState(false);
  const formId = useId();
  const jobDay = melbourneYmd(new Date(startTime));
  const when = (iso: string | null) => {
    if (!iso) return <span className="on-the-job__not-yet">{T.notYet}</span>;
    const instant = new Date(iso);
    return <time dateTime={iso}>{melbourneYmd(instant) === jobDay ? formatMelbourneTime(instant) : formatMelbourneDateTime(instant)}</time>;
  };
  // Late as the timesheet counts it (core's grace after the start).
  const late = item.checkInAt !== null && isLateCheckIn(new Date(startTime), new Date(item.checkInAt));
  const lateMinutes = item.checkInAt ? Math.floor((Date.parse(item.checkInAt) - Date.parse(startTime)) / 60_000) : 0;

  return (
    <li className="on-the-job__cleaner">
      <div className="on-the-job__head">
        <h3 className="on-the-job__name"><bdi>{item.name}</bdi></h3>
        <button
          type="button"
          className="admin-button admin-button--secondary admin-button--small"
          aria-label={T.correctFor(item.name)}
          aria-expanded={correcting}
          aria-controls={correcting ? formId : undefined}
          onClick={() => setCorrecting((open) => !open)}
        >
          {T.correct}
        </button>
      </div>
      <dl className="on-the-job__times">
        <div className="on-the-job__time">
          <dt>{T.onMyWay}</dt>
          <dd>{when(item.onMyWayAt)}</dd>
        </div>
        <div className="on-the-job__time">
          <dt>{T.arrived}</dt>
          <dd>
            {when(item.checkInAt)}
            {late && <span className="on-the-job__late"> ({T.minutesLate(lateMinutes)})</span>}
          </dd>
        </div>
        <div className="on-the-job__time">
          <dt>{T.finished}</dt>
          <dd>{when(item.checkOutAt)}</dd>
        </div>
      </dl>
      {(item.checkInNote || item.checkOutNote) && (
        <dl className="on-the-job__notes">
          {item.checkInNote && (
            <div>
              <dt>{T.checkInNote}</dt>
              <dd className="on-the-job__note-text"><bdi>{item.checkInNote}</bdi></dd>
            </div>
          )}
          {item.checkOutNote && (
            <div>
              <dt>{T.checkOutNote}</dt>
              <dd className="on-the-job__note-text"><bdi>{item.checkOutNote}</bdi></dd>
            </div>
          )}
        </dl>
      )}
      <PositionLinks item={item} />
      {item.correctedBy && item.correctedAt && (
        <p className="on-the-job__note">{T.corrected(item.correctedBy, formatMelbourneDateTime(new Date(item.correctedAt)))}</p>
      )}
      {correcting && (
        <CorrectTimesForm
          id={formId}
          bookingId={bookingId}
          item={item}
          onDone={(saved) => {
            setCorrecting(false);
            if (saved) onSaved(T.saved(item.name));
          }}
        />
      )}
    </li>
  );
}

/** Where the phone said they were, when it said (Google Maps at the point). */
function PositionLinks({ item }: { item: AttendanceItem }) {
  const links = [
    { lat: item.checkInLat, lng: item.checkInLng, text: T.checkInMap },
    { lat: item.checkOutLat, lng: item.checkOutLng, text: T.checkOutMap },
  ].filter((link) => link.lat !== null && link.lng !== null);
  if (links.length === 0) return null;
  return (
    <p className="on-the-job__maps">
      {links.map((link) => (
        <a key={link.text} href={mapSearchUrl(`${link.lat},${link.lng}`)} target="_blank" rel="noopener noreferrer">
          {link.text}
        </a>
      ))}
    </p>
  );
}

interface CorrectTimesFormProps {
  id: string;
  bookingId: string;
  item: AttendanceItem;
  /** Closes the form: `saved` when the server took the times. */
  onDone: (saved: boolean) => void;
}

function CorrectTimesForm({ id, bookingId, item, onDone }: CorrectTimesFormProps) {
  const queryClient = useQueryClient();
  const query = attendanceQuery(bookingId);
  const { form, errorsOf, failure, dismissFailure, working, formRef, submit } = useStaffForm({
    defaultValues: correctionValuesOf(item),
    resolver: checkResolver<CorrectionValues, AttendanceCorrectionBody>((values) => correctionOf(item, values, new Date())),
    onSubmit: async (body) => {
      const saved = await correctAttendance(bookingId, item.cleanerId, body);
      queryClient.setQueryData(query.queryKey, (items) => items?.map((other) => (other.cleanerId === saved.cleanerId ? saved : other)));
      // The correction is in the booking's history; the timesheets and the schedule's marks read it afresh.
      void queryClient.invalidateQueries({ queryKey: recordHistoryQuery("booking", bookingId).queryKey });
      void queryClient.invalidateQueries({ queryKey: ["timesheets"], refetchType: "none" });
      void queryClient.invalidateQueries({ queryKey: ["schedule"], refetchType: "none" });
      onDone(true);
    },
    focusServerErrors: true,
  });
  const { register } = form;
  const hasFieldErrors = Object.keys(form.formState.errors).length > 0;
  const latest = latestLocalInput();

  return (
    <form id={id} ref={formRef} className="on-the-job__form" aria-label={T.correctFor(item.name)} onSubmit={submit} noValidate>
      <div className="on-the-job__fields">
        <FormField label={T.checkIn} hint={T.boxHint} errors={errorsOf("checkInAt")}>
          {(control) => <input {...control} className="admin-input" type="datetime-local" step={60} max={latest} {...register("checkInAt")} />}
        </FormField>
        <FormField label={T.checkOut} hint={T.boxHint} errors={errorsOf("checkOutAt")}>
          {(control) => <input {...control} className="admin-input" type="datetime-local" step={60} max={latest} {...register("checkOutAt")} />}
        </FormField>
      </div>
      {failure !== null && !hasFieldErrors && (
        <ErrorAlert failure={asFailure(failure, T.failed)} message={serverMessageOr(failure, T.failed)} onDismiss={dismissFailure} />
      )}
      <div className="admin-form-actions">
        <button type="submit" className="admin-button admin-button--primary" disabled={working}>{working ? T.saving : T.save}</button>
        <button type="button" className="admin-button admin-button--secondary" disabled={working} onClick={() => onDone(false)}>
          {T.cancel}
        </button>
      </div>
    </form>
  );
}

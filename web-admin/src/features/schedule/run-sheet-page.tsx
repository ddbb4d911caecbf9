import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { Fragment, type ReactNode, useId } from "react";
import { ErrorAlert } from "@yarra/public-ui/error-alert.tsx";
import { asFailure } from "../../ui/failure.ts";
import { STATUS_LABELS } from "./job-card.tsx";
import { type BookingRecordDto, dayBookingsQuery, type ScheduleCleaner, type ScheduleJob, scheduleQuery } from "./schedule-api.ts";
import { formatDayLong, formatTimeRange, zoneAt, zoneOfDay } from "./schedule-dates.ts";
import { jobsOn, UNASSIGNED } from "./schedule-layout.ts";
import { MapLink } from "../../lib/map-link.tsx";
import "./run-sheet.css";
import { formatAuPhone } from "@yarra/core/shared/phone.ts";
import { balanceOf } from "@yarra/core/booking/payments/ledger.ts";
import { formatAud } from "@yarra/core/shared/money.ts";
import { RUN_SHEET_TEXT_FIELDS, textOfField } from "@yarra/core/booking/text-fields.ts";

export const RUN_SHEET_TEXT = {
  title: "Run sheets",
  loading: "Loading the run sheets…",
  loadFailed: "Failed to load the schedule",
  detailsFailed: "Failed to load the bookings' details: the sheets show what the schedule has.",
  noJobs: "No jobs on this day.",
  print: "Print",
  back: "Back to the schedule",
  allCleaners: "Everyone (whole day)",
  toCollect: "To collect",
  paid: "Nothing: paid",
} as const;

const T = RUN_SHEET_TEXT;

interface SheetGroup {
  id: string;
  cleaner: ScheduleCleaner | null;
  jobs: ScheduleJob[];
}

function groupsOf(jobs: ScheduleJob[], cleaners: ScheduleCleaner[]): SheetGroup[] {
  const known = new Set(cleaners.map((cleaner) => cleaner._id));
  const groups: SheetGroup[] = cleaners
    .map((cleaner) => ({ id: cleaner._id, cleaner, jobs: jobs.filter((job) => job.cleanerIds.includes(cleaner._id)) }))
    .filter((group) => group.jobs.length > 0);
  const unassigned = jobs.filter((job) => !job.cleanerIds.some((id) => known.has(id)));
  if (unassigned.length > 0) groups.push({ id: UNASSIGNED, cleaner: null, jobs: unassigned });
  return groups;
}

const fullAddress = (address: BookingRecordDto["address"]) =>
  [address.unit ? `${address.unit}/${address.street}` : address.street, address.suburb, `${address.state} ${address.postCode}`]
    .filter((part) => part && part.trim() !== "")
    .join(", ");

function sizeOf(job: ScheduleJob, record: BookingRecordDto | undefined): string {
  if (job.sizeLabel) return job.sizeLabel;
  if (record?.pricingModel === "HOURLY" && record.hours !== null) return `${record.hours} hours`;
  if (record?.pricingModel === "BEDROOMS" && record.bedrooms !== null) return record.bedrooms === 0 ? "Studio" : `${record.bedrooms} bedrooms`;
  return "—";
}

function answerText(answer: BookingRecordDto["answers"][number]): string {
  if (answer.displayValue) return answer.displayValue;
  return Array.isArray(answer.value) ? answer.value.join(", ") : answer.value;
}

const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, "")}`;

/** The customer's lasting notes (issue 17: gate codes, pets, parking); a schedule from before them has none. */
const customerNotesOf = (job: ScheduleJob): string => ((job as { customerNotes?: string | null }).customerNotes ?? "").trim();

interface RunSheetPageProps {
  date: string;
  /** One cleaner's sheet (or UNASSIGNED), or everyone's when absent. */
  only?: string;
  onOnlyChange: (only: string | undefined) => void;
}

/**
 * The day's run sheets (issue 16): one page per cleaner, then the unassigned jobs, with what the
 * cleaner needs at the door and a line to sign off. Printed without the staff area's frame.
 */
export function RunSheetPage({ date, only, onOnlyChange }: RunSheetPageProps) {
  const schedule = useQuery(scheduleQuery(date, date));
  const bookings = useQuery(dayBookingsQuery(date));
  const chooserId = useId();
  const records = new Map((bookings.data ?? []).map((record) => [record._id, record]));
  const jobs = schedule.data ? jobsOn(schedule.data, date) : [];
  const allGroups = schedule.data ? groupsOf(jobs, schedule.data.cleaners) : [];
  const groups = only ? allGroups.filter((group) => group.id === only) : allGroups;
  const cleanersById = new Map((schedule.data?.cleaners ?? []).map((cleaner) => [cleaner._id, cleaner]));
  const dayTitle = `${formatDayLong(date)} (${zoneOfDay(date)})`;

  return (
    <section className="run-sheet" aria-labelledby="run-sheet-title">
      <div className="run-sheet__toolbar run-sheet__screen-only">
        <Link to="/schedule" search={{ date }} className="run-sheet__back">{T.back}</Link>
        <div className="run-sheet__chooser">
          <label htmlFor={chooserId} className="admin-field__label">Sheets for</label>
          <select id={chooserId} className="admin-input" value={only ?? ""} onChange={(event) => onOnlyChange(event.target.value || undefined)}>
            <option value="">{T.allCleaners}</option>
            {allGroups.map((group) => (
              <option key={group.id} value={group.id}>{group.cleaner ? group.cleaner.name : "Unassigned"}</option>
            ))}
          </select>
        </div>
        <button type="button" className="admin-button admin-button--primary" onClick={() => window.print()}>{T.print}</button>
      </div>

      <h1 id="run-sheet-title" className="run-sheet__title">{T.title}: {dayTitle}</h1>

      {schedule.isPending && <p role="status" className="run-sheet__screen-only">{T.loading}</p>}
      {schedule.isError && (
        <div className="run-sheet__screen-only">
          <ErrorAlert failure={asFailure(schedule.error)} message={T.loadFailed} />
        </div>
      )}
      {bookings.isError && (
        <div className="run-sheet__screen-only">
          <ErrorAlert failure={asFailure(bookings.error)} message={T.detailsFailed} />
        </div>
      )}
      {schedule.isSuccess && groups.length === 0 && <p className="run-sheet__none">{T.noJobs}</p>}

      {groups.map((group) => {
        const headId = `run-sheet-${group.id}`;
        return (
          <section key={group.id} className="run-sheet__group" aria-labelledby={headId} data-group={group.id}>
            <header className="run-sheet__group-head">
              <h2 id={headId} className="run-sheet__cleaner">
                {group.cleaner
                  ? <><span className="run-sheet__swatch" style={{ backgroundColor: group.cleaner.colour }} aria-hidden="true" /><bdi>{group.cleaner.name}</bdi></>
                  : "Unassigned"}
              </h2>
              <p className="run-sheet__day">
                {dayTitle}
                {" · "}
                {group.jobs.length === 1 ? "1 job" : `${group.jobs.length} jobs`}
                {group.cleaner?.phone ? ` · ${formatAuPhone(group.cleaner.phone)}` : ""}
              </p>
            </header>
            <ol className="run-sheet__jobs">
              {group.jobs.map((job) => (
                <li key={job._id}>
                  <RunSheetJob job={job} record={records.get(job._id)} cleanersById={cleanersById} groupCleanerId={group.cleaner?._id} />
                </li>
              ))}
            </ol>
          </section>
        );
      })}
    </section>
  );
}

interface RunSheetJobProps {
  job: ScheduleJob;
  record: BookingRecordDto | undefined;
  cleanersById: ReadonlyMap<string, ScheduleCleaner>;
  groupCleanerId: string | undefined;
}

/** The balance of the first service as the run sheet says it. */
const toCollect = (record: Pick<BookingRecordDto, "firstServiceTotal" | "totalPaid">): string => {
  const balance = balanceOf(record);
  return balance > 0 ? formatAud(balance) : RUN_SHEET_TEXT.paid;
};

function RunSheetJob({ job, record, cleanersById, groupCleanerId }: RunSheetJobProps) {
  const customer = record ? `${record.firstName} ${record.lastName}`.trim() : job.customerName;
  const phone = record?.phone ?? job.phone;
  // The schedule's address line is the full address already (suburb included).
  const address = record ? fullAddress(record.address) : job.addressLine || job.suburb;
  const extras = record
    ? record.extras.map((extra) => (extra.quantity > 1 ? `${extra.titleAtBooking} × ${extra.quantity}` : extra.titleAtBooking))
    : job.extras;
  const others = job.cleanerIds.filter((id) => id !== groupCleanerId).map((id) => cleanersById.get(id)?.name).filter(Boolean);
  const customerNotes = customerNotesOf(job);
  const rows: [string, ReactNode][] = [
    ["Phone", phone ? <a href={telHref(phone)}>{formatAuPhone(phone)}</a> : "—"],
    // Issue 34: one tap opens the address in Maps.
    ["Address", <MapLink address={address ?? ""} />],
    ["Service", record?.serviceNameAtBooking || job.serviceName],
    ["Size", sizeOf(job, record)],
    ["Add-ons", extras.length > 0 ? extras.join(", ") : "None"],
    ["Reference", `${job.reference} (${STATUS_LABELS[job.status]})`],
    // Issue 34: what the cleaner collects on the day (the first service, less what was paid).
    ...(record ? [[RUN_SHEET_TEXT.toCollect, toCollect(record)] as [string, ReactNode]] : []),
    ...(others.length > 0 ? [["With", others.join(", ")] as [string, ReactNode]] : []),
  ];
  return (
    <article className="run-sheet__job" aria-label={`${formatTimeRange(job.startTime, job.endTime)} ${customer}`}>
      <h3 className="run-sheet__job-title">
        <span className="run-sheet__time">{formatTimeRange(job.startTime, job.endTime)} {zoneAt(job.startTime)}</span>
        {" "}
        <bdi>{customer}</bdi>
      </h3>
      {customerNotes && (
        <div className="run-sheet__customer-notes">
          <h4 className="run-sheet__subhead">Customer notes</h4>
          <p className="run-sheet__notes"><bdi>{customerNotes}</bdi></p>
        </div>
      )}
      <dl className="run-sheet__facts">
        {rows.map(([label, value]) => (
          <div key={label} className="run-sheet__fact">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {record && record.answers.length > 0 && (
        <>
          <h4 className="run-sheet__subhead">Customer's answers</h4>
          <dl className="run-sheet__facts run-sheet__answers">
            {record.answers.map((answer, index) => (
              <div key={`${answer.questionId}-${index}`} className="run-sheet__fact">
                <dt>{answer.label || answer.questionId}</dt>
                <dd><bdi>{answerText(answer) || "—"}</bdi></dd>
              </div>
            ))}
          </dl>
        </>
      )}
      {RUN_SHEET_TEXT_FIELDS.map((field) => {
        const notes = record ? textOfField(record, field).trim() : "";
        return (
          <Fragment key={field.key}>
            <h4 className="run-sheet__subhead">{field.label}</h4>
            <p className="run-sheet__notes"><bdi>{notes || "None"}</bdi></p>
          </Fragment>
        );
      })}
      <p className="run-sheet__signoff">
        <span>Arrived <span className="run-sheet__blank" /></span>
        <span>Left <span className="run-sheet__blank" /></span>
        <span>Signature <span className="run-sheet__blank run-sheet__blank--long" /></span>
      </p>
    </article>
  );
}

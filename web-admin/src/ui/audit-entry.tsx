/**
 * The parts of an audit entry as people read it (issue 20), shared by the audit log and a
 * record's own history: who, when in Melbourne time, what in a sentence, the changes.
 */
import { Link } from "@tanstack/react-router";
import { Fragment, type ReactNode } from "react";
import type { AuditEntryDto } from "@yarra/core/admin/manage-audit.ts";
import { formatAuditTime } from "@yarra/core/admin/audit-log/audit-time.ts";
import "./audit-entry.css";

export type AuditEntry = AuditEntryDto;

/**
 * An e-mail that wraps only before its '@' and its dots, as addresses are broken in print: each
 * part keeps together (never at its hyphens) unless the part alone is wider than the column.
 */
export function EmailText({ email }: { email: string }) {
  const parts = email.split(/(?=[@.])/);
  return (
    <span className="audit-email">
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 && <wbr />}
          <span className="audit-email__part">{part}</span>
        </Fragment>
      ))}
    </span>
  );
}

const EMAIL_VALUE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A changed value; an e-mail wraps as EmailText does. */
const Value = ({ text }: { text: string }) => (EMAIL_VALUE.test(text) ? <EmailText email={text} /> : <>{text}</>);

export function AuditWho({ entry }: { entry: AuditEntry }) {
  const { name, email } = entry.actor;
  return (
    <span className="audit-who">
      <span className="audit-who__name">{name}</span>
      {email !== name && <EmailText email={email} />}
    </span>
  );
}

/** e.g. 'Sat 5 Dec 2026, 11:00 am AEDT': Melbourne time with the label in force then. */
export function AuditWhen({ at }: { at: string }) {
  return <time className="audit-when" dateTime={at}>{formatAuditTime(new Date(at))}</time>;
}

/** The record's own page, where it has one. */
function recordPage(record: NonNullable<AuditEntry["record"]>, label: ReactNode): ReactNode {
  if (record.type === "booking" || record.type === "quote") {
    return <Link to="/bookings/$bookingId" params={{ bookingId: record.id }}>{label}</Link>;
  }
  if (record.type === "inquiry") return <Link to="/inquiries/$inquiryId" params={{ inquiryId: record.id }}>{label}</Link>;
  if (record.type === "series") return <Link to="/series/$seriesId" params={{ seriesId: record.id }}>{label}</Link>;
  if (record.type === "customer") return <Link to="/customers/$customerId" params={{ customerId: record.id }}>{label}</Link>;
  return label;
}

/** The sentence, then the record by its human name (a link to its page where it has one). */
export function AuditWhat({ entry, linkRecord = true }: { entry: AuditEntry; linkRecord?: boolean }) {
  const { record } = entry;
  return (
    <span className="audit-what">
      <span className="audit-what__summary">{entry.summary}</span>
      {record && linkRecord && <span className="audit-what__record">{recordPage(record, record.label)}</span>}
    </span>
  );
}

export function AuditChanges({ changes }: { changes: AuditEntry["changes"] }) {
  if (changes.length === 0) return <span className="audit-muted">No field changes</span>;
  return (
    <ul className="audit-changes">
      {changes.map((change) => (
        <li key={change.field}>
          <span className="audit-changes__field">{change.field}</span>:{" "}
          {change.before !== null && <del className="audit-changes__before"><Value text={change.before} /></del>}
          {change.before !== null && change.after !== null && (
            <>
              <span aria-hidden="true"> → </span>
              <span className="audit-sr"> changed to </span>
            </>
          )}
          {change.after !== null && <ins className="audit-changes__after"><Value text={change.after} /></ins>}
        </li>
      ))}
    </ul>
  );
}

/**
 * The audit log as a person reads it (issue 20): who acted (name and e-mail, or "Customer"),
 * which record (its human name, not its id), one sentence saying what happened, and the changed
 * fields before and after as display strings, times in Melbourne time with their AEST/AEDT label.
 * Pure: the audit reader joins what the records are called now; this turns a row into words.
 */
import type { AuditRowWithFacts, ReadableAuditEntry } from "./types.ts";
import { auditActor } from "./actor.ts";
import { auditRecordRef } from "./record-ref.ts";
import { auditChanges } from "./changed-fields.ts";
import { auditSummary } from "./sentences.ts";

/** The row as the log and a record's history show it; the stored fields stay as they are. */
export function readableAuditEntry(row: AuditRowWithFacts): ReadableAuditEntry {
  const { actorName: _actorName, facts: _facts, names: _names, ...stored } = row;
  return { ...stored, actor: auditActor(row), record: auditRecordRef(row), summary: auditSummary(row), changes: auditChanges(row) };
}

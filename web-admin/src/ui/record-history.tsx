/**
 * A booking's or inquiry's own history on its page (issue 20): who changed what and when, for any
 * admin. Closed at first; the entries load when it is opened.
 */
import { queryOptions, useQuery } from "@tanstack/react-query";
import { ErrorAlert } from "@yarra/public-ui/error-alert.tsx";
import { useState } from "react";
import { api } from "../lib/api.ts";
import { type AuditEntry, AuditChanges, AuditWhat, AuditWhen, AuditWho } from "./audit-entry.tsx";
import { asFailure } from "./failure.ts";
import "./record-history.css";

export const HISTORY_TEXT = {
  title: "History",
  loading: "Loading the history…",
  loadFailed: "Failed to load the history",
  empty: "No changes recorded yet.",
} as const;

export type HistoryRecordKind = "booking" | "inquiry";

const PATHS: Record<HistoryRecordKind, string> = { booking: "/api/admin/bookings", inquiry: "/api/admin/inquiries" };

export const recordHistoryQuery = (kind: HistoryRecordKind, id: string) =>
  queryOptions({
    queryKey: ["history", kind, id],
    queryFn: ({ signal }) => api.list<AuditEntry>(`${PATHS[kind]}/${encodeURIComponent(id)}/history`, { signal }),
  });

export function RecordHistory({ kind, id }: { kind: HistoryRecordKind; id: string }) {
  const [open, setOpen] = useState(false);
  const history = useQuery({ ...recordHistoryQuery(kind, id), enabled: open });
  return (
    <details className="record-history" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary className="record-history__title">{HISTORY_TEXT.title}</summary>
      {history.isPending && open && <p className="audit-muted" role="status">{HISTORY_TEXT.loading}</p>}
      {history.isError && <ErrorAlert failure={asFailure(history.error, HISTORY_TEXT.loadFailed)} message={HISTORY_TEXT.loadFailed} />}
      {history.data && history.data.length === 0 && <p className="audit-muted">{HISTORY_TEXT.empty}</p>}
      {history.data && history.data.length > 0 && (
        <ol className="record-history__list">
          {history.data.map((entry) => (
            <li key={entry.id} className="record-history__entry">
              <p className="record-history__line">
                <AuditWhat entry={entry} linkRecord={false} />
              </p>
              <p className="record-history__meta">
                <AuditWhen at={entry.at} /> · <AuditWho entry={entry} />
              </p>
              {entry.changes.length > 0 && <AuditChanges changes={entry.changes} />}
            </li>
          ))}
        </ol>
      )}
    </details>
  );
}

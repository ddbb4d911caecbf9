import { useEffect, useState } from "react";
import { isApiError } from "@yarra/api/client/http.ts";
import { formatMelbourneDateTime } from "@yarra/core/shared/melbourne-time.ts";
import { api } from "../../lib/api.ts";
import { ErrorAlert } from "../../ui/error-alert.tsx";
import { auditDiff } from "./audit-diff.ts";
import "./audit.css";
import { Pager } from "../../ui/pager.tsx";

export const AUDIT_TEXT = { loadFailed: "Failed to load the audit log", empty: "No audit entries yet." } as const;
export const AUDIT_PAGE_SIZE = 50;

export interface AuditRow {
  id: number;
  at: string;
  adminId: string;
  adminEmail: string;
  action: string;
  entity: string;
  entityId: string | null;
  before: unknown;
  after: unknown;
}

interface AuditPageData {
  items: AuditRow[];
  page: number;
  totalPages: number;
  totalItems: number;
}

type Failure = Parameters<typeof ErrorAlert>[0]["failure"];

function Changes({ row }: { row: AuditRow }) {
  const lines = auditDiff(row.before, row.after);
  if (lines.length === 0) return <span className="audit-muted">No field changes</span>;
  return (
    <ul className="audit-diff">
      {lines.map((line) => (
        <li key={line.field}>
          <span className="audit-diff__field">{line.field}</span>:{" "}
          {line.before !== undefined && <del className="audit-diff__before">{line.before}</del>}
          {line.before !== undefined && line.after !== undefined && <span aria-hidden="true"> → </span>}
          {line.before !== undefined && line.after !== undefined && <span className="audit-sr"> changed to </span>}
          {line.after !== undefined && <ins className="audit-diff__after">{line.after}</ins>}
        </li>
      ))}
    </ul>
  );
}

/** The audit log of staff writes, newest first (superadmins only; beyond the spec, issue 4). */
export function AuditPage() {
  const [page, setPage] = useState(1);
  const [data, setData] = useState<AuditPageData | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<Failure | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    setLoading(true);
    setError(null);
    api.get<AuditPageData>("/api/admin/audit", { query: { page, limit: AUDIT_PAGE_SIZE }, signal: controller.signal })
      .then((next) => {
        setData({ items: next.items ?? [], page: next.page ?? page, totalPages: next.totalPages ?? 1, totalItems: next.totalItems ?? 0 });
        setLoading(false);
      })
      .catch((failure: unknown) => {
        if (controller.signal.aborted) return;
        setError(isApiError(failure) ? failure : { title: "Error", text: AUDIT_TEXT.loadFailed });
        setLoading(false);
      });
    return () => controller.abort();
  }, [page]);

  return (
    <section className="audit" aria-labelledby="audit-title">
      <h1 id="audit-title" className="admin-page-title">Audit log</h1>
      <p className="audit-muted">Every change staff make: who, when, what and which record, newest first.</p>
      {error && <ErrorAlert failure={error} message={AUDIT_TEXT.loadFailed} onDismiss={() => setError(null)} />}
      {loading && <p role="status" className="audit-muted">Loading the audit log…</p>}
      {!loading && !error && data && data.items.length === 0 && <p className="audit-empty">{AUDIT_TEXT.empty}</p>}
      {!loading && data && data.items.length > 0 && (
        <div className="audit-table__wrap">
          <table className="audit-table">
            <caption className="audit-sr">Audit entries, page {data.page} of {data.totalPages}</caption>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Who</th>
                <th scope="col">Action</th>
                <th scope="col">Record</th>
                <th scope="col">Changes</th>
              </tr>
            </thead>
            <tbody>
              {data.items.map((row) => (
                <tr key={row.id}>
                  <td data-label="When">{formatMelbourneDateTime(new Date(row.at))}</td>
                  <td data-label="Who">{row.adminEmail}</td>
                  <td data-label="Action"><code>{row.action}</code></td>
                  <td data-label="Record">{row.entity}{row.entityId ? <span className="audit-muted"> {row.entityId}</span> : null}</td>
                  <td data-label="Changes"><Changes row={row} /></td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {data && (
        <Pager page={page} shownPage={data.page} totalPages={data.totalPages} loading={loading} onPage={setPage} />
      )}
    </section>
  );
}

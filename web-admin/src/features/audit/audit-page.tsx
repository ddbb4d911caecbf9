import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { formatMelbourneDateTime } from "@yarra/core/shared/melbourne-time.ts";
import { ErrorAlert } from "@yarra/public-ui/error-alert.tsx";
import { api } from "../../lib/api.ts";
import { asFailure } from "../../ui/failure.ts";
import { Pager } from "../../ui/pager.tsx";
import { useDismissible } from "../../ui/use-dismissible.ts";
import { auditDiff } from "./audit-diff.ts";
import "./audit.css";

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

export const auditQuery = (page: number) =>
  queryOptions({
    queryKey: ["audit", page],
    queryFn: async ({ signal }): Promise<AuditPageData> => {
      const next = await api.get<Partial<AuditPageData>>("/api/admin/audit", { query: { page, limit: AUDIT_PAGE_SIZE }, signal });
      return { items: next.items ?? [], page: next.page ?? page, totalPages: next.totalPages ?? 1, totalItems: next.totalItems ?? 0 };
    },
    // The pager stays while the next page loads.
    placeholderData: keepPreviousData,
  });

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
export function AuditPage({ page, onPage }: { page: number; onPage: (page: number) => void }) {
  const log = useQuery(auditQuery(page));
  const data = log.data;
  const loading = log.isFetching;
  const [error, dismissError] = useDismissible(log.error);

  return (
    <section className="audit" aria-labelledby="audit-title">
      <h1 id="audit-title" className="admin-page-title">Audit log</h1>
      <p className="audit-muted">Every change staff make: who, when, what and which record, newest first.</p>
      {error && <ErrorAlert failure={asFailure(error, AUDIT_TEXT.loadFailed)} message={AUDIT_TEXT.loadFailed} onDismiss={dismissError} />}
      {loading && <p role="status" className="audit-muted">Loading the audit log…</p>}
      {!loading && !log.isError && data && data.items.length === 0 && <p className="audit-empty">{AUDIT_TEXT.empty}</p>}
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
        <Pager page={page} shownPage={data.page} totalPages={data.totalPages} loading={loading} onPage={onPage} />
      )}
    </section>
  );
}

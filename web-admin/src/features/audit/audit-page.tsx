import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { AUDIT_RECORD_TYPE_LABELS, AUDIT_RECORD_TYPES, type AuditRecordType } from "@yarra/core/admin/audit-log/types.ts";
import { ErrorAlert } from "@yarra/public-ui/error-alert.tsx";
import { api } from "../../lib/api.ts";
import { type AuditEntry, AuditChanges, AuditWhat, AuditWhen, AuditWho } from "../../ui/audit-entry.tsx";
import { asFailure } from "../../ui/failure.ts";
import { Pager } from "../../ui/pager.tsx";
import { useDismissible } from "../../ui/use-dismissible.ts";
import { type AuditFilters, type AuditSearch, CUSTOMERS, filtersOf, noFilters, searchOf } from "./audit-search.ts";
import "./audit.css";

export const AUDIT_TEXT = {
  loadFailed: "Failed to load the audit log",
  empty: "No audit entries yet.",
  noMatch: "No entries match these filters.",
} as const;
export const AUDIT_PAGE_SIZE = 50;

export type AuditRow = AuditEntry;

interface AuditPageData {
  items: AuditRow[];
  page: number;
  totalPages: number;
  totalItems: number;
}

interface Person {
  _id: string;
  name: string;
  email: string;
}

export const auditQuery = (page: number, filters: AuditFilters) =>
  queryOptions({
    queryKey: ["audit", page, filters],
    queryFn: async ({ signal }): Promise<AuditPageData> => {
      const { page: _inUrl, ...wanted } = searchOf(filters, page);
      const next = await api.get<Partial<AuditPageData>>("/api/admin/audit", { query: { ...wanted, page, limit: AUDIT_PAGE_SIZE }, signal });
      return { items: next.items ?? [], page: next.page ?? page, totalPages: next.totalPages ?? 1, totalItems: next.totalItems ?? 0 };
    },
    // The pager stays while the next page loads.
    placeholderData: keepPreviousData,
  });

/** The admins the person filter offers (the log is superadmins', and so is this list). */
const peopleQuery = queryOptions({
  queryKey: ["audit", "people"],
  queryFn: ({ signal }) => api.list<Person>("/api/admin/admins", { signal }),
});

function Filters({ filters, onChange }: { filters: AuditFilters; onChange: (next: AuditFilters) => void }) {
  const people = useQuery(peopleQuery);
  const update = <K extends keyof AuditFilters>(key: K, value: AuditFilters[K]) => onChange({ ...filters, [key]: value });
  const listed = people.data ?? [];
  // A person in the URL who is no longer listed (deleted since) still shows as chosen.
  const unlisted = filters.person !== "" && filters.person !== CUSTOMERS && !listed.some((p) => p._id === filters.person);
  return (
    <form className="audit-filters" role="search" aria-label="Audit log" onSubmit={(event) => event.preventDefault()}>
      <label className="admin-field">
        <span className="admin-field__label">Person</span>
        <select className="admin-input" value={filters.person} onChange={(event) => update("person", event.target.value)}>
          <option value="">Everyone</option>
          <option value={CUSTOMERS}>Customers (through their booking link)</option>
          {listed.map((person) => <option key={person._id} value={person._id}>{person.name} ({person.email})</option>)}
          {unlisted && <option value={filters.person}>An admin no longer listed</option>}
        </select>
      </label>
      <label className="admin-field">
        <span className="admin-field__label">Record</span>
        <select className="admin-input" value={filters.recordType} onChange={(event) => update("recordType", event.target.value as "" | AuditRecordType)}>
          <option value="">Any</option>
          {AUDIT_RECORD_TYPES.map((type) => <option key={type} value={type}>{AUDIT_RECORD_TYPE_LABELS[type]}</option>)}
        </select>
      </label>
      <label className="admin-field">
        <span className="admin-field__label">From</span>
        <input className="admin-input" type="date" value={filters.from} max={filters.to || undefined} onChange={(event) => update("from", event.target.value)} />
      </label>
      <label className="admin-field">
        <span className="admin-field__label">To</span>
        <input className="admin-input" type="date" value={filters.to} min={filters.from || undefined} onChange={(event) => update("to", event.target.value)} />
      </label>
      <div className="audit-filters__actions">
        <button
          type="button"
          className="admin-button admin-button--secondary"
          disabled={noFilters(filters)}
          onClick={() => onChange({ person: "", recordType: "", from: "", to: "" })}
        >
          Clear filters
        </button>
      </div>
      <p className="audit-filters__hint admin-field__hint">Dates are Melbourne days, both included.</p>
    </form>
  );
}

/** The audit log of staff writes as people read it, newest first (superadmins only; issues 4 and 20). */
export function AuditPage({ search, onSearchChange }: { search: AuditSearch; onSearchChange: (search: AuditSearch) => void }) {
  const page = search.page ?? 1;
  const filters = filtersOf(search);
  const log = useQuery(auditQuery(page, filters));
  const data = log.data;
  const loading = log.isFetching;
  const [error, dismissError] = useDismissible(log.error);

  return (
    <section className="audit" aria-labelledby="audit-title">
      <h1 id="audit-title" className="admin-page-title">Audit log</h1>
      <p className="audit-muted">Every change staff and customers make: who, when, what and which record, newest first.</p>
      {/* A new filter starts again at page 1. */}
      <Filters filters={filters} onChange={(next) => onSearchChange(searchOf(next, 1))} />
      {error && <ErrorAlert failure={asFailure(error, AUDIT_TEXT.loadFailed)} message={AUDIT_TEXT.loadFailed} onDismiss={dismissError} />}
      {loading && <p role="status" className="audit-muted">Loading the audit log…</p>}
      {!loading && !log.isError && data && data.items.length === 0 && (
        <p className="audit-empty">{noFilters(filters) ? AUDIT_TEXT.empty : AUDIT_TEXT.noMatch}</p>
      )}
      {!loading && data && data.items.length > 0 && (
        <div className="audit-table__wrap">
          <table className="audit-table">
            <caption className="audit-sr">Audit entries, page {data.page} of {data.totalPages}</caption>
            <colgroup>
              <col className="audit-table__who" />
              <col className="audit-table__when" />
              <col className="audit-table__what" />
              <col className="audit-table__changes" />
            </colgroup>
            <thead>
              <tr>
                <th scope="col">Who</th>
                <th scope="col">When</th>
                <th scope="col">What</th>
                <th scope="col">Changes</th>
              </tr>
            </thead>
            <tbody>
              {data.items.map((row) => (
                <tr key={row.id}>
                  <td data-label="Who"><AuditWho entry={row} /></td>
                  <td data-label="When"><AuditWhen at={row.at} /></td>
                  <td data-label="What"><AuditWhat entry={row} /></td>
                  <td data-label="Changes"><AuditChanges changes={row.changes} /></td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {data && (
        <Pager
          page={page}
          shownPage={data.page}
          totalPages={data.totalPages}
          loading={loading}
          onPage={(next) => onSearchChange(searchOf(filters, next))}
        />
      )}
    </section>
  );
}

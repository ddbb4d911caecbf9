import { useCallback, useState } from "react";
import { INQUIRY_TYPES } from "@yarra/core/inquiry/types.ts";
import { INQUIRY_TYPE_LABELS } from "@yarra/core/notifications/messages.ts";
import { ErrorAlert } from "../../ui/error-alert.tsx";
import { DEFAULT_FILTERS, fetchInquiries, type InquiryDto, type InquiryFilters } from "./inquiries-api.ts";
import { InquiryCard } from "./inquiry-card.tsx";
import "./inquiries.css";
import { Pager } from "../../ui/pager.tsx";
import { useListLoad, useSettledSearch } from "../../ui/use-list-page.ts";

export const LOAD_FAILED = "Failed to load inquiries";

/** Office and commercial inquiries: search, filters, read/checked/archive and admin notes. */
export function InquiriesPage() {
  const [filters, setFilters] = useState<InquiryFilters>(DEFAULT_FILTERS);
  const [page, setPage] = useState(1);
  const [searchText, setSearchText] = useSettledSearch((q) => {
    setFilters((current) => (current.q === q ? current : { ...current, q }));
    setPage(1);
  });
  const { result, setResult, loading, loadError, dismissLoadError } = useListLoad(
    filters,
    page,
    fetchInquiries,
    LOAD_FAILED,
  );

  const update = <K extends keyof InquiryFilters>(key: K, value: InquiryFilters[K]) => {
    setFilters((current) => ({ ...current, [key]: value }));
    setPage(1);
  };

  const onUpdated = useCallback((updated: InquiryDto) => {
    setResult((current) =>
      current && { ...current, items: current.items.map((item) => (item._id === updated._id ? updated : item)) }
    );
  }, []);

  const includeArchived = filters.includeArchived;
  const onArchived = useCallback((archived: InquiryDto) => {
    setResult((current) => {
      if (!current) return current;
      // Without "Include archived" an archived inquiry leaves the list, as the next load would show.
      if (!includeArchived) {
        return { ...current, items: current.items.filter((item) => item._id !== archived._id), totalItems: Math.max(0, current.totalItems - 1) };
      }
      return { ...current, items: current.items.map((item) => (item._id === archived._id ? archived : item)) };
    });
  }, [includeArchived]);

  const searching = filters.q.trim() !== "";

  return (
    <section className="inquiries" aria-labelledby="inquiries-title">
      <h1 id="inquiries-title" className="admin-page-title">Inquiries</h1>

      <form className="inquiries-filters" role="search" aria-label="Inquiries" onSubmit={(event) => event.preventDefault()}>
        <label className="admin-field inquiries-filters__search">
          <span className="admin-field__label">Search</span>
          <input
            className="admin-input"
            type="search"
            placeholder="Name, email, phone, suburb or message"
            value={searchText}
            onChange={(event) => setSearchText(event.target.value)}
          />
        </label>
        <label className="admin-field">
          <span className="admin-field__label">Type</span>
          <select
            className="admin-input"
            value={filters.inquiryType}
            onChange={(event) => update("inquiryType", event.target.value as InquiryFilters["inquiryType"])}
          >
            <option value="">Any</option>
            {INQUIRY_TYPES.map((type) => <option key={type} value={type}>{INQUIRY_TYPE_LABELS[type]}</option>)}
          </select>
        </label>
        <label className="admin-field">
          <span className="admin-field__label">Read</span>
          <select className="admin-input" value={filters.read} onChange={(event) => update("read", event.target.value as InquiryFilters["read"])}>
            <option value="">Any</option>
            <option value="false">Unread</option>
            <option value="true">Read</option>
          </select>
        </label>
        <label className="admin-field">
          <span className="admin-field__label">Checked</span>
          <select
            className="admin-input"
            value={filters.hasAddress}
            onChange={(event) => update("hasAddress", event.target.value as InquiryFilters["hasAddress"])}
          >
            <option value="">Any</option>
            <option value="true">Checked</option>
            <option value="false">Not checked</option>
          </select>
        </label>
        <label className="admin-field">
          <span className="admin-field__label">Sort</span>
          <select className="admin-input" value={filters.order} onChange={(event) => update("order", event.target.value as InquiryFilters["order"])}>
            <option value="desc">Created, newest first</option>
            <option value="asc">Created, oldest first</option>
          </select>
        </label>
        <label className="inquiries-filters__check">
          <input type="checkbox" checked={filters.includeArchived} onChange={(event) => update("includeArchived", event.target.checked)} />
          <span>Include archived</span>
        </label>
      </form>

      {loadError && <ErrorAlert failure={loadError} message={LOAD_FAILED} onDismiss={dismissLoadError} />}
      {loading && <p className="inquiries-note" role="status">Loading inquiries…</p>}

      {!loading && !loadError && result && (
        result.items.length === 0 ? (
          <p className="inquiries-empty">{searching ? "No results for your search." : "No inquiries."}</p>
        ) : (
          <>
            <p className="inquiries-note" aria-live="polite">
              {result.totalItems} {result.totalItems === 1 ? "inquiry" : "inquiries"}
            </p>
            <div className="inquiries-list">
              {result.items.map((inquiry) => (
                <InquiryCard key={inquiry._id} inquiry={inquiry} onUpdated={onUpdated} onArchived={onArchived} />
              ))}
            </div>
          </>
        )
      )}

      {result && (
        <Pager page={page} shownPage={result.page} totalPages={result.totalPages} loading={loading} onPage={setPage} />
      )}
    </section>
  );
}

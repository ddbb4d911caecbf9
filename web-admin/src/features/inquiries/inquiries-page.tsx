import { useQuery } from "@tanstack/react-query";
import { INQUIRY_TYPES } from "@yarra/core/inquiry/types.ts";
import { INQUIRY_TYPE_LABELS } from "@yarra/core/notifications/messages.ts";
import { ErrorAlert } from "@yarra/public-ui/error-alert.tsx";
import { pageInUrl } from "../../lib/search-params.ts";
import { asFailure } from "../../ui/failure.ts";
import { Pager } from "../../ui/pager.tsx";
import { useDismissible } from "../../ui/use-dismissible.ts";
import { useSettledSearch } from "../../ui/use-settled-search.ts";
import { inquiryListQuery } from "./inquiries-queries.ts";
import { filtersOf, type InquiriesSearch, type InquiryFilters, searchOf } from "./inquiries-search.ts";
import { InquiryCard } from "./inquiry-card.tsx";
import "./inquiries.css";

export const LOAD_FAILED = "Failed to load inquiries";

interface InquiriesPageProps {
  /** Filters, order and page as the URL holds them. */
  search: InquiriesSearch;
  onSearchChange: (search: InquiriesSearch, options?: { replace?: boolean }) => void;
}

/** Office and commercial inquiries: search, filters, read/checked/archive and admin notes. */
export function InquiriesPage({ search, onSearchChange }: InquiriesPageProps) {
  const filters = filtersOf(search);
  const page = search.page ?? 1;
  // Each settled search replaces the URL entry, so Back skips the half-typed words.
  const [searchText, setSearchText] = useSettledSearch(filters.q, (q) =>
    onSearchChange(searchOf({ ...filters, q }, 1), { replace: true }));
  const list = useQuery(inquiryListQuery(filters, page));
  const result = list.data;
  const loading = list.isFetching;
  const [loadError, dismissLoadError] = useDismissible(list.error);

  const update = <K extends keyof InquiryFilters>(key: K, value: InquiryFilters[K]) =>
    onSearchChange(searchOf({ ...filters, [key]: value }, 1));

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

      {loadError && <ErrorAlert failure={asFailure(loadError, LOAD_FAILED)} message={LOAD_FAILED} onDismiss={dismissLoadError} />}
      {loading && <p className="inquiries-note" role="status">Loading inquiries…</p>}

      {!list.isError && result && (
        result.items.length === 0 ? (
          <p className="inquiries-empty">{searching ? "No results for your search." : "No inquiries."}</p>
        ) : (
          <>
            <p className="inquiries-note" aria-live="polite">
              {result.totalItems} {result.totalItems === 1 ? "inquiry" : "inquiries"}
            </p>
            <div className="inquiries-list">
              {result.items.map((inquiry) => (
                <InquiryCard key={inquiry._id} inquiry={inquiry} />
              ))}
            </div>
          </>
        )
      )}

      {result && (
        <Pager page={page} shownPage={result.page} totalPages={result.totalPages} loading={loading}
          onPage={(next) => onSearchChange({ ...search, page: pageInUrl(next) })} />
      )}
    </section>
  );
}

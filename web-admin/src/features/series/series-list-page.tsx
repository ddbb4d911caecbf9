import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { formatMelbourneDateTime } from "@yarra/core/shared/melbourne-time.ts";
import { ErrorAlert } from "@yarra/public-ui/error-alert.tsx";
import { pageInUrl } from "../../lib/search-params.ts";
import { asFailure } from "../../ui/failure.ts";
import { PageHeader } from "../../ui/page-header.tsx";
import { Pager } from "../../ui/pager.tsx";
import { useDismissible } from "../../ui/use-dismissible.ts";
import { useSettledSearch } from "../../ui/use-settled-search.ts";
import { SERIES_STATUSES, seriesListQuery } from "./series-api.ts";
import { filtersOf, type SeriesFilters, type SeriesSearch, searchOf } from "./series-search.ts";
import { rhythmText, SERIES_STATUS_LABELS, VISIT_STATUS_LABELS } from "./series-text.ts";
import "./series.css";

export const SERIES_LIST_TEXT = {
  title: "Regular cleans",
  loadFailed: "Failed to load the regular cleans",
  loading: "Loading regular cleans…",
  empty: "No regular cleans yet. A booking with a repeating frequency starts one.",
  noResults: "No results for your search.",
  noNextVisit: "None planned",
} as const;

const T = SERIES_LIST_TEXT;

interface SeriesListPageProps {
  /** Filter, search and page as the URL holds them. */
  search: SeriesSearch;
  onSearchChange: (search: SeriesSearch, options?: { replace?: boolean }) => void;
}

/** Every regular clean: who, what, when it repeats, the next visit and what needs sorting out. */
export function SeriesListPage({ search, onSearchChange }: SeriesListPageProps) {
  const filters = filtersOf(search);
  const page = search.page ?? 1;
  // Each settled search replaces the URL entry, so Back skips the half-typed words.
  const [searchText, setSearchText] = useSettledSearch(filters.q, (q) =>
    onSearchChange(searchOf({ ...filters, q }, 1), { replace: true }));
  const list = useQuery(seriesListQuery(filters, page));
  const result = list.data;
  const loading = list.isFetching;
  const [loadError, dismissLoadError] = useDismissible(list.error);
  const searching = filters.q.trim() !== "" || filters.status !== "";

  return (
    <section className="series" aria-labelledby="series-title">
      <PageHeader title={T.title} titleId="series-title" />

      <form className="series-filters" role="search" aria-label="Regular cleans" onSubmit={(event) => event.preventDefault()}>
        <label className="admin-field series-filters__search">
          <span className="admin-field__label">Search</span>
          <input
            className="admin-input"
            type="search"
            placeholder="Name, email, phone, suburb or reference (YS-…)"
            value={searchText}
            onChange={(event) => setSearchText(event.target.value)}
          />
        </label>
        <label className="admin-field">
          <span className="admin-field__label">Status</span>
          <select
            className="admin-input"
            value={filters.status}
            onChange={(event) => onSearchChange(searchOf({ ...filters, status: event.target.value as SeriesFilters["status"] }, 1))}
          >
            <option value="">Any</option>
            {SERIES_STATUSES.map((status) => <option key={status} value={status}>{SERIES_STATUS_LABELS[status]}</option>)}
          </select>
        </label>
      </form>

      {loadError && <ErrorAlert failure={asFailure(loadError, T.loadFailed)} message={T.loadFailed} onDismiss={dismissLoadError} />}
      {loading && <p className="series-note" role="status">{T.loading}</p>}

      {result && !list.isError && (
        result.items.length === 0 ? (
          <p className="admin-empty">{searching ? T.noResults : T.empty}</p>
        ) : (
          <>
            <p className="series-note" aria-live="polite">
              {result.totalItems} {result.totalItems === 1 ? "regular clean" : "regular cleans"}
            </p>
            <div className="series-table__wrap">
              <table className="series-table">
                <caption className="admin-visually-hidden">{T.title}</caption>
                <thead>
                  <tr>
                    <th scope="col">Customer</th>
                    <th scope="col">Service</th>
                    <th scope="col">Repeats</th>
                    <th scope="col">Next visit</th>
                    <th scope="col">Needs attention</th>
                    <th scope="col">Status</th>
                  </tr>
                </thead>
                <tbody>
                  {result.items.map((series) => (
                    <tr key={series._id} className={series.needsAttention > 0 ? "is-attention" : undefined}>
                      <td data-label="Customer">
                        <div>
                          <Link to="/series/$seriesId" params={{ seriesId: series._id }} className="series-table__name">
                            <bdi>{series.customerName}</bdi>
                          </Link>
                          {series.suburb && <span className="series-table__sub"><bdi>{series.suburb}</bdi></span>}
                        </div>
                      </td>
                      <td data-label="Service">{series.serviceName}</td>
                      <td data-label="Repeats">{rhythmText(series)}</td>
                      <td data-label="Next visit">
                        {series.nextVisit ? (
                          <div>
                            {formatMelbourneDateTime(new Date(series.nextVisit.startTime))}
                            <span className="series-table__sub">{VISIT_STATUS_LABELS[series.nextVisit.status]}</span>
                          </div>
                        ) : T.noNextVisit}
                      </td>
                      <td data-label="Needs attention">
                        {series.needsAttention > 0
                          ? <span className="admin-chip series-chip series-chip--attention">{series.needsAttention}</span>
                          : "0"}
                      </td>
                      <td data-label="Status">
                        <span className={`admin-chip series-chip series-chip--${series.status.toLowerCase()}`}>
                          {SERIES_STATUS_LABELS[series.status]}
                        </span>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
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

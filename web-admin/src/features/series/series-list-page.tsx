import { Link } from "@tanstack/react-router";
import { formatMelbourneDateTime } from "@yarra/core/shared/melbourne-time.ts";
import { useListPage } from "../../lib/use-list-page.ts";
import { anyOr, FilterSelect, ListFilters, ListResults } from "../../ui/list-page.tsx";
import { PageHeader } from "../../ui/page-header.tsx";
import { SERIES_STATUSES, seriesListQuery } from "./series-api.ts";
import { filtersOf, type SeriesSearch, searchOf } from "./series-search.ts";
import { rhythmText, SERIES_STATUS_LABELS, VISIT_STATUS_LABELS } from "./series-text.ts";
import "./series.css";

export const SERIES_LIST_TEXT = {
  title: "Regular cleans",
  loadFailed: "Failed to load the regular cleans",
  loading: "Loading regular cleans…",
  none: "No regular cleans yet. A booking with a repeating frequency starts one.",
  noResults: "No results for your search.",
  counted: ["regular clean", "regular cleans"],
  noNextVisit: "None planned",
} as const;

const T = SERIES_LIST_TEXT;

const STATUS_CHOICES = anyOr(SERIES_STATUSES, (status) => SERIES_STATUS_LABELS[status]);

interface SeriesListPageProps {
  /** Filter, search and page as the URL holds them. */
  search: SeriesSearch;
  onSearchChange: (search: SeriesSearch, options?: { replace?: boolean }) => void;
}

/** Every regular clean: who, what, when it repeats, the next visit and what needs sorting out. */
export function SeriesListPage({ search, onSearchChange }: SeriesListPageProps) {
  const listPage = useListPage({ search, onSearchChange, filtersOf, searchOf, listQuery: seriesListQuery });
  const { filters, update, searchText, setSearchText } = listPage;
  const searching = filters.q.trim() !== "" || filters.status !== "";

  return (
    <section className="series" aria-labelledby="series-title">
      <PageHeader title={T.title} titleId="series-title" />

      <ListFilters
        label="Regular cleans"
        className="series-filters"
        placeholder="Name, email, phone, suburb or reference (YS-…)"
        searchText={searchText}
        onSearchText={setSearchText}
      >
        <FilterSelect label="Status" value={filters.status} onChange={(status) => update("status", status)} choices={STATUS_CHOICES} />
      </ListFilters>

      <ListResults state={listPage} text={T} filtered={searching}>
        {(items) => (
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
                {items.map((series) => (
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
        )}
      </ListResults>
    </section>
  );
}

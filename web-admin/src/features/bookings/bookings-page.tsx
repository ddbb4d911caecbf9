import { useMutation, useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { createColumnHelper, tableFeatures } from "@tanstack/react-table";
import { useId, useMemo } from "react";
import { RECORD_STATUS_VALUES } from "@yarra/core/booking/admin-query.ts";
import type { PaymentStatus, RecordStatus } from "@yarra/core/booking/types.ts";
import { formatMelbourneLongDate, melbourneYmd } from "@yarra/core/shared/melbourne-time.ts";
import { ErrorAlert } from "@yarra/public-ui/error-alert.tsx";
import { pageInUrl } from "../../lib/search-params.ts";
import { useDataTable } from "../../lib/use-data-table.ts";
import { asFailure } from "../../ui/failure.ts";
import { PageHeader } from "../../ui/page-header.tsx";
import { Pager } from "../../ui/pager.tsx";
import { useDismissible } from "../../ui/use-dismissible.ts";
import { useSettledSearch } from "../../ui/use-settled-search.ts";
import { BookingCard } from "./booking-card.tsx";
import { type BookingDto, downloadBookingsCsv } from "./bookings-api.ts";
import { bookingListQuery } from "./bookings-queries.ts";
import {
  type BookingFilters,
  type BookingsSearch,
  buildListQuery,
  effectiveOrder,
  filtersOf,
  listQueryProblem,
  searchOf,
} from "./bookings-search.ts";
import { markAllUnread, useReadCount } from "./read-marks.ts";
import { TIME_WINDOW_LABELS, TIME_WINDOWS, type TimeWindow } from "./time-window.ts";
import "./bookings.css";

export const LOAD_FAILED = "Failed to load bookings";

const STATUS_CHIPS: readonly RecordStatus[] = RECORD_STATUS_VALUES;
const PAYMENT_CHIPS: PaymentStatus[] = ["UNPAID", "PAID"];

/** How staff read a status or payment state (the wire's words stay in the API and the CSV). */
export const STATUS_LABELS: Record<RecordStatus | PaymentStatus, string> = {
  PENDING: "Pending",
  CONFIRMED: "Confirmed",
  CANCELLED: "Cancelled",
  DONE: "Done",
  NEEDS_ATTENTION: "Needs attention",
  QUOTE_REQUESTED: "Quote requested",
  UNPAID: "Unpaid",
  PAID: "Paid",
};

// Module scope: stable features and columns keep the table's row model from rebuilding each render.
const features = tableFeatures({});
const column = createColumnHelper<typeof features, BookingDto>();
const columns = column.columns([
  column.accessor("startTime", { header: "Start" }),
  column.accessor("createdAt", { header: "Created" }),
  column.accessor("status", { header: "Status" }),
]);
const rowId = (booking: BookingDto) => booking._id;

interface Group {
  key: string;
  label: string;
  bookings: BookingDto[];
}

interface BookingsPageProps {
  /** Filters, sort and page as the URL holds them. */
  search: BookingsSearch;
  onSearchChange: (search: BookingsSearch, options?: { replace?: boolean }) => void;
}

/** Staff bookings and quotes: search, filters, time windows, chips, grouped cards, CSV. */
export function BookingsPage({ search, onSearchChange }: BookingsPageProps) {
  const filters = filtersOf(search);
  const page = search.page ?? 1;
  // Each settled search replaces the URL entry, so Back skips the half-typed words.
  const [searchText, setSearchText] = useSettledSearch(filters.q, (q) =>
    onSearchChange(searchOf({ ...filters, q }, 1), { replace: true }));
  const csv = useMutation({
    // The filters as of the click, so "now" is the moment of asking.
    mutationFn: async () => {
      const built = buildListQuery(filters, new Date());
      if (built.ok) await downloadBookingsCsv(built.query);
    },
  });
  const csvError = csv.isError ? asFailure(csv.error, "Download failed") : null;
  const readCount = useReadCount();
  const ids = { search: useId(), custom: useId(), list: useId() };

  const update = <K extends keyof BookingFilters>(key: K, value: BookingFilters[K]) =>
    onSearchChange(searchOf({ ...filters, [key]: value }, 1));

  const problem = listQueryProblem(filters);
  const list = useQuery({ ...bookingListQuery(filters, page), enabled: problem === null });
  const result = list.data;
  const loading = list.isFetching;
  const [loadError, dismissLoadError] = useDismissible(list.error);

  const data = result?.items ?? EMPTY;
  const table = useDataTable({ features, columns, data, getRowId: rowId });
  const rows = table.getRowModel().rows;

  const grouped = filters.sort === "startTime" && effectiveOrder(filters) === "asc";
  const groups = useMemo<Group[] | null>(() => {
    if (!grouped) return null;
    const out: Group[] = [];
    for (const row of rows) {
      const booking = row.original;
      const start = new Date(booking.startTime);
      const key = melbourneYmd(start);
      const last = out[out.length - 1];
      if (last && last.key === key) last.bookings.push(booking);
      else out.push({ key, label: formatMelbourneLongDate(start), bookings: [booking] });
    }
    return out;
  }, [rows, grouped]);

  // An incomplete custom range has nothing to ask for yet.
  const refresh = () => {
    if (problem === null) void list.refetch();
  };
  const searching = filters.q.trim() !== "";
  const stats = result?.stats;

  return (
    <section className="bookings" aria-labelledby="bookings-title">
      <PageHeader title="Bookings" titleId="bookings-title">
        <Link to="/bookings/new" className="admin-button admin-button--primary">New booking</Link>
      </PageHeader>

      <form className="bookings-filters" role="search" aria-label="Bookings" onSubmit={(event) => event.preventDefault()}>
        <label className="admin-field bookings-filters__search">
          <span className="admin-field__label">Search</span>
          <input
            id={ids.search}
            className="admin-input"
            type="search"
            placeholder="Name, email, phone, suburb or reference (YS-…)"
            value={searchText}
            onChange={(event) => setSearchText(event.target.value)}
          />
        </label>
        <label className="admin-field">
          <span className="admin-field__label">Type</span>
          <select className="admin-input" value={filters.type} onChange={(event) => update("type", event.target.value as BookingFilters["type"])}>
            <option value="">Any</option>
            <option value="BOOKING">Bookings</option>
            <option value="QUOTE">Quotes</option>
          </select>
        </label>
        <label className="admin-field">
          <span className="admin-field__label">Status</span>
          <select className="admin-input" value={filters.status} onChange={(event) => update("status", event.target.value as BookingFilters["status"])}>
            <option value="">Any</option>
            {STATUS_CHIPS.map((status) => <option key={status} value={status}>{STATUS_LABELS[status]}</option>)}
          </select>
        </label>
        <label className="admin-field">
          <span className="admin-field__label">Payment</span>
          <select
            className="admin-input"
            value={filters.paymentStatus}
            onChange={(event) => update("paymentStatus", event.target.value as BookingFilters["paymentStatus"])}
          >
            <option value="">Any</option>
            {PAYMENT_CHIPS.map((status) => <option key={status} value={status}>{STATUS_LABELS[status]}</option>)}
          </select>
        </label>
        <label className="admin-field">
          <span className="admin-field__label">Sort by</span>
          <select className="admin-input" value={filters.sort} onChange={(event) => update("sort", event.target.value as BookingFilters["sort"])}>
            <option value="startTime">Start time</option>
            <option value="createdAt">Created</option>
          </select>
        </label>
        <label className="admin-field">
          <span className="admin-field__label">Order</span>
          <select className="admin-input" value={filters.order} onChange={(event) => update("order", event.target.value as BookingFilters["order"])}>
            <option value="asc">Ascending</option>
            <option value="desc">Descending</option>
          </select>
        </label>
        <label className="admin-field">
          <span className="admin-field__label">Time window</span>
          <select className="admin-input" value={filters.window} onChange={(event) => update("window", event.target.value as TimeWindow)}>
            {TIME_WINDOWS.map((window) => <option key={window} value={window}>{TIME_WINDOW_LABELS[window]}</option>)}
          </select>
        </label>
        {filters.window === "custom" && (
          <fieldset className="bookings-filters__range" aria-describedby={problem === null ? undefined : ids.custom}>
            <legend className="admin-field__label">Custom range</legend>
            <label className="admin-field">
              <span className="admin-field__label">From</span>
              <input
                className="admin-input"
                type="date"
                value={filters.custom.from}
                onChange={(event) => update("custom", { ...filters.custom, from: event.target.value })}
              />
            </label>
            <label className="admin-field">
              <span className="admin-field__label">To</span>
              <input
                className="admin-input"
                type="date"
                value={filters.custom.to}
                onChange={(event) => update("custom", { ...filters.custom, to: event.target.value })}
              />
            </label>
          </fieldset>
        )}
      </form>

      {problem !== null && <p id={ids.custom} className="bookings-note" role="status">{problem}</p>}

      <div className="bookings-toolbar">
        {stats && (
          <ul className="bookings-stats" aria-label="Counts">
            {STATUS_CHIPS.map((status) => (
              <li key={status}>
                <button
                  type="button"
                  className={`admin-chip booking-chip booking-chip--${status.toLowerCase()} bookings-stats__chip`}
                  aria-pressed={filters.status === status}
                  onClick={() => update("status", filters.status === status ? "" : status)}
                >
                  {STATUS_LABELS[status]} <strong>{stats.status[status] ?? 0}</strong>
                </button>
              </li>
            ))}
            {PAYMENT_CHIPS.map((status) => (
              <li key={status}>
                <button
                  type="button"
                  className={`admin-chip booking-chip booking-chip--${status.toLowerCase()} bookings-stats__chip`}
                  aria-pressed={filters.paymentStatus === status}
                  onClick={() => update("paymentStatus", filters.paymentStatus === status ? "" : status)}
                >
                  {STATUS_LABELS[status]} <strong>{stats.payment[status] ?? 0}</strong>
                </button>
              </li>
            ))}
          </ul>
        )}
        <div className="bookings-toolbar__actions">
          <button type="button" className="admin-button booking-button" onClick={refresh} disabled={loading}>
            Refresh
          </button>
          <button type="button" className="admin-button booking-button" onClick={markAllUnread} disabled={readCount === 0}>
            Mark all unread
          </button>
          <button type="button" className="admin-button admin-button--primary" onClick={() => csv.mutate()} disabled={problem !== null || csv.isPending}>
            {csv.isPending ? "Downloading…" : "Download CSV"}
          </button>
        </div>
      </div>

      {csvError && <ErrorAlert failure={csvError} message={csvError.serverMessage} onDismiss={csv.reset} />}
      {loadError && <ErrorAlert failure={asFailure(loadError, LOAD_FAILED)} message={LOAD_FAILED} onDismiss={dismissLoadError} />}
      {/* A reload keeps the list (and any open details) on screen; only the note says it is loading. */}
      {loading && <p className="bookings-note" role="status">Loading bookings…</p>}

      {problem === null && !list.isError && result && (
        result.items.length === 0 ? (
          <p className="bookings-empty">{searching ? "No results for your search." : "No bookings."}</p>
        ) : (
          <div id={ids.list} className="bookings-list">
            <p className="bookings-note" aria-live="polite">
              {result.totalItems} {result.totalItems === 1 ? "result" : "results"}
            </p>
            {groups ? (
              groups.map((group) => (
                <section key={group.key} className="bookings-group" aria-label={group.label}>
                  <h2 className="bookings-group__title">{group.label}</h2>
                  <div className="bookings-group__cards">
                    {group.bookings.map((booking) => <BookingCard key={booking._id} booking={booking} />)}
                  </div>
                </section>
              ))
            ) : (
              <div className="bookings-group__cards">
                {rows.map((row) => <BookingCard key={row.id} booking={row.original} />)}
              </div>
            )}
          </div>
        )
      )}

      {result && (
        <Pager page={page} shownPage={result.page} totalPages={result.totalPages} loading={loading}
          onPage={(next) => onSearchChange({ ...search, page: pageInUrl(next) })} />
      )}
    </section>
  );
}

const EMPTY: BookingDto[] = [];

import { createColumnHelper, tableFeatures } from "@tanstack/react-table";
import { useCallback, useEffect, useId, useMemo, useState } from "react";
import { isApiError } from "@yarra/api/client/http.ts";
import type { PaymentStatus, RecordStatus } from "@yarra/core/booking/types.ts";
import { formatMelbourneLongDate, melbourneYmd } from "@yarra/core/shared/melbourne-time.ts";
import { useDataTable } from "../../lib/use-data-table.ts";
import { ErrorAlert } from "../../ui/error-alert.tsx";
import { BookingCard } from "./booking-card.tsx";
import {
  type BookingDto,
  type BookingFilters,
  type BookingStats,
  buildListQuery,
  DEFAULT_FILTERS,
  downloadBookingsCsv,
  fetchBookings,
} from "./bookings-api.ts";
import { markAllUnread, useReadCount } from "./read-marks.ts";
import { TIME_WINDOWS, type TimeWindow } from "./time-window.ts";
import "./bookings.css";
import { Pager } from "../../ui/pager.tsx";
import { useListLoad, useSettledSearch } from "../../ui/use-list-page.ts";

export const LOAD_FAILED = "Failed to load bookings";

const STATUS_CHIPS: RecordStatus[] = ["PENDING", "CONFIRMED", "CANCELLED", "DONE", "QUOTE_REQUESTED"];
const PAYMENT_CHIPS: PaymentStatus[] = ["UNPAID", "PAID"];

// Module scope: stable features and columns keep the table's row model from rebuilding each render.
const features = tableFeatures({});
const column = createColumnHelper<typeof features, BookingDto>();
const columns = column.columns([
  column.accessor("startTime", { header: "Start" }),
  column.accessor("createdAt", { header: "Created" }),
  column.accessor("status", { header: "Status" }),
]);
const rowId = (booking: BookingDto) => booking._id;

type Failure = Parameters<typeof ErrorAlert>[0]["failure"];

/** Chips follow an action at once instead of waiting for the next load. */
function restat(stats: BookingStats | null, before: BookingDto, after: BookingDto): BookingStats | null {
  if (!stats) return stats;
  const status = { ...stats.status };
  const payment = { ...stats.payment };
  if (before.status !== after.status) {
    status[before.status] = Math.max(0, (status[before.status] ?? 0) - 1);
    status[after.status] = (status[after.status] ?? 0) + 1;
  }
  if (before.paymentStatus !== after.paymentStatus) {
    payment[before.paymentStatus] = Math.max(0, (payment[before.paymentStatus] ?? 0) - 1);
    payment[after.paymentStatus] = (payment[after.paymentStatus] ?? 0) + 1;
  }
  return { status, payment };
}

interface Group {
  key: string;
  label: string;
  bookings: BookingDto[];
}

/** Staff bookings and quotes: search, filters, time windows, chips, grouped cards, CSV. */
export function BookingsPage() {
  const [filters, setFilters] = useState<BookingFilters>(DEFAULT_FILTERS);
  const [page, setPage] = useState(1);
  const [searchText, setSearchText] = useSettledSearch((q) => {
    setFilters((current) => (current.q === q ? current : { ...current, q }));
  });
  const [reloads, setReloads] = useState(0);
  const [csvError, setCsvError] = useState<Failure | null>(null);
  const [csvBusy, setCsvBusy] = useState(false);
  const readCount = useReadCount();
  const ids = { search: useId(), custom: useId(), list: useId() };

  const update = <K extends keyof BookingFilters>(key: K, value: BookingFilters[K]) => {
    setFilters((current) => ({ ...current, [key]: value }));
    setPage(1);
  };
  useEffect(() => setPage(1), [filters.q]);

  // Rebuilt on every filter change or reload, so "now" is the moment of asking.
  const built = useMemo(() => buildListQuery(filters, new Date()), [filters, reloads]);
  const { result, setResult, loading, loadError, dismissLoadError } = useListLoad(
    built.ok ? built.query : null,
    page,
    fetchBookings,
    LOAD_FAILED,
  );

  const onUpdated = useCallback((updated: BookingDto) => {
    setResult((current) => {
      if (!current) return current;
      const before = current.items.find((item) => item._id === updated._id);
      if (!before) return current;
      return {
        ...current,
        items: current.items.map((item) => (item._id === updated._id ? updated : item)),
        stats: restat(current.stats, before, updated),
      };
    });
  }, []);

  const data = result?.items ?? EMPTY;
  const table = useDataTable({ features, columns, data, getRowId: rowId });
  const rows = table.getRowModel().rows;

  const effectiveOrder = built.ok ? built.query.order : filters.order;
  const grouped = filters.sort === "startTime" && effectiveOrder === "asc";
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

  async function onDownload() {
    if (!built.ok) return;
    setCsvBusy(true);
    setCsvError(null);
    try {
      await downloadBookingsCsv(built.query);
    } catch (error) {
      setCsvError(isApiError(error) ? error : { title: "Error", text: "Download failed" });
    } finally {
      setCsvBusy(false);
    }
  }

  const searching = filters.q.trim() !== "";
  const stats = result?.stats;

  return (
    <section className="bookings" aria-labelledby="bookings-title">
      <h1 id="bookings-title" className="admin-page-title">Bookings</h1>

      <form className="bookings-filters" role="search" aria-label="Bookings" onSubmit={(event) => event.preventDefault()}>
        <label className="admin-field bookings-filters__search">
          <span className="admin-field__label">Search</span>
          <input
            id={ids.search}
            className="admin-input"
            type="search"
            placeholder="Name, email, phone, suburb or id"
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
            {STATUS_CHIPS.map((status) => <option key={status} value={status}>{status}</option>)}
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
            {PAYMENT_CHIPS.map((status) => <option key={status} value={status}>{status}</option>)}
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
            {TIME_WINDOWS.map((window) => <option key={window.value} value={window.value}>{window.label}</option>)}
          </select>
        </label>
        {filters.window === "custom" && (
          <fieldset className="bookings-filters__range" aria-describedby={built.ok ? undefined : ids.custom}>
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

      {!built.ok && <p id={ids.custom} className="bookings-note" role="status">{built.message}</p>}

      <div className="bookings-toolbar">
        {stats && (
          <ul className="bookings-stats" aria-label="Counts">
            {STATUS_CHIPS.map((status) => (
              <li key={status} className={`admin-chip booking-chip booking-chip--${status.toLowerCase()}`}>
                {status} <strong>{stats.status[status] ?? 0}</strong>
              </li>
            ))}
            {PAYMENT_CHIPS.map((status) => (
              <li key={status} className={`admin-chip booking-chip booking-chip--${status.toLowerCase()}`}>
                {status} <strong>{stats.payment[status] ?? 0}</strong>
              </li>
            ))}
          </ul>
        )}
        <div className="bookings-toolbar__actions">
          <button type="button" className="admin-button booking-button" onClick={() => setReloads((n) => n + 1)} disabled={loading}>
            Refresh
          </button>
          <button type="button" className="admin-button booking-button" onClick={markAllUnread} disabled={readCount === 0}>
            Mark all unread
          </button>
          <button type="button" className="admin-button admin-button--primary" onClick={() => void onDownload()} disabled={!built.ok || csvBusy}>
            {csvBusy ? "Downloading…" : "Download CSV"}
          </button>
        </div>
      </div>

      {csvError && <ErrorAlert failure={csvError} message={csvError.serverMessage} onDismiss={() => setCsvError(null)} />}
      {loadError && <ErrorAlert failure={loadError} message={LOAD_FAILED} onDismiss={dismissLoadError} />}
      {loading && <p className="bookings-note" role="status">Loading bookings…</p>}

      {built.ok && !loading && !loadError && result && (
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
                    {group.bookings.map((booking) => <BookingCard key={booking._id} booking={booking} onUpdated={onUpdated} />)}
                  </div>
                </section>
              ))
            ) : (
              <div className="bookings-group__cards">
                {rows.map((row) => <BookingCard key={row.id} booking={row.original} onUpdated={onUpdated} />)}
              </div>
            )}
          </div>
        )
      )}

      {result && (
        <Pager page={page} shownPage={result.page} totalPages={result.totalPages} loading={loading} onPage={setPage} />
      )}
    </section>
  );
}

const EMPTY: BookingDto[] = [];

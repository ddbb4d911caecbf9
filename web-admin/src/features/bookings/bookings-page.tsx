import { useMutation } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { createColumnHelper, tableFeatures } from "@tanstack/react-table";
import { useCallback, useId, useMemo, useRef, useState } from "react";
import { RECORD_STATUS_VALUES } from "@yarra/core/booking/staff/list-query.ts";
import type { PaymentStatus, RecordStatus } from "@yarra/core/booking/types.ts";
import { formatMelbourneLongDate, melbourneYmd } from "@yarra/core/shared/melbourne-time.ts";
import { ErrorAlert } from "@yarra/public-ui/error-alert.tsx";
import { useDataTable } from "../../lib/use-data-table.ts";
import { useListPage } from "../../lib/use-list-page.ts";
import { asFailure } from "../../ui/failure.ts";
import { anyOr, FilterSelect, ListFilters, ListResults, type ListText } from "../../ui/list-page.tsx";
import { PageHeader } from "../../ui/page-header.tsx";
import { BookingCard } from "./booking-card.tsx";
import { BulkActions } from "./bulk-actions.tsx";
import { type BookingDto, downloadBookingsCsv } from "./bookings-api.ts";
import { bookingListQuery } from "./bookings-queries.ts";
import { InvoicesExport } from "./invoices-export.tsx";
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
import { DEFAULT_TIME_WINDOW, TIME_WINDOW_LABELS, TIME_WINDOWS } from "./time-window.ts";
import "./bookings.css";

export const LOAD_FAILED = "Failed to load bookings";

const TEXT: ListText = {
  loadFailed: LOAD_FAILED,
  loading: "Loading bookings…",
  none: "No bookings.",
  noResults: "No results for your search.",
  counted: ["result", "results"],
};

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

const TYPE_CHOICES = [["", "Any"], ["BOOKING", "Bookings"], ["QUOTE", "Quotes"]] as const;
const STATUS_CHOICES = anyOr(STATUS_CHIPS, (status) => STATUS_LABELS[status]);
const PAYMENT_CHOICES = anyOr(PAYMENT_CHIPS, (status) => STATUS_LABELS[status]);
const SORT_CHOICES = [["startTime", "Start time"], ["createdAt", "Created"]] as const;
const ORDER_CHOICES = [["asc", "Ascending"], ["desc", "Descending"]] as const;
const WINDOW_CHOICES = TIME_WINDOWS.map((window) => [window, TIME_WINDOW_LABELS[window]] as const);

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
  const listPage = useListPage({
    search,
    onSearchChange,
    filtersOf,
    searchOf,
    // An incomplete custom range has nothing to ask for yet.
    listQuery: (filters: BookingFilters, page: number) => ({
      ...bookingListQuery(filters, page),
      enabled: listQueryProblem(filters) === null,
    }),
  });
  const { filters, update, searchText, setSearchText, list, result, loading } = listPage;
  const csv = useMutation({
    // The filters as of the click, so "now" is the moment of asking.
    mutationFn: async () => {
      const built = buildListQuery(filters, new Date());
      if (built.ok) await downloadBookingsCsv(built.query);
    },
  });
  const csvError = csv.isError ? asFailure(csv.error, "Download failed") : null;
  const readCount = useReadCount();
  const customId = useId();
  const filtersId = useId();
  // Folded at first on a phone only; wider, the button is hidden and the filters always show.
  const [filtersOpen, setFiltersOpen] = useState(() => !isPhoneWide());
  const activeFilters = activeFilterCount(filters);
  /** Issue 34: the bookings ticked for a bulk action, by id; only those on this page count. */
  const [selectedIds, setSelectedIds] = useState<ReadonlySet<string>>(() => new Set());
  const [bulkMessage, setBulkMessage] = useState("");
  const selectAll = useRef<HTMLInputElement>(null);
  const onSelect = useCallback((id: string, on: boolean) => {
    setSelectedIds((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  }, []);

  const problem = listQueryProblem(filters);
  const data = result?.items ?? EMPTY;
  const table = useDataTable({ features, columns, data, getRowId: rowId });
  const rows = table.getRowModel().rows;
  const chosen = useMemo(() => data.filter((booking) => selectedIds.has(booking._id)), [data, selectedIds]);
  const allChosen = data.length > 0 && chosen.length === data.length;
  const selectAllRef = useCallback((input: HTMLInputElement | null) => {
    selectAll.current = input;
    if (input) input.indeterminate = chosen.length > 0 && !allChosen;
  }, [chosen.length, allChosen]);
  const clearSelection = () => {
    setSelectedIds(new Set());
    selectAll.current?.focus();
  };

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

      <button
        type="button"
        className="admin-button booking-button bookings-filters-toggle"
        aria-expanded={filtersOpen}
        aria-controls={filtersId}
        onClick={() => setFiltersOpen((open) => !open)}
      >
        {`Filters (${activeFilters})`}
      </button>
      <div id={filtersId} className="bookings-filters-fold" data-open={filtersOpen}>
        <ListFilters
          label="Bookings"
          className="bookings-filters"
          paired
          placeholder="Name, email, phone, suburb or reference (YS-…)"
          searchText={searchText}
          onSearchText={setSearchText}
        >
          <FilterSelect label="Type" value={filters.type} onChange={(type) => update("type", type)} choices={TYPE_CHOICES} />
          <FilterSelect label="Status" value={filters.status} onChange={(status) => update("status", status)} choices={STATUS_CHOICES} />
          <FilterSelect
            label="Payment"
            value={filters.paymentStatus}
            onChange={(status) => update("paymentStatus", status)}
            choices={PAYMENT_CHOICES}
          />
          <FilterSelect label="Sort by" value={filters.sort} onChange={(sort) => update("sort", sort)} choices={SORT_CHOICES} />
          <FilterSelect label="Order" value={filters.order} onChange={(order) => update("order", order)} choices={ORDER_CHOICES} />
          <FilterSelect label="Time window" value={filters.window} onChange={(window) => update("window", window)} choices={WINDOW_CHOICES} />
          {filters.window === "custom" && (
            <fieldset className="bookings-filters__range" aria-describedby={problem === null ? undefined : customId}>
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
        </ListFilters>
      </div>

      {problem !== null && <p id={customId} className="admin-list-note" role="status">{problem}</p>}

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
          <InvoicesExport />
        </div>
      </div>

      {csvError && <ErrorAlert failure={csvError} message={csvError.serverMessage} onDismiss={csv.reset} />}
      {data.length > 0 && (
        <label className="admin-check bookings-select-all">
          <input
            ref={selectAllRef}
            type="checkbox"
            checked={allChosen}
            onChange={(event) => setSelectedIds(event.target.checked ? new Set(data.map((booking) => booking._id)) : new Set())}
          />
          {SELECT_ALL_LABEL}
        </label>
      )}
      {/* Always mounted, so what a bulk action did is announced. */}
      <p className="bookings-bulk__said" role="status">{bulkMessage}</p>
      {chosen.length > 0 && (
        <BulkActions chosen={chosen} sort={filters.sort} order={effectiveOrder(filters)} onSay={setBulkMessage} onClear={clearSelection} />
      )}
      <ListResults state={listPage} text={TEXT} filtered={searching} askable={problem === null}>
        {() => groups ? (
          groups.map((group) => (
            <section key={group.key} className="bookings-group" aria-label={group.label}>
              <h2 className="bookings-group__title">{group.label}</h2>
              <div className="bookings-group__cards">
                {group.bookings.map((booking) => (
                  <BookingCard key={booking._id} booking={booking} selected={selectedIds.has(booking._id)} onSelect={onSelect} />
                ))}
              </div>
            </section>
          ))
        ) : (
          <div className="bookings-group__cards">
            {rows.map((row) => (
              <BookingCard key={row.id} booking={row.original} selected={selectedIds.has(row.id)} onSelect={onSelect} />
            ))}
          </div>
        )}
      </ListResults>
    </section>
  );
}

const EMPTY: BookingDto[] = [];

/** Phones (issue 34 item 15): the filters fold behind a button; bookings.css folds them at the same width. */
const PHONE_MAX_WIDTH = 600;
const isPhoneWide = () => typeof window !== "undefined" && window.innerWidth <= PHONE_MAX_WIDTH;

/** How many filters differ from the list's defaults (the search box stays out, unfolded). */
export function activeFilterCount(filters: BookingFilters): number {
  return [filters.type !== "", filters.status !== "", filters.paymentStatus !== "", filters.window !== DEFAULT_TIME_WINDOW]
    .filter(Boolean).length;
}

export const SELECT_ALL_LABEL = "Select all on this page";

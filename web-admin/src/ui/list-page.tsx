import type { ReactNode } from "react";
import { ErrorAlert } from "@yarra/public-ui/error-alert.tsx";
import type { ListPageData, ListPageState } from "../lib/use-list-page.ts";
import { asFailure } from "./failure.ts";
import { Pager } from "./pager.tsx";
import "./list-page.css";

interface ListFiltersProps {
  /** The search landmark's name ('Bookings'). */
  label: string;
  /** The page's own class for its fields (a narrower column: --admin-list-filter-width). */
  className: string;
  /** Many short selects: two a row on a phone rather than one long column. */
  paired?: boolean;
  placeholder: string;
  searchText: string;
  onSearchText: (text: string) => void;
  /** The page's other filters, after the search box. */
  children?: ReactNode;
}

/** A staff list's filters: the search box across the top, then the page's own fields. */
export function ListFilters({ label, className, paired, placeholder, searchText, onSearchText, children }: ListFiltersProps) {
  return (
    <form
      className={`admin-list-filters${paired ? " admin-list-filters--paired" : ""} ${className}`}
      role="search"
      aria-label={label}
      onSubmit={(event) => event.preventDefault()}
    >
      <label className="admin-field admin-list-filters__search">
        <span className="admin-field__label">Search</span>
        <input
          className="admin-input"
          type="search"
          placeholder={placeholder}
          value={searchText}
          onChange={(event) => onSearchText(event.target.value)}
        />
      </label>
      {children}
    </form>
  );
}

interface FilterSelectProps<Value extends string> {
  label: string;
  value: Value;
  onChange: (value: Value) => void;
  /** Each choice as [value, what staff read]; '' is Any. */
  choices: readonly (readonly [Value, string])[];
}

/** A filter's choices: Any (''), then each value as staff read it. */
export function anyOr<Value extends string>(values: readonly Value[], label: (value: Value) => string): (readonly ["" | Value, string])[] {
  return [["", "Any"], ...values.map((value) => [value, label(value)] as const)];
}

/** One of a list's filters as a select. */
export function FilterSelect<Value extends string>({ label, value, onChange, choices }: FilterSelectProps<Value>) {
  return (
    <label className="admin-field">
      <span className="admin-field__label">{label}</span>
      <select className="admin-input" value={value} onChange={(event) => onChange(event.target.value as Value)}>
        {choices.map(([choice, text]) => <option key={choice} value={choice}>{text}</option>)}
      </select>
    </label>
  );
}

export interface ListText {
  loadFailed: string;
  loading: string;
  /** Nothing at all to list. */
  none: string;
  /** Nothing matches the search or filters. */
  noResults: string;
  /** The count's noun, one and many: ['inquiry', 'inquiries']. */
  counted: readonly [string, string];
}

interface ListResultsProps<Item> {
  state: ListPageState<ListPageData<Item>>;
  text: ListText;
  /** Whether a search or filter narrows the list (which empty text shows). */
  filtered: boolean;
  /** False while the filters cannot be asked for: the page says why. */
  askable?: boolean;
  /** The items of the page shown. */
  children: (items: Item[]) => ReactNode;
}

/**
 * Below a staff list's filters: its load failure, its loading note, the empty text or the count and
 * the items, and the pager. A reload keeps the list (and any open details) on screen; only the note
 * says it is loading.
 */
export function ListResults<Item>({ state, text, filtered, askable = true, children }: ListResultsProps<Item>) {
  const { list, result, page, loading, loadError, dismissLoadError, toPage } = state;
  const [one, many] = text.counted;
  return (
    <>
      {loadError && <ErrorAlert failure={asFailure(loadError, text.loadFailed)} message={text.loadFailed} onDismiss={dismissLoadError} />}
      {loading && <p className="admin-list-note" role="status">{text.loading}</p>}

      {askable && !list.isError && result && (
        result.items.length === 0 ? (
          <p className="admin-list-empty">{filtered ? text.noResults : text.none}</p>
        ) : (
          <>
            <p className="admin-list-note" aria-live="polite">
              {result.totalItems} {result.totalItems === 1 ? one : many}
            </p>
            {children(result.items)}
          </>
        )
      )}

      {result && <Pager page={page} shownPage={result.page} totalPages={result.totalPages} loading={loading} onPage={toPage} />}
    </>
  );
}

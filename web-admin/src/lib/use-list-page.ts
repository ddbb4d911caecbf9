import { type QueryKey, useQuery, type UseQueryOptions, type UseQueryResult } from "@tanstack/react-query";
import { useLocation, useRouter } from "@tanstack/react-router";
import { useDismissible } from "../ui/use-dismissible.ts";
import { useSettledSearch } from "../ui/use-settled-search.ts";
import { pageInUrl } from "./search-params.ts";

/** A page of a staff list as the server answers it. */
export interface ListPageData<Item> {
  items: Item[];
  page: number;
  totalPages: number;
  totalItems: number;
}

/** What the list's results need of the page's state (ui/list-page.tsx's ListResults). */
export interface ListPageState<Data> {
  list: UseQueryResult<Data, Error>;
  result: Data | undefined;
  /** The page asked for (the URL's); the server's answer says which one is shown. */
  page: number;
  /** Also while a reload keeps the last answer on screen. */
  loading: boolean;
  loadError: Error | null;
  dismissLoadError: () => void;
  toPage: (page: number) => void;
}

/** How a screen's URL and its filters turn into each other (the feature's `*-search.ts`). */
interface ListPageOptions<Search extends { page?: number }, Filters extends { q: string }, Data, Key extends QueryKey> {
  /** Filters, sort and page as the URL holds them. */
  search: Search;
  onSearchChange: (search: Search, options?: { replace?: boolean }) => void;
  filtersOf: (search: Search) => Filters;
  searchOf: (filters: Filters, page: number) => Search;
  /** The cached read of one page of the list (it may say it is not `enabled` for these filters). */
  listQuery: (filters: Filters, page: number) => UseQueryOptions<Data, Error, Data, Key>;
}

/**
 * A staff list page's state: the filters and page in the URL, the search box that settles into it,
 * and the page of the list they ask for, with its loading state and its dismissible load failure.
 */
export function useListPage<Search extends { page?: number }, Filters extends { q: string }, Data, Key extends QueryKey>(
  { search, onSearchChange, filtersOf, searchOf, listQuery }: ListPageOptions<Search, Filters, Data, Key>,
) {
  const filters = filtersOf(search);
  const page = search.page ?? 1;

  /** A changed filter starts again at page 1. */
  const update = <K extends keyof Filters>(key: K, value: Filters[K], options?: { replace?: boolean }) =>
    onSearchChange(searchOf({ ...filters, [key]: value }, 1), options);

  // Each settled search replaces the URL entry, so Back skips the half-typed words. A search that
  // settles after the user has gone elsewhere (a link clicked while the next page loads, with this
  // list still on screen) is dropped: it must not pull them back.
  const router = useRouter();
  const pathname = useLocation({ select: (location) => location.pathname });
  const [searchText, setSearchText] = useSettledSearch(filters.q, (q) => {
    if (router.latestLocation.pathname === pathname) update("q", q as Filters["q"], { replace: true });
  });

  const list = useQuery(listQuery(filters, page));
  const [loadError, dismissLoadError] = useDismissible(list.error);
  const state: ListPageState<Data> = {
    list,
    result: list.data,
    page,
    loading: list.isFetching,
    loadError,
    dismissLoadError,
    toPage: (next) => onSearchChange({ ...search, page: pageInUrl(next) }),
  };

  return { ...state, filters, update, searchText, setSearchText };
}


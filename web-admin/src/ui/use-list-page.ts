import { type Dispatch, type SetStateAction, useEffect, useRef, useState } from "react";
import { isApiError } from "@yarra/api/client/http.ts";
import type { FailureDescription } from "@yarra/api/client/error-catalogue.ts";

const SEARCH_DELAY_MS = 300;

/**
 * A search box that settles: `onSettle` gets the text once typing pauses for 300 ms, so a list
 * asks the server once per search, not once per key.
 */
export function useSettledSearch(onSettle: (text: string) => void): [string, (text: string) => void] {
  const [text, setText] = useState("");
  // The latest callback, so a fresh closure each render does not restart the wait.
  const settle = useRef(onSettle);
  settle.current = onSettle;
  useEffect(() => {
    const timer = setTimeout(() => settle.current(text), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);
  return [text, setText];
}

export interface ListLoad<Page> {
  result: Page | null;
  /** For a card's action to change its row at once, without a reload. */
  setResult: Dispatch<SetStateAction<Page | null>>;
  loading: boolean;
  loadError: FailureDescription | null;
  dismissLoadError: () => void;
}

/**
 * Loads one page of a staff list whenever the query or the page number changes, cancelling the
 * load it replaces. A null query loads nothing (the filters are not complete yet). A failure
 * clears the list and gives the catalogue entry, or `loadFailed` for a non-HTTP error.
 */
export function useListLoad<Query, Page>(
  query: Query | null,
  page: number,
  fetchPage: (query: Query, page: number, signal: AbortSignal) => Promise<Page>,
  loadFailed: string,
): ListLoad<Page> {
  const [result, setResult] = useState<Page | null>(null);
  const [loading, setLoading] = useState(true);
  const [loadError, setLoadError] = useState<FailureDescription | null>(null);

  useEffect(() => {
    if (query === null) {
      setLoading(false);
      return;
    }
    const controller = new AbortController();
    setLoading(true);
    setLoadError(null);
    fetchPage(query, page, controller.signal)
      .then((next) => {
        // An answer that lands after its load was replaced is stale.
        if (controller.signal.aborted) return;
        setResult(next);
        setLoading(false);
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setResult(null);
        setLoadError(isApiError(error) ? error : { title: "Error", text: loadFailed });
        setLoading(false);
      });
    return () => controller.abort();
  }, [query, page, fetchPage, loadFailed]);

  return { result, setResult, loading, loadError, dismissLoadError: () => setLoadError(null) };
}

/**
 * A settings form whose values did not load shows the defaults (admin-area.md: "If settings fail
 * to load, defaults are used") but must not save them over the real ones (issue 20): it says so,
 * its Save stays off, and Retry loads again.
 */
export const NOT_LOADED_TEXT =
  "These settings didn’t load, so the values shown are the defaults. Saving is off until they load, so your real settings are never overwritten.";

/** What a card needs to know when its values failed to load. */
export interface NotLoadedState {
  retry: () => void;
  retrying: boolean;
}

/** The state a card gets from its query: null while its values are loaded (or loading). */
export const notLoadedOf = (query: { isError: boolean; isFetching: boolean; refetch: () => unknown }): NotLoadedState | null =>
  query.isError ? { retry: () => void query.refetch(), retrying: query.isFetching } : null;

export function NotLoaded({ state }: { state: NotLoadedState }) {
  return (
    <div className="settings-card__not-loaded" role="alert">
      <p>{NOT_LOADED_TEXT}</p>
      <button type="button" className="admin-button" onClick={state.retry} disabled={state.retrying}>
        {state.retrying ? "Loading…" : "Retry"}
      </button>
    </div>
  );
}

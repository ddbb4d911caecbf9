/**
 * What a route loader hands a page: requests it has started, readable in render as they settle.
 * Loaders return them unawaited, so navigation and the prerender never wait for the API, and the
 * prerendered HTML (built with no API at all) is always the loading state.
 */
import { useSyncExternalStore } from "react";

export type Settled<T> =
  | { status: "loading" }
  | { status: "ready"; value: T }
  | { status: "failed"; error: unknown };

export interface Loadable<T> {
  readonly state: Settled<T>;
  subscribe(listener: () => void): () => void;
}

const LOADING: Settled<never> = { status: "loading" };

export function loadable<T>(promise: Promise<T>): Loadable<T> {
  const listeners = new Set<() => void>();
  const self = {
    state: LOADING as Settled<T>,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
  const settle = (state: Settled<T>) => {
    self.state = state;
    listeners.forEach((listener) => listener());
  };
  promise.then((value) => settle({ status: "ready", value }), (error: unknown) => settle({ status: "failed", error }));
  return self;
}

/**
 * The loadable's state; "loading" in the server render and while hydrating, as the prerendered
 * HTML shows it, so hydration always matches and what has arrived follows right after.
 */
export function useLoadable<T>(source: Loadable<T>): Settled<T> {
  return useSyncExternalStore(source.subscribe, () => source.state, () => LOADING);
}

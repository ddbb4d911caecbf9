import type { QueryClient, QueryKey } from "@tanstack/react-query";

interface Identified {
  _id: string;
}

/**
 * Puts a write's answer into a cached list at once, then marks the list stale, so whoever reads it
 * next loads it from the server (the answer is the record; the list around it may have moved).
 */
export function updateCachedList<T>(client: QueryClient, queryKey: QueryKey, change: (items: T[]) => T[]): void {
  client.setQueryData<T[]>(queryKey, (items) => (items ? change(items) : items));
  void client.invalidateQueries({ queryKey, exact: true, refetchType: "none" });
}

export const replacing = <T extends Identified>(saved: T) => (items: T[]): T[] =>
  items.map((item) => (item._id === saved._id ? saved : item));

export const removing = (id: string) => <T extends Identified>(items: T[]): T[] => items.filter((item) => item._id !== id);

export const appending = <T>(saved: T) => (items: T[]): T[] => [...items, saved];

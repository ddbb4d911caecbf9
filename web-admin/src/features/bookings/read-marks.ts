/**
 * Bookings the staff member has marked read. They live only in this browser (admin-area.md
 * section 2), under a versioned key: a new version starts everyone from "all unread".
 */
import { useCallback, useSyncExternalStore } from "react";

export const READ_MARKS_KEY = "admin.bookings.read.v4";

type Listener = () => void;
const listeners = new Set<Listener>();
let cache: { raw: string | null; ids: ReadonlySet<string> } | null = null;

function storage(): Storage | null {
  try {
    return typeof localStorage === "undefined" ? null : localStorage;
  } catch {
    return null;
  }
}

function parse(raw: string | null): ReadonlySet<string> {
  if (!raw) return new Set();
  try {
    const value: unknown = JSON.parse(raw);
    return new Set(Array.isArray(value) ? value.filter((id): id is string => typeof id === "string") : []);
  } catch {
    return new Set();
  }
}

/** The current marks, re-read only when the stored text changed (another tab, a test's clear). */
export function readMarks(): ReadonlySet<string> {
  const raw = storage()?.getItem(READ_MARKS_KEY) ?? null;
  if (!cache || cache.raw !== raw) cache = { raw, ids: parse(raw) };
  return cache.ids;
}

function write(ids: ReadonlySet<string>) {
  const store = storage();
  if (ids.size === 0) store?.removeItem(READ_MARKS_KEY);
  else store?.setItem(READ_MARKS_KEY, JSON.stringify([...ids]));
  for (const listener of listeners) listener();
}

export function setRead(id: string, read: boolean) {
  const next = new Set(readMarks());
  if (read) next.add(id);
  else next.delete(id);
  write(next);
}

/** Several at once (the list's bulk Mark read), in one write. */
export function markRead(ids: readonly string[]) {
  write(new Set([...readMarks(), ...ids]));
}

export function markAllUnread() {
  write(new Set());
}

function subscribe(listener: Listener) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === READ_MARKS_KEY) listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

/** Whether one booking is read; a card re-renders only when its own mark changes. */
export function useIsRead(id: string): boolean {
  const getSnapshot = useCallback(() => readMarks().has(id), [id]);
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
}

/** How many bookings are marked read (for the 'Mark all unread' button). */
export function useReadCount(): number {
  return useSyncExternalStore(subscribe, () => readMarks().size, () => 0);
}

/**
 * Issue 18: the catalogue, the settings and the closed dates served from memory. They change a few
 * times a day and are read on every page and every availability check, so each answer is read
 * from the database once and kept until something tells the cache it changed: the notification
 * of the table's trigger (change-feed.ts: from any process on PostgreSQL, from the write itself on
 * PGlite), a reconnect of the listener (`invalidateAll`), or, as a safety net should a
 * notification be lost, its age (`maxAgeMs`).
 *
 * It decorates the real readers, so every answer is exactly what the database reader gives (same
 * rows, same order); what it adds is only when to ask again. Kept values are frozen
 * (frozen-json.ts).
 */
import type { CatalogReader } from "../../core/catalog/ports.ts";
import type { Service } from "../../core/catalog/types.ts";
import type { ClosedDatesStore, SettingsStore } from "../../core/settings/ports.ts";
import type { ClosedDate } from "../../core/settings/types.ts";
import { deepFreeze } from "./frozen-json.ts";

/** What the cache keeps, and the tables each part is read from (the triggers of migration 012). */
export const CACHED_TABLES = {
  catalogue: ["services", "service_bedroom_prices", "extras", "frequencies", "questions", "question_options"],
  settings: ["settings"],
  closedDates: ["closed_dates"],
} as const;

export type CachePart = keyof typeof CACHED_TABLES;

const PARTS = Object.keys(CACHED_TABLES) as CachePart[];

/** The parts read from `table`; every part for a table the cache does not know (to be safe). */
export function partsReadFrom(table: string): CachePart[] {
  const parts = PARTS.filter((part) => (CACHED_TABLES[part] as readonly string[]).includes(table));
  return parts.length > 0 ? parts : PARTS;
}

/** A notification could be lost without the link dropping (a silent network): nothing is older. */
export const DEFAULT_MAX_AGE_MS = 60_000;

export interface ReadCache {
  catalog: CatalogReader;
  /** Reads from memory; saves go to the database, then drop the kept settings. */
  settings: SettingsStore;
  /** Reads from memory (the whole table is kept: a few dates a year); writes as `settings`. */
  closedDates: ClosedDatesStore;
  /** Forgets `part`: the next read of it asks the database. */
  invalidate(part: CachePart): void;
  invalidateAll(): void;
}

export interface ReadCacheSources {
  catalog: CatalogReader;
  settings: SettingsStore;
  closedDates: ClosedDatesStore;
}

interface Entry {
  /** Settled or not: concurrent reads of a missing value share one database read. */
  value: Promise<unknown>;
  loadedAt: number;
}

const NONE: readonly never[] = Object.freeze([]);

export function makeReadCache(
  sources: ReadCacheSources,
  options: { maxAgeMs?: number; now?: () => number } = {},
): ReadCache {
  const maxAgeMs = options.maxAgeMs ?? DEFAULT_MAX_AGE_MS;
  const now = options.now ?? (() => performance.now());
  // One map per part. Forgetting a part replaces its map, so a read that was under way when the
  // change was announced settles into the old map and is never served afterwards.
  const kept: Record<CachePart, Map<string, Entry>> = {
    catalogue: new Map(),
    settings: new Map(),
    closedDates: new Map(),
  };

  function read<T>(part: CachePart, key: string, load: () => Promise<T>): Promise<T> {
    const entries = kept[part];
    const found = entries.get(key);
    if (found && now() - found.loadedAt < maxAgeMs) return found.value as Promise<T>;
    const entry: Entry = { value: load().then(deepFreeze), loadedAt: now() };
    entries.set(key, entry);
    // A failed read is not kept: the next call asks again (and its caller sees the error).
    entry.value.catch(() => {
      if (entries.get(key) === entry) entries.delete(key);
    });
    return entry.value as Promise<T>;
  }

  const invalidate = (part: CachePart) => {
    kept[part] = new Map();
  };

  const services = () =>
    read("catalogue", "services", async () => {
      const list = await sources.catalog.listServices();
      // Ids from URLs are compared as PostgreSQL compares uuids: whatever the letters' case.
      return { list, byId: new Map(list.map((service) => [service._id.toLowerCase(), service])) };
    });
  const liveService = async (id: string): Promise<Service | null> =>
    (await services()).byId.get(id.toLowerCase()) ?? null;

  const catalog: CatalogReader = {
    listServices: async () => (await services()).list,
    getService: liveService,
    async listExtras(serviceId) {
      // The reader answers none for an unknown or deleted service: only live ones get a key.
      const service = await liveService(serviceId);
      if (!service) return NONE as never[];
      return await read("catalogue", `extras:${service._id}`, () => sources.catalog.listExtras(service._id));
    },
    listFrequencies: () => read("catalogue", "frequencies", () => sources.catalog.listFrequencies()),
    async listQuestions(serviceId) {
      // An unknown or deleted service's questions are the global ones alone, as the reader says.
      const service = serviceId ? await liveService(serviceId) : null;
      return await read(
        "catalogue",
        service ? `questions:${service._id}` : "questions",
        () => sources.catalog.listQuestions(service?._id),
      );
    },
  };

  /** A save goes to the database, then the kept part is forgotten. */
  const thenForget = <A extends unknown[], R>(part: CachePart, write: (...args: A) => Promise<R>) =>
  async (...args: A): Promise<R> => {
    try {
      return await write(...args);
    } finally {
      invalidate(part);
    }
  };

  const store = sources.settings;
  const settings: SettingsStore = {
    getScheduling: () => read("settings", "scheduling", () => store.getScheduling()),
    saveScheduling: thenForget("settings", (value) => store.saveScheduling(value)),
    getBookingFormContent: () => read("settings", "content", () => store.getBookingFormContent()),
    saveBookingFormContent: thenForget("settings", (value) => store.saveBookingFormContent(value)),
    getBusinessProfile: () => read("settings", "business", () => store.getBusinessProfile()),
    saveBusinessProfile: thenForget("settings", (value) => store.saveBusinessProfile(value)),
    getServiceArea: () => read("settings", "serviceArea", () => store.getServiceArea()),
    saveServiceArea: thenForget("settings", (value) => store.saveServiceArea(value)),
    getPaymentSettings: () => read("settings", "payments", () => store.getPaymentSettings()),
    savePaymentSettings: thenForget("settings", (value) => store.savePaymentSettings(value)),
    getBusinessDetails: () => read("settings", "businessDetails", () => store.getBusinessDetails()),
    saveBusinessDetails: thenForget("settings", (value) => store.saveBusinessDetails(value)),
  };

  // Dates written YYYY-MM-DD sort and compare as text in date order.
  const allClosedDates = () => read("closedDates", "all", () => sources.closedDates.list());
  const closedDates: ClosedDatesStore = {
    list: async (range = {}) =>
      (await allClosedDates()).filter((closed: ClosedDate) =>
        (range.from === undefined || closed.date >= range.from) && (range.to === undefined || closed.date <= range.to)
      ),
    get: async (date) => (await allClosedDates()).find((closed) => closed.date === date) ?? null,
    add: thenForget("closedDates", (closed) => sources.closedDates.add(closed)),
    remove: thenForget("closedDates", (date) => sources.closedDates.remove(date)),
  };

  return {
    catalog,
    settings,
    closedDates,
    invalidate,
    invalidateAll: () => PARTS.forEach(invalidate),
  };
}

/**
 * The checklist's ticks (issue 31) live in this browser only: they help the cleaner through the
 * job and tell the office nothing. One entry per job, kept until two days after the job ends.
 */
const STORAGE_KEY = "myJobsChecklist";
const KEEP_AFTER_END_MS = 2 * 24 * 3_600_000;

interface Entry {
  ticked: string[];
  /** The job's end (epoch ms): the entry is dropped once it is well past. */
  endsAt: number;
}

function storage(): Storage | null {
  try {
    return typeof localStorage === "undefined" ? null : localStorage;
  } catch {
    return null;
  }
}

function readAll(): Record<string, Entry> {
  try {
    const parsed: unknown = JSON.parse(storage()?.getItem(STORAGE_KEY) ?? "{}");
    if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) return {};
    const entries: Record<string, Entry> = {};
    for (const [jobId, value] of Object.entries(parsed as Record<string, Partial<Entry>>)) {
      if (!Array.isArray(value?.ticked) || typeof value.endsAt !== "number") continue;
      entries[jobId] = { ticked: value.ticked.filter((item): item is string => typeof item === "string"), endsAt: value.endsAt };
    }
    return entries;
  } catch {
    return {};
  }
}

/** The items ticked on this job (by their text: an item the office renames starts unticked). */
export const tickedItems = (jobId: string): string[] => readAll()[jobId]?.ticked ?? [];

/** Keeps the job's ticks, and forgets those of jobs that ended more than two days ago. */
export function saveTickedItems(jobId: string, jobEnd: string, ticked: readonly string[], now: number = Date.now()): void {
  const kept = Object.fromEntries(Object.entries(readAll()).filter(([, entry]) => entry.endsAt + KEEP_AFTER_END_MS > now));
  if (ticked.length > 0) kept[jobId] = { ticked: [...ticked], endsAt: Date.parse(jobEnd) || now };
  else delete kept[jobId];
  try {
    storage()?.setItem(STORAGE_KEY, JSON.stringify(kept));
  } catch {
    // Storage full or refused (private mode): the ticks stay on screen for this visit.
  }
}

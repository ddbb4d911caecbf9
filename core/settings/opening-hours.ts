/**
 * The business's opening days and hours as one short line ("Mon–Sat 8:00am–6:00pm"), read from the
 * scheduling settings so the e-mails never promise a day the calendar keeps closed (issue 34).
 */
import type { SchedulingSettings } from "./types.ts";

/** Said when no weekday is open: every visit is then arranged by hand. */
export const NO_OPEN_DAYS = "By appointment";

/** The week as Australians write it, Monday first (0 = Sunday, as in closedWeekdays). */
const WEEK: ReadonlyArray<readonly [weekday: number, name: string]> = [
  [1, "Mon"],
  [2, "Tue"],
  [3, "Wed"],
  [4, "Thu"],
  [5, "Fri"],
  [6, "Sat"],
  [0, "Sun"],
];

/** 8 -> "8:00am", 12 -> "12:00pm", 17 -> "5:00pm", 0 -> "12:00am", 24 (a day's close) -> "midnight". */
export function hourText(hour: number): string {
  if (hour === 24) return "midnight";
  const h = ((Math.floor(hour) % 24) + 24) % 24;
  return `${h % 12 === 0 ? 12 : h % 12}:00${h < 12 ? "am" : "pm"}`;
}

/** Open weekdays, Monday first, consecutive ones joined: "Mon–Fri", "Mon–Wed, Fri–Sat", "Sun". */
export function openDaysText(closedWeekdays: ReadonlyArray<number>): string {
  const closed = new Set(closedWeekdays);
  const runs: string[][] = [];
  let run: string[] = [];
  for (const [weekday, name] of WEEK) {
    if (closed.has(weekday)) {
      if (run.length > 0) runs.push(run);
      run = [];
    } else {
      run.push(name);
    }
  }
  if (run.length > 0) runs.push(run);
  return runs.map((days) => days.length === 1 ? days[0] : `${days[0]}–${days[days.length - 1]}`).join(", ");
}

/**
 * "Mon–Sat 8:00am–6:00pm": the open weekdays, then the working day from the first slot's hour to
 * its close; "By appointment" when every weekday is closed.
 */
export function openingHoursLine(
  scheduling: Pick<SchedulingSettings, "closedWeekdays" | "firstSlotHour" | "dayEndHour">,
): string {
  const days = openDaysText(scheduling.closedWeekdays);
  if (days === "") return NO_OPEN_DAYS;
  return `${days} ${hourText(scheduling.firstSlotHour)}–${hourText(scheduling.dayEndHour)}`;
}

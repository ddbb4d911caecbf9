/**
 * A check-in or check-out time in a datetime-local box (issue 31): the box shows and takes Melbourne
 * wall-clock time, whatever zone the office's computer is set to; the server gets an instant.
 */
import { addDaysYmd, isYmd, melbourneHourMinute, melbourneInstant, melbourneYmd } from "@yarra/core/shared/melbourne-time.ts";

const LOCAL_INPUT = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})(?::\d{2}(?:\.\d+)?)?$/;

const pad = (value: number) => String(value).padStart(2, "0");

/** The box's value for a time: 'YYYY-MM-DDTHH:mm' in Melbourne; '' for none. */
export function localInputOf(iso: string | null): string {
  if (!iso) return "";
  const instant = new Date(iso);
  if (Number.isNaN(instant.getTime())) return "";
  const { hour, minute } = melbourneHourMinute(instant);
  return `${melbourneYmd(instant)}T${pad(hour)}:${pad(minute)}`;
}

/** The instant a box's value names in Melbourne, or null when it is not a date and time. */
export function instantOfLocalInput(text: string): Date | null {
  const match = LOCAL_INPUT.exec(text.trim());
  if (!match || !isYmd(match[1])) return null;
  const [hour, minute] = [Number(match[2]), Number(match[3])];
  if (hour > 23 || minute > 59) return null;
  return melbourneInstant(match[1], hour, minute);
}

/** The latest value the box accepts (the end of today in Melbourne): a time can't be in the future. */
export const latestLocalInput = (now: Date = new Date()) => `${addDaysYmd(melbourneYmd(now), 1)}T00:00`;

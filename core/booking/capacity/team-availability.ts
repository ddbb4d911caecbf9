/**
 * Team mode's read side (issue 28): the calendar, the availability check, the manage page's move
 * and a series' planning offer a start only when a cleaner works then, is not on leave and has no
 * other job within the travel gap of it: the rule the one reservation applies under its locks
 * (reservation.ts, cleanerUnfit), here on a range read without locks (advice, as the capacity
 * calendar is).
 */
import { type CleanerDay, cleanerUnfit } from "../../cleaners/team.ts";
import type { SchedulingSettings } from "../../settings/types.ts";
import { melbourneYmd } from "../../shared/melbourne-time.ts";
import type { Occupancy } from "../ports.ts";
import { minutesOfDay, visitWeekday } from "./reservation.ts";

/** One cleaner's working week, leave and jobs over a range, as a reader gives them. */
export interface TeamMember {
  cleanerId: string;
  name: string;
  active: boolean;
  /** The week staff set, by weekday (minutes after midnight); null: the business's default week. */
  week: ReadonlyMap<number, { start: number; end: number }> | null;
  /** Leave overlapping the range: whole Melbourne days, both ends included. */
  leave: ReadonlyArray<{ from: string; to: string }>;
  /** Their place-holding jobs in the range (other than the job being moved, when there is one). */
  jobs: ReadonlyArray<{ bookingId: string; reference: string; start: Date; end: Date }>;
}

/** What team mode's calendars read: the team over a range of instants. */
export interface TeamReader {
  /** Active cleaners with their weeks, the leave and the place-holding jobs in [from, to); `exceptBookingId`'s left out. */
  teamBetween(from: Date, to: Date, exceptBookingId?: string): Promise<TeamMember[]>;
}

export interface TeamAvailability {
  /** Whether some cleaner can take this visit. */
  canTake(visit: Occupancy): boolean;
}

/** The team's availability under the scheduling rules (the gap, the default week). */
export function teamAvailability(
  team: readonly TeamMember[],
  scheduling: Pick<SchedulingSettings, "teamGapMin" | "closedWeekdays" | "firstSlotHour" | "dayEndHour">,
): TeamAvailability {
  const defaultDay = { start: scheduling.firstSlotHour * 60, end: scheduling.dayEndHour * 60 };
  return {
    canTake(visit) {
      const weekday = visitWeekday(visit);
      const ymd = melbourneYmd(visit.start);
      const rules = { team: true, gapMin: scheduling.teamGapMin, minutesOfDay: minutesOfDay(visit) };
      return team.some((member) => {
        const day: CleanerDay = {
          cleanerId: member.cleanerId,
          name: member.name,
          active: member.active,
          hours: member.week ? member.week.get(weekday) ?? null : scheduling.closedWeekdays.includes(weekday) ? null : defaultDay,
          onLeave: member.leave.some((leave) => leave.from <= ymd && ymd <= leave.to),
          jobs: member.jobs,
        };
        return cleanerUnfit(day, visit, rules) === null;
      });
    },
  };
}

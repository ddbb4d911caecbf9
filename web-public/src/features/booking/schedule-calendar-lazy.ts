/**
 * The calendar's code (DayPicker and the date-fns it uses, about half of the page's own script)
 * loads apart from the form: nothing in the prerendered page or its hydration needs it, as the grid
 * shows only once the scheduling settings have arrived, and the schedule section asks for it only
 * as it nears the screen (it is below the fold), so it never runs while the page first loads.
 */
import { lazy } from "react";

export const loadScheduleCalendar = () => import("./schedule-calendar.tsx");

export const LazyScheduleCalendar = lazy(() =>
  loadScheduleCalendar().then((module) => ({ default: module.ScheduleCalendar }))
);

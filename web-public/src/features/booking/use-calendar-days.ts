/**
 * The open days and free times of a calendar, as TanStack Query queries: one per page of two
 * months (availability-calendar.ts `pageOf`), keyed by its dates and by what is asked about (the
 * job's length on the booking form, use-availability.ts; the booking being moved on the manage
 * page). So no page is asked about twice, and an answer for a job since changed lands under that
 * job's key, never shown as this one's. Until a page's answer arrives, the days shown before stay
 * on screen, marked as being checked. Only types come from booking-api.ts: the manage page uses
 * this without the form's code.
 */
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useMemo, useState } from "react";
import type { AvailabilityCalendarDto, AvailabilityDay } from "./booking-api.ts";
import { type BookableRange, type CalendarPage, clampMonth, monthOf, pageOf, pagesNeeded } from "./availability-calendar.ts";

/** The first part of every page's key: the page's dates follow, then what is asked about. */
const PAGES = "availability-page";

export interface AvailabilityView {
  /** The month on screen, 'YYYY-MM'. */
  month: string;
  setMonth: (month: string) => void;
  /** The shown month's days: loading (or checking for a changed job), ready, or failed. */
  status: "loading" | "ready" | "failed";
  /** Every day known, this job's over those shown before: what the calendar shows. */
  days: ReadonlyMap<string, AvailabilityDay>;
  /** Only days answered for what is asked about now: what the chosen start is judged against. */
  freshDays: ReadonlyMap<string, AvailabilityDay>;
  /** Asks again about the pages needed that failed. */
  retry: () => void;
  /** Asks again about one day's page (e.g. its time was just taken), for every job. */
  refreshDay: (ymd: string) => void;
}

export type FetchCalendarPage = (page: CalendarPage, signal: AbortSignal) => Promise<AvailabilityCalendarDto>;

interface CalendarDaysOptions {
  range: BookableRange | null;
  /** The chosen day, or '': its page is needed wherever the calendar is. */
  chosenYmd: string;
  /** What the days are asked about: part of each page's key, so its answers are its own. */
  subject: unknown;
  fetchPage: FetchCalendarPage;
  /** False while the subject may still change: the shown month counts as being checked. */
  settled?: boolean;
}

function usePage(page: CalendarPage | null, subject: unknown, fetchPage: FetchCalendarPage) {
  return useQuery<AvailabilityDay[]>({
    queryKey: [PAGES, page?.from, page?.to, subject],
    queryFn: ({ signal }) => fetchPage(page!, signal).then((answer) => answer.days),
    enabled: page !== null,
    // A calendar opened again (the manage page's Move panel) asks afresh; while open, it asks once.
    refetchOnMount: "always",
    // A page asked about for another job or month shows the days this one showed until it answers.
    placeholderData: keepPreviousData,
  });
}

type PageResult = ReturnType<typeof usePage>;

/** The page's days as answered for the subject, or undefined while they are not (yet) known. */
const freshOf = (page: PageResult) => (page.isSuccess && !page.isPlaceholderData ? page.data : undefined);

function daysOf(lists: (AvailabilityDay[] | undefined)[]): Map<string, AvailabilityDay> {
  const days = new Map<string, AvailabilityDay>();
  for (const list of lists) for (const day of list ?? []) days.set(day.date, day);
  return days;
}

/** The calendar's month, its pages' queries, and what the grid and the form read of them. */
export function useCalendarDays({ range, chosenYmd, subject, fetchPage, settled = true }: CalendarDaysOptions): AvailabilityView {
  const queryClient = useQueryClient();
  const [pickedMonth, setPickedMonth] = useState<string | null>(null);
  const month = range
    ? clampMonth(pickedMonth ?? monthOf(chosenYmd || range.earliestYmd), range)
    : monthOf(chosenYmd);
  const pages = range ? pagesNeeded(month, chosenYmd, range) : null;
  // Three queries, often the same page (then asked about once): the shown month's comes first.
  const shown = usePage(pages?.shown ?? null, subject, fetchPage);
  const next = usePage(pages?.next ?? null, subject, fetchPage);
  const chosen = usePage(pages?.chosen ?? null, subject, fetchPage);

  const [freshShown, freshNext, freshChosen] = [freshOf(shown), freshOf(next), freshOf(chosen)];
  const freshDays = useMemo(() => daysOf([freshShown, freshNext, freshChosen]), [freshShown, freshNext, freshChosen]);
  const [shownData, nextData, chosenData] = [shown.data, next.data, chosen.data];
  // The days shown before come first, so the answers for the subject are written over them.
  const days = useMemo(
    () => daysOf([shownData, nextData, chosenData, freshShown, freshNext, freshChosen]),
    [shownData, nextData, chosenData, freshShown, freshNext, freshChosen],
  );

  const status = !settled || !pages || shown.isFetching
    ? "loading"
    : shown.isError
    ? "failed"
    : freshShown
    ? "ready"
    : "loading";

  const retry = useCallback(() => {
    void queryClient.refetchQueries({
      queryKey: [PAGES],
      type: "active",
      predicate: (query) => query.state.status === "error",
    });
  }, [queryClient]);
  const refreshDay = useCallback((ymd: string) => {
    const page = range && pageOf(monthOf(ymd), range);
    // Every job's answer for the page is out of date: the one on screen is asked for again at once.
    if (page) void queryClient.invalidateQueries({ queryKey: [PAGES, page.from, page.to] });
  }, [queryClient, range]);

  return { month, setMonth: setPickedMonth, status, days, freshDays, retry, refreshDay };
}

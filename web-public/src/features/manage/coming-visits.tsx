/**
 * The other coming visits of the link's regular clean (issue 28): each with its date, time and
 * status, and while it may still change, its own Skip and Move, which open the same panels as the
 * link's own visit, for that visit, under it in the list. Past its cut-off a visit says to call.
 */
import { changeCutoffMessage } from "@yarra/core/booking/manage/policy.ts";
import { formatMelbourneDateTime, formatMelbourneLongDate } from "@yarra/core/shared/melbourne-time.ts";
import { useId } from "react";
import { telHref } from "../../lib/business-profile.ts";
import { slotTimeLabel } from "../booking/availability-calendar.ts";
import type { ManagedBooking, ManagedVisit } from "./manage-api.ts";
import { MoveBooking } from "./move-booking.tsx";
import { SkipVisit } from "./series-changes.tsx";

export const VISITS_TEXT = {
  title: "Your other coming visits",
  intro: (hours: number) => `You can skip or move each visit here, free of charge, until ${hours} hour${hours === 1 ? "" : "s"} before it.`,
  skip: "Skip",
  move: "Move",
  /** Read after the button's word, so each button is named with its visit. */
  which: (when: string) => ` the visit on ${when}`,
  freeUntil: (when: string) => `Free changes until ${when} (Melbourne time).`,
  findingTime: "We’re finding a new time for this visit and will be in touch. To change it, please call us:",
} as const;

const VISIT_STATUS_TEXT: Record<ManagedVisit["status"], string> = {
  PENDING: "Requested — we’ll confirm availability shortly",
  CONFIRMED: "Confirmed",
  NEEDS_ATTENTION: "We need to find a new time for this visit",
};

/** 'Fri 4 Dec 2026, 9:00 am': how buttons, panels and messages name a visit. */
export const visitWhen = (visit: Pick<ManagedVisit, "startTime">): string => formatMelbourneDateTime(new Date(visit.startTime));

/** 'Friday 4 December 2026, 9:00 am – 11:00 am'. */
const visitTimes = (visit: ManagedVisit): string =>
  `${formatMelbourneLongDate(new Date(visit.startTime))}, ${slotTimeLabel(visit.startTime)} – ${slotTimeLabel(visit.endTime)}`;

export type VisitAction = "move-visit" | "skip-visit";
export interface VisitPanel {
  action: VisitAction;
  bookingId: string;
}

interface ComingVisitsProps {
  token: string;
  booking: ManagedBooking;
  /** The visits listed: the series' coming visits but the link's own. */
  visits: ManagedVisit[];
  /** The visit panel open now, if any. */
  open: VisitPanel | null;
  onOpen: (panel: VisitPanel, opener: HTMLButtonElement) => void;
  onSkipped: (next: ManagedBooking, visit: ManagedVisit) => void;
  onMoved: (next: ManagedBooking, visit: ManagedVisit) => void;
  onFailed: (error: unknown) => void;
  onClose: () => void;
}

export function ComingVisits({ token, booking, visits, open, onOpen, onSkipped, onMoved, onFailed, onClose }: ComingVisitsProps) {
  const id = useId();
  const series = booking.series!;
  const { policy } = booking;
  const call = <a href={telHref(policy.phone)}>Call {policy.phone}</a>;
  /** The next visit after this one that holds a place, as the skip panel names it. */
  const nextAfter = (visit: ManagedVisit) => {
    const next = series.visits.find((v) => v.startTime > visit.startTime && v.status !== "NEEDS_ATTENTION");
    return next ? `${visitWhen(next)} (Melbourne time)` : null;
  };

  return (
    <section className="manage-visits" aria-labelledby={`${id}-title`}>
      <h2 className="manage-visits__title" id={`${id}-title`}>{VISITS_TEXT.title}</h2>
      <p className="manage__note">{VISITS_TEXT.intro(policy.freeChangeCutoffHours)}</p>
      <ul className="manage-visits__list">
        {visits.map((visit) => {
          const when = visitWhen(visit);
          const isOpen = (action: VisitAction) => open?.action === action && open.bookingId === visit.bookingId;
          const button = (action: VisitAction, word: string) => (
            <button
              type="button"
              className="button button--outline"
              aria-expanded={isOpen(action)}
              onClick={(event) => onOpen({ action, bookingId: visit.bookingId }, event.currentTarget)}
            >
              {word}
              <span className="visually-hidden">{VISITS_TEXT.which(when)}</span>
            </button>
          );
          return (
            <li key={visit.bookingId} className="manage-visit">
              <h3 className="manage-visit__title">{visitTimes(visit)}</h3>
              <p className="manage-visit__status">{VISIT_STATUS_TEXT[visit.status] ?? visit.status}</p>
              {visit.canChange && visit.changeUntil && series.reschedule
                ? (
                  <>
                    <p className="manage-visit__note">{VISITS_TEXT.freeUntil(formatMelbourneDateTime(new Date(visit.changeUntil)))}</p>
                    <div className="booking-actions">
                      {button("move-visit", VISITS_TEXT.move)}
                      {button("skip-visit", VISITS_TEXT.skip)}
                    </div>
                    {isOpen("move-visit") && (
                      <MoveBooking
                        token={token}
                        durationMinutes={visit.durationMinutes}
                        range={series.reschedule}
                        visit={{ bookingId: visit.bookingId, when }}
                        onMoved={(next) => onMoved(next, visit)}
                        onFailed={onFailed}
                        onClose={onClose}
                      />
                    )}
                    {isOpen("skip-visit") && (
                      <SkipVisit
                        token={token}
                        freeUntil={`${formatMelbourneDateTime(new Date(visit.changeUntil))} (Melbourne time)`}
                        frequencyName={series.frequencyName}
                        nextVisit={nextAfter(visit)}
                        visit={{ bookingId: visit.bookingId, when }}
                        onDone={(next) => onSkipped(next, visit)}
                        onFailed={onFailed}
                        onClose={onClose}
                      />
                    )}
                  </>
                )
                : visit.status === "NEEDS_ATTENTION"
                ? <p className="manage-visit__note">{VISITS_TEXT.findingTime} {call}.</p>
                : (
                  <div className="booking-notice booking-notice--warning manage__cutoff">
                    <p>{changeCutoffMessage(policy)}</p>
                    <p>{call}</p>
                  </div>
                )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

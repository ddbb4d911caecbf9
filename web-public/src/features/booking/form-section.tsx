import { type ReactNode, Suspense } from "react";
import type { BookingForm, FormSection as SectionKey, StepTicks } from "./booking-draft.ts";

export type StepKey = keyof StepTicks;

/**
 * Applies a change and clears the errors of the fields it touched. The form passes one stable
 * function, and each section takes only the fields it shows and is memoised, so a keystroke or
 * a data arrival re-renders the sections it concerns, not all seven.
 */
export type FormChange = (patch: Partial<BookingForm>, touched: string[]) => void;

/** The seven numbered sections of public-site.md section 2, in page order. */
export const STEPS: readonly { key: StepKey; title: string; id: string }[] = [
  { key: "details", title: "Contact Details", id: "booking-details" },
  { key: "address", title: "Address", id: "booking-address" },
  { key: "service", title: "Choose Service and Add-ons", id: "booking-service" },
  { key: "schedule", title: "Schedule", id: "booking-schedule" },
  { key: "frequency", title: "Frequency", id: "booking-frequency" },
  { key: "questions", title: "Extra Questions", id: "booking-questions" },
  { key: "review", title: "Review and Submit", id: "booking-review" },
];

export const sectionId = (key: SectionKey | StepKey): string =>
  STEPS.find((step) => step.key === key)?.id ?? "booking-details";

/**
 * Moves the customer to a section: scrolls it into view and focuses its first control with an
 * error (or the section itself), so keyboard and screen-reader users land where the page does.
 */
export function goToSection(key: SectionKey | StepKey, { preferInvalid = false } = {}) {
  const section = document.getElementById(sectionId(key));
  if (!section) return;
  const reduceMotion = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
  section.scrollIntoView?.({ behavior: reduceMotion ? "auto" : "smooth", block: "start" });
  const invalid = preferInvalid ? section.querySelector<HTMLElement>("[aria-invalid='true']") : null;
  (invalid ?? section).focus({ preventScroll: true });
}

interface SectionFrameProps {
  step: StepKey;
  children: ReactNode;
  /** Shown beside the heading, e.g. a short note. */
  lead?: ReactNode;
}

export function SectionFrame({ step, children, lead }: SectionFrameProps) {
  const index = STEPS.findIndex((s) => s.key === step);
  const { id, title } = STEPS[index];
  return (
    <section id={id} className="booking-section" tabIndex={-1} aria-labelledby={`${id}-title`}>
      <h2 className="booking-section__title" id={`${id}-title`}>
        <span className="booking-section__number" aria-hidden="true">{index + 1}</span>
        <span>
          <span className="visually-hidden">Step {index + 1}: </span>
          {title}
        </span>
      </h2>
      {lead && <p className="booking-section__lead">{lead}</p>}
      {/*
        Nothing here suspends: the boundary lets a prerendered page hydrate each section's controls
        in tasks of their own (selective hydration) instead of the whole form in one long task.
      */}
      <Suspense>{children}</Suspense>
    </section>
  );
}

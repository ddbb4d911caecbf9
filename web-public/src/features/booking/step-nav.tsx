import { memo } from "react";
import type { StepTicks } from "./booking-draft.ts";
import { goToSection, STEPS } from "./form-section.tsx";

/**
 * Numbered jump links to the seven sections, each ticked once its section is valid. The ticks are
 * computed afresh on every change: it re-renders only when one of them flips.
 */
export const StepNav = memo(function StepNav({ ticks }: { ticks: StepTicks }) {
  return (
    <nav className="step-nav" aria-label="Booking steps">
      <ol className="step-nav__list">
        {STEPS.map((step, index) => {
          const done = ticks[step.key];
          return (
            <li key={step.key}>
              <a
                href={`#${step.id}`}
                className={`step-nav__link ${done ? "step-nav__link--done" : ""}`}
                onClick={(event) => {
                  // The layout's hash handling would move focus to <main>; land on the section instead.
                  event.preventDefault();
                  goToSection(step.key);
                }}
              >
                <span className="step-nav__number" aria-hidden="true">
                  {done
                    ? (
                      <svg viewBox="0 0 20 20" focusable="false">
                        <path d="M4 10.5l4 4 8-9" />
                      </svg>
                    )
                    : index + 1}
                </span>
                <span className="step-nav__title">
                  <span className="visually-hidden">Step {index + 1}: </span>
                  {step.title}
                  {done && <span className="visually-hidden"> (complete)</span>}
                </span>
              </a>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}, (before, after) => STEPS.every((step) => before.ticks[step.key] === after.ticks[step.key]));

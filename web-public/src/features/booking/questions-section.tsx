import type { QuestionDto } from "@yarra/api/client/types.ts";
import type { FieldErrors } from "@yarra/core/shared/result.ts";
import { memo, useId } from "react";
import type { BookingForm } from "./booking-draft.ts";
import { describedBy, FieldError, TextField } from "./field.tsx";
import { SectionFrame } from "./form-section.tsx";

/**
 * public-site.md section 8's questions load failure, word for word, with a Retry beside it. The
 * customer may continue (section 7), and that includes booking (issue 34): Book Now asks for the
 * questions once more first, and sends the booking without their answers if they still can't be had.
 */
export const QUESTIONS_LOAD_ERROR = "We couldn’t load the extra questions just now. You can still continue and try again later.";
/**
 * Under the questions when the server asked for answers to questions this page could not show
 * (it refuses a booking without the required ones): they are asked for again at once.
 */
export const QUESTIONS_NEEDED_MESSAGE =
  "We need your answers to the extra questions to take this booking. We’re loading them again now.";

type QuestionsSectionProps = Pick<BookingForm, "answers"> & {
  errors: FieldErrors;
  questions: QuestionDto[];
  status: "loading" | "ready" | "failed";
  onAnswer: (questionId: string, value: string | string[]) => void;
  onRetry: () => void;
};

export const QuestionsSection = memo(function QuestionsSection(
  { answers, errors, questions, status, onAnswer, onRetry }: QuestionsSectionProps,
) {
  const failed = status === "failed";
  return (
    <SectionFrame step="questions" lead={questions.length > 0 ? "Questions marked * need an answer." : undefined}>
      {failed && (
        <div className="booking-notice booking-notice--error booking-notice--retry" role="alert">
          <p>{QUESTIONS_LOAD_ERROR}</p>
          <button type="button" className="button button--ghost booking-button--secondary" onClick={onRetry}>
            Retry
          </button>
        </div>
      )}
      {status === "loading" && questions.length === 0 && (
        <p className="booking-notice" role="status">Loading the extra questions…</p>
      )}
      {status === "ready" && questions.length === 0 && (
        <p className="booking-notice">No extra questions for this service.</p>
      )}
      <FieldError id="booking-answers-error" messages={errors.answers} />
      <div className="booking-questions">
        {questions.map((question) => (
          <QuestionField
            key={question._id}
            question={question}
            value={answers[question._id]}
            errors={errors[`answers.${question._id}`]}
            onAnswer={(value) => onAnswer(question._id, value)}
          />
        ))}
      </div>
    </SectionFrame>
  );
});

interface QuestionFieldProps {
  question: QuestionDto;
  value: string | string[] | undefined;
  errors?: string[];
  onAnswer: (value: string | string[]) => void;
}

function QuestionField({ question, value, errors, onAnswer }: QuestionFieldProps) {
  const id = useId();
  if (question.type === "TEXT") {
    return (
      <TextField
        label={question.text}
        required={question.required}
        placeholder={question.placeholder || undefined}
        hint={question.helpText || undefined}
        value={typeof value === "string" ? value : ""}
        errors={errors}
        maxLength={1000}
        onValue={onAnswer}
      />
    );
  }
  const invalid = (errors?.length ?? 0) > 0;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const chosen = Array.isArray(value) ? value : [];
  return (
    <fieldset
      className={`booking-field booking-question ${invalid ? "booking-field--invalid" : ""}`}
      aria-describedby={describedBy(question.helpText && hintId, invalid && errorId)}
      aria-invalid={invalid || undefined}
      // A radiogroup may say it is required; a plain group (checkboxes) may not.
      role={question.type === "SINGLE" ? "radiogroup" : undefined}
      aria-required={question.type === "SINGLE" && question.required ? true : undefined}
    >
      <legend className="booking-field__label">
        {question.text}
        {question.required && <span className="booking-field__required" aria-hidden="true"> *</span>}
        {question.required && <span className="visually-hidden"> (required)</span>}
      </legend>
      {question.helpText && <p className="booking-field__hint" id={hintId}>{question.helpText}</p>}
      <div className="booking-options">
        {question.options.map((option) => (
          <label key={option.value} className="booking-option">
            {question.type === "SINGLE"
              ? (
                <input
                  type="radio"
                  name={`question-${question._id}`}
                  value={option.value}
                  checked={value === option.value}
                  onChange={() => onAnswer(option.value)}
                />
              )
              : (
                <input
                  type="checkbox"
                  value={option.value}
                  checked={chosen.includes(option.value)}
                  onChange={(event) =>
                    onAnswer(
                      event.target.checked
                        ? [...chosen, option.value]
                        : chosen.filter((v) => v !== option.value),
                    )}
                />
              )}
            <span>{option.label}</span>
          </label>
        ))}
      </div>
      <FieldError id={errorId} messages={errors} />
    </fieldset>
  );
}

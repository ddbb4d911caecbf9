/** Answers to the extra questions, checked against the questions that apply to the booking. */
import type { Answer, Question } from "../../catalog/types.ts";
import {
  addFieldError,
  err,
  type FieldErrors,
  hasFieldErrors,
  ok,
  type Result,
  validationError,
  type ValidationFailed,
} from "../../shared/result.ts";
import type { AnswerSnapshot } from "../types.ts";

export const ANSWER_LIMITS = { text: 1000 } as const;

export const ANSWER_MESSAGES = {
  required: "This question needs an answer.",
  notApplicable: "That question doesn’t apply to this booking.",
  notAnOption: "Please choose from the options given.",
  textTooLong: "Please keep your answer under 1,000 characters.",
  notText: "Please answer this question in words.",
  answeredTwice: "Please answer each question once.",
} as const;

type Checked = { value: string | string[] } | { empty: true } | { message: string };

function checkValue(question: Question, value: unknown): Checked {
  const optionValues = new Set(question.options.map((o) => o.value));
  if (question.type === "TEXT") {
    if (typeof value !== "string") return { message: ANSWER_MESSAGES.notText };
    const text = value.trim();
    if (text === "") return { empty: true };
    return text.length > ANSWER_LIMITS.text
      ? { message: ANSWER_MESSAGES.textTooLong }
      : { value: text };
  }
  if (question.type === "SINGLE") {
    if (typeof value !== "string") return { message: ANSWER_MESSAGES.notAnOption };
    if (value === "") return { empty: true };
    return optionValues.has(value) ? { value } : { message: ANSWER_MESSAGES.notAnOption };
  }
  if (!Array.isArray(value)) return { message: ANSWER_MESSAGES.notAnOption };
  if (value.length === 0) return { empty: true };
  const allOptions = value.every((v) => typeof v === "string" && optionValues.has(v));
  const distinct = new Set(value).size === value.length;
  return allOptions && distinct ? { value: [...value] } : { message: ANSWER_MESSAGES.notAnOption };
}

/** Option values shown as their labels, in the question's option order for MULTI. */
function displayValueOf(question: Question, value: string | string[]): string {
  if (question.type === "TEXT") return typeof value === "string" ? value : value.join(", ");
  const chosen = new Set(Array.isArray(value) ? value : [value]);
  return question.options.filter((o) => chosen.has(o.value)).map((o) => o.label).join(", ");
}

/**
 * Checks answers against the questions that apply (global plus the service's). Errors sit under
 * `answers.<questionId>`; empty answers to optional questions are dropped; snapshots keep the
 * question text as their label and follow the questions' order.
 */
export function validateAnswers(
  answers: Answer[],
  questions: Question[],
): Result<AnswerSnapshot[], ValidationFailed> {
  const errors: FieldErrors = {};
  const byQuestion = new Map<string, Answer>();
  for (const answer of answers) {
    const path = `answers.${answer.questionId}`;
    if (!questions.some((q) => q._id === answer.questionId)) {
      addFieldError(errors, path, ANSWER_MESSAGES.notApplicable);
    } else if (byQuestion.has(answer.questionId)) {
      addFieldError(errors, path, ANSWER_MESSAGES.answeredTwice);
    } else byQuestion.set(answer.questionId, answer);
  }

  const snapshots: AnswerSnapshot[] = [];
  for (const question of questions) {
    const path = `answers.${question._id}`;
    const answer = byQuestion.get(question._id);
    if (errors[path]) continue;
    const checked: Checked = answer ? checkValue(question, answer.value) : { empty: true };
    if ("message" in checked) addFieldError(errors, path, checked.message);
    else if ("empty" in checked) {
      if (question.required) addFieldError(errors, path, ANSWER_MESSAGES.required);
    } else {
      snapshots.push({
        questionId: question._id,
        label: question.text,
        value: checked.value,
        displayValue: displayValueOf(question, checked.value),
      });
    }
  }

  return hasFieldErrors(errors) ? err(validationError(errors)) : ok(snapshots);
}

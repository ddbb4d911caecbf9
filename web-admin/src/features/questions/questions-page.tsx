import { useCallback, useEffect, useState } from "react";
import { serverMessageOr } from "@yarra/api/client/error-catalogue.ts";
import type { QuestionDto, QuestionType, ServiceDto } from "@yarra/api/client/types.ts";
import type { QuestionInput } from "@yarra/core/catalog/validation.ts";
import { EmptyState } from "../../ui/empty-state.tsx";
import { ErrorAlert } from "../../ui/error-alert.tsx";
import { asFailure } from "../../ui/failure.ts";
import { FlashStatus } from "../../ui/flash-status.tsx";
import { PageHeader } from "../../ui/page-header.tsx";
import { useFlash } from "../../ui/use-flash.ts";
import { confirmThen, usePending } from "../../ui/use-pending.ts";
import { QuestionForm } from "./question-form.tsx";
import { createQuestion, deleteQuestion, listQuestions, listServices, updateQuestion } from "./questions-api.ts";
import "./questions.css";

export const QUESTIONS_MESSAGES = {
  loadFailed: "Failed to load questions",
  empty: "No questions yet.",
  updateFailed: "Update failed",
  deleteFailed: "Delete failed",
  confirmDelete: (text: string) => `Delete the question “${text}”? Past bookings keep their answers.`,
} as const;

const M = QUESTIONS_MESSAGES;

const TYPE_NAMES: Record<QuestionType, string> = { SINGLE: "Single choice", MULTI: "Multiple choice", TEXT: "Text" };

/** Within a group the booking form asks questions by order, then text. */
const byOrder = (a: QuestionDto, b: QuestionDto) => a.order - b.order || a.text.localeCompare(b.text);

type ListState = { status: "loading" } | { status: "failed"; error: unknown } | { status: "ready"; questions: QuestionDto[] };

/** Extra questions on the booking form: add (with a live preview), require, reorder and delete. */
export function QuestionsPage() {
  const [list, setList] = useState<ListState>({ status: "loading" });
  const [services, setServices] = useState<ServiceDto[]>([]);
  const { run, isPending } = usePending();
  const flash = useFlash();

  const load = useCallback(async () => {
    setList({ status: "loading" });
    try {
      setList({ status: "ready", questions: await listQuestions() });
    } catch (error) {
      setList({ status: "failed", error });
    }
  }, []);
  useEffect(() => {
    void load();
    // The service names are a convenience for the selector and the list; the page works without them.
    listServices().then(setServices, () => setServices([]));
  }, [load]);

  const serviceName = (id: string | null) => services.find((s) => s._id === id)?.name ?? "A service";
  // Global questions first, then each service's, so up/down moves within the list a customer sees.
  const groupOf = (q: QuestionDto) => (q.scope === "GLOBAL" ? "" : serviceName(q.serviceId));
  const shown = list.status === "ready"
    ? [...list.questions].sort((a, b) => groupOf(a).localeCompare(groupOf(b)) || byOrder(a, b))
    : [];

  const put = (saved: QuestionDto) =>
    setList((current) =>
      current.status === "ready"
        ? { ...current, questions: current.questions.map((q) => (q._id === saved._id ? saved : q)) }
        : current
    );

  async function create(body: QuestionInput) {
    const saved = await createQuestion(body);
    setList((current) => current.status === "ready" ? { ...current, questions: [...current.questions, saved] } : current);
    flash.show("Question added.");
  }

  const change = (question: QuestionDto, patch: Partial<Pick<QuestionDto, "required" | "order">>) =>
    run(question._id, async () => {
      try {
        put(await updateQuestion(question._id, patch));
      } catch (error) {
        window.alert(serverMessageOr(error, M.updateFailed));
      }
    });

  const remove = (question: QuestionDto) =>
    confirmThen(M.confirmDelete(question.text), () =>
      run(question._id, async () => {
        try {
          await deleteQuestion(question._id);
          setList((current) =>
            current.status === "ready" ? { ...current, questions: current.questions.filter((q) => q._id !== question._id) } : current
          );
        } catch (error) {
          window.alert(serverMessageOr(error, M.deleteFailed));
        }
      }));

  return (
    <section className="questions-page" aria-labelledby="questions-title">
      <PageHeader title="Questions" titleId="questions-title" />

      <div className="admin-card" role="region" aria-labelledby="questions-add-title">
        <h2 id="questions-add-title" className="admin-card__title">New question</h2>
        <QuestionForm services={services} onCreate={create} />
      </div>

      <FlashStatus message={flash.message} />

      <h2 className="questions-page__list-title">All questions</h2>
      {list.status === "loading" && <p role="status">Loading questions…</p>}
      {list.status === "failed" && (
        <div className="questions-page__load-error">
          <ErrorAlert failure={asFailure(list.error)} message={M.loadFailed} />
          <button type="button" className="admin-button admin-button--secondary" onClick={() => void load()}>Try again</button>
        </div>
      )}
      {list.status === "ready" && list.questions.length === 0 && <EmptyState>{M.empty}</EmptyState>}
      {list.status === "ready" && shown.length > 0 && (
        <ul className="admin-list" aria-label="Questions">
          {shown.map((question) => {
            const busy = isPending(question._id);
            return (
              <li key={question._id} className="admin-row">
                <div className="admin-row__main">
                  <h3 className="admin-row__title">
                    {question.text}
                    {question.required
                      ? <span className="admin-chip">Required</span>
                      : <span className="admin-chip admin-chip--muted">Optional</span>}
                  </h3>
                  <p className="admin-row__meta">
                    {question.scope === "GLOBAL" ? "Global" : serviceName(question.serviceId)} · {TYPE_NAMES[question.type]} · Order {question.order}
                  </p>
                  {question.options.length > 0 && (
                    <p className="admin-row__meta">Options: {question.options.map((option) => option.label).join(", ")}</p>
                  )}
                  {question.helpText && <p className="admin-row__meta">Help: {question.helpText}</p>}
                </div>
                <div className="admin-row__actions">
                  <button type="button" className="admin-button admin-button--secondary admin-button--small"
                    aria-label={`${question.required ? "Make optional" : "Make required"}: ${question.text}`} disabled={busy}
                    onClick={() => void change(question, { required: !question.required })}>
                    {question.required ? "Make optional" : "Make required"}
                  </button>
                  <button type="button" className="admin-button admin-button--secondary admin-button--small"
                    aria-label={`Move up: ${question.text}`} disabled={busy || question.order <= 1}
                    onClick={() => void change(question, { order: question.order - 1 })}>
                    <span aria-hidden="true">↑</span>
                  </button>
                  <button type="button" className="admin-button admin-button--secondary admin-button--small"
                    aria-label={`Move down: ${question.text}`} disabled={busy}
                    onClick={() => void change(question, { order: question.order + 1 })}>
                    <span aria-hidden="true">↓</span>
                  </button>
                  <button type="button" className="admin-button admin-button--danger admin-button--small"
                    aria-label={`Delete: ${question.text}`} disabled={busy} onClick={() => void remove(question)}>
                    Delete
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

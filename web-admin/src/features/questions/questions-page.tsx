import { useQuery, useQueryClient } from "@tanstack/react-query";
import { serverMessageOr } from "@yarra/api/client/error-catalogue.ts";
import type { QuestionDto, QuestionType, ServiceDto } from "@yarra/api/client/types.ts";
import type { QuestionInput } from "@yarra/core/catalog/validation.ts";
import { ErrorAlert } from "@yarra/public-ui/error-alert.tsx";
import { appending, removing, replacing, updateCachedList } from "../../lib/list-cache.ts";
import { liveServicesQuery } from "../../lib/live-services.ts";
import { useRowWrites } from "../../lib/use-row-writes.ts";
import { confirmThen } from "../../ui/confirm-then.ts";
import { EmptyState } from "../../ui/empty-state.tsx";
import { asFailure } from "../../ui/failure.ts";
import { FlashStatus } from "../../ui/flash-status.tsx";
import { PageHeader } from "../../ui/page-header.tsx";
import { useFlash } from "../../ui/use-flash.ts";
import { QuestionForm } from "./question-form.tsx";
import { createQuestion, deleteQuestion, questionsQuery, updateQuestion } from "./questions-api.ts";
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

const NO_SERVICES: ServiceDto[] = [];

/** Extra questions on the booking form: add (with a live preview), require, reorder and delete. */
export function QuestionsPage() {
  const queryClient = useQueryClient();
  const list = useQuery(questionsQuery);
  // The service names are a convenience for the selector and the list; the page works without them.
  const services = useQuery(liveServicesQuery).data ?? NO_SERVICES;
  const { run, isPending } = useRowWrites("questions");
  const flash = useFlash();

  const settle = (change: (questions: QuestionDto[]) => QuestionDto[]) =>
    updateCachedList(queryClient, questionsQuery.queryKey, change);

  const serviceName = (id: string | null) => services.find((s) => s._id === id)?.name ?? "A service";
  // Global questions first, then each service's, so up/down moves within the list a customer sees.
  const groupOf = (q: QuestionDto) => (q.scope === "GLOBAL" ? "" : serviceName(q.serviceId));
  const shown = [...(list.data ?? [])].sort((a, b) => groupOf(a).localeCompare(groupOf(b)) || byOrder(a, b));
  // Try again shows the loading note, as the first load did.
  const retrying = list.isError && list.isFetching;

  async function create(body: QuestionInput) {
    const saved = await createQuestion(body);
    settle(appending(saved));
    flash.show("Question added.");
  }

  const change = (question: QuestionDto, patch: Partial<Pick<QuestionDto, "required" | "order">>) =>
    run(question._id, async () => {
      try {
        settle(replacing(await updateQuestion(question._id, patch)));
      } catch (error) {
        window.alert(serverMessageOr(error, M.updateFailed));
      }
    });

  const remove = (question: QuestionDto) =>
    confirmThen(M.confirmDelete(question.text), () =>
      run(question._id, async () => {
        try {
          await deleteQuestion(question._id);
          settle(removing(question._id));
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
      {(list.isPending || retrying) && <p role="status">Loading questions…</p>}
      {list.isError && !retrying && (
        <div className="questions-page__load-error">
          <ErrorAlert failure={asFailure(list.error)} message={M.loadFailed} />
          <button type="button" className="admin-button admin-button--secondary" onClick={() => void list.refetch()}>Try again</button>
        </div>
      )}
      {list.isSuccess && list.data.length === 0 && <EmptyState>{M.empty}</EmptyState>}
      {list.isSuccess && shown.length > 0 && (
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

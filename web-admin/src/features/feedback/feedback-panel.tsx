/**
 * A job's feedback on its booking page (issue 32): whether the customer was asked and until when
 * their link works, and their rating and comment once given. A done job without a rating can be
 * asked again: a new link is e-mailed and the old one stops working.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import type { RecordStatus } from "@yarra/core/booking/types.ts";
import { formatMelbourneDate, formatMelbourneDateTime } from "@yarra/core/shared/melbourne-time.ts";
import { serverMessageOr } from "@yarra/api/client/error-catalogue.ts";
import { isApiError } from "@yarra/api/client/http.ts";
import { ErrorAlert } from "@yarra/public-ui/error-alert.tsx";
import { asFailure } from "../../ui/failure.ts";
import { recordHistoryQuery } from "../../ui/record-history.tsx";
import { askForFeedback, type BookingFeedback } from "./feedback-api.ts";
import { bookingFeedbackQuery } from "./feedback-queries.ts";
import { Rating } from "./rating.tsx";
import "./feedback.css";

export const FEEDBACK_PANEL_TEXT = {
  title: "Customer feedback",
  loading: "Loading the feedback…",
  loadFailed: "Failed to load the feedback",
  notAsked: "Not asked yet",
  notDone: "The customer is asked once the job is marked done.",
  asked: (requested: string, validUntil: string) => `Asked on ${requested}, link valid until ${validUntil}`,
  expired: (requested: string, expired: string) => `Asked on ${requested}, link expired on ${expired}`,
  askedTimes: (count: number) => `Asked ${count} times.`,
  rating: "Rating",
  comment: "Comment",
  noComment: "No comment",
  given: "Given",
  ask: "Ask for feedback",
  askAgain: "Ask for feedback again",
  asking: "Sending…",
  sent: (email: string) => `A new feedback link was e-mailed to ${email}.`,
  sentNoEmail: "A new feedback link was e-mailed to the customer.",
  askFailed: "Asking for feedback failed",
} as const;

const T = FEEDBACK_PANEL_TEXT;
const day = (iso: string) => formatMelbourneDate(new Date(iso));

interface FeedbackPanelProps {
  bookingId: string;
  status: RecordStatus;
  /** Where the link goes, for the confirmation. */
  email?: string;
}

export function FeedbackPanel({ bookingId, status, email }: FeedbackPanelProps) {
  const queryClient = useQueryClient();
  const titleId = useId();
  const query = bookingFeedbackQuery(bookingId, status);
  const feedback = useQuery(query);
  const [sentMessage, setSentMessage] = useState("");
  const ask = useMutation({
    mutationFn: () => askForFeedback(bookingId),
    onMutate: () => setSentMessage(""),
    onSuccess: (asked) => {
      queryClient.setQueryData(query.queryKey, asked);
      setSentMessage(email ? T.sent(email) : T.sentNoEmail);
      // The request is in the booking's history (audited on the server).
      void queryClient.invalidateQueries({ queryKey: recordHistoryQuery("booking", bookingId).queryKey });
    },
    onError: (error) => {
      // Rated, or no longer done, meanwhile: the job and its feedback are read again.
      if (isApiError(error) && error.status === 409) void queryClient.invalidateQueries({ queryKey: ["bookings"] });
    },
  });

  const row = feedback.data;
  const canAsk = feedback.isSuccess && status === "DONE" && (row === null || row?.rating === null);

  return (
    <section className="admin-card feedback-panel" aria-labelledby={titleId}>
      <h2 id={titleId} className="admin-card__title">{T.title}</h2>
      {feedback.isPending && <p className="feedback-note" role="status">{T.loading}</p>}
      {feedback.isError && <ErrorAlert failure={asFailure(feedback.error, T.loadFailed)} message={T.loadFailed} />}
      {feedback.isSuccess && (row ? <FeedbackRow feedback={row} /> : (
        <>
          <p className="feedback-panel__state">{T.notAsked}</p>
          {status !== "DONE" && <p className="feedback-note">{T.notDone}</p>}
        </>
      ))}
      {canAsk && (
        <div className="admin-form-actions">
          <button type="button" className="admin-button admin-button--secondary" disabled={ask.isPending} onClick={() => ask.mutate()}>
            {ask.isPending ? T.asking : row ? T.askAgain : T.ask}
          </button>
        </div>
      )}
      {/* Always in the page, so the confirmation is announced as it is written. */}
      <p className="feedback-panel__sent" role="status">{sentMessage}</p>
      {ask.isError && (
        <ErrorAlert failure={asFailure(ask.error, T.askFailed)} message={serverMessageOr(ask.error, T.askFailed)} onDismiss={() => ask.reset()} />
      )}
    </section>
  );
}

/** Asked (until when), then the rating, the comment and when it was given. */
function FeedbackRow({ feedback }: { feedback: BookingFeedback }) {
  if (feedback.rating === null) {
    const expired = new Date(feedback.expiresAt).getTime() <= new Date().getTime();
    return (
      <>
        <p className="feedback-panel__state">
          {(expired ? T.expired : T.asked)(day(feedback.requestedAt), day(feedback.expiresAt))}
        </p>
        {feedback.requestCount > 1 && <p className="feedback-note">{T.askedTimes(feedback.requestCount)}</p>}
      </>
    );
  }
  const comment = feedback.comment?.trim() ?? "";
  return (
    <dl className="feedback-facts">
      <div className="feedback-facts__row">
        <dt>{T.rating}</dt>
        <dd><Rating rating={feedback.rating} /></dd>
      </div>
      <div className="feedback-facts__row">
        <dt>{T.comment}</dt>
        <dd className={comment ? "feedback-comment" : "feedback-note"}>{comment ? <bdi>{comment}</bdi> : T.noComment}</dd>
      </div>
      {feedback.ratedAt && (
        <div className="feedback-facts__row">
          <dt>{T.given}</dt>
          <dd>{formatMelbourneDateTime(new Date(feedback.ratedAt))}</dd>
        </div>
      )}
    </dl>
  );
}

/**
 * /feedback/$token (issue 32): the link in the e-mail sent after a clean. The customer sees the
 * job, rates it 1–5 with an optional comment, and is thanked: with the business's review page for
 * a 4 or 5, with the office's promise to be in touch for a 3 or less. A rated link shows the
 * rating given. Never prerendered, never indexed.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { getRouteApi, Link } from "@tanstack/react-router";
import { NETWORK_ERROR } from "@yarra/api/client/error-catalogue.ts";
import { isApiError } from "@yarra/api/client/http.ts";
import { formatMelbourneLongDate } from "@yarra/core/shared/melbourne-time.ts";
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from "react";
import { PageQueries } from "../../lib/page-queries.tsx";
import { ErrorAlert } from "../../ui/error-alert.tsx";
import {
  FEEDBACK_LIMITS,
  feedbackQuery,
  type FeedbackView,
  fieldRefusals,
  givenRating,
  isAlreadyRated,
  isInvalidLink,
  type Rating,
  RATINGS,
  sendFeedback,
} from "./feedback-api.ts";
import "../booking/booking.css";
import "./feedback.css";

/** Each option reads '2 – Fair'. */
export const RATING_WORDS: Record<Rating, string> = { 1: "Poor", 2: "Fair", 3: "Good", 4: "Very good", 5: "Excellent" };

export const FEEDBACK_TEXT = {
  title: "How did we go?",
  loading: "Loading your clean…",
  tryAgain: "Try again",
  invalid: "This feedback link is invalid or has expired.",
  ratingLegend: "Your rating",
  // The server's words for the same refusal (contract B), said before asking it.
  ratingRequired: "Please choose a rating from 1 to 5.",
  comment: "Comment (optional)",
  commentCount: (used: number) => `${used} of ${FEEDBACK_LIMITS.comment} characters`,
  send: "Send",
  sending: "Sending…",
  thanks: "Thanks for your feedback.",
  youRated: (rating: Rating) => `You rated this clean ${rating} out of 5 (${RATING_WORDS[rating]}).`,
  yourComment: "Your comment",
  glad: "We’re so glad you were happy with your clean.",
  sorry: "We’re sorry it wasn’t perfect. Our office will be in touch.",
  reviewAsk: "Would you tell others how we went? It helps a small business a lot.",
  review: "Leave us a review",
  newTab: "(opens in a new tab)",
  alreadyRated: "You’ve already rated this clean. Thank you!",
} as const;

const feedbackRoute = getRouteApi("/site/feedback/$token");

export function FeedbackPage() {
  const { token } = feedbackRoute.useParams();
  // A different link is a different job: nothing of the last one's state carries over.
  return (
    <PageQueries>
      <Feedback key={token} token={token} />
    </PageQueries>
  );
}

/** What the thank-you says on top of the rating: set once this visit sent one (or found it given). */
interface Result {
  /** The server refused a second rating: its words. */
  note: string | null;
}

function Feedback({ token }: { token: string }) {
  const queryClient = useQueryClient();
  const query = feedbackQuery(token);
  const loaded = useQuery(query);
  const [linkDead, setLinkDead] = useState(false);
  const [result, setResult] = useState<Result | null>(null);

  // Once shown, the job stays: a reload that fails after a refusal leaves it as it was.
  const view = loaded.data ?? null;
  const invalid = linkDead || (!view && isInvalidLink(loaded.error));

  if (invalid) {
    return (
      <section className="feedback" aria-labelledby="feedback-title">
        <h1 className="feedback__title" id="feedback-title">{FEEDBACK_TEXT.invalid}</h1>
        <p>
          Each link works for 30 days after your clean. To tell us how it went, please{" "}
          <Link to="/contact-us">contact us</Link>.
        </p>
      </section>
    );
  }

  let body: ReactNode;
  if (!view && loaded.isError) {
    body = (
      <>
        <ErrorAlert failure={isApiError(loaded.error) ? loaded.error : NETWORK_ERROR} />
        <p>
          <button type="button" className="button button--outline" onClick={() => void loaded.refetch()}>
            {FEEDBACK_TEXT.tryAgain}
          </button>
        </p>
      </>
    );
  } else if (!view) {
    body = <p role="status">{FEEDBACK_TEXT.loading}</p>;
  } else if (givenRating(view) !== null || result) {
    body = (
      <>
        <JobDetails view={view} />
        <ThankYou view={view} note={result?.note ?? null} focusOnShow={result !== null} />
      </>
    );
  } else {
    body = (
      <>
        <p className="feedback__intro">
          Hi {view.firstName}, thanks for choosing {view.businessName}. Please tell us how your clean went.
        </p>
        <JobDetails view={view} />
        <FeedbackForm
          token={token}
          onRated={(next) => {
            queryClient.setQueryData(query.queryKey, next);
            setResult({ note: null });
          }}
          onAlreadyRated={(note) => {
            // The page is out of date: ask for the rating that was given.
            setResult({ note });
            void queryClient.invalidateQueries({ queryKey: query.queryKey });
          }}
          onLinkDead={() => setLinkDead(true)}
        />
      </>
    );
  }

  return (
    <section className="feedback" aria-labelledby="feedback-title">
      <h1 className="feedback__title" id="feedback-title">{FEEDBACK_TEXT.title}</h1>
      {body}
    </section>
  );
}

/** 'Priya', 'Priya and Sam', 'Priya, Sam and Lee'. */
const namesText = (names: string[]) => new Intl.ListFormat("en-AU", { type: "conjunction" }).format(names);

function JobDetails({ view }: { view: FeedbackView }) {
  const rows: [string, string][] = [
    ["Service", view.serviceName],
    ["Date", formatMelbourneLongDate(new Date(view.startTimeISO))],
    ["Reference", view.reference],
  ];
  if (view.cleanerFirstNames.length > 0) {
    rows.push([view.cleanerFirstNames.length === 1 ? "Your cleaner" : "Your cleaners", namesText(view.cleanerFirstNames)]);
  }
  return (
    <dl className="booking-review feedback__job">
      {rows.map(([term, value]) => (
        <div key={term} className="booking-review__row">
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** n of 5 stars, for the eye only: the words beside them say the same. */
function Stars({ rating }: { rating: Rating }) {
  return (
    <span className="feedback-stars" aria-hidden="true">
      {"★".repeat(rating)}
      <span className="feedback-stars__empty">{"★".repeat(5 - rating)}</span>
    </span>
  );
}

interface FeedbackFormProps {
  token: string;
  onRated: (view: FeedbackView) => void;
  /** The server's words for a second rating (409). */
  onAlreadyRated: (note: string) => void;
  onLinkDead: () => void;
}

function FeedbackForm({ token, onRated, onAlreadyRated, onLinkDead }: FeedbackFormProps) {
  const id = useId();
  const [rating, setRating] = useState<Rating | null>(null);
  const [comment, setComment] = useState("");
  const [ratingMissing, setRatingMissing] = useState(false);
  const firstRadioRef = useRef<HTMLInputElement>(null);
  const optionsRef = useRef<HTMLDivElement>(null);
  const commentRef = useRef<HTMLTextAreaElement>(null);

  const send = useMutation({
    mutationFn: (chosen: Rating) => sendFeedback(token, chosen, comment),
    onSuccess: onRated,
    onError: (error) => {
      if (isInvalidLink(error)) onLinkDead();
      else if (isAlreadyRated(error)) onAlreadyRated((isApiError(error) && error.serverMessage) || FEEDBACK_TEXT.alreadyRated);
    },
  });

  const ratingErrors = ratingMissing ? [FEEDBACK_TEXT.ratingRequired] : fieldRefusals(send.error, "rating");
  const commentErrors = fieldRefusals(send.error, "comment");
  const error = send.error;
  // Anything not said at a field, nor turned into another page state, is said above the button.
  const otherFailure = error && !isInvalidLink(error) && !isAlreadyRated(error) && !ratingErrors && !commentErrors ? error : null;

  // A refusal at a field takes the keyboard there (the chosen rating, else the first), so it is heard and fixed at once.
  useEffect(() => {
    if (fieldRefusals(error, "rating")) {
      (optionsRef.current?.querySelector<HTMLInputElement>("input:checked") ?? firstRadioRef.current)?.focus();
    } else if (fieldRefusals(error, "comment")) {
      commentRef.current?.focus();
    }
  }, [error]);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (send.isPending) return;
    if (rating === null) {
      setRatingMissing(true);
      firstRadioRef.current?.focus();
      return;
    }
    send.mutate(rating);
  }

  const busy = send.isPending;
  const ratingErrorId = `${id}-rating-error`;
  const commentHintId = `${id}-comment-count`;
  const commentErrorId = `${id}-comment-error`;
  return (
    <form className="feedback-form" noValidate onSubmit={submit} aria-labelledby="feedback-title">
      <fieldset
        className="booking-choices feedback-rating"
        aria-describedby={ratingErrors ? ratingErrorId : undefined}
        aria-invalid={ratingErrors ? true : undefined}
      >
        <legend className="booking-field__label feedback-rating__legend">{FEEDBACK_TEXT.ratingLegend}</legend>
        <div className="feedback-rating__options" ref={optionsRef}>
          {RATINGS.map((value) => (
            <label key={value} className="booking-choice feedback-rating__option">
              <input
                ref={value === 1 ? firstRadioRef : undefined}
                type="radio"
                name="rating"
                value={value}
                checked={rating === value}
                aria-invalid={ratingErrors ? true : undefined}
                onChange={() => {
                  setRating(value);
                  setRatingMissing(false);
                }}
              />
              <span className="feedback-rating__body">
                <Stars rating={value} />
                {/* Reads '4 – Very good'; where five fit across, the number and word stack and the dash is unseen. */}
                <span className="feedback-rating__words">
                  <span className="feedback-rating__number">{value}</span>
                  <span className="feedback-rating__dash"> – </span>
                  <span className="feedback-rating__word">{RATING_WORDS[value]}</span>
                </span>
              </span>
            </label>
          ))}
        </div>
        {ratingErrors && <p className="booking-field__error" id={ratingErrorId}>{ratingErrors.join(" ")}</p>}
      </fieldset>

      <div className={`booking-field ${commentErrors ? "booking-field--invalid" : ""}`}>
        <label className="booking-field__label" htmlFor={`${id}-comment`}>{FEEDBACK_TEXT.comment}</label>
        <textarea
          id={`${id}-comment`}
          ref={commentRef}
          name="comment"
          className="booking-input booking-textarea"
          rows={4}
          value={comment}
          maxLength={FEEDBACK_LIMITS.comment}
          aria-describedby={[commentHintId, commentErrors ? commentErrorId : ""].filter(Boolean).join(" ")}
          aria-invalid={commentErrors ? true : undefined}
          onChange={(event) => setComment(event.target.value)}
        />
        <p className="booking-field__hint feedback-form__count" id={commentHintId}>{FEEDBACK_TEXT.commentCount(comment.length)}</p>
        {commentErrors && <p className="booking-field__error" id={commentErrorId}>{commentErrors.join(" ")}</p>}
      </div>

      {otherFailure && (
        <ErrorAlert
          failure={isApiError(otherFailure) ? otherFailure : NETWORK_ERROR}
          // The rate limit is the site's own words; other refusals carry the server's.
          message={isApiError(otherFailure) && otherFailure.status !== 429 ? otherFailure.serverMessage : undefined}
          onDismiss={() => send.reset()}
        />
      )}

      <div className="booking-actions feedback-form__actions">
        <button type="submit" className="button button--dark" disabled={busy}>
          {busy ? FEEDBACK_TEXT.sending : FEEDBACK_TEXT.send}
        </button>
      </div>
    </form>
  );
}

/** Only a web address the browser opens as a page: the setting is https, said once more here. */
const isHttpsUrl = (url: string | null): url is string => url !== null && /^https:\/\//i.test(url);

function ThankYou({ view, note, focusOnShow }: { view: FeedbackView; note: string | null; focusOnShow: boolean }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  // After sending, the keyboard and the screen reader go to the answer.
  useEffect(() => {
    if (focusOnShow) headingRef.current?.focus();
  }, [focusOnShow]);
  const rating = givenRating(view);
  return (
    <section className="feedback-result" aria-labelledby="feedback-result-title">
      <h2 className="feedback-result__title" id="feedback-result-title" ref={headingRef} tabIndex={-1}>
        {FEEDBACK_TEXT.thanks}
      </h2>
      {note && <p>{note}</p>}
      {rating !== null && (
        <p className="feedback-result__rating">
          <Stars rating={rating} /> {FEEDBACK_TEXT.youRated(rating)}
        </p>
      )}
      {view.comment && (
        <figure className="feedback-result__comment">
          <figcaption>{FEEDBACK_TEXT.yourComment}</figcaption>
          <blockquote>{view.comment}</blockquote>
        </figure>
      )}
      {rating !== null && rating <= 3 && <p>{FEEDBACK_TEXT.sorry}</p>}
      {rating !== null && rating >= 4 && (
        <>
          <p>{FEEDBACK_TEXT.glad}</p>
          {isHttpsUrl(view.reviewUrl) && (
            <>
              <p>{FEEDBACK_TEXT.reviewAsk}</p>
              <p>
                <a className="button button--primary feedback-result__review" href={view.reviewUrl} target="_blank" rel="noopener noreferrer">
                  {FEEDBACK_TEXT.review} <span className="feedback-result__new-tab">{FEEDBACK_TEXT.newTab}</span>
                </a>
              </p>
            </>
          )}
        </>
      )}
    </section>
  );
}

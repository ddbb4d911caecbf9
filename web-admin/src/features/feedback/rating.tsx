/** How a rating reads on every staff screen: the words for screen readers and the stars for the eye. */
import "./feedback.css";

export const RATING_MAX = 5;

export const RATING_TEXT = {
  outOf: (rating: number) => `${rating} out of ${RATING_MAX}`,
  ratings: (count: number) => `${count} ${count === 1 ? "rating" : "ratings"}`,
  /** e.g. "4.6 (12 ratings)"; the star before it is drawn, not read. */
  average: (average: number, count: number) => `${average.toFixed(1)} (${RATING_TEXT.ratings(count)})`,
  noRatings: "No ratings yet",
} as const;

/** "4 out of 5" with ★★★★☆ beside it (the stars are hidden from screen readers: the words say it). */
export function Rating({ rating }: { rating: number }) {
  return (
    <span className="feedback-rating">
      <span className="feedback-stars" aria-hidden="true">
        {Array.from({ length: RATING_MAX }, (_, index) => (
          <span key={index} className={index < rating ? "feedback-stars__on" : "feedback-stars__off"}>
            {index < rating ? "★" : "☆"}
          </span>
        ))}
      </span>
      <span className="feedback-rating__text">{RATING_TEXT.outOf(rating)}</span>
    </span>
  );
}

/** "★ 4.6 (12 ratings)", or "No ratings yet"; `label` names it for screen readers where nothing visible does. */
export function AverageRating({ average, count, label }: { average: number | null; count: number; label?: string }) {
  if (average === null || count === 0) return <span className="feedback-average feedback-average--none">{RATING_TEXT.noRatings}</span>;
  return (
    <span className="feedback-average">
      <span className="feedback-stars__on" aria-hidden="true">★</span>{" "}
      {label && <span className="admin-visually-hidden">{label} </span>}
      {RATING_TEXT.average(average, count)}
    </span>
  );
}

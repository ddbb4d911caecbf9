/** A customer's ratings on their record (issue 32): the average, then each rated job, newest rating first. */
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useId } from "react";
import { formatMelbourneDate } from "@yarra/core/shared/melbourne-time.ts";
import { ErrorAlert } from "@yarra/public-ui/error-alert.tsx";
import { asFailure } from "../../ui/failure.ts";
import type { RatedJob } from "./feedback-api.ts";
import { customerRatingsQuery } from "./feedback-queries.ts";
import { AverageRating, Rating, RATING_TEXT } from "./rating.tsx";
import "./feedback.css";

export const CUSTOMER_RATINGS_TEXT = {
  title: "Ratings",
  loading: "Loading the ratings…",
  loadFailed: "Failed to load the ratings",
  none: "No ratings yet. Customers are asked after each job is marked done.",
  average: "Average rating",
  shown: (shown: number, count: number) => `The latest ${shown} of ${RATING_TEXT.ratings(count)}.`,
  list: "Rated jobs",
  cleaners: (names: string[]) => `Cleaned by ${names.join(", ")}`,
} as const;

const T = CUSTOMER_RATINGS_TEXT;

export function CustomerRatings({ customerId }: { customerId: string }) {
  const titleId = useId();
  const list = useQuery(customerRatingsQuery(customerId));
  const data = list.data;

  return (
    <section className="admin-card feedback-ratings" aria-labelledby={titleId}>
      <h2 id={titleId} className="admin-card__title">{T.title}</h2>
      {list.isPending && <p className="feedback-note" role="status">{T.loading}</p>}
      {list.isError && <ErrorAlert failure={asFailure(list.error, T.loadFailed)} message={T.loadFailed} />}
      {data && data.items.length === 0 && <p className="feedback-note">{T.none}</p>}
      {data && data.items.length > 0 && (
        <>
          <p className="feedback-ratings__average">
            {T.average}: <AverageRating average={data.averageRating} count={data.ratings} />
          </p>
          {data.ratings > data.items.length && <p className="feedback-note">{T.shown(data.items.length, data.ratings)}</p>}
          <ul className="feedback-ratings__list" aria-label={T.list}>
            {data.items.map((job) => <RatedJobItem key={job.bookingId} job={job} />)}
          </ul>
        </>
      )}
    </section>
  );
}

function RatedJobItem({ job }: { job: RatedJob }) {
  const comment = job.comment?.trim() ?? "";
  return (
    <li className="feedback-ratings__item">
      <p className="feedback-ratings__job">
        <Link to="/bookings/$bookingId" params={{ bookingId: job.bookingId }}>{job.reference}</Link>
        {", "}
        <bdi>{job.serviceName}</bdi>, {formatMelbourneDate(new Date(job.startTime))}
      </p>
      <Rating rating={job.rating} />
      {comment && <p className="feedback-comment"><bdi>{comment}</bdi></p>}
      <p className="feedback-note">
        {job.cleanerNames.length > 0 && <>{T.cleaners(job.cleanerNames)}. </>}
        Rated {formatMelbourneDate(new Date(job.ratedAt))}.
      </p>
    </li>
  );
}

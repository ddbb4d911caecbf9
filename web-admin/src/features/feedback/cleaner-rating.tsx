/** A cleaner's all-time average on the Team screen (issue 32): "★ 4.6 (12 ratings)" or "No ratings yet". */
import { useQuery } from "@tanstack/react-query";
import { cleanerRatingsQuery } from "./feedback-queries.ts";
import { AverageRating } from "./rating.tsx";

export const CLEANER_RATING_TEXT = { label: "Average rating" } as const;

/** Every row reads the one cached list; nothing shows until it has loaded, nor when it failed (the team matters more). */
export function CleanerRating({ cleanerId }: { cleanerId: string }) {
  const ratings = useQuery(cleanerRatingsQuery);
  if (!ratings.isSuccess) return null;
  const rating = ratings.data.get(cleanerId);
  return (
    <p className="admin-row__meta">
      <AverageRating average={rating?.averageRating ?? null} count={rating?.ratings ?? 0} label={CLEANER_RATING_TEXT.label} />
    </p>
  );
}

import "../../lib/zod-without-eval.ts";
import { getRouteApi, useRouter } from "@tanstack/react-router";
import { Suspense } from "react";
import { PageHero } from "../../ui/page-hero.tsx";
import { BookingFormView } from "./booking-form.tsx";
import { PageQueries } from "../../lib/page-queries.tsx";
import "./booking.css";

// For the route's loader: importing it from here keeps the page one lazy chunk, not two.
export { loadBookingPage } from "./booking-data.ts";

export const PAGE_TITLE = "Book a Cleaning";

const bookNow = getRouteApi("/site/book-now");

/** /book-now: the domestic booking and quote form (public-site.md section 2). The <title> comes from the route's seo data. */
export function BookingPage() {
  const data = bookNow.useLoaderData();
  const { service } = bookNow.useSearch();
  const router = useRouter();
  return (
    <div className="booking-page">
      <PageHero
        image={{ src: "/art/hero-living.svg", width: 1600, height: 900 }}
        eyebrow={PAGE_TITLE}
        heading="YOUR CLEAN YOUR WAY"
        highlight="YOUR WAY"
        headingId="booking-hero-title"
      >
        <p>Build your clean, see the price as you go, and book in under two minutes.</p>
      </PageHero>
      {/*
        Nothing in the form suspends: its boundaries (here, around the step list, each section and
        the side column) let the prerendered page hydrate in short tasks, piece by piece, instead
        of in one long one. A change of context above (e.g. the business profile arriving) still
        hydrates the pieces it reaches at once, but one boundary at a time.
      */}
      <Suspense>
        {/* A retry reloads what the page needs, as the route loader fetched it; the calendar's days are queries. */}
        <PageQueries>
          <BookingFormView data={data} preselectSlug={service} onRetry={() => void router.invalidate()} />
        </PageQueries>
      </Suspense>
    </div>
  );
}

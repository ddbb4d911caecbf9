import { PageHero } from "../../ui/page-hero.tsx";
import { BookingFormView } from "./booking-form.tsx";
import "./booking.css";

export const PAGE_TITLE = "Book a Cleaning";

/** /book-now: the domestic booking and quote form (public-site.md section 2). The <title> comes from the route's seo data. */
export function BookingPage() {
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
      <BookingFormView />
    </div>
  );
}

import { memo, type ReactNode } from "react";
import { telHref, whatsappChatUrl } from "../../lib/business-profile.ts";
import { useBusinessProfile } from "../../lib/business-profile-context.tsx";

/** The side column: why book, privacy, contact help and (passed in) the live price box. */
export const BookingAside = memo(function BookingAside({ priceBox }: { priceBox: ReactNode }) {
  const profile = useBusinessProfile();
  return (
    <aside className="booking-aside" aria-label="About your booking">
      <div className="booking-aside__sticky">{priceBox}</div>
      <section className="booking-card" aria-labelledby="booking-why">
        <h2 className="booking-card__title" id="booking-why">Why book with us</h2>
        <ul className="booking-card__ticks">
          <li>Insured, police-checked cleaners</li>
          <li>Eco-safe products</li>
          <li>Flexible rescheduling</li>
          <li>Tax included in every price</li>
          <li>Loyalty discounts on regular cleans</li>
        </ul>
      </section>
      <section className="booking-card" aria-labelledby="booking-secure">
        <h2 className="booking-card__title" id="booking-secure">Secure and private</h2>
        <p>
          Your details are used only to arrange your clean. Nothing is charged now: you pay only after
          the job is completed, and online bookings are requests until we confirm availability.
        </p>
      </section>
      <section className="booking-card" aria-labelledby="booking-help">
        <h2 className="booking-card__title" id="booking-help">Need a hand?</h2>
        <p>We reply the same business day ({profile.contactHours}).</p>
        <ul className="booking-card__contacts">
          <li>
            <a href={telHref(profile.phone)}>Call {profile.phone}</a>
          </li>
          <li>
            <a href={whatsappChatUrl(profile)} target="_blank" rel="noopener noreferrer">
              Message us on WhatsApp<span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          </li>
          <li>
            <a href={`mailto:${profile.email}`}>{profile.email}</a>
          </li>
        </ul>
      </section>
    </aside>
  );
});

import { Link } from "@tanstack/react-router";
import { whatsappChatUrl } from "../../lib/business-profile.ts";
import { useBusinessProfile } from "../../lib/business-profile-context.tsx";
import "../../ui/button.css";
import { Icon } from "../../ui/icons.tsx";
import { PageHero } from "../../ui/page-hero.tsx";
import "../../ui/section.css";
import "./contact.css";

/** public-site.md section 1: replies come the same business day. */
export const REPLY_PROMISE = "We reply the same business day.";

export function ContactPage() {
  const profile = useBusinessProfile();
  return (
    <>
      <PageHero
        image={{ src: "/art/hero-kitchen.svg", width: 1600, height: 900 }}
        heading="Contact Us"
        highlight="Us"
        eyebrow="Get in touch"
        headingId="contact-title"
      >
        <p>Questions about a clean, a quote or your booking? Message or email us. {REPLY_PROMISE}</p>
      </PageHero>

      <section className="section" aria-labelledby="contact-ways-title">
        <div className="section__inner">
          <h2 id="contact-ways-title" className="visually-hidden">Ways to reach us</h2>
          <ul className="card-grid card-grid--2 contact-cards">
            <li>
              <article className="card">
                <span className="card__icon"><Icon name="chat" /></span>
                <h3 className="card__title">WhatsApp</h3>
                <p className="card__text">Message us any time and we’ll reply during business hours.</p>
                <p className="contact-cards__value">{profile.phone}</p>
                <div className="card__actions">
                  <a className="button button--primary" href={whatsappChatUrl(profile)} target="_blank" rel="noopener noreferrer">
                    Chat on WhatsApp
                  </a>
                </div>
              </article>
            </li>
            <li>
              <article className="card">
                <span className="card__icon"><Icon name="mail" /></span>
                <h3 className="card__title">Email</h3>
                <p className="card__text">Send us the details and any photos, and we’ll get back to you.</p>
                <p className="contact-cards__value">
                  <a href={`mailto:${profile.email}`}>{profile.email}</a>
                </p>
                <div className="card__actions">
                  <a className="button button--dark" href={`mailto:${profile.email}`}>Email us</a>
                </div>
              </article>
            </li>
          </ul>
        </div>
      </section>

      <section className="section section--tint" aria-labelledby="contact-details-title">
        <div className="section__inner">
          <h2 id="contact-details-title" className="visually-hidden">Hours and service area</h2>
          <ul className="card-grid card-grid--3">
            <li>
              <article className="card">
                <span className="card__icon"><Icon name="clock" /></span>
                <h3 className="card__title">Hours</h3>
                <p className="card__text contact-cards__value">{profile.contactHours}</p>
              </article>
            </li>
            <li>
              <article className="card">
                <span className="card__icon"><Icon name="heart" /></span>
                <h3 className="card__title">Reply promise</h3>
                <p className="card__text">{REPLY_PROMISE}</p>
              </article>
            </li>
            <li>
              <article className="card">
                <span className="card__icon"><Icon name="pin" /></span>
                <h3 className="card__title">Service area</h3>
                <p className="card__text">
                  {profile.addressLocality} and surrounding suburbs, across {profile.councils.length} councils.
                </p>
                <Link to="/services" hash="service-areas" className="card__link">See the suburbs we cover</Link>
              </article>
            </li>
          </ul>
          <div className="section__actions contact-book">
            <Link to="/book-now" className="button button--primary">Book Now</Link>
          </div>
        </div>
      </section>
    </>
  );
}

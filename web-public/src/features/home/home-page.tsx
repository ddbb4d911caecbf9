import { Link } from "@tanstack/react-router";
import { whatsappChatUrl } from "../../lib/business-profile.ts";
import { useBusinessProfile } from "../../lib/business-profile-context.tsx";
import "../../ui/button.css";
import { Icon, type IconName } from "../../ui/icons.tsx";
import { Reveal } from "../../ui/reveal.tsx";
import "../../ui/section.css";
import { HomeHero } from "./home-hero.tsx";
import { PricingTeaser } from "./pricing-teaser.tsx";
import "./home.css";

const TRUST_POINTS: { icon: IconName; title: string; text: string }[] = [
  { icon: "star", title: "Highly rated locals", text: "Friendly cleaners who live and work nearby." },
  { icon: "shield", title: "Fully insured", text: "Police-checked cleaners, covered on every job." },
  { icon: "leaf", title: "Eco safe products", text: "Gentle on your home, your family and your pets." },
];

export const POPULAR_SERVICES: { icon: IconName; title: string; text: string }[] = [
  { icon: "clock", title: "Hourly Cleaning Services", text: "Book us by the hour and tell us which rooms matter most." },
  { icon: "sparkle", title: "Regular & Spring Cleans", text: "Weekly, fortnightly or monthly upkeep, or a top-to-bottom refresh." },
  { icon: "boxes", title: "Move In / Move Out Cleaning Services", text: "Empty-home cleans that get you ready for the keys handover." },
  { icon: "building", title: "Office Cleaning Services", text: "Tidy desks, kitchens and bathrooms for a workplace people enjoy." },
  { icon: "school", title: "School & Educational Facility Cleaning", text: "Classrooms and shared spaces cleaned around the school day." },
  { icon: "key", title: "Airbnb & Short-Term Rental Cleaning", text: "Fast turnovers between guests, with beds made and bathrooms sparkling." },
];

const BADGES = ["Police-checked", "Eco-safe products", "Happiness guarantee", "Flexible rescheduling"];

export function HomePage() {
  const profile = useBusinessProfile();
  return (
    <>
      <HomeHero />

      <section className="trust-band" aria-label="Why customers choose us">
        <ul className="trust-band__list">
          {TRUST_POINTS.map((point) => (
            <li key={point.title}>
              <span className="card__icon"><Icon name={point.icon} /></span>
              <span>
                <strong className="trust-band__title">{point.title}</strong>
                <span className="trust-band__text">{point.text}</span>
              </span>
            </li>
          ))}
        </ul>
      </section>

      <section className="section" aria-labelledby="home-about-title">
        <Reveal className="section__inner home-about">
          <div>
            <p className="section__eyebrow">About {profile.brandName}</p>
            <h2 id="home-about-title" className="section__title">Local cleaners who treat your place like their own</h2>
            <p className="section__lead">
              We clean homes, rentals and workplaces across {profile.addressLocality} and surrounding suburbs, with
              clear prices that include tax and loyalty discounts for regular cleans.
            </p>
            <ul className="home-about__badges">
              {BADGES.map((badge) => <li key={badge}>{badge}</li>)}
            </ul>
            <div className="section__actions">
              <Link to="/services" className="button button--dark">Explore Services</Link>
              <Link to="/contact-us" className="button button--outline">Contact Us</Link>
            </div>
          </div>
          <img className="home-about__art" src="/art/cleaning-kit.svg" width={600} height={480} alt="" loading="lazy" />
        </Reveal>
      </section>

      <section className="section section--dark home-metrics" aria-label="Our numbers">
        <div className="section__inner">
          <ul className="stat-list">
            <li><span className="stat-list__value">{profile.foundedYear}</span> <span className="stat-list__label">Founded</span></li>
            <li><span className="stat-list__value">1,200+</span> <span className="stat-list__label">Happy Cleans</span></li>
            <li><span className="stat-list__value">98%</span> <span className="stat-list__label">Repeat Clients</span></li>
          </ul>
        </div>
      </section>

      <section className="section section--tint" aria-labelledby="home-services-title">
        <div className="section__inner">
          <div className="section__header section__header--center">
            <p className="section__eyebrow">What we do</p>
            <h2 id="home-services-title" className="section__title">Popular cleaning services</h2>
          </div>
          <ul className="card-grid card-grid--3">
            {POPULAR_SERVICES.map((service, i) => (
              <Reveal as="li" key={service.title} delay={(i % 3) * 80}>
                <article className="card">
                  <span className="card__icon"><Icon name={service.icon} /></span>
                  <h3 className="card__title">{service.title}</h3>
                  <p className="card__text">{service.text}</p>
                  <Link to="/services" className="card__link">
                    Read more<span className="visually-hidden"> about {service.title}</span>
                  </Link>
                </article>
              </Reveal>
            ))}
          </ul>
        </div>
      </section>

      <section className="section" aria-labelledby="home-how-title">
        <div className="section__inner">
          <div className="section__header section__header--center">
            <p className="section__eyebrow">How it works</p>
            <h2 id="home-how-title" className="section__title">A sparkling home in three steps</h2>
          </div>
          <ol className="step-list step-list--3">
            <li>
              <h3>Build your clean</h3>
              <p>Choose a service, add extras and see your price update as you go.</p>
            </li>
            <li>
              <h3>We arrive on time</h3>
              <p>We confirm your booking, then an insured, police-checked cleaner arrives ready to work.</p>
            </li>
            <li>
              <h3>Relax &amp; enjoy</h3>
              <p>You are charged only after the job is done. Enjoy the fresh, clean space.</p>
            </li>
          </ol>
        </div>
      </section>

      <section className="section section--tint" aria-labelledby="home-pricing-title">
        <div className="section__inner home-pricing">
          <div className="section__header">
            <p className="section__eyebrow">Pricing</p>
            <h2 id="home-pricing-title" className="section__title">Simple, upfront prices</h2>
            <p className="section__lead">Starting prices from our live price list. Your exact total appears as you build your clean.</p>
          </div>
          <PricingTeaser />
        </div>
      </section>

      <section className="section section--dark" aria-labelledby="home-contact-title">
        <div className="section__inner home-contact">
          <div>
            <h2 id="home-contact-title" className="section__title">Questions before you book?</h2>
            <p className="section__lead">Message or email us. We reply the same business day.</p>
          </div>
          <ul className="home-contact__list">
            <li>
              <Icon name="chat" />
              <a href={whatsappChatUrl(profile)} target="_blank" rel="noopener noreferrer">
                WhatsApp {profile.phone}
              </a>
            </li>
            <li>
              <Icon name="mail" />
              <a href={`mailto:${profile.email}`}>{profile.email}</a>
            </li>
            <li>
              <Link to="/contact-us" className="button button--primary">Contact Us</Link>
            </li>
          </ul>
        </div>
      </section>

      <section className="section home-cta" aria-labelledby="home-cta-title">
        <Reveal className="section__inner home-cta__inner">
          <h2 id="home-cta-title" className="section__title">Ready for a cleaner home?</h2>
          <p className="section__lead">Booking takes less than two minutes.</p>
          <div className="section__actions">
            <Link to="/book-now" className="button button--primary">Book Now</Link>
          </div>
        </Reveal>
      </section>
    </>
  );
}

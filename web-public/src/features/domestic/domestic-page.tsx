import { Link } from "@tanstack/react-router";
import { useBusinessProfile } from "../../lib/business-profile-context.tsx";
import "../../ui/button.css";
import { Icon, type IconName } from "../../ui/icons.tsx";
import { PageHero } from "../../ui/page-hero.tsx";
import { Reveal } from "../../ui/reveal.tsx";
import "../../ui/section.css";
import "./domestic.css";

/**
 * Each offering's Book Now opens the form with its service chosen (`?service=<slug>`, the demo
 * catalogue's slugs); the form leaves the choice to the customer if no service has that slug.
 */
export const DOMESTIC_OFFERINGS: { icon: IconName; title: string; text: string; points: string[]; service: string }[] = [
  {
    icon: "clock",
    title: "Hourly Cleaning",
    service: "hourly-cleaning",
    text: "Book a cleaner for the hours you need and tell us which rooms matter most.",
    points: ["You choose the hours", "Focus on your priorities", "Great for top-ups between deep cleans"],
  },
  {
    icon: "sparkle",
    title: "Regular & Spring Cleans",
    service: "regular-clean",
    text: "Weekly, fortnightly or monthly upkeep, or a deeper top-to-bottom refresh.",
    points: ["Priced by bedrooms", "Loyalty discounts after the first clean", "Happiness guarantee"],
  },
  {
    icon: "truck",
    title: "Move In / Move Out Cleaning",
    service: "move-in-move-out-clean",
    text: "An empty-home clean before you move in or hand back the keys.",
    points: ["Kitchens, bathrooms and floors", "Interior windows", "Optional extras such as balconies"],
  },
];

export function DomesticPage() {
  const profile = useBusinessProfile();
  return (
    <>
      <PageHero
        image={{ src: "/art/hero-bathroom.svg", width: 1600, height: 900 }}
        heading="Domestic Cleaning"
        highlight="Cleaning"
        eyebrow="For your home"
        headingId="domestic-title"
      >
        <p>Eco-safe, insured home cleaning across {profile.addressLocality}, booked online in less than two minutes.</p>
      </PageHero>

      <section className="section" aria-labelledby="offerings-title">
        <div className="section__inner">
          <div className="section__header">
            <p className="section__eyebrow">Home cleaning</p>
            <h2 id="offerings-title" className="section__title">Three ways we clean your home</h2>
          </div>
          <ul className="card-grid card-grid--3">
            {DOMESTIC_OFFERINGS.map((offering, i) => (
              <Reveal as="li" key={offering.title} delay={i * 80}>
                <article className="card domestic-offering">
                  <span className="card__icon"><Icon name={offering.icon} /></span>
                  <h3 className="card__title">{offering.title}</h3>
                  <p className="card__text">{offering.text}</p>
                  <ul className="tick-list">
                    {offering.points.map((point) => <li key={point}>{point}</li>)}
                  </ul>
                  <div className="card__actions">
                    <Link to="/book-now" search={{ service: offering.service }} className="button button--primary">
                      Book Now<span className="visually-hidden">: {offering.title}</span>
                    </Link>
                  </div>
                </article>
              </Reveal>
            ))}
          </ul>
        </div>
      </section>

      <section className="section section--tint" aria-labelledby="domestic-more-title">
        <Reveal className="section__inner domestic-more">
          <h2 id="domestic-more-title" className="section__title">Want to see everything that’s included?</h2>
          <p className="section__lead">Our checklist shows every task, room by room.</p>
          <div className="section__actions">
            <Link to="/services" className="button button--outline">View the checklist</Link>
            <Link to="/faq" className="button button--outline">Read the FAQ</Link>
          </div>
        </Reveal>
      </section>
    </>
  );
}

import { Link } from "@tanstack/react-router";
import { useBusinessProfile } from "../../lib/business-profile-context.tsx";
import "../../ui/button.css";
import { Icon, type IconName } from "../../ui/icons.tsx";
import { PageHero } from "../../ui/page-hero.tsx";
import { Reveal } from "../../ui/reveal.tsx";
import "../../ui/section.css";
import { ChecklistTable } from "./checklist-table.tsx";
import { ServiceAreaMap } from "./service-area-map.tsx";
import { ServiceAreas } from "./service-areas.tsx";
import "./services.css";

/**
 * Each option's call to action: Book Now opens the form with its service chosen
 * (`?service=<slug>`, the demo catalogue's slugs; the form leaves the choice to the customer if no
 * service has that slug). Workplaces get the commercial page's quote form instead.
 */
const CLEANING_OPTIONS: { icon: IconName; title: string; text: string; service?: string }[] = [
  { icon: "clock", title: "Hourly cleaning", text: "Pick the hours, and we focus on the rooms you choose.", service: "hourly-cleaning" },
  { icon: "calendar", title: "Regular cleans", text: "Weekly, fortnightly or monthly visits, with loyalty discounts after the first.", service: "regular-clean" },
  { icon: "sparkle", title: "Spring cleans", text: "A deeper, top-to-bottom clean for the details that build up.", service: "spring-clean" },
  { icon: "boxes", title: "Move in / move out", text: "An empty-home clean before you move in or hand back the keys.", service: "move-in-move-out-clean" },
  { icon: "building", title: "Offices and workplaces", text: "Scheduled cleans that keep desks, kitchens and bathrooms fresh." },
  { icon: "key", title: "Airbnb and short-term rentals", text: "Quick turnovers between guests, ready for the next check-in.", service: "airbnb-turnover-clean" },
];

export function ServicesPage() {
  const profile = useBusinessProfile();
  return (
    <>
      <PageHero
        image={{ src: "/art/hero-kitchen.svg", width: 1600, height: 900 }}
        heading="Cleaning services for every space"
        highlight="every space"
        eyebrow="Services"
        headingId="services-title"
        zoom={1.05}
      >
        <p>Homes, rentals and workplaces across {profile.addressLocality}, cleaned by insured, police-checked locals.</p>
        <Link to="/book-now" className="button button--primary">Book Now</Link>
      </PageHero>

      <section className="section" aria-labelledby="core-services-title">
        <div className="section__inner">
          <div className="section__header">
            <p className="section__eyebrow">Core services</p>
            <h2 id="core-services-title" className="section__title">Domestic and commercial cleaning</h2>
          </div>
          <ul className="card-grid card-grid--2">
            <Reveal as="li">
              <article className="card services-core">
                <span className="card__icon"><Icon name="home" /></span>
                <h3 className="card__title">Domestic Cleaning</h3>
                <p className="card__text">
                  Hourly help, regular and spring cleans, and move in / move out cleans for houses and apartments.
                </p>
                <div className="card__actions">
                  <Link to="/services/domestic" className="button button--dark">Domestic Cleaning</Link>
                </div>
              </article>
            </Reveal>
            <Reveal as="li" delay={80}>
              <article className="card services-core">
                <span className="card__icon"><Icon name="building" /></span>
                <h3 className="card__title">Commercial Cleaning</h3>
                <p className="card__text">
                  Offices, schools, healthcare, retail, warehouses and short-term rentals, on a schedule that suits you.
                </p>
                <div className="card__actions">
                  <Link to="/services/commercial" className="button button--dark">Commercial Cleaning</Link>
                </div>
              </article>
            </Reveal>
          </ul>
        </div>
      </section>

      <section className="section section--tint" aria-labelledby="options-title">
        <div className="section__inner">
          <div className="section__header">
            <p className="section__eyebrow">Cleaning options</p>
            <h2 id="options-title" className="section__title">Choose the clean that fits</h2>
          </div>
          <ul className="card-grid card-grid--3">
            {CLEANING_OPTIONS.map((option, i) => (
              <Reveal as="li" key={option.title} delay={(i % 3) * 80}>
                <article className="card">
                  <span className="card__icon"><Icon name={option.icon} /></span>
                  <h3 className="card__title">{option.title}</h3>
                  <p className="card__text">{option.text}</p>
                  <div className="card__actions">
                    {option.service
                      ? (
                        <Link to="/book-now" search={{ service: option.service }} className="button button--primary">
                          Book Now<span className="visually-hidden">: {option.title}</span>
                        </Link>
                      )
                      : (
                        <Link to="/services/commercial" hash="get-a-quote" className="button button--dark">
                          Get a Quote<span className="visually-hidden">: {option.title}</span>
                        </Link>
                      )}
                  </div>
                </article>
              </Reveal>
            ))}
          </ul>
        </div>
      </section>

      <section className="section" aria-labelledby="checklist-title">
        <div className="section__inner">
          <div className="section__header">
            <p className="section__eyebrow">What’s included</p>
            <h2 id="checklist-title" className="section__title">Our cleaning checklist</h2>
            <p className="section__lead">Windows are cleaned on the inside only. Balcony cleaning is an optional extra.</p>
          </div>
          <ChecklistTable />
        </div>
      </section>

      <section className="section section--tint" id="service-areas" aria-labelledby="areas-title">
        <div className="section__inner">
          <div className="section__header">
            <p className="section__eyebrow">Service areas</p>
            <h2 id="areas-title" className="section__title">Where we clean</h2>
            <p className="section__lead">
              {profile.councils.length} councils across {profile.addressLocality} and surrounding suburbs.
            </p>
          </div>
          <div className="services-areas">
            <ServiceAreaMap councils={profile.councils} />
            <ServiceAreas councils={profile.councils} />
          </div>
        </div>
      </section>

      <section className="section" aria-labelledby="services-cta-title">
        <Reveal className="section__inner services-cta">
          <h2 id="services-cta-title" className="section__title">Not sure which clean you need?</h2>
          <p className="section__lead">Tell us about your place and we’ll help you choose.</p>
          <div className="section__actions">
            <Link to="/book-now" className="button button--primary">Book Now</Link>
            <Link to="/contact-us" className="button button--outline">Contact Us</Link>
          </div>
        </Reveal>
      </section>
    </>
  );
}

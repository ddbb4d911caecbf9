import { Link } from "@tanstack/react-router";
import { useBusinessProfile } from "../../lib/business-profile-context.tsx";
import "../../ui/button.css";
import { Icon, type IconName } from "../../ui/icons.tsx";
import { PageHero } from "../../ui/page-hero.tsx";
import { Reveal } from "../../ui/reveal.tsx";
import "../../ui/section.css";
import "./about.css";

const VALUES: { icon: IconName; title: string; text: string }[] = [
  { icon: "leaf", title: "Eco-safe products", text: "Gentle, effective products that are safer for families, pets and the planet." },
  { icon: "shield", title: "Insured & police-checked", text: "Every cleaner is police-checked, and every job is covered by insurance." },
  { icon: "heart", title: "Happiness guarantee", text: "Not quite right? Tell us and we’ll make it right. (Hourly bookings excluded.)" },
  { icon: "calendar", title: "Flexible rescheduling", text: "Plans change. Move your clean for free up to 24 hours before." },
];

export function AboutPage() {
  const profile = useBusinessProfile();
  return (
    <>
      <PageHero
        image={{ src: "/art/hero-living.svg", width: 1600, height: 900 }}
        heading="About Us"
        highlight="Us"
        eyebrow={profile.brandName}
        headingId="about-title"
      >
        <p>A local team making homes and workplaces across {profile.addressLocality} feel fresh, calm and cared for.</p>
      </PageHero>

      <section className="section" aria-labelledby="story-title">
        <Reveal className="section__inner about-story">
          <div>
            <p className="section__eyebrow">Our story</p>
            <h2 id="story-title" className="section__title">Started in {profile.foundedYear} by locals, for locals</h2>
            <p className="section__lead">
              {profile.brandName} began with a simple idea: cleaning should be easy to book, fairly priced and done
              properly every time. Today our insured, police-checked cleaners look after households, families,
              professionals and businesses across {profile.addressLocality} and surrounding suburbs.
            </p>
            <p className="section__lead">
              Prices include tax, you are charged only after the job is completed, and regular customers enjoy loyalty
              discounts after their first clean.
            </p>
          </div>
          <img className="about-story__art" src="/art/cleaning-kit.svg" width={600} height={480} alt="" loading="lazy" />
        </Reveal>
      </section>

      <section className="section section--dark" aria-labelledby="stats-title">
        <div className="section__inner">
          <h2 id="stats-title" className="visually-hidden">{profile.brandName} in numbers</h2>
          <Reveal as="ul" className="stat-list">
            <li><span className="stat-list__value">{profile.foundedYear}</span> <span className="stat-list__label">Founded</span></li>
            <li><span className="stat-list__value">1,200+</span> <span className="stat-list__label">Happy Cleans</span></li>
            <li><span className="stat-list__value">98%</span> <span className="stat-list__label">Repeat Clients</span></li>
          </Reveal>
        </div>
      </section>

      <section className="section section--tint" aria-labelledby="values-title">
        <div className="section__inner">
          <div className="section__header">
            <p className="section__eyebrow">What we stand for</p>
            <h2 id="values-title" className="section__title">Why customers stay with us</h2>
          </div>
          <ul className="card-grid card-grid--4">
            {VALUES.map((value, i) => (
              <Reveal as="li" key={value.title} delay={i * 80}>
                <article className="card">
                  <span className="card__icon"><Icon name={value.icon} /></span>
                  <h3 className="card__title">{value.title}</h3>
                  <p className="card__text">{value.text}</p>
                </article>
              </Reveal>
            ))}
          </ul>
        </div>
      </section>

      <section className="section" aria-labelledby="about-cta-title">
        <Reveal className="section__inner about-cta">
          <h2 id="about-cta-title" className="section__title">See how we can help</h2>
          <p className="section__lead">Explore our services, or get in touch and we’ll reply the same business day.</p>
          <div className="section__actions">
            <Link to="/services" className="button button--dark">Explore Services</Link>
            <Link to="/contact-us" className="button button--outline">Contact Us</Link>
          </div>
        </Reveal>
      </section>
    </>
  );
}

import { Link } from "@tanstack/react-router";
import { useBusinessProfile } from "../../lib/business-profile-context.tsx";
import "../../ui/button.css";
import { Icon, type IconName } from "../../ui/icons.tsx";
import { PageHero } from "../../ui/page-hero.tsx";
import { Reveal } from "../../ui/reveal.tsx";
import "../../ui/section.css";
import { InquiryForm } from "./inquiry-form.tsx";
import "./commercial.css";

const INDUSTRIES: { icon: IconName; title: string; text: string }[] = [
  { icon: "building", title: "Offices", text: "Desks, meeting rooms, kitchens and bathrooms kept fresh for your team." },
  { icon: "school", title: "Schools & educational facilities", text: "Classrooms and shared spaces cleaned around the school day." },
  { icon: "cross", title: "Healthcare & aged care", text: "Careful, consistent cleaning for clinics, practices and care homes." },
  { icon: "bag", title: "Retail & showrooms", text: "Spotless floors, glass and counters before your doors open." },
  { icon: "warehouse", title: "Industrial & warehouses", text: "Amenities, offices and work areas cleaned to a routine." },
  { icon: "key", title: "Airbnb & short-term rentals", text: "Guest-ready turnovers with beds made and bathrooms sparkling." },
];

const PROCESS = [
  { title: "Tell us about your site", text: "Send the Get a Quote form below, or message us with the basics." },
  { title: "Walkthrough & quote", text: "We look at the space with you and send a clear, itemised quote." },
  { title: "A plan that fits", text: "We agree the tasks, the schedule and the team who will look after you." },
  { title: "Clean & check in", text: "Cleaning starts on your schedule, and we check in regularly." },
];

export function CommercialPage() {
  const profile = useBusinessProfile();
  return (
    <>
      <PageHero
        image={{ src: "/art/hero-office.svg", width: 1600, height: 900 }}
        heading="Commercial Cleaning"
        highlight="Cleaning"
        eyebrow="For businesses"
        headingId="commercial-title"
        size="tall"
        align="center"
      >
        <p>Reliable, insured cleaners for workplaces across {profile.addressLocality}, on a schedule that suits you.</p>
        <a href="#get-a-quote" className="button button--primary">Get a Quote</a>
      </PageHero>

      <section className="section" aria-labelledby="industries-title">
        <div className="section__inner">
          <div className="section__header">
            <p className="section__eyebrow">Industries served</p>
            <h2 id="industries-title" className="section__title">Cleaning for every kind of workplace</h2>
          </div>
          <ul className="card-grid card-grid--3">
            {INDUSTRIES.map((industry, i) => (
              <Reveal as="li" key={industry.title} delay={(i % 3) * 80}>
                <article className="card">
                  <span className="card__icon"><Icon name={industry.icon} /></span>
                  <h3 className="card__title">{industry.title}</h3>
                  <p className="card__text">{industry.text}</p>
                </article>
              </Reveal>
            ))}
          </ul>
        </div>
      </section>

      <section className="section section--tint" aria-labelledby="process-title">
        <div className="section__inner">
          <div className="section__header">
            <p className="section__eyebrow">Our process</p>
            <h2 id="process-title" className="section__title">Getting started in 4 steps</h2>
          </div>
          <ol className="step-list step-list--4">
            {PROCESS.map((step) => (
              <li key={step.title}>
                <h3>{step.title}</h3>
                <p>{step.text}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section className="section" id="get-a-quote" aria-labelledby="quote-title">
        <div className="section__inner commercial-quote">
          <div className="section__header">
            <p className="section__eyebrow">Commercial inquiry</p>
            <h2 id="quote-title" className="section__title">Get a Quote</h2>
            <p className="section__lead">
              Tell us about your site and we’ll get back to you the same business day. Prefer to chat? Email{" "}
              <a href={`mailto:${profile.email}`}>{profile.email}</a>.
            </p>
            <p className="section__lead">
              Looking for a home clean instead? <Link to="/services/domestic">See domestic cleaning</Link>.
            </p>
          </div>
          <InquiryForm />
        </div>
      </section>
    </>
  );
}

import { Link } from "@tanstack/react-router";
import "../../ui/button.css";
import { PageHero } from "../../ui/page-hero.tsx";
import { Reveal } from "../../ui/reveal.tsx";
import "../../ui/section.css";
import { FAQ_GROUPS } from "./faq-content.ts";
import "./faq.css";

export function FaqPage() {
  return (
    <>
      <PageHero
        image={{ src: "/art/hero-living.svg", width: 1600, height: 900 }}
        heading="Frequently Asked Questions"
        highlight="Questions"
        eyebrow="FAQ"
        headingId="faq-title"
        zoom={1.1}
      >
        <p>Everything you need to know about booking, payment and our service.</p>
      </PageHero>

      <div className="section">
        <div className="section__inner faq">
          <nav className="faq__jump" aria-label="FAQ topics">
            <ul>
              {FAQ_GROUPS.map((group) => (
                <li key={group.id}>
                  <a href={`#faq-${group.id}`}>{group.title}</a>
                </li>
              ))}
            </ul>
          </nav>
          <div className="faq__groups">
            {FAQ_GROUPS.map((group) => (
              <Reveal as="section" key={group.id} id={`faq-${group.id}`} aria-labelledby={`faq-${group.id}-title`} className="faq__group">
                <h2 id={`faq-${group.id}-title`} className="faq__group-title">{group.title}</h2>
                {group.items.map((item) => (
                  <details key={item.question} className="faq__item">
                    <summary>{item.question}</summary>
                    <p>{item.answer}</p>
                  </details>
                ))}
              </Reveal>
            ))}
            <div className="faq__more">
              <h2 className="faq__group-title">Still have a question?</h2>
              <p>Message or email us and we’ll reply the same business day.</p>
              <div className="section__actions">
                <Link to="/contact-us" className="button button--dark">Contact Us</Link>
                <Link to="/book-now" className="button button--primary">Book Now</Link>
              </div>
            </div>
          </div>
        </div>
      </div>
    </>
  );
}

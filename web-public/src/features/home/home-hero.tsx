import { Link } from "@tanstack/react-router";
import { useBusinessProfile } from "../../lib/business-profile-context.tsx";
import "../../ui/button.css";
import { useHeroSlides } from "./use-hero-slides.ts";
import "./home-hero.css";

/** Four background scenes, drawn in-house (public/art), so the hero makes no third-party request. */
export const HERO_SLIDES = [
  { src: "/art/hero-living.svg", label: "Living room" },
  { src: "/art/hero-kitchen.svg", label: "Kitchen" },
  { src: "/art/hero-office.svg", label: "Office" },
  { src: "/art/hero-bathroom.svg", label: "Bathroom" },
] as const;

export function HomeHero() {
  const profile = useBusinessProfile();
  const { index, goTo, paused, setPaused } = useHeroSlides(HERO_SLIDES.length);

  return (
    <section className="home-hero" aria-labelledby="home-hero-title">
      <div className="home-hero__slides" aria-hidden="true">
        {HERO_SLIDES.map((slide, i) => (
          <img
            key={slide.src}
            className={`home-hero__slide${i === index ? " is-active" : ""}`}
            src={slide.src}
            width={1600}
            height={900}
            alt=""
            decoding="async"
            fetchPriority={i === 0 ? "high" : "low"}
          />
        ))}
        <div className="home-hero__shade" />
      </div>
      <div className="home-hero__inner">
        <p className="home-hero__eyebrow">
          {profile.addressLocality} home &amp; commercial cleaning
        </p>
        <h1 id="home-hero-title" className="home-hero__title">
          Cleaning you can <span className="home-hero__highlight">count on</span>
        </h1>
        <p className="home-hero__lead">
          Insured, police-checked cleaners and eco-safe products. Pick your clean, see your price and book
          in under two minutes.
        </p>
        <div className="home-hero__actions">
          <Link to="/book-now" className="button button--primary">Book Now</Link>
          <Link to="/about-us" className="button button--ghost">About Us</Link>
        </div>
        <div className="home-hero__controls" role="group" aria-label="Background slides">
          {HERO_SLIDES.map((slide, i) => (
            <button
              key={slide.src}
              type="button"
              className="home-hero__dot"
              aria-label={`Show slide ${i + 1} of ${HERO_SLIDES.length}: ${slide.label}`}
              aria-current={i === index ? "true" : undefined}
              onClick={() => goTo(i)}
            >
              <span aria-hidden="true" />
            </button>
          ))}
          <button
            type="button"
            className="home-hero__pause"
            aria-pressed={paused}
            onClick={() => setPaused(!paused)}
          >
            {paused ? "Play slides" : "Pause slides"}
          </button>
        </div>
      </div>
    </section>
  );
}

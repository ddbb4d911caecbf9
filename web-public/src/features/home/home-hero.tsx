import { Link } from "@tanstack/react-router";
import { useBusinessProfile } from "../../lib/business-profile-context.tsx";
import "../../ui/button.css";
import "./home-hero.css";

export function HomeHero() {
  const profile = useBusinessProfile();
  return (
    <section className="home-hero" aria-labelledby="home-hero-title">
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
        <ul className="home-hero__trust">
          <li>Highly rated locals</li>
          <li>Fully insured</li>
          <li>Eco safe products</li>
        </ul>
      </div>
    </section>
  );
}

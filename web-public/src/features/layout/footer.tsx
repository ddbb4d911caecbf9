import { Link } from "@tanstack/react-router";
import { telHref, whatsappChatUrl } from "../../lib/business-profile.ts";
import { useBusinessProfile } from "../../lib/business-profile-context.tsx";
import { Logo } from "../../ui/logo.tsx";
import { SocialIcon } from "./social-icon.tsx";
import "./footer.css";

/**
 * The developer credit's address when it is a real web address: not blank, http(s), and not a
 * name reserved for examples (RFC 2606, like the demo's example.com); else null, and no link.
 */
export function developerCreditHref(url: string): string | null {
  try {
    const { protocol, hostname, href } = new URL(url);
    if (/^https?:$/.test(protocol) && !/(^|\.)(example(\.(com|net|org))?|invalid|localhost)\.?$|^[^.]*$/i.test(hostname)) {
      return href;
    }
  } catch {
    // Not an address at all.
  }
  return null;
}

export function Footer() {
  const profile = useBusinessProfile();
  const year = new Date().getFullYear();
  const credit = profile.developerCredit;
  const creditHref = developerCreditHref(credit.url);

  return (
    <footer className="footer">
      <div className="footer__inner">
        <div className="footer__brand">
          <a
            href={whatsappChatUrl(profile)}
            className="footer__logo"
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`Chat with ${profile.brandName} on WhatsApp to book a clean`}
          >
            <Logo brandName={profile.brandName} tone="light" />
          </a>
          <p className="footer__blurb">
            Homes, rentals and workplaces cleaned with care across {profile.addressLocality} and surrounding suburbs.
          </p>
        </div>

        <div className="footer__col">
          <h2 className="footer__heading">Get in touch</h2>
          <ul className="footer__list">
            <li>
              <a href={telHref(profile.phone)}>{profile.phone}</a>
            </li>
            <li>
              <a href={`mailto:${profile.email}`}>{profile.email}</a>
            </li>
            <li className="footer__muted">{profile.contactHours}</li>
          </ul>
        </div>

        <nav className="footer__col" aria-labelledby="footer-quick-menu">
          <h2 className="footer__heading" id="footer-quick-menu">Quick Menu</h2>
          <ul className="footer__list">
            <li>
              <Link to="/">Home</Link>
            </li>
            <li>
              <Link to="/about-us">About Us</Link>
            </li>
            <li>
              <Link to="/services">Services</Link>
            </li>
            <li>
              <Link to="/contact-us">Contact Us</Link>
            </li>
          </ul>
        </nav>

        <div className="footer__col">
          <h2 className="footer__heading">Follow us</h2>
          <ul className="footer__socials">
            {profile.socials.map((social) => (
              <li key={social.network}>
                <a href={social.url} target="_blank" rel="noopener noreferrer" aria-label={social.label}>
                  <SocialIcon network={social.network} />
                </a>
              </li>
            ))}
          </ul>
        </div>
      </div>

      <div className="footer__bottom">
        {/* Prerendered at build time: after New Year the client’s year differs, and that is expected. */}
        <p suppressHydrationWarning>© {year} {profile.brandName}</p>
        <nav aria-label="Legal">
          <ul className="footer__legal">
            <li>
              <Link to="/privacy">Privacy Policy</Link>
            </li>
            <li>
              <Link to="/terms">Terms</Link>
            </li>
          </ul>
        </nav>
        <p>
          {creditHref
            ? <a href={creditHref} target="_blank" rel="noopener noreferrer">{credit.label}</a>
            : credit.label}
        </p>
      </div>
    </footer>
  );
}

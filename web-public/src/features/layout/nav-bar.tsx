import { Link, useRouterState } from "@tanstack/react-router";
import {
  type FocusEvent as ReactFocusEvent,
  type KeyboardEvent as ReactKeyboardEvent,
  useEffect,
  useId,
  useRef,
  useState,
} from "react";
import { useBusinessProfile } from "../../lib/business-profile-context.tsx";
import { useScrolledPast } from "../../lib/use-scrolled-past.ts";
import { Logo } from "../../ui/logo.tsx";
import "../../ui/button.css";
import "./nav-bar.css";

/** public-site.md: the bar turns solid beyond 8 px of scroll. */
export const SOLID_AFTER_PX = 8;

export function NavBar({ forceSolid = false }: { forceSolid?: boolean }) {
  const profile = useBusinessProfile();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const scrolled = useScrolledPast(SOLID_AFTER_PX);
  const [menuOpen, setMenuOpen] = useState(false);
  const [servicesOpen, setServicesOpen] = useState(false);
  const servicesRef = useRef<HTMLLIElement>(null);
  const servicesToggleRef = useRef<HTMLButtonElement>(null);
  const burgerRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const servicesMenuId = useId();

  // Menus close on route change (adjusted while rendering, so no frame shows them open).
  const [menusPathname, setMenusPathname] = useState(pathname);
  if (menusPathname !== pathname) {
    setMenusPathname(pathname);
    setMenuOpen(false);
    setServicesOpen(false);
  }

  /*
   * In the open small-screen panel the submenu is part of the flow: collapsing it as a finger
   * presses a link below it slides that link away before the click lands (a tap on FAQ hit the
   * gap, one on Contact Us hit Book Now). There it stays open until the route changes.
   */

  // The services dropdown closes on a click or tap anywhere outside it (and outside the open panel).
  useEffect(() => {
    if (!servicesOpen) return;
    const onPointerDown = (event: Event) => {
      const target = event.target as Node;
      if (servicesRef.current?.contains(target)) return;
      if (menuOpen && menuRef.current?.contains(target)) return;
      setServicesOpen(false);
    };
    document.addEventListener("mousedown", onPointerDown);
    document.addEventListener("touchstart", onPointerDown, { passive: true });
    return () => {
      document.removeEventListener("mousedown", onPointerDown);
      document.removeEventListener("touchstart", onPointerDown);
    };
  }, [servicesOpen, menuOpen]);

  // Escape closes the innermost open menu and hands focus back to the button that opened it.
  useEffect(() => {
    if (!servicesOpen && !menuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      if (servicesOpen) {
        setServicesOpen(false);
        servicesToggleRef.current?.focus();
      } else {
        setMenuOpen(false);
        burgerRef.current?.focus();
      }
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [servicesOpen, menuOpen]);

  const solid = forceSolid || scrolled || menuOpen;

  const submenuLinks = () =>
    Array.from(servicesRef.current?.querySelectorAll<HTMLAnchorElement>(".nav__submenu a") ?? []);

  // Arrow keys open the dropdown and move between its links, as in a disclosure menu.
  const onServicesKeyDown = (event: ReactKeyboardEvent<HTMLLIElement>) => {
    if (event.key !== "ArrowDown" && event.key !== "ArrowUp") return;
    const onToggle = event.target === servicesToggleRef.current;
    const links = submenuLinks();
    const at = links.indexOf(event.target as HTMLAnchorElement);
    if (!onToggle && at < 0) return;
    event.preventDefault();
    if (onToggle) {
      setServicesOpen(true);
      // The links render on the next paint once the menu is open.
      requestAnimationFrame(() => {
        const fresh = submenuLinks();
        (event.key === "ArrowDown" ? fresh[0] : fresh[fresh.length - 1])?.focus();
      });
      return;
    }
    const next = event.key === "ArrowDown" ? at + 1 : at - 1;
    if (next < 0) servicesToggleRef.current?.focus();
    else links[Math.min(next, links.length - 1)]?.focus();
  };

  // Tabbing away from the dropdown closes it, like a click outside does. In the open panel a tap
  // moves focus to the link tapped, or (Safari, which focuses no link) to nothing: it stays open.
  const onServicesBlur = (event: ReactFocusEvent<HTMLLIElement>) => {
    const next = event.relatedTarget as Node | null;
    if (!servicesOpen || servicesRef.current?.contains(next)) return;
    if (menuOpen && (next === null || menuRef.current?.contains(next))) return;
    setServicesOpen(false);
  };

  return (
    <header className={`nav${solid ? " nav--solid" : ""}${menuOpen ? " nav--open" : ""}`}>
      <nav className="nav__inner" aria-label="Main">
        <Link to="/" className="nav__brand" aria-label={`${profile.brandName}, home`}>
          <Logo brandName={profile.brandName} tone={solid ? "dark" : "light"} />
        </Link>

        <button
          ref={burgerRef}
          type="button"
          className="nav__burger"
          aria-label={menuOpen ? "Close menu" : "Open menu"}
          aria-expanded={menuOpen}
          aria-controls={menuId}
          onClick={() => setMenuOpen((open) => !open)}
        >
          <span className="nav__burger-bar" />
          <span className="nav__burger-bar" />
          <span className="nav__burger-bar" />
        </button>

        <div id={menuId} ref={menuRef} className={`nav__menu${menuOpen ? " is-open" : ""}`}>
          <ul className="nav__links">
            <li>
              <Link to="/" className="nav__link" activeOptions={{ exact: true }}>Home</Link>
            </li>
            <li>
              <Link to="/about-us" className="nav__link">About Us</Link>
            </li>
            <li className="nav__dropdown" ref={servicesRef} onKeyDown={onServicesKeyDown} onBlur={onServicesBlur}>
              <Link to="/services" className="nav__link">Services</Link>
              <button
                ref={servicesToggleRef}
                type="button"
                className="nav__dropdown-toggle"
                aria-label="Services menu"
                aria-expanded={servicesOpen}
                aria-controls={servicesMenuId}
                onClick={() => setServicesOpen((open) => !open)}
              >
                <svg viewBox="0 0 20 20" aria-hidden="true" focusable="false">
                  <path d="M5 7.5l5 5 5-5" />
                </svg>
              </button>
              <ul id={servicesMenuId} className="nav__submenu" hidden={!servicesOpen}>
                <li>
                  <Link to="/services/commercial" className="nav__sublink">Commercial Cleaning</Link>
                </li>
                <li>
                  <Link to="/services/domestic" className="nav__sublink">Domestic Cleaning</Link>
                </li>
              </ul>
            </li>
            <li>
              <Link to="/faq" className="nav__link">FAQ</Link>
            </li>
            <li>
              <Link to="/contact-us" className="nav__link">Contact Us</Link>
            </li>
          </ul>
          <Link to="/book-now" className="button button--primary nav__cta">Book Now</Link>
        </div>
      </nav>
    </header>
  );
}

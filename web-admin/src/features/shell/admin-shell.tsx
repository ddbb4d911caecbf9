import { Link, useRouterState } from "@tanstack/react-router";
import { type ReactNode, useId, useState } from "react";
import type { SessionUser } from "@yarra/api/client/types.ts";
import "./admin-shell.css";

interface NavLink {
  to: string;
  label: string;
  superadminOnly?: boolean;
}

// The office runs its day from the Schedule, so it leads; the index still shows Services.
const NAV_LINKS: NavLink[] = [
  { to: "/schedule", label: "Schedule" },
  { to: "/", label: "Services" },
  { to: "/extras", label: "Extras" },
  { to: "/frequencies", label: "Frequencies" },
  { to: "/questions", label: "Questions" },
  { to: "/bookings", label: "Bookings" },
  { to: "/series", label: "Regular cleans" },
  { to: "/customers", label: "Customers" },
  { to: "/team", label: "Team" },
  { to: "/timesheets", label: "Timesheets" },
  { to: "/inquiries", label: "Inquiries" },
  { to: "/reports", label: "Reports" },
  { to: "/settings", label: "Settings" },
  { to: "/admins", label: "Admins", superadminOnly: true },
  { to: "/audit", label: "Audit log", superadminOnly: true },
];

/** The signed-in frame: top bar with the user and Logout, side bar with the staff screens. */
export function AdminShell(
  { user, onLogout, children }: { user: SessionUser; onLogout: () => void; children: ReactNode },
) {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  // The small-screen navigation is open on the page where it was opened: choosing a page closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const navOpen = openOn === pathname;
  const navId = useId();

  const links = NAV_LINKS.filter((link) => !link.superadminOnly || user.role === "superadmin");

  return (
    <div className="admin-shell">
      <a className="admin-skip" href="#admin-main">Skip to content</a>
      <header className="admin-topbar">
        <button
          type="button"
          className="admin-topbar__burger"
          aria-label={navOpen ? "Close navigation" : "Open navigation"}
          aria-expanded={navOpen}
          aria-controls={navId}
          onClick={() => setOpenOn(navOpen ? null : pathname)}
        >
          <span />
          <span />
          <span />
        </button>
        <span className="admin-topbar__title">Staff area</span>
        <div className="admin-topbar__user">
          <span className="admin-topbar__email">{user.email}</span>
          <span className="admin-chip">{user.role || "admin"}</span>
        </div>
        <button type="button" className="admin-button admin-button--ghost" onClick={onLogout}>
          Logout
        </button>
      </header>
      <nav id={navId} className={`admin-sidebar${navOpen ? " is-open" : ""}`} aria-label="Staff screens">
        <ul>
          {links.map((link) => (
            <li key={link.to}>
              <Link to={link.to} className="admin-sidebar__link" activeOptions={{ exact: true }}>
                {link.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <main id="admin-main" className="admin-main" tabIndex={-1}>
        {children}
      </main>
    </div>
  );
}

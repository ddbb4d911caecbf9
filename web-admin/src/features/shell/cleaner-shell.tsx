import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import type { BusinessProfileDto, SessionUser } from "@yarra/api/client/types.ts";
import { api } from "../../lib/api.ts";
import "./admin-shell.css";
import "./cleaner-shell.css";

export const CLEANER_SHELL_TEXT = { logout: "Log out" } as const;

/** The business's brand for the top bar: the public profile (a cleaner reaches no staff settings). */
const businessQuery = {
  queryKey: ["business-profile"],
  queryFn: ({ signal }: { signal: AbortSignal }) => api.get<BusinessProfileDto>("/api/business", { signal }),
  staleTime: Infinity,
} as const;

/**
 * A cleaner's frame (issue 31): the business, who is signed in and Log out over their one screen,
 * My jobs. No staff navigation: the staff screens are not theirs.
 */
export function CleanerShell({ user, onLogout, children }: { user: SessionUser; onLogout: () => void; children: ReactNode }) {
  const business = useQuery(businessQuery);
  return (
    <div className="cleaner-shell">
      <a className="admin-skip" href="#admin-main">Skip to content</a>
      <header className="admin-topbar cleaner-topbar">
        <div className="cleaner-topbar__who">
          <span className="cleaner-topbar__brand">{business.data?.brandName ?? ""}</span>
          <span className="cleaner-topbar__name">{user.name || user.email}</span>
        </div>
        <button type="button" className="admin-button admin-button--ghost cleaner-topbar__logout" onClick={onLogout}>
          {CLEANER_SHELL_TEXT.logout}
        </button>
      </header>
      <main id="admin-main" className="cleaner-main" tabIndex={-1}>
        {children}
      </main>
    </div>
  );
}

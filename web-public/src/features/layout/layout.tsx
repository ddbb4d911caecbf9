import { useRouterState } from "@tanstack/react-router";
import { type ReactNode, useRef } from "react";
import "../../lib/route-static-data.ts";
import { Footer } from "./footer.tsx";
import { NavBar } from "./nav-bar.tsx";
import { useRouteChangeFocus } from "./use-route-change-focus.ts";
import "./layout.css";

/** The public pages' shared frame: skip link, navigation bar, main area and footer. */
export function Layout({ children }: { children: ReactNode }) {
  const forceSolid = useRouterState({
    select: (state) => state.matches.some((match) => match.staticData?.solidNav === true),
  });
  const mainRef = useRef<HTMLElement>(null);
  useRouteChangeFocus(mainRef);

  return (
    <div className="layout">
      <a className="skip-link" href="#main">Skip to main content</a>
      <NavBar forceSolid={forceSolid} />
      <main id="main" ref={mainRef} tabIndex={-1} className="layout__main">
        {children}
      </main>
      <Footer />
    </div>
  );
}

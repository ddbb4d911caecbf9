import { getRouteApi, Link } from "@tanstack/react-router";
import { type LegalPage, legalPage, type LegalPageName } from "@yarra/core/settings/legal-pages.ts";
import { api } from "../../lib/api.ts";
import { useBusinessProfile } from "../../lib/business-profile-context.tsx";
import { type Loadable, loadable, useLoadable } from "../../lib/loadable.ts";
import "./legal.css";

/** The route's loader: the server's wording (GET /api/legal/{page}), started, not awaited. */
export const loadLegalPage = (page: LegalPageName) => ({
  page: loadable(api.get<LegalPage>(`/api/legal/${page}`)),
});

const MONTHS = [
  "January", "February", "March", "April", "May", "June",
  "July", "August", "September", "October", "November", "December",
];

/** '2026-11-23' -> '23 November 2026', the same in the prerender and every browser. */
export function formatLegalDate(ymd: string): string {
  const [year, month, day] = ymd.split("-").map(Number);
  return MONTHS[month - 1] ? `${day} ${MONTHS[month - 1]} ${year}` : ymd;
}

const OTHER_PAGE = { privacy: { to: "/terms", label: "Terms and Conditions" }, terms: { to: "/privacy", label: "Privacy Policy" } } as const;

/**
 * One legal page. Until the server's answer arrives (and in the prerendered HTML, and if it never
 * does) it shows core's default wording for the page's business profile, which is what the
 * server sends unless its profile differs.
 */
function LegalPageView({ name, source }: { name: LegalPageName; source: Loadable<LegalPage> }) {
  const profile = useBusinessProfile();
  const state = useLoadable(source);
  const page = state.status === "ready" ? state.value : legalPage(name, profile);
  const other = OTHER_PAGE[name];

  return (
    <article className="legal" aria-labelledby="legal-title">
      <header className="legal__header">
        <p className="legal__eyebrow">{profile.brandName}</p>
        <h1 id="legal-title" className="legal__title">{page.title}</h1>
        <p className="legal__updated">
          Last updated <time dateTime={page.lastUpdated}>{formatLegalDate(page.lastUpdated)}</time>
        </p>
      </header>
      {page.sections.map((section, index) => (
        <section key={section.heading} className="legal__section" aria-labelledby={`legal-section-${index + 1}`}>
          <h2 id={`legal-section-${index + 1}`}>{section.heading}</h2>
          {section.paragraphs.map((paragraph) => <p key={paragraph}>{paragraph}</p>)}
        </section>
      ))}
      <p className="legal__see-also">
        See also our <Link to={other.to}>{other.label}</Link>.
      </p>
    </article>
  );
}

const privacy = getRouteApi("/site/privacy");
const terms = getRouteApi("/site/terms");

export function PrivacyPage() {
  return <LegalPageView name="privacy" source={privacy.useLoaderData().page} />;
}

export function TermsPage() {
  return <LegalPageView name="terms" source={terms.useLoaderData().page} />;
}

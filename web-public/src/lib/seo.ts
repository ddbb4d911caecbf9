/**
 * What search engines and link previews read from each public page: title, description,
 * canonical URL, Open Graph basics and the business's LocalBusiness JSON-LD. Pure functions:
 * the prerender step writes them into the HTML and head-sync applies them on navigation.
 */
import type { BusinessProfile } from "@yarra/core/settings/types.ts";

/** Per-route head data, kept in the route definition's `staticData.seo`. */
export interface PageSeo {
  /** The whole <title>; `withBrand` gives the usual 'Page · Brand'. */
  title: (profile: BusinessProfile) => string;
  description: (profile: BusinessProfile) => string;
  /** Pages that must stay out of search results ('Not found'). */
  noindex?: boolean;
}

export interface HeadTags {
  title: string;
  description: string;
  /** Absolute; absent on pages that are not indexed. */
  canonical?: string;
  robots?: string;
  /** Open Graph and Twitter card, by property name. */
  social: [property: string, content: string][];
  localBusiness: Record<string, unknown>;
}

/** Stands in for the site's origin in prerendered HTML; the API swaps in the real one. */
export const SITE_ORIGIN_PLACEHOLDER = "__SITE_ORIGIN__";

export const withBrand = (page: string) => (profile: BusinessProfile) => `${page} · ${profile.brandName}`;

/** The head of one page for one profile, origin and canonical path (a route's full path). */
export function buildHead(
  seo: PageSeo | undefined,
  profile: BusinessProfile,
  origin: string,
  canonicalPath: string,
): HeadTags {
  const title = seo ? seo.title(profile) : profile.brandName;
  const description = seo
    ? seo.description(profile)
    : `${profile.brandName}: home and commercial cleaning in ${profile.addressLocality}.`;
  const noindex = seo?.noindex === true;
  const canonical = noindex ? undefined : `${origin}${canonicalPath === "/" ? "/" : canonicalPath.replace(/\/$/, "")}`;
  const social: [string, string][] = [
    ["og:type", "website"],
    ["og:site_name", profile.brandName],
    ["og:locale", "en_AU"],
    ["og:title", title],
    ["og:description", description],
  ];
  if (canonical) social.push(["og:url", canonical]);
  social.push(["og:image", `${origin}/apple-touch-icon.png`], ["twitter:card", "summary"]);
  return {
    title,
    description,
    canonical,
    robots: noindex ? "noindex" : undefined,
    social,
    localBusiness: localBusinessJsonLd(profile, origin),
  };
}

/** E.164 for schema.org: a local 0 number becomes +61. */
function internationalPhone(phone: string): string {
  const digits = phone.replace(/[^\d+]/g, "");
  return digits.startsWith("0") ? `+61${digits.slice(1)}` : digits;
}

/** 'Mon–Sun 8:00am–5:00pm' -> ['08:00', '17:00']; the spec's hours when it does not parse. */
export function openingTimes(contactHours: string): [opens: string, closes: string] {
  const times = [...contactHours.matchAll(/(\d{1,2})(?::(\d{2}))?\s*(am|pm)/gi)].map((m) => {
    const hour = (Number(m[1]) % 12) + (m[3].toLowerCase() === "pm" ? 12 : 0);
    return `${String(hour).padStart(2, "0")}:${m[2] ?? "00"}`;
  });
  return times.length === 2 ? [times[0], times[1]] : ["08:00", "17:00"];
}

const WEEK = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];

/** schema.org HouseCleaning (a LocalBusiness) from the business profile. */
export function localBusinessJsonLd(profile: BusinessProfile, origin: string): Record<string, unknown> {
  const [opens, closes] = openingTimes(profile.contactHours);
  return {
    "@context": "https://schema.org",
    "@type": "HouseCleaning",
    "@id": `${origin}/#business`,
    name: profile.brandName,
    legalName: profile.legalName,
    url: `${origin}/`,
    logo: `${origin}/apple-touch-icon.png`,
    image: `${origin}/apple-touch-icon.png`,
    telephone: internationalPhone(profile.phone),
    email: profile.email,
    foundingDate: String(profile.foundedYear),
    address: {
      "@type": "PostalAddress",
      addressLocality: profile.addressLocality,
      addressRegion: profile.addressRegion,
      addressCountry: "AU",
    },
    areaServed: profile.councils.map((council) => ({ "@type": "AdministrativeArea", name: council.name })),
    openingHours: `Mo-Su ${opens}-${closes}`,
    openingHoursSpecification: [{ "@type": "OpeningHoursSpecification", dayOfWeek: WEEK, opens, closes }],
    sameAs: profile.socials.map((social) => social.url),
  };
}

/** JSON for a <script> element: '<' escaped so no text can close the element early. */
export const jsonForScript = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c");

const escapeAttribute = (value: string) =>
  value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** The tags the prerender step writes into a page's <head>, besides <title> and description. */
export function renderHeadExtras(head: HeadTags): string {
  const lines: string[] = [];
  if (head.canonical) lines.push(`<link rel="canonical" href="${escapeAttribute(head.canonical)}" />`);
  if (head.robots) lines.push(`<meta name="robots" content="${escapeAttribute(head.robots)}" />`);
  for (const [property, content] of head.social) {
    const key = property.startsWith("twitter:") ? "name" : "property";
    lines.push(`<meta ${key}="${property}" content="${escapeAttribute(content)}" />`);
  }
  lines.push(`<script type="application/ld+json" id="ld-local-business">${jsonForScript(head.localBusiness)}</script>`);
  return lines.join("\n    ");
}

export function renderTitle(head: HeadTags): string {
  return `<title>${escapeAttribute(head.title)}</title>`;
}

export function renderDescription(head: HeadTags): string {
  return `<meta name="description" content="${escapeAttribute(head.description)}" />`;
}

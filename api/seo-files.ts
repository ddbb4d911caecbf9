/**
 * robots.txt and sitemap.xml for the public site, built per request from the site's origin
 * (the configured site URL, else the origin the request came to).
 */

/** public-site.md section 2: the eight public pages, in the spec's order. */
export const PUBLIC_PAGES = [
  "/",
  "/about-us",
  "/services",
  "/services/commercial",
  "/services/domestic",
  "/faq",
  "/contact-us",
  "/book-now",
  "/privacy",
  "/terms",
] as const;

const escapeXml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** An origin with no trailing slash, e.g. https://yarrashine.com.au. */
export const originOf = (siteUrl: string) => new URL(siteUrl).origin;

export function sitemapXml(origin: string): string {
  const urls = PUBLIC_PAGES.map((path) =>
    `  <url><loc>${escapeXml(`${origin}${path}`)}</loc><changefreq>${
      path === "/book-now" ? "weekly" : "monthly"
    }</changefreq><priority>${path === "/" ? "1.0" : path === "/book-now" ? "0.9" : "0.7"}</priority></url>`
  );
  return [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">`,
    ...urls,
    `</urlset>`,
    "",
  ].join("\n");
}

/** Staff pages and the API stay out of search engines; the sitemap is named. */
export function robotsTxt(origin: string): string {
  return [
    "User-agent: *",
    "Allow: /",
    "Disallow: /admin",
    "Disallow: /admin-app/",
    "Disallow: /api/",
    "",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ].join("\n");
}

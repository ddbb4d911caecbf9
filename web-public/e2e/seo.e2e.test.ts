import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser, watchErrors } from "./browser.ts";

const baseUrl = inject("baseUrl");
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The marketing pages, prerendered at build time; /book-now's HTML is its first paint. */
const PRERENDERED = [
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
];

const decodeEntities = (text: string) =>
  text.replace(/&amp;/g, "&").replace(/&#x27;|&#39;/g, "'").replace(/&quot;/g, '"').replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">").replace(/&nbsp;/g, "\u00a0");
const textOf = (html: string) => decodeEntities(html.replace(/<!--.*?-->/g, "").replace(/<[^>]+>/g, "")).trim();

async function rawHtml(path: string) {
  const res = await fetch(baseUrl + path);
  return { status: res.status, type: res.headers.get("content-type") ?? "", html: await res.text() };
}

describe("findable: what a crawler gets without running JavaScript", () => {
  it("each public page's HTML has its own title, description, canonical URL and its h1", async () => {
    const titles = new Set<string>();
    for (const path of PRERENDERED) {
      const { status, html } = await rawHtml(path);
      expect(status, path).toBe(200);
      const title = textOf(html.match(/<title>([^<]*)<\/title>/)?.[1] ?? "");
      expect(title, path).toMatch(/Yarra Shine Cleaning/);
      titles.add(title);
      expect(html, path).toMatch(/<meta name="description" content="[^"]{50,}"/);
      const canonical = html.match(/<link rel="canonical" href="([^"]+)"/)?.[1];
      expect(canonical, path).toBe(`${baseUrl}${path}`);
      expect(html, path).toMatch(new RegExp(`<meta property="og:url" content="${baseUrl}${path}"`));
      const rawH1 = html.match(/<h1[^>]*>([\s\S]*?)<\/h1>/)?.[1];
      expect(rawH1, `${path} has an h1 in its HTML`).toBeTruthy();

      // The page as the browser shows it: the same title, the same h1, and no console errors
      // (React reports hydration mismatches as console errors).
      const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      const errors = watchErrors(page);
      await page.goto(baseUrl + path, { waitUntil: "networkidle" });
      expect(await page.title(), path).toBe(title);
      const liveH1 = (await page.locator("h1").first().textContent())?.trim();
      expect(textOf(rawH1!), path).toBe(liveH1);
      expect(errors, path).toEqual([]);
      await page.close();
    }
    expect(titles.size).toBe(PRERENDERED.length);
  });

  it("a route matched in another case gets the same page, canonical to the lower-case URL", async () => {
    const { status, html } = await rawHtml("/About-Us");
    expect(status).toBe(200);
    expect(html).toMatch(new RegExp(`<link rel="canonical" href="${baseUrl}/about-us"`));
  });

  it("/ carries the business as LocalBusiness JSON-LD", async () => {
    const { html } = await rawHtml("/");
    const json = html.match(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/)?.[1];
    expect(json).toBeTruthy();
    const business = JSON.parse(json!);
    expect(business["@context"]).toBe("https://schema.org");
    expect(business["@type"]).toBe("HouseCleaning");
    expect(business.name).toBe("Yarra Shine Cleaning");
    expect(business.telephone).toBe("+61412345678");
    expect(business.email).toBe("hello@yarrashine.com.au");
    expect(business.url).toBe(`${baseUrl}/`);
    expect(business.address).toMatchObject({ addressLocality: "Melbourne", addressRegion: "VIC", addressCountry: "AU" });
    expect(business.openingHours).toBe("Mo-Su 08:00-17:00");
    expect(business.areaServed).toHaveLength(12);
    expect(business.areaServed[0]).toEqual({ "@type": "AdministrativeArea", name: "City of Melbourne" });
  });

  it("unknown paths answer 404, marked noindex once the page runs", async () => {
    const page = await browser.newPage();
    const response = await page.goto(baseUrl + "/no-such-page", { waitUntil: "networkidle" });
    expect(response?.status()).toBe(404);
    expect(await page.title()).toBe("Not found · Yarra Shine Cleaning");
    expect(await page.locator('meta[name="robots"]').getAttribute("content")).toBe("noindex");
    expect(await page.locator('link[rel="canonical"]').count()).toBe(0);
    await page.close();
  });

  it("serves sitemap.xml with the eight public pages as absolute URLs", async () => {
    const { status, type, html: xml } = await rawHtml("/sitemap.xml");
    expect(status).toBe(200);
    expect(type).toMatch(/^application\/xml/);
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual(PRERENDERED.map((path) => `${baseUrl}${path}`));
  });

  it("serves robots.txt that keeps crawlers out of the staff area and the API", async () => {
    const { status, type, html: text } = await rawHtml("/robots.txt");
    expect(status).toBe(200);
    expect(type).toMatch(/^text\/plain/);
    expect(text).toMatch(/^User-agent: \*$/m);
    expect(text).toMatch(/^Disallow: \/admin$/m);
    expect(text).toMatch(/^Disallow: \/api\/$/m);
    expect(text).toContain(`Sitemap: ${baseUrl}/sitemap.xml`);
  });
});

describe("the head follows client-side navigation", () => {
  it("updates the title, description and canonical URL without a page load", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors = watchErrors(page);
    await page.goto(baseUrl + "/", { waitUntil: "networkidle" });
    const home = await page.title();
    expect(home).toBe("Yarra Shine Cleaning · Home & Commercial Cleaning in Melbourne");
    // A marker on window survives only if no full page load happens.
    await page.evaluate(() => ((window as unknown as { spa: boolean }).spa = true));

    const nav = page.getByRole("navigation", { name: "Main" });
    await nav.getByRole("link", { name: "FAQ", exact: true }).click();
    await page.waitForURL(/\/faq$/);
    await expect.poll(() => page.title()).toBe("FAQ · Yarra Shine Cleaning");
    expect(await page.locator('link[rel="canonical"]').getAttribute("href")).toBe(`${baseUrl}/faq`);
    expect(await page.locator('meta[name="description"]').getAttribute("content")).toMatch(/^Answers about booking/);

    await nav.getByRole("link", { name: "Contact Us", exact: true }).click();
    await page.waitForURL(/\/contact-us$/);
    await expect.poll(() => page.title()).toBe("Contact Us · Yarra Shine Cleaning");
    expect(await page.locator('meta[property="og:url"]').getAttribute("content")).toBe(`${baseUrl}/contact-us`);

    await page.goBack();
    await expect.poll(() => page.title()).toBe("FAQ · Yarra Shine Cleaning");
    expect(await page.evaluate(() => (window as unknown as { spa?: boolean }).spa)).toBe(true);
    // One JSON-LD block, kept across navigation.
    expect(await page.locator('script[type="application/ld+json"]').count()).toBe(1);
    expect(errors).toEqual([]);
    await page.close();
  });
});

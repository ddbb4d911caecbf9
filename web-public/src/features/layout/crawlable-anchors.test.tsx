import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { prerenderPaths, renderPage } from "../../entry-server.tsx";
import { server } from "../../test/server.ts";

/**
 * Lighthouse 12.8.2's crawlable-anchors rule (core/audits/seo/crawlable-anchors.js), for one <a>.
 * React listens at the root, so every anchor counts as having a listener: one without an href fails.
 */
function uncrawlable(anchor: HTMLAnchorElement): boolean {
  const rawHref = (anchor.getAttribute("href") ?? "").replace(/\s/g, "");
  if ((anchor.getAttribute("role") ?? "").trim()) return false;
  if (rawHref.startsWith("mailto:")) return false;
  if (rawHref === "" && anchor.id) return false;
  if (rawHref.startsWith("file:")) return true;
  if ((anchor.getAttribute("name") ?? "").trim()) return false;
  // Without href: a placeholder that fails once it has a listener, and `href === ""` when it
  // carries target, rel or the like. Either way, a failure here.
  if (!anchor.hasAttribute("href")) return true;
  if (/javascript:void(\(|)0(\)|)/.test(rawHref)) return true;
  try {
    new URL(rawHref, "https://yarrashine.com.au/book-now");
    return false;
  } catch {
    return true;
  }
}

describe("crawlable anchors (Lighthouse SEO)", () => {
  it("every link of every prerendered page has somewhere to go", async () => {
    // The prerender never waits for the API (lib/loadable.ts): the loaders' calls may fail.
    server.use(http.get("/api/*", () => HttpResponse.json({ error: "offline", code: "INTERNAL_ERROR" }, { status: 503 })));
    const failing: string[] = [];
    for (const path of prerenderPaths()) {
      const { appHtml } = await renderPage(path);
      const page = new DOMParser().parseFromString(`<!doctype html><body>${appHtml}</body>`, "text/html");
      const anchors = Array.from(page.querySelectorAll("a"));
      expect(anchors.length, path).toBeGreaterThan(5);
      for (const anchor of anchors) if (uncrawlable(anchor)) failing.push(`${path}: ${anchor.outerHTML.slice(0, 160)}`);
    }
    expect(failing).toEqual([]);
  });

  it("the rule catches what Lighthouse fails", () => {
    const anchor = (html: string) => {
      const holder = document.createElement("div");
      holder.innerHTML = html;
      return holder.querySelector("a")!;
    };
    expect(uncrawlable(anchor('<a target="_blank" rel="noopener noreferrer">Made by</a>'))).toBe(true);
    expect(uncrawlable(anchor("<a>Review</a>"))).toBe(true);
    expect(uncrawlable(anchor('<a href="javascript:void(0)">x</a>'))).toBe(true);
    expect(uncrawlable(anchor('<a href="#booking-review">Review</a>'))).toBe(false);
    expect(uncrawlable(anchor('<a href="tel:+61412345678">Call</a>'))).toBe(false);
  });
});

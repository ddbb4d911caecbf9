import { screen, waitFor, within } from "@testing-library/react";
import { DEMO_BUSINESS_PROFILE } from "@yarra/core/settings/demo-business-profile.ts";
import { LEGAL_PAGES_LAST_UPDATED, type LegalPage, legalPage } from "@yarra/core/settings/legal-pages.ts";
import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { prerenderPaths, renderPage } from "../../entry-server.tsx";
import { renderApp } from "../../test/render-app.tsx";
import { server, TEST_PROFILE } from "../../test/server.ts";
import { formatLegalDate } from "./legal-page.tsx";

/** What the server might send once staff change the wording: unlike core's default. */
const SERVED: LegalPage = {
  page: "privacy",
  title: "Privacy Policy",
  lastUpdated: "2027-02-01",
  sections: [{ heading: "Served by the API", paragraphs: ["This wording came from GET /api/legal/privacy."] }],
};

const main = () => within(screen.getByRole("main"));

describe("legal pages", () => {
  it("/privacy shows the server's page once it arrives", async () => {
    const asked: string[] = [];
    server.use(http.get("/api/legal/:page", ({ params }) => {
      asked.push(String(params.page));
      return HttpResponse.json(SERVED);
    }));
    await renderApp("/privacy");
    expect(await main().findByRole("heading", { level: 2, name: "Served by the API" })).toBeTruthy();
    expect(main().getByRole("heading", { level: 1 }).textContent).toBe("Privacy Policy");
    expect(main().getByText("This wording came from GET /api/legal/privacy.")).toBeTruthy();
    const updated = main().getByText("1 February 2027");
    expect(updated.tagName).toBe("TIME");
    expect(updated.getAttribute("datetime")).toBe("2027-02-01");
    expect(asked).toEqual(["privacy"]);
  });

  it("/terms shows the default wording for the live profile when the API cannot answer", async () => {
    server.use(http.get("/api/legal/:page", () => HttpResponse.json({ error: "down", code: "INTERNAL_ERROR" }, { status: 500 })));
    await renderApp("/terms");
    const expected = legalPage("terms", TEST_PROFILE);
    await waitFor(() => expect(main().getByText(expected.sections.at(-1)!.paragraphs[0])).toBeTruthy());
    expect(main().getByRole("heading", { level: 1 }).textContent).toBe("Terms and Conditions");
    expect(main().getAllByRole("heading", { level: 2 }).map((h) => h.textContent)).toEqual(
      expected.sections.map((section) => section.heading),
    );
    expect(main().getByText(`Questions about these terms or a booking: e-mail ${TEST_PROFILE.email} or call ${TEST_PROFILE.phone} (${TEST_PROFILE.contactHours}).`)).toBeTruthy();
    expect(main().getByText(formatLegalDate(LEGAL_PAGES_LAST_UPDATED))).toBeTruthy();
    expect(main().getByRole("link", { name: "Privacy Policy" }).getAttribute("href")).toBe("/privacy");
  });

  it("sets the page's title and description", async () => {
    server.use(http.get("/api/legal/:page", ({ params }) => HttpResponse.json(legalPage(params.page as "privacy", TEST_PROFILE))));
    await renderApp("/privacy");
    await waitFor(() => expect(document.title).toBe(`Privacy Policy · ${TEST_PROFILE.brandName}`));
    expect(document.querySelector('meta[name="description"]')?.getAttribute("content")).toContain(
      `How ${TEST_PROFILE.brandName} collects, uses, stores and protects your personal information`,
    );
    expect(document.querySelector('link[rel="canonical"]')?.getAttribute("href")).toBe(`${window.location.origin}/privacy`);
  });

  it("the footer links to both pages, and they open", async () => {
    server.use(http.get("/api/legal/:page", ({ params }) => HttpResponse.json(legalPage(params.page as "privacy", TEST_PROFILE))));
    const { user, router } = await renderApp("/");
    const legal = within(screen.getByRole("navigation", { name: "Legal" }));
    await user.click(legal.getByRole("link", { name: "Privacy Policy" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/privacy"));
    expect(await main().findByRole("heading", { level: 1, name: "Privacy Policy" })).toBeTruthy();
    await user.click(within(screen.getByRole("navigation", { name: "Legal" })).getByRole("link", { name: "Terms" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/terms"));
    expect(await main().findByRole("heading", { level: 1, name: "Terms and Conditions" })).toBeTruthy();
  });

  it("are prerendered with the demo profile, with their own head", async () => {
    server.use(http.get("/api/legal/:page", () => HttpResponse.json(SERVED)));
    expect(prerenderPaths()).toEqual(expect.arrayContaining(["/privacy", "/terms"]));
    for (const path of ["/privacy", "/terms"] as const) {
      const name = path === "/privacy" ? "privacy" : "terms";
      const page = await renderPage(path);
      const expected = legalPage(name, DEMO_BUSINESS_PROFILE);
      expect(page.headHtml.title).toBe(`<title>${expected.title} · ${DEMO_BUSINESS_PROFILE.brandName}</title>`);
      expect(page.headHtml.description).toMatch(/^<meta name="description" content="[^"]{80,160}" \/>$/);
      expect(page.headHtml.extras).toContain(`<link rel="canonical" href="__SITE_ORIGIN__${path}" />`);
      expect(page.appHtml).toContain(`<h1 id="legal-title" class="legal__title">${expected.title}</h1>`);
      for (const section of expected.sections) expect(page.appHtml).toContain(`>${section.heading}</h2>`);
      expect(page.appHtml).toContain(DEMO_BUSINESS_PROFILE.email);
      // The prerender never waits for the API: the HTML is the default wording, as hydration expects.
      expect(page.appHtml).not.toContain("Served by the API");
    }
  });
});

describe("formatLegalDate", () => {
  it("writes the date in words, whatever the time zone", () => {
    expect(formatLegalDate("2026-11-23")).toBe("23 November 2026");
    expect(formatLegalDate("2027-01-01")).toBe("1 January 2027");
    expect(formatLegalDate("not a date")).toBe("not a date");
  });
});

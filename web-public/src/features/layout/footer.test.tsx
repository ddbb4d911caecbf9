import { screen, waitFor, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { DEMO_BUSINESS_PROFILE } from "@yarra/core/settings/demo-business-profile.ts";
import { renderApp } from "../../test/render-app.tsx";
import { server, TEST_PROFILE } from "../../test/server.ts";
import { developerCreditHref } from "./footer.tsx";

const footer = () => screen.getByRole("contentinfo");

describe("Footer", () => {
  it("shows the business profile from GET /api/business", async () => {
    await renderApp("/");
    const inFooter = within(footer());
    expect(await inFooter.findByRole("link", { name: TEST_PROFILE.phone })).toBeTruthy();
    expect(inFooter.getByRole("link", { name: TEST_PROFILE.phone }).getAttribute("href")).toBe("tel:+61390001234");
    expect(inFooter.getByRole("link", { name: TEST_PROFILE.email }).getAttribute("href")).toBe(
      `mailto:${TEST_PROFILE.email}`,
    );

    const chat = inFooter.getByRole("link", { name: /on WhatsApp to book a clean/ });
    expect(chat.getAttribute("href")).toBe("https://wa.me/61400111222?text=Hello%2C%20please%20book%20a%20clean");

    const year = new Date().getFullYear();
    expect(inFooter.getByText(`© ${year} Test Sparkle Co`)).toBeTruthy();
    expect(inFooter.getByRole("link", { name: "Made by Test Devs" }).getAttribute("href")).toBe("https://devs.test/");
  });

  it("lists the Quick Menu and four social links", async () => {
    await renderApp("/");
    const quick = within(screen.getByRole("navigation", { name: "Quick Menu" }));
    expect(quick.getAllByRole("link").map((link) => [link.textContent, link.getAttribute("href")])).toEqual([
      ["Home", "/"],
      ["About Us", "/about-us"],
      ["Services", "/services"],
      ["Contact Us", "/contact-us"],
    ]);
    const inFooter = within(footer());
    await inFooter.findByRole("link", { name: TEST_PROFILE.email });
    for (const social of TEST_PROFILE.socials) {
      const link = inFooter.getByRole("link", { name: social.label });
      expect(link.getAttribute("href")).toBe(social.url);
      // The mark comes from the footer's one SVG file, not from the JavaScript.
      const mark = link.querySelector("svg use")?.getAttribute("href") ?? "";
      expect(mark).toContain("social-icons");
      expect(mark.endsWith(`#${social.network}`)).toBe(true);
    }
  });

  it("falls back to the built-in profile when the API fails", async () => {
    server.use(http.get("/api/business", () => HttpResponse.json({ error: "down" }, { status: 503 })));
    await renderApp("/");
    const inFooter = within(footer());
    expect(inFooter.getByRole("link", { name: DEMO_BUSINESS_PROFILE.email })).toBeTruthy();
    expect(inFooter.getByText(`© ${new Date().getFullYear()} ${DEMO_BUSINESS_PROFILE.brandName}`)).toBeTruthy();
    expect(inFooter.getByRole("link", { name: DEMO_BUSINESS_PROFILE.developerCredit.label })).toBeTruthy();
  });

  it("links Privacy Policy and Terms", async () => {
    await renderApp("/");
    const legal = within(screen.getByRole("navigation", { name: "Legal" }));
    expect(legal.getAllByRole("link").map((link) => [link.textContent, link.getAttribute("href")])).toEqual([
      ["Privacy Policy", "/privacy"],
      ["Terms", "/terms"],
    ]);
  });

  it("shows the developer credit without a link when its address is a placeholder", async () => {
    const placeholder = { label: "Site by Placeholder Studio", url: "https://example.com" };
    server.use(http.get("/api/business", () => HttpResponse.json({ ...TEST_PROFILE, developerCredit: placeholder })));
    await renderApp("/");
    const inFooter = within(footer());
    await inFooter.findByRole("link", { name: TEST_PROFILE.email });
    const credit = await inFooter.findByText(placeholder.label);
    expect(credit.tagName).toBe("P");
    expect(credit.closest("a")).toBeNull();
    expect(footer().querySelector('a[href*="example.com"]')).toBeNull();
  });

  it("the demo business fills the developer credit with a real link (issue 34)", async () => {
    const { label, url } = DEMO_BUSINESS_PROFILE.developerCredit;
    expect(label).toBe("Website by Yarra Shine Cleaning");
    expect(developerCreditHref(url)).toBe("https://yarrashine.com.au/");
    server.use(http.get("/api/business", () => HttpResponse.json(DEMO_BUSINESS_PROFILE)));
    await renderApp("/");
    const credit = await within(footer()).findByRole("link", { name: "Website by Yarra Shine Cleaning" });
    expect(credit.getAttribute("href")).toBe("https://yarrashine.com.au/");
    expect(credit.getAttribute("target")).toBe("_blank");
    expect(credit.getAttribute("rel")).toBe("noopener noreferrer");
  });

  it("shows no credit at all when the profile has no label", async () => {
    server.use(http.get("/api/business", () =>
      HttpResponse.json({ ...TEST_PROFILE, developerCredit: { label: "", url: "" } })
    ));
    await renderApp("/");
    const inFooter = within(footer());
    await inFooter.findByRole("link", { name: TEST_PROFILE.email });
    await waitFor(() => expect(inFooter.queryByText("Made by Test Devs")).toBeNull());
    // Every anchor in the footer goes somewhere (an <a> without href fails Lighthouse's crawlable-anchors).
    for (const anchor of Array.from(footer().querySelectorAll("a"))) expect(anchor.getAttribute("href")).toBeTruthy();
  });
});

describe("developerCreditHref", () => {
  it("keeps real http(s) addresses", () => {
    expect(developerCreditHref("https://studio.com.au")).toBe("https://studio.com.au/");
    expect(developerCreditHref(" http://www.devs.net.au/work ")).toBe("http://www.devs.net.au/work");
    expect(developerCreditHref("https://devs.test/")).toBe("https://devs.test/");
  });

  it("drops blanks, placeholders and anything but a web address", () => {
    for (
      const url of [
        "",
        "   ",
        "example.com",
        "https://example.com",
        "https://www.example.com/",
        "http://example.org",
        "https://example.net.",
        "https://EXAMPLE.COM",
        "https://site.example",
        "https://x.invalid",
        "http://localhost:8000",
        "https://intranet",
        "javascript:alert(1)",
        "mailto:dev@studio.com.au",
        "ftp://files.studio.com.au",
      ]
    ) expect(developerCreditHref(url), url).toBeNull();
  });
});

import { screen, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { DEMO_BUSINESS_PROFILE } from "@yarra/core/settings/demo-business-profile.ts";
import { renderApp } from "../../test/render-app.tsx";
import { server, TEST_PROFILE } from "../../test/server.ts";

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
      expect(inFooter.getByRole("link", { name: social.label }).getAttribute("href")).toBe(social.url);
    }
  });

  it("falls back to the built-in profile when the API fails", async () => {
    server.use(http.get("/api/business", () => HttpResponse.json({ error: "down" }, { status: 503 })));
    await renderApp("/");
    const inFooter = within(footer());
    expect(inFooter.getByRole("link", { name: DEMO_BUSINESS_PROFILE.email })).toBeTruthy();
    expect(inFooter.getByText(`© ${new Date().getFullYear()} ${DEMO_BUSINESS_PROFILE.brandName}`)).toBeTruthy();
  });
});

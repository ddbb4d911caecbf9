import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderApp } from "../../test/render-app.tsx";
import { TEST_PROFILE } from "../../test/server.ts";

describe("ContactPage", () => {
  it("shows the messaging app and email cards, hours, service area and the reply promise", async () => {
    await renderApp("/contact-us");
    await screen.findByRole("heading", { level: 1, name: "Contact Us" });
    expect((await screen.findByRole("link", { name: "Chat on WhatsApp" })).getAttribute("href")).toBe(
      "https://wa.me/61400111222?text=Hello%2C%20please%20book%20a%20clean",
    );
    expect(document.querySelector(".contact-cards__value")?.textContent).toBe(TEST_PROFILE.phone);
    expect(screen.getAllByRole("link", { name: /email/i }).some((link) =>
      link.getAttribute("href") === `mailto:${TEST_PROFILE.email}`
    )).toBe(true);
    expect(within(screen.getByRole("main")).getByText("Mon–Sun 8:00am–5:00pm")).toBeTruthy();
    expect(screen.getAllByText(/We reply the same business day\./).length).toBeGreaterThan(0);
    expect(screen.getByRole("heading", { name: "Service area" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "See the suburbs we cover" }).getAttribute("href")).toBe(
      "/services#service-areas",
    );
  });
});

import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderApp } from "../../test/render-app.tsx";
import { TEST_PROFILE } from "../../test/server.ts";

describe("AboutPage", () => {
  it("shows the statistics and calls to action to /services and /contact-us", async () => {
    await renderApp("/about-us");
    await screen.findByRole("heading", { level: 1, name: "About Us" });
    const stats = within(await screen.findByRole("region", { name: `${TEST_PROFILE.brandName} in numbers` }));
    expect(stats.getAllByRole("listitem").map((item) => item.textContent)).toEqual([
      `${TEST_PROFILE.foundedYear} Founded`,
      "1,200+ Happy Cleans",
      "98% Repeat Clients",
    ]);
    const cta = within(screen.getByRole("region", { name: "See how we can help" }));
    expect(cta.getByRole("link", { name: "Explore Services" }).getAttribute("href")).toBe("/services");
    expect(cta.getByRole("link", { name: "Contact Us" }).getAttribute("href")).toBe("/contact-us");
  });
});

import { screen, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { renderApp } from "../../test/render-app.tsx";
import { server, TEST_PROFILE } from "../../test/server.ts";
import { PRICING_LOAD_ERROR } from "./pricing-teaser.tsx";

const catalogue = [
  { _id: "s1", name: "Hourly Cleaning", pricingModel: "HOURLY", ratePerHour: 55, bedroomPrices: [], basePrice: 0 },
  {
    _id: "s2",
    name: "Regular Clean",
    pricingModel: "BEDROOMS",
    ratePerHour: 0,
    bedroomPrices: [{ bedrooms: 2, price: 189 }, { bedrooms: 1, price: 149.5 }],
    basePrice: 0,
  },
  { _id: "s3", name: "Airbnb Turnover Clean", pricingModel: "FIXED", ratePerHour: 0, bedroomPrices: [], basePrice: 129 },
];

function serveCatalogue() {
  server.use(http.get("/api/services", () => HttpResponse.json({ items: catalogue })));
}

describe("HomePage", () => {
  it("shows the trust band, metrics, six services and how it works", async () => {
    serveCatalogue();
    await renderApp("/");
    for (const text of ["Highly rated locals", "Fully insured", "Eco safe products"]) {
      expect(screen.getByText(text)).toBeTruthy();
    }
    const metrics = within(screen.getByRole("region", { name: "Our numbers" }));
    expect(metrics.getAllByRole("listitem").map((item) => item.textContent)).toEqual([
      `${TEST_PROFILE.foundedYear} Founded`,
      "1,200+ Happy Cleans",
      "98% Repeat Clients",
    ]);

    const services = within(screen.getByRole("region", { name: "Popular cleaning services" }));
    expect(services.getAllByRole("heading", { level: 3 }).map((h) => h.textContent)).toEqual([
      "Hourly Cleaning Services",
      "Regular & Spring Cleans",
      "Move In / Move Out Cleaning Services",
      "Office Cleaning Services",
      "School & Educational Facility Cleaning",
      "Airbnb & Short-Term Rental Cleaning",
    ]);
    const readMore = services.getAllByRole("link", { name: /^Read more/ });
    expect(readMore).toHaveLength(6);
    expect(readMore.every((link) => link.getAttribute("href") === "/services")).toBe(true);

    const steps = within(screen.getByRole("region", { name: "A sparkling home in three steps" }));
    expect(steps.getAllByRole("heading", { level: 3 }).map((h) => h.textContent)).toEqual([
      "Build your clean",
      "We arrive on time",
      "Relax & enjoy",
    ]);
  });

  it("links the about strip, the contact band and the final call to action", async () => {
    serveCatalogue();
    await renderApp("/");
    expect(screen.getByRole("link", { name: "Explore Services" }).getAttribute("href")).toBe("/services");
    const contactLinks = screen.getAllByRole("link", { name: "Contact Us" });
    expect(contactLinks.length).toBeGreaterThanOrEqual(2);
    expect(contactLinks.every((link) => link.getAttribute("href") === "/contact-us")).toBe(true);

    const contact = within(screen.getByRole("region", { name: "Questions before you book?" }));
    expect((await contact.findByRole("link", { name: `WhatsApp ${TEST_PROFILE.phone}` })).getAttribute("href"))
      .toBe("https://wa.me/61400111222?text=Hello%2C%20please%20book%20a%20clean");
    expect(contact.getByRole("link", { name: TEST_PROFILE.email }).getAttribute("href")).toBe(
      `mailto:${TEST_PROFILE.email}`,
    );

    const cta = within(screen.getByRole("region", { name: "Ready for a cleaner home?" }));
    expect(cta.getByText("Booking takes less than two minutes.")).toBeTruthy();
    expect(cta.getByRole("link", { name: "Book Now" }).getAttribute("href")).toBe("/book-now");
  });

  it("shows starting prices from the live catalogue", async () => {
    serveCatalogue();
    await renderApp("/");
    const pricing = within(screen.getByRole("region", { name: "Simple, upfront prices" }));
    expect(await pricing.findByText("from A$55.00/hour")).toBeTruthy();
    expect(pricing.getByText("Hourly Cleaning")).toBeTruthy();
    expect(pricing.getByText("from A$149.50")).toBeTruthy();
    expect(pricing.getByText("A$129.00 flat rate")).toBeTruthy();
  });

  it("says so when prices cannot be loaded", async () => {
    server.use(http.get("/api/services", () => HttpResponse.json({ error: "down" }, { status: 503 })));
    await renderApp("/");
    expect(await screen.findByText(PRICING_LOAD_ERROR)).toBeTruthy();
    expect(screen.queryByText(/\/hour$/)).toBeNull();
  });
});

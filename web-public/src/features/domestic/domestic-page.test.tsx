import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderApp } from "../../test/render-app.tsx";

describe("DomesticPage", () => {
  it("has three offerings, each with Book Now to /book-now", async () => {
    await renderApp("/services/domestic");
    await screen.findByRole("heading", { level: 1, name: "Domestic Cleaning" });
    const offerings = within(screen.getByRole("region", { name: "Three ways we clean your home" }));
    const cards = offerings.getAllByRole("article");
    expect(cards.map((card) => within(card).getByRole("heading").textContent)).toEqual([
      "Hourly Cleaning",
      "Regular & Spring Cleans",
      "Move In / Move Out Cleaning",
    ]);
    for (const card of cards) {
      expect(within(card).getByRole("link", { name: /^Book Now/ }).getAttribute("href")).toBe("/book-now");
    }
  });
});

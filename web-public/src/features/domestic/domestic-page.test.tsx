import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderApp } from "../../test/render-app.tsx";

describe("DomesticPage", () => {
  it("has three offerings, each with a Book Now that opens /book-now with its service chosen", async () => {
    await renderApp("/services/domestic");
    await screen.findByRole("heading", { level: 1, name: "Domestic Cleaning" });
    const offerings = within(screen.getByRole("region", { name: "Three ways we clean your home" }));
    const cards = offerings.getAllByRole("article");
    expect(cards.map((card) => within(card).getByRole("heading").textContent)).toEqual([
      "Hourly Cleaning",
      "Regular & Spring Cleans",
      "Move In / Move Out Cleaning",
    ]);
    expect(cards.map((card) => {
      const link = within(card).getByRole("link", { name: /^Book Now/ });
      return [link.textContent, link.getAttribute("href")];
    })).toEqual([
      ["Book Now: Hourly Cleaning", "/book-now?service=hourly-cleaning"],
      ["Book Now: Regular & Spring Cleans", "/book-now?service=regular-clean"],
      ["Book Now: Move In / Move Out Cleaning", "/book-now?service=move-in-move-out-clean"],
    ]);
  });

  it("a Book Now puts the service in the booking page's search params", async () => {
    const { user, router } = await renderApp("/services/domestic");
    const offerings = within(await screen.findByRole("region", { name: "Three ways we clean your home" }));
    await user.click(offerings.getByRole("link", { name: /^Book Now.*Move In \/ Move Out Cleaning$/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/book-now"));
    expect(router.state.location.search).toEqual({ service: "move-in-move-out-clean" });
  });
});

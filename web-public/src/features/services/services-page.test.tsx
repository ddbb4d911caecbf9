import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderApp } from "../../test/render-app.tsx";
import { TEST_PROFILE } from "../../test/server.ts";

const councilNames = () =>
  within(screen.getByRole("region", { name: "Where we clean" })).getAllByRole("heading", { level: 3 }).map((h) =>
    h.textContent
  );

describe("ServicesPage", () => {
  it("shows five councils, then all twelve and back again", async () => {
    const { user } = await renderApp("/services");
    expect(await screen.findByRole("heading", { level: 1, name: "Cleaning services for every space" })).toBeTruthy();
    expect(councilNames()).toEqual(TEST_PROFILE.councils.slice(0, 5).map((council) => council.name));

    const more = screen.getByRole("button", { name: "View more (7) →" });
    expect(more.getAttribute("aria-expanded")).toBe("false");
    await user.click(more);
    expect(councilNames()).toEqual(TEST_PROFILE.councils.map((council) => council.name));
    expect(councilNames()).toHaveLength(12);

    const less = screen.getByRole("button", { name: "View less ↑" });
    expect(less.getAttribute("aria-expanded")).toBe("true");
    await user.click(less);
    expect(councilNames()).toHaveLength(5);
    expect(screen.getByRole("button", { name: "View more (7) →" })).toBeTruthy();
  });

  it("lists each council's suburbs as chips", async () => {
    await renderApp("/services");
    const first = TEST_PROFILE.councils[0];
    const chips = await screen.findByRole("list", { name: `Suburbs in ${first.name}` });
    expect(within(chips).getAllByRole("listitem").map((chip) => chip.textContent)).toEqual(first.suburbs);
  });

  it("has a captioned checklist table whose End of Lease column is empty", async () => {
    await renderApp("/services");
    const table = await screen.findByRole("table", { name: /Cleaning checklist/ });
    const headers = within(table).getAllByRole("columnheader").map((th) => th.textContent);
    expect(headers).toEqual(["Task", "Flat Rate", "Spring Clean", "End of Lease"]);
    const areas = within(table).getAllByRole("rowheader").map((th) => th.textContent);
    for (const area of ["All Areas", "Floors", "Bathrooms", "Kitchen", "Bedrooms/Living Areas"]) {
      expect(areas).toContain(area);
    }
    const taskRows = within(table).getAllByRole("row").filter((row) => within(row).queryAllByRole("cell").length === 3);
    expect(taskRows.length).toBeGreaterThan(10);
    for (const row of taskRows) {
      const [flatRate, , endOfLease] = within(row).getAllByRole("cell");
      expect(endOfLease.textContent).toBe("");
      expect(["Included", "Not included"]).toContain(flatRate.textContent?.replace(/[✓–]/, ""));
    }
  });

  it("draws the service-area map in-page, labelled with the councils", async () => {
    await renderApp("/services");
    const map = await screen.findByRole("img", { name: /Map of the Melbourne councils we serve/ });
    expect(map.tagName.toLowerCase()).toBe("svg");
    expect(map.querySelectorAll("circle.area-map__dot")).toHaveLength(12);
  });

  it("gives each cleaning option a call to action: Book Now with its service chosen, or a quote", async () => {
    await renderApp("/services");
    const options = within(await screen.findByRole("region", { name: "Choose the clean that fits" }));
    expect(options.getAllByRole("link").map((link) => [link.textContent, link.getAttribute("href")])).toEqual([
      ["Book Now: Hourly cleaning", "/book-now?service=hourly-cleaning"],
      ["Book Now: Regular cleans", "/book-now?service=regular-clean"],
      ["Book Now: Spring cleans", "/book-now?service=spring-clean"],
      ["Book Now: Move in / move out", "/book-now?service=move-in-move-out-clean"],
      ["Get a Quote: Offices and workplaces", "/services/commercial#get-a-quote"],
      ["Book Now: Airbnb and short-term rentals", "/book-now?service=airbnb-turnover-clean"],
    ]);
  });
});

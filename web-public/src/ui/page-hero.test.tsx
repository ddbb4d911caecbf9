import { render, screen } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { PageHero, splitHighlight } from "./page-hero.tsx";

const image = { src: "/art/hero-office.svg", width: 1600, height: 900 };

describe("PageHero", () => {
  it("splits the heading around the highlighted word", () => {
    expect(splitHighlight("Commercial Cleaning", "Cleaning")).toEqual(["Commercial ", "Cleaning", ""]);
    expect(splitHighlight("About Us", "Nope")).toEqual(["About Us", "", ""]);
    expect(splitHighlight("About Us")).toEqual(["About Us", "", ""]);
  });

  it("renders the picture with its size, the heading with its accent, size, zoom and alignment", () => {
    render(
      <PageHero image={image} heading="Commercial Cleaning" highlight="Cleaning" size="tall" zoom={1.2} align="center" headingId="t">
        <p>Lead</p>
      </PageHero>,
    );
    const heading = screen.getByRole("heading", { level: 1, name: "Commercial Cleaning" });
    expect(heading.querySelector(".page-hero__highlight")?.textContent).toBe("Cleaning");
    const section = screen.getByRole("region", { name: "Commercial Cleaning" });
    expect(section.className).toBe("page-hero page-hero--tall page-hero--center");
    const img = section.querySelector("img")!;
    expect([img.getAttribute("width"), img.getAttribute("height"), img.getAttribute("alt")]).toEqual(["1600", "900", ""]);
    expect(img.style.transform).toBe("scale(1.2)");
    expect(screen.getByText("Lead")).toBeTruthy();
  });

  it("defaults to short and bottom, and renders the same on the server", () => {
    const html = renderToString(<PageHero image={{ ...image, alt: "An office" }} heading="FAQ" />);
    expect(html).toContain("page-hero page-hero--short page-hero--bottom");
    expect(html).toContain('alt="An office"');
  });
});

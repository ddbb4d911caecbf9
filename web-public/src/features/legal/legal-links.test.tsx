import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderPage } from "../../lib/render-page.test-helper.tsx";
import { LegalLinks } from "../../ui/legal-links.tsx";

describe("LegalLinks", () => {
  it("says booking means agreeing, with both pages a new tab away", async () => {
    await renderPage(() => <LegalLinks className="note" />);
    const text = screen.getByText(/^By booking you agree to our/);
    expect(text.textContent).toBe(
      "By booking you agree to our Terms (opens in a new tab) and Privacy Policy (opens in a new tab).",
    );
    expect(text.className).toBe("note");
    for (const [name, href] of [["Terms (opens in a new tab)", "/terms"], ["Privacy Policy (opens in a new tab)", "/privacy"]]) {
      const link = screen.getByRole("link", { name });
      expect(link.getAttribute("href")).toBe(href);
      expect(link.getAttribute("target")).toBe("_blank");
      expect(link.getAttribute("rel")).toBe("noopener");
    }
  });

  it("names the action it is beside", async () => {
    await renderPage(() => <LegalLinks action="sending this inquiry" />);
    expect(screen.getByText(/^By sending this inquiry you agree to our/)).toBeTruthy();
  });
});

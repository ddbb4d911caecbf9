import { act, screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { renderApp } from "../../test/render-app.tsx";

describe("Layout behaviour", () => {
  it("opens the services dropdown with ArrowDown and moves through its links", async () => {
    const { user } = await renderApp("/");
    const toggle = screen.getByRole("button", { name: "Services menu" });
    toggle.focus();
    await user.keyboard("{ArrowDown}");
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
    await waitFor(() => expect(document.activeElement?.textContent).toBe("Commercial Cleaning"));
    await user.keyboard("{ArrowDown}");
    expect(document.activeElement?.textContent).toBe("Domestic Cleaning");
    await user.keyboard("{ArrowUp}{ArrowUp}");
    expect(document.activeElement).toBe(toggle);
  });

  it("closes the dropdown when focus tabs away from it", async () => {
    const { user } = await renderApp("/");
    const toggle = screen.getByRole("button", { name: "Services menu" });
    await user.click(toggle);
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
    await user.tab(); // Commercial Cleaning
    await user.tab(); // Domestic Cleaning
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
    await user.tab(); // FAQ
    expect(document.activeElement?.textContent).toBe("FAQ");
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
  });

  it("scrolls to the top and focuses the main area on route change", async () => {
    const scrollTo = vi.spyOn(window, "scrollTo").mockImplementation(() => {});
    const { router } = await renderApp("/");
    await act(() => router.navigate({ to: "/faq" }));
    await screen.findByRole("heading", { level: 1, name: "Frequently Asked Questions" });
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole("main")));
    expect(scrollTo).toHaveBeenCalledWith({ top: 0, left: 0 });
  });

  it("scrolls smoothly to the hash's element and focuses it, even on a lazily loaded page", async () => {
    const scrollIntoView = vi.fn();
    Element.prototype.scrollIntoView = scrollIntoView;
    const { router } = await renderApp("/");
    await act(() => router.navigate({ to: "/services", hash: "service-areas" }));
    await waitFor(() => expect(document.activeElement?.id).toBe("service-areas"));
    expect(scrollIntoView).toHaveBeenCalledWith({ behavior: "smooth", block: "start" });
  });
});

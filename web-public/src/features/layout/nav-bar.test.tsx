import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { createAppRouter } from "../../router.tsx";
import { describe, expect, it } from "vitest";
import { renderApp } from "../../test/render-app.tsx";

const mainNav = () => screen.getByRole("navigation", { name: "Main" });

describe("NavBar", () => {
  it("shows the brand, the five links and Book Now", async () => {
    await renderApp("/");
    const nav = mainNav();
    expect(within(nav).getByRole("link", { name: /, home$/ })).toHaveProperty("pathname", "/");
    for (const [name, href] of [
      ["Home", "/"],
      ["About Us", "/about-us"],
      ["Services", "/services"],
      ["FAQ", "/faq"],
      ["Contact Us", "/contact-us"],
      ["Book Now", "/book-now"],
    ]) {
      expect(within(nav).getByRole("link", { name }).getAttribute("href")).toBe(href);
    }
  });

  it("highlights the active link", async () => {
    await renderApp("/");
    expect(within(mainNav()).getByRole("link", { name: "Home" }).getAttribute("aria-current")).toBe("page");
    expect(within(mainNav()).getByRole("link", { name: "FAQ" }).getAttribute("aria-current")).toBeNull();
  });

  it("opens and closes the services dropdown with its toggle", async () => {
    const { user } = await renderApp("/");
    const toggle = screen.getByRole("button", { name: "Services menu" });
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    expect(screen.queryByRole("link", { name: "Commercial Cleaning" })).toBeNull();

    await user.click(toggle);
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
    expect(screen.getByRole("link", { name: "Commercial Cleaning" }).getAttribute("href")).toBe(
      "/services/commercial",
    );
    expect(screen.getByRole("link", { name: "Domestic Cleaning" }).getAttribute("href")).toBe("/services/domestic");

    await user.click(toggle);
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
  });

  it("closes the dropdown on an outside click", async () => {
    const { user } = await renderApp("/");
    const toggle = screen.getByRole("button", { name: "Services menu" });
    await user.click(toggle);
    expect(screen.getByRole("link", { name: "Domestic Cleaning" })).toBeTruthy();

    await user.click(screen.getByRole("heading", { level: 1 }));
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    expect(screen.queryByRole("link", { name: "Domestic Cleaning" })).toBeNull();
  });

  it("keeps the dropdown open when clicking inside it", async () => {
    const { user } = await renderApp("/");
    const toggle = screen.getByRole("button", { name: "Services menu" });
    await user.click(toggle);
    fireEvent.mouseDown(screen.getByRole("link", { name: "Domestic Cleaning" }));
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
  });

  it("closes the dropdown on Escape and returns focus to its toggle", async () => {
    const { user } = await renderApp("/");
    const toggle = screen.getByRole("button", { name: "Services menu" });
    await user.click(toggle);
    await user.keyboard("{Escape}");
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    expect(document.activeElement).toBe(toggle);
  });

  it("closes the menus on route change", async () => {
    const { user, router } = await renderApp("/");
    const burger = screen.getByRole("button", { name: "Open menu" });
    await user.click(burger);
    await user.click(screen.getByRole("button", { name: "Services menu" }));
    expect(burger.getAttribute("aria-expanded")).toBe("true");

    await user.click(screen.getByRole("link", { name: "Commercial Cleaning" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/services/commercial"));
    expect(screen.getByRole("button", { name: "Services menu" }).getAttribute("aria-expanded")).toBe("false");
    expect(screen.getByRole("button", { name: "Open menu" }).getAttribute("aria-expanded")).toBe("false");
  });

  it("toggles the small-screen menu with the burger", async () => {
    const { user } = await renderApp("/");
    const burger = screen.getByRole("button", { name: "Open menu" });
    expect(burger.getAttribute("aria-expanded")).toBe("false");
    const menu = document.getElementById(burger.getAttribute("aria-controls")!)!;
    expect(menu.classList.contains("is-open")).toBe(false);

    await user.click(burger);
    expect(burger.getAttribute("aria-expanded")).toBe("true");
    expect(burger.getAttribute("aria-label")).toBe("Close menu");
    expect(menu.classList.contains("is-open")).toBe(true);

    await user.click(burger);
    expect(burger.getAttribute("aria-expanded")).toBe("false");
    expect(menu.classList.contains("is-open")).toBe(false);
  });

  it("turns solid only after more than 8 px of scroll on the home page", async () => {
    await renderApp("/");
    const header = screen.getByRole("banner");
    expect(header.classList.contains("nav--solid")).toBe(false);

    await act(async () => {
      window.scrollY = 8;
      window.dispatchEvent(new Event("scroll"));
    });
    expect(header.classList.contains("nav--solid")).toBe(false);

    await act(async () => {
      window.scrollY = 9;
      window.dispatchEvent(new Event("scroll"));
    });
    expect(header.classList.contains("nav--solid")).toBe(true);

    await act(async () => {
      window.scrollY = 0;
      window.dispatchEvent(new Event("scroll"));
    });
  });

  it("is forced solid on pages without a hero", async () => {
    await renderApp("/nope");
    expect(screen.getByRole("banner").classList.contains("nav--solid")).toBe(true);
  });

  describe("in the small-screen menu with Services open", () => {
    /**
     * A finger's tap, in the order a phone sends it. Between the press and the click the page must
     * not move: in the small-screen panel the submenu is in the flow, so collapsing it on the press
     * slides every link below it up and the click lands on whatever is under the finger by then
     * (nothing for FAQ, Book Now for Contact Us).
     */
    async function tap(link: HTMLElement, submenu: HTMLElement, { focusesLinks = true } = {}) {
      fireEvent.pointerDown(link);
      fireEvent.touchStart(link);
      fireEvent.touchEnd(link);
      fireEvent.mouseDown(link);
      // Chrome moves focus to the link pressed; Safari focuses no link, so focus just leaves the toggle.
      act(() => focusesLinks ? link.focus() : (document.activeElement as HTMLElement | null)?.blur());
      expect(submenu.hidden, "the submenu collapsed under the finger").toBe(false);
      fireEvent.mouseUp(link);
      fireEvent.click(link);
    }

    async function openMenus(path: string) {
      const view = await renderApp(path);
      await view.user.click(screen.getByRole("button", { name: "Open menu" }));
      const toggle = screen.getByRole("button", { name: "Services menu" });
      await view.user.click(toggle);
      const submenu = document.getElementById(toggle.getAttribute("aria-controls")!)!;
      expect(submenu.hidden).toBe(false);
      return { ...view, submenu };
    }

    const expectAt = (router: ReturnType<typeof createAppRouter>, path: string) =>
      waitFor(() => expect(router.state.location.pathname).toBe(path));

    for (
      const [name, path] of [
        ["Home", "/"],
        ["About Us", "/about-us"],
        ["Services", "/services"],
        ["Commercial Cleaning", "/services/commercial"],
        ["Domestic Cleaning", "/services/domestic"],
        ["FAQ", "/faq"],
        ["Contact Us", "/contact-us"],
        ["Book Now", "/book-now"],
      ] as const
    ) {
      it(`a tap on ${name} opens ${path}`, async () => {
        const { router, submenu } = await openMenus(path === "/" ? "/faq" : "/");
        await tap(within(mainNav()).getByRole("link", { name }), submenu);
        await expectAt(router, path);
        expect(screen.getByRole("button", { name: "Open menu" }).getAttribute("aria-expanded")).toBe("false");
      });
    }

    for (const [name, path] of [["FAQ", "/faq"], ["Contact Us", "/contact-us"]] as const) {
      it(`a tap on ${name} opens ${path} in a browser that focuses no link on a tap`, async () => {
        const { router, submenu } = await openMenus("/");
        expect(document.activeElement).toBe(screen.getByRole("button", { name: "Services menu" }));
        await tap(within(mainNav()).getByRole("link", { name }), submenu, { focusesLinks: false });
        await expectAt(router, path);
      });
    }

    it("still closes the submenu on a tap outside the menu panel", async () => {
      const { submenu } = await openMenus("/");
      fireEvent.touchStart(screen.getByRole("heading", { level: 1 }));
      expect(submenu.hidden).toBe(true);
    });
  });
});

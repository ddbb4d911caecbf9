import { act, fireEvent, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderPage } from "../../lib/render-page.test-helper.tsx";
import { HomeHero } from "./home-hero.tsx";

const dots = () => screen.getAllByRole("button", { name: /^Show slide/ });
const currentDot = () => dots().findIndex((dot) => dot.getAttribute("aria-current") === "true");
const activeSlide = () =>
  Array.from(document.querySelectorAll(".home-hero__slide")).findIndex((img) => img.classList.contains("is-active"));

function setHidden(hidden: boolean) {
  Object.defineProperty(document, "hidden", { configurable: true, get: () => hidden });
  act(() => {
    document.dispatchEvent(new Event("visibilitychange"));
  });
}

describe("HomeHero slides", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval"] });
  });
  afterEach(() => {
    vi.useRealTimers();
    setHidden(false);
  });

  it("has four labelled dots and the headline's two calls to action", async () => {
    await renderPage(HomeHero);
    expect(dots()).toHaveLength(4);
    expect(dots()[0].getAttribute("aria-label")).toBe("Show slide 1 of 4: Living room");
    expect(currentDot()).toBe(0);
    expect(screen.getByRole("link", { name: "Book Now" }).getAttribute("href")).toBe("/book-now");
    expect(screen.getByRole("link", { name: "About Us" }).getAttribute("href")).toBe("/about-us");
  });

  it("advances every 6 seconds and wraps around", async () => {
    await renderPage(HomeHero);
    act(() => void vi.advanceTimersByTime(5999));
    expect(currentDot()).toBe(0);
    act(() => void vi.advanceTimersByTime(1));
    expect(currentDot()).toBe(1);
    expect(activeSlide()).toBe(1);
    act(() => void vi.advanceTimersByTime(6000));
    act(() => void vi.advanceTimersByTime(6000));
    expect(currentDot()).toBe(3);
    act(() => void vi.advanceTimersByTime(6000));
    expect(currentDot()).toBe(0);
  });

  it("pauses while the tab is hidden and resumes when it is shown again", async () => {
    await renderPage(HomeHero);
    setHidden(true);
    act(() => void vi.advanceTimersByTime(30_000));
    expect(currentDot()).toBe(0);
    setHidden(false);
    act(() => void vi.advanceTimersByTime(6000));
    expect(currentDot()).toBe(1);
  });

  it("jumps to a slide when its dot is clicked and waits a full interval from there", async () => {
    await renderPage(HomeHero);
    act(() => void vi.advanceTimersByTime(4000));
    fireEvent.click(dots()[2]);
    expect(currentDot()).toBe(2);
    expect(activeSlide()).toBe(2);
    act(() => void vi.advanceTimersByTime(5999));
    expect(currentDot()).toBe(2);
    act(() => void vi.advanceTimersByTime(1));
    expect(currentDot()).toBe(3);
  });

  it("stops rotating when paused by the visitor", async () => {
    await renderPage(HomeHero);
    const pause = screen.getByRole("button", { name: "Pause slides" });
    fireEvent.click(pause);
    expect(pause.getAttribute("aria-pressed")).toBe("true");
    act(() => void vi.advanceTimersByTime(20_000));
    expect(currentDot()).toBe(0);
  });
});

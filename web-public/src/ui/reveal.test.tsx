import { act, render, screen } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Reveal, REVEAL_THRESHOLD } from "./reveal.tsx";

type Callback = (entries: { isIntersecting: boolean }[]) => void;
let observers: { callback: Callback; options?: IntersectionObserverInit; disconnected: boolean }[] = [];

class FakeIntersectionObserver {
  record: (typeof observers)[number];
  constructor(callback: Callback, options?: IntersectionObserverInit) {
    this.record = { callback, options, disconnected: false };
    observers.push(this.record);
  }
  observe() {}
  disconnect() {
    this.record.disconnected = true;
  }
}

function placeBelowTheFold() {
  vi.spyOn(HTMLElement.prototype, "getBoundingClientRect").mockReturnValue(
    { top: window.innerHeight + 200, bottom: window.innerHeight + 400 } as DOMRect,
  );
}

describe("Reveal", () => {
  beforeEach(() => {
    observers = [];
    vi.stubGlobal("IntersectionObserver", FakeIntersectionObserver);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("renders visible content on the server, with no hidden state", () => {
    const html = renderToString(<Reveal as="section">Fresh content</Reveal>);
    expect(html).toContain("Fresh content");
    expect(html).not.toContain("reveal--hidden");
  });

  it("hides content below the fold after mount and shows it once 12% is visible", () => {
    placeBelowTheFold();
    render(<Reveal>Below the fold</Reveal>);
    const element = screen.getByText("Below the fold");
    expect(element.className).toContain("reveal--hidden");
    expect(observers[0].options?.threshold).toBe(REVEAL_THRESHOLD);
    expect(REVEAL_THRESHOLD).toBe(0.12);

    act(() => observers[0].callback([{ isIntersecting: true }]));
    expect(element.className).toContain("reveal--shown");
    expect(element.className).not.toContain("reveal--hidden");
    expect(observers[0].disconnected).toBe(true);
  });

  it("leaves content that is already on screen alone", () => {
    vi.spyOn(HTMLElement.prototype, "getBoundingClientRect").mockReturnValue({ top: 10, bottom: 300 } as DOMRect);
    render(<Reveal>In view</Reveal>);
    expect(screen.getByText("In view").className).toBe("reveal");
    expect(observers).toHaveLength(0);
  });

  it("never hides anything when the visitor prefers reduced motion", () => {
    placeBelowTheFold();
    vi.spyOn(window, "matchMedia").mockReturnValue({ matches: true } as MediaQueryList);
    render(<Reveal>Calm</Reveal>);
    expect(screen.getByText("Calm").className).toBe("reveal");
  });

  it("shows everything when IntersectionObserver is missing", () => {
    vi.stubGlobal("IntersectionObserver", undefined);
    placeBelowTheFold();
    render(<Reveal>No observer</Reveal>);
    expect(screen.getByText("No observer").className).toBe("reveal");
  });
});

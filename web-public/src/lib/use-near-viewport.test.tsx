import { act, render, screen } from "@testing-library/react";
import { useRef } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { useNearViewport } from "./use-near-viewport.ts";

function Probe() {
  const ref = useRef<HTMLDivElement>(null);
  const near = useNearViewport(ref);
  return <div ref={ref}>{near ? "near" : "far"}</div>;
}

const original = globalThis.IntersectionObserver;
afterEach(() => {
  globalThis.IntersectionObserver = original;
});

describe("useNearViewport", () => {
  it("is false until the element comes near the screen, then stays true", async () => {
    let report: IntersectionObserverCallback = () => {};
    let disconnected = false;
    globalThis.IntersectionObserver = class {
      constructor(callback: IntersectionObserverCallback) {
        report = callback;
      }
      observe() {}
      unobserve() {}
      disconnect() {
        disconnected = true;
      }
      takeRecords() {
        return [];
      }
    } as unknown as typeof IntersectionObserver;
    render(<Probe />);
    expect(screen.getByText("far")).toBeTruthy();
    await act(async () => report([{ isIntersecting: false } as IntersectionObserverEntry], {} as IntersectionObserver));
    expect(screen.getByText("far")).toBeTruthy();
    await act(async () => report([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver));
    expect(screen.getByText("near")).toBeTruthy();
    expect(disconnected).toBe(true);
  });

  it("is true at once without IntersectionObserver", () => {
    // @ts-expect-error: a browser without it
    delete globalThis.IntersectionObserver;
    render(<Probe />);
    expect(screen.getByText("near")).toBeTruthy();
  });
});

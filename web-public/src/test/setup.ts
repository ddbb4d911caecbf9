import { cleanup } from "@testing-library/react";
import { afterAll, afterEach, beforeAll } from "vitest";
import { DEMO_BUSINESS_PROFILE } from "@yarra/core/settings/demo-business-profile.ts";
import { setStartingBusinessProfile } from "../lib/business-profile.ts";
import { server } from "./server.ts";

// What the built index.html embeds for the first render (vite.config.ts); tests have no page.
setStartingBusinessProfile(DEMO_BUSINESS_PROFILE);

/**
 * The test DOM lays nothing out, so its IntersectionObserver never reports an element on screen:
 * here every observed element is at once (what a customer scrolling to it sees).
 */
class OnScreenObserver {
  constructor(private readonly callback: IntersectionObserverCallback) {}
  observe(target: Element) {
    queueMicrotask(() =>
      this.callback([{ isIntersecting: true, target } as IntersectionObserverEntry], this as unknown as IntersectionObserver)
    );
  }
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
}
globalThis.IntersectionObserver = OnScreenObserver as unknown as typeof IntersectionObserver;

beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => {
  cleanup();
  server.resetHandlers();
  localStorage.clear();
  sessionStorage.clear();
});
afterAll(() => server.close());

import { cleanup } from "@testing-library/react";
import { afterAll, afterEach, beforeAll } from "vitest";
import { DEMO_BUSINESS_PROFILE } from "@yarra/core/settings/demo-business-profile.ts";
import { setStartingBusinessProfile } from "../lib/business-profile.ts";
import { server } from "./server.ts";

// What the built index.html embeds for the first render (vite.config.ts); tests have no page.
setStartingBusinessProfile(DEMO_BUSINESS_PROFILE);

beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => {
  cleanup();
  server.resetHandlers();
  localStorage.clear();
  sessionStorage.clear();
});
afterAll(() => server.close());

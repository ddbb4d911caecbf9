import { createMemoryHistory, RouterProvider } from "@tanstack/react-router";
import { act, screen, waitFor, within } from "@testing-library/react";
import { earliestBookableYmd } from "@yarra/core/booking/capacity/scheduling.ts";
import { formatYmdLong } from "@yarra/core/shared/melbourne-time.ts";
import { SCHEDULING_DEFAULTS } from "@yarra/core/settings/types.ts";
import { StrictMode } from "react";
import { hydrateRoot, type Root } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createAppRouter } from "../../router.tsx";
import { server } from "../../test/server.ts";
import { catalogHandlers } from "./booking-test-fixtures.ts";
import { EARLIEST_DATE_PLACEHOLDER } from "./schedule-section.tsx";

// Two days of one year (the footer prints the year) whose earliest bookable dates differ.
const BUILT = new Date("2026-03-02T01:00:00Z");
const SERVED = new Date("2026-03-20T01:00:00Z");
const earliestOn = (day: Date) => earliestBookableYmd(day, SCHEDULING_DEFAULTS);

async function loadedRouter() {
  const router = createAppRouter(createMemoryHistory({ initialEntries: ["/book-now"] }));
  await router.load();
  return router;
}

/** /book-now as the prerender step renders it (src/entry-server.tsx), on the given day. */
async function prerender(day: Date) {
  vi.setSystemTime(day);
  const router = await loadedRouter();
  return renderToString(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
}

let root: Root | undefined;
beforeEach(() => {
  server.use(...catalogHandlers());
  sessionStorage.clear();
  vi.useFakeTimers({ toFake: ["Date"] });
});
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = "";
  vi.useRealTimers();
});

describe("/book-now prerendered", { timeout: 20_000 }, () => {
  it("renders the same HTML on any day: the earliest date waits for the browser", async () => {
    const built = await prerender(BUILT);
    expect(await prerender(SERVED)).toBe(built);
    expect(built).toContain(`The earliest date we can book is <!-- -->${EARLIEST_DATE_PLACEHOLDER}`);
    for (const day of [BUILT, SERVED]) {
      expect(built).not.toContain(formatYmdLong(earliestOn(day)));
      expect(built).not.toContain(earliestOn(day));
    }
    // The calendar (and with it today's date) waits for the browser and the scheduling settings.
    expect(built).not.toContain('role="grid"');
    expect(built).toContain("Date and start time");
  });

  it("hydrates a days-old prerender without a mismatch, then shows the day's earliest date", async () => {
    const html = await prerender(BUILT);
    vi.setSystemTime(SERVED);
    const container = document.createElement("div");
    container.innerHTML = html;
    document.body.append(container);
    const serverSchedule = container.querySelector("#booking-schedule fieldset");
    const mismatches: unknown[] = [];

    const router = await loadedRouter();
    await act(async () => {
      root = hydrateRoot(
        container,
        <StrictMode>
          <RouterProvider router={router} />
        </StrictMode>,
        { onRecoverableError: (error) => mismatches.push(error) },
      );
    });

    const schedule = screen.getByRole("region", { name: /Schedule/ });
    const earliest = earliestOn(SERVED);
    await waitFor(() =>
      expect(within(schedule).getByText(/The earliest date we can book is/).textContent).toContain(
        formatYmdLong(earliest),
      )
    );
    const group = within(schedule).getByRole("group", { name: /^Date and start time/ });
    // The month of the earliest day is shown once the settings have arrived.
    // The grid's code is a chunk of its own, compiled on first use here.
    await within(group).findByRole("grid", {}, { timeout: 10_000 });
    expect(group.querySelector(`[data-day="${earliest}"]`)).toBeTruthy();
    // Hydrated, not rendered afresh: React kept the server's elements.
    expect(group).toBe(serverSchedule);
    expect(mismatches).toEqual([]);
  });
});

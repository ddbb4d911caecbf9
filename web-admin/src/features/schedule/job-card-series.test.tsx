/** Issue 17 on the schedule: a visit of a regular clean carries a small mark; a one-off does not. */
import { screen, waitFor, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { SCHEDULING_DEFAULTS } from "@yarra/core/settings/types.ts";
import { renderAdmin, storeSession } from "../../test/render-admin.tsx";
import { server } from "../../test/server.ts";
import { REGULAR_MARK } from "./job-card.tsx";
import { aJob, aSchedule } from "./test-fixtures.ts";

// Wed 25 Nov 2026, 2:00 pm in Melbourne (AEDT, UTC+11).
const NOW = new Date("2026-11-25T03:00:00.000Z");

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"], now: NOW });
  storeSession();
});
afterEach(() => {
  vi.useRealTimers();
});

it("marks the jobs that are visits of a regular clean", async () => {
  const regular = aJob({ seriesId: "sr1" });
  const oneOff = aJob({ _id: "b2", reference: "YS-BBBB22", customerName: "Jack Smith", startTime: "2026-11-25T02:00:00.000Z", endTime: "2026-11-25T04:00:00.000Z" });
  server.use(
    http.get("/api/admin/settings/scheduling", () => HttpResponse.json(SCHEDULING_DEFAULTS)),
    http.get("/api/admin/schedule", ({ request }) => {
      const url = new URL(request.url);
      return HttpResponse.json(aSchedule(url.searchParams.get("from")!, url.searchParams.get("to")!, { jobs: [regular, oneOff] }));
    }),
  );
  renderAdmin("/admin/schedule");
  await screen.findByRole("heading", { name: "Schedule", level: 1 });
  await waitFor(() => expect(screen.getAllByRole("article", { name: "Olivia Nguyen" }).length).toBeGreaterThan(0));
  for (const card of screen.getAllByRole("article", { name: "Olivia Nguyen" })) {
    const mark = within(card).getByText(REGULAR_MARK);
    expect(mark.getAttribute("title")).toBe("A visit of a regular clean");
  }
  for (const card of screen.getAllByRole("article", { name: "Jack Smith" })) {
    expect(within(card).queryByText(REGULAR_MARK)).toBeNull();
  }
});

/**
 * The "On the job" panel on a booking's page (issue 31), against msw answers in the contract's
 * shapes: GET /api/admin/bookings/{id}/attendance and PATCH …/attendance/{cleanerId}.
 */
import { screen, waitFor, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { TEAM_MESSAGES } from "@yarra/core/team/schemas.ts";
import { renderAdmin, storeSession } from "../../test/render-admin.tsx";
import { server } from "../../test/server.ts";
import type { AttendanceItem } from "./attendance-api.ts";
import { CORRECTION_TEXT, correctionOf } from "./attendance-correction.ts";
import { instantOfLocalInput, localInputOf } from "./attendance-times.ts";
import { ON_THE_JOB_TEXT as T } from "./on-the-job-panel.tsx";

// Sat 28 Nov 2026, 3:00 pm in Melbourne (AEDT, UTC+11).
const NOW = new Date("2026-11-28T04:00:00.000Z");

/** The job: Sat 28 Nov 2026, 9:00 am – 12:00 pm in Melbourne. */
const job = {
  _id: "b1", reference: "YS-7K3F9Q", cancelReason: "", calendarSequence: 0, cleanerIds: ["c1", "c2"], customerId: null,
  seriesId: null, seriesDate: null, type: "BOOKING", status: "CONFIRMED", paymentStatus: "UNPAID",
  firstName: "Olivia", lastName: "Nguyen", email: "olivia@example.com", phone: "0412345678",
  address: { unit: "4", street: "12 Chapel St", suburb: "Richmond", state: "VIC", postCode: "3121" },
  serviceId: "s1", serviceNameAtBooking: "Hourly Cleaning", pricingModel: "HOURLY", hours: 3, bedrooms: null,
  frequencyCode: "ONCE", frequencyNameAtBooking: "One-off", frequencyDiscountPercent: 0,
  startTime: "2026-11-27T22:00:00.000Z", endTime: "2026-11-28T01:00:00.000Z", createdAt: "2026-11-20T01:00:00.000Z",
  extras: [], answers: [], notes: "", baseAmount: 250, extrasAmount: 0, firstServiceTotal: 250, recurringTotal: 250,
  discountPercent: 0, totalPaid: null, paidAt: null,
};

const priya: AttendanceItem = {
  cleanerId: "c1",
  name: "Priya Sharma",
  onMyWayAt: "2026-11-27T21:31:20.000Z",
  checkInAt: "2026-11-27T22:12:40.000Z",
  checkOutAt: "2026-11-28T00:55:10.000Z",
  checkInNote: "",
  checkOutNote: "Oven door seal is torn.\nTold the customer.",
  checkInLat: -37.8183,
  checkInLng: 144.9989,
  checkOutLat: null,
  checkOutLng: null,
  correctedBy: null,
  correctedAt: null,
};
const tom: AttendanceItem = {
  ...priya, cleanerId: "c2", name: "Tom Lee", onMyWayAt: null, checkInAt: null, checkOutAt: null, checkOutNote: "", checkInLat: null, checkInLng: null,
};

interface Seen {
  patches: { path: string; body: Record<string, unknown> }[];
  history: number;
}

/** The booking page's reads, and the attendance calls over `items`; `refuse` answers the PATCH instead. */
function serve(items: AttendanceItem[], refuse?: () => Response): Seen {
  let current = items.map((item) => ({ ...item }));
  const seen: Seen = { patches: [], history: 0 };
  server.use(
    http.get("/api/admin/bookings/b1", () => HttpResponse.json(job)),
    http.get("/api/admin/bookings/b1/history", () => {
      seen.history += 1;
      return HttpResponse.json({ items: [] });
    }),
    http.get("/api/admin/bookings/b1/payments", () => HttpResponse.json({ items: [], paidToDate: 0, balance: 250, paymentStatus: "UNPAID" })),
    http.get("/api/admin/bookings/b1/feedback", () => HttpResponse.json({ feedback: null })),
    // The booking card names its cleaners.
    http.get("/api/admin/cleaners", () => HttpResponse.json({ items: [] })),
    http.get("/api/admin/bookings/b1/attendance", () => HttpResponse.json({ items: current })),
    http.patch("/api/admin/bookings/b1/attendance/:cleanerId", async ({ request, params }) => {
      const body = (await request.json()) as Record<string, unknown>;
      seen.patches.push({ path: new URL(request.url).pathname, body });
      if (refuse) return refuse();
      current = current.map((item) =>
        item.cleanerId === params.cleanerId
          ? { ...item, ...body, correctedBy: "Sam Staff", correctedAt: NOW.toISOString() } as AttendanceItem
          : item
      );
      return HttpResponse.json(current.find((item) => item.cleanerId === params.cleanerId));
    }),
  );
  return seen;
}

async function openPanel() {
  const view = renderAdmin("/admin/bookings/b1");
  await screen.findByRole("heading", { name: "Booking", level: 1 });
  const panel = await screen.findByRole("region", { name: T.title });
  await waitFor(() => expect(within(panel).queryByText(T.loading)).toBeNull());
  return { ...view, panel: within(panel) };
}

const cleaner = (name: string) => screen.getByRole("heading", { name, level: 3 }).closest("li")!;
const factOf = (item: HTMLElement, term: string) =>
  [...item.querySelectorAll(".on-the-job__time")].find((row) => row.querySelector("dt")?.textContent === term)?.querySelector("dd")?.textContent;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"], now: NOW });
  storeSession({ role: "admin" });
});
afterEach(() => vi.useRealTimers());

describe("On the job", () => {
  it("shows each cleaner's times in Melbourne, the late arrival, the notes and where they checked in", async () => {
    serve([priya, tom]);
    const { panel } = await openPanel();
    expect(panel.getAllByRole("heading", { level: 3 }).map((heading) => heading.textContent)).toEqual(["Priya Sharma", "Tom Lee"]);
    const p = cleaner("Priya Sharma");
    expect(factOf(p, T.onMyWay)).toBe("8:31 am");
    expect(factOf(p, T.arrived)).toBe("9:12 am (12 min after the start)");
    expect(factOf(p, T.finished)).toBe("11:55 am");
    expect(within(p).getByText(/Oven door seal is torn/).textContent).toBe("Oven door seal is torn.\nTold the customer.");
    const map = within(p).getByRole("link", { name: T.checkInMap });
    expect(map.getAttribute("href")).toBe("https://www.google.com/maps/search/?api=1&query=-37.8183%2C144.9989");
    expect(map.getAttribute("target")).toBe("_blank");
    expect(within(p).queryByRole("link", { name: T.checkOutMap })).toBeNull();

    const t = cleaner("Tom Lee");
    expect([T.onMyWay, T.arrived, T.finished].map((term) => factOf(t, term))).toEqual([T.notYet, T.notYet, T.notYet]);
    expect(within(t).queryByRole("link")).toBeNull();
  });

  it("says so when nobody is on the job", async () => {
    serve([]);
    const { panel } = await openPanel();
    expect(panel.getByText(T.none)).toBeTruthy();
  });

  it("a failed load shows the error", async () => {
    serve([priya]);
    server.use(http.get("/api/admin/bookings/b1/attendance", () => HttpResponse.json({ error: "boom" }, { status: 500 })));
    const { panel } = await openPanel();
    expect(await panel.findByText(T.loadFailed)).toBeTruthy();
  });

  it("corrects a check-in time typed in Melbourne time, sending only that time; the panel, history and note follow", async () => {
    const seen = serve([priya, tom]);
    const { user } = await openPanel();
    const p = within(cleaner("Priya Sharma"));
    const open = p.getByRole("button", { name: "Correct times for Priya Sharma" });
    await user.click(open);
    expect(open.getAttribute("aria-expanded")).toBe("true");
    const form = within(screen.getByRole("form", { name: "Correct times for Priya Sharma" }));
    const checkIn = form.getByLabelText<HTMLInputElement>(T.checkIn);
    const checkOut = form.getByLabelText<HTMLInputElement>(T.checkOut);
    expect(checkIn.type).toBe("datetime-local");
    expect(checkIn.value).toBe("2026-11-28T09:12");
    expect(checkOut.value).toBe("2026-11-28T11:55");
    // The booking's history, opened: the correction (audited) shows in it.
    await user.click(screen.getByText("History"));
    await waitFor(() => expect(seen.history).toBe(1));

    await user.clear(checkIn);
    await user.type(checkIn, "2026-11-28T09:02");
    await user.click(form.getByRole("button", { name: T.save }));

    await waitFor(() => expect(seen.patches).toHaveLength(1));
    // 9:02 am AEDT; the check-out, untouched, is not sent (it keeps its seconds).
    expect(seen.patches[0]).toEqual({ path: "/api/admin/bookings/b1/attendance/c1", body: { checkInAt: "2026-11-27T22:02:00.000Z" } });
    expect(await screen.findByText(T.saved("Priya Sharma"))).toBeTruthy();
    expect(screen.queryByRole("form", { name: "Correct times for Priya Sharma" })).toBeNull();
    expect(factOf(cleaner("Priya Sharma"), T.arrived)).toBe("9:02 am");
    expect(within(cleaner("Priya Sharma")).getByText("Times corrected by Sam Staff on Sat 28 Nov 2026, 3:00 pm.")).toBeTruthy();
    await waitFor(() => expect(seen.history).toBe(2));
  });

  it("an emptied box clears its time (null); the check-out is judged with core's words before anything is sent", async () => {
    const seen = serve([priya]);
    const { user } = await openPanel();
    await user.click(screen.getByRole("button", { name: "Correct times for Priya Sharma" }));
    const form = within(screen.getByRole("form", { name: "Correct times for Priya Sharma" }));
    const checkIn = form.getByLabelText<HTMLInputElement>(T.checkIn);
    const checkOut = form.getByLabelText<HTMLInputElement>(T.checkOut);

    await user.clear(checkOut);
    await user.type(checkOut, "2026-11-28T09:00");
    await user.click(form.getByRole("button", { name: T.save }));
    expect(await form.findByText(TEAM_MESSAGES.checkOutBeforeCheckIn)).toBeTruthy();
    expect(checkOut.getAttribute("aria-invalid")).toBe("true");

    await user.clear(checkOut);
    await user.type(checkOut, "2026-11-28T16:00");
    await user.click(form.getByRole("button", { name: T.save }));
    expect(await form.findByText(TEAM_MESSAGES.inFuture)).toBeTruthy();

    await user.clear(checkIn);
    await user.clear(checkOut);
    await user.type(checkOut, "2026-11-28T11:55");
    await user.click(form.getByRole("button", { name: T.save }));
    expect(await form.findByText(TEAM_MESSAGES.checkOutWithoutCheckIn)).toBeTruthy();
    expect(seen.patches).toEqual([]);

    await user.clear(checkOut);
    await user.click(form.getByRole("button", { name: T.save }));
    await waitFor(() => expect(seen.patches).toHaveLength(1));
    expect(seen.patches[0].body).toEqual({ checkInAt: null, checkOutAt: null });
    await waitFor(() => expect(factOf(cleaner("Priya Sharma"), T.arrived)).toBe(T.notYet));
  });

  it("shows the server's 422 under its field, and another refusal in an alert", async () => {
    let answer = HttpResponse.json(
      { error: "Validation error", code: "VALIDATION_FAILED", fieldErrors: { checkOutAt: [TEAM_MESSAGES.checkOutBeforeCheckIn] } },
      { status: 422 },
    );
    const seen = serve([priya], () => answer);
    const { user } = await openPanel();
    await user.click(screen.getByRole("button", { name: "Correct times for Priya Sharma" }));
    const form = within(screen.getByRole("form", { name: "Correct times for Priya Sharma" }));
    const checkIn = form.getByLabelText<HTMLInputElement>(T.checkIn);
    await user.clear(checkIn);
    await user.type(checkIn, "2026-11-28T09:00");
    await user.click(form.getByRole("button", { name: T.save }));
    expect(await form.findByText(TEAM_MESSAGES.checkOutBeforeCheckIn)).toBeTruthy();
    expect(form.getByLabelText(T.checkOut).getAttribute("aria-invalid")).toBe("true");
    expect(form.queryByRole("alert")).toBeNull();

    answer = HttpResponse.json({ error: "That cleaner is not on this job.", code: "CLEANER_NOT_ON_JOB" }, { status: 404 });
    await user.click(form.getByRole("button", { name: T.save }));
    expect(await form.findByText("That cleaner is not on this job.")).toBeTruthy();
    expect(seen.patches).toHaveLength(2);
    // Still open, nothing changed on the panel.
    expect(factOf(cleaner("Priya Sharma"), T.arrived)).toBe("9:12 am (12 min after the start)");
  });

  it("Cancel closes the form unsent; saving with nothing changed asks for a change", async () => {
    const seen = serve([priya]);
    const { user } = await openPanel();
    await user.click(screen.getByRole("button", { name: "Correct times for Priya Sharma" }));
    let form = within(screen.getByRole("form", { name: "Correct times for Priya Sharma" }));
    await user.click(form.getByRole("button", { name: T.save }));
    expect(await form.findByText(CORRECTION_TEXT.unchanged)).toBeTruthy();
    await user.click(form.getByRole("button", { name: T.cancel }));
    expect(screen.queryByRole("form", { name: "Correct times for Priya Sharma" })).toBeNull();
    await user.click(screen.getByRole("button", { name: "Correct times for Priya Sharma" }));
    form = within(screen.getByRole("form", { name: "Correct times for Priya Sharma" }));
    expect(form.queryByText(CORRECTION_TEXT.unchanged)).toBeNull();
    expect(seen.patches).toEqual([]);
  });
});

describe("Melbourne times in the boxes", () => {
  it("reads and writes wall-clock time in Melbourne, summer and winter", () => {
    expect(localInputOf("2026-11-27T22:12:40.000Z")).toBe("2026-11-28T09:12");
    expect(localInputOf("2026-07-01T23:30:00.000Z")).toBe("2026-07-02T09:30");
    expect(localInputOf(null)).toBe("");
    expect(instantOfLocalInput("2026-11-28T09:12")?.toISOString()).toBe("2026-11-27T22:12:00.000Z");
    expect(instantOfLocalInput("2026-07-02T09:30")?.toISOString()).toBe("2026-07-01T23:30:00.000Z");
    expect(instantOfLocalInput("2026-02-30T09:00")).toBeNull();
    expect(instantOfLocalInput("9:00")).toBeNull();
  });

  it("correctionOf sends only what changed", () => {
    const now = new Date("2026-11-28T04:00:00.000Z");
    expect(correctionOf(priya, { checkInAt: "2026-11-28T09:12", checkOutAt: "2026-11-28T12:05" }, now))
      .toEqual({ ok: true, value: { checkOutAt: "2026-11-28T01:05:00.000Z" } });
    expect(correctionOf(tom, { checkInAt: "2026-11-28T09:00", checkOutAt: "2026-11-28T12:00" }, now))
      .toEqual({ ok: true, value: { checkInAt: "2026-11-27T22:00:00.000Z", checkOutAt: "2026-11-28T01:00:00.000Z" } });
    expect(correctionOf(tom, { checkInAt: "not a time", checkOutAt: "" }, now))
      .toEqual({ ok: false, fieldErrors: { checkInAt: [CORRECTION_TEXT.notATime] } });
  });
});

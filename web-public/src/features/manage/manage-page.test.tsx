/** /manage/$token (issue 15) against msw handlers that follow the API's contract. */
import { screen, waitFor, within } from "@testing-library/react";
import { changeCutoffMessage } from "@yarra/core/booking/manage/policy.ts";
import { http, HttpResponse } from "msw";
import { beforeEach, describe, expect, it } from "vitest";
import { renderApp } from "../../test/render-app.tsx";
import { server, TEST_PROFILE } from "../../test/server.ts";
import type { AvailabilityDay } from "../booking/booking-api.ts";
import { CANCEL_TEXT } from "./cancel-booking.tsx";
import type { ManagedBooking, ManagedVisit } from "./manage-api.ts";
import { MANAGE_TEXT } from "./manage-page.tsx";
import { MOVE_TEXT } from "./move-booking.tsx";
import { CANCEL_SERIES_TEXT, SKIP_TEXT } from "./series-changes.tsx";
import { VISITS_TEXT } from "./coming-visits.tsx";

const TOKEN = "Tk_3x-".repeat(7) + "A";
const PATH = `/api/manage/${TOKEN}`;

/** Ada's booking: Friday 27 Nov 2026, 9:00 to 1:15 pm in Melbourne, free changes until Thursday 9:00. */
const BOOKING: ManagedBooking = {
  reference: "YS-7K3F9Q",
  type: "BOOKING",
  status: "PENDING",
  firstName: "Ada",
  serviceName: "Hourly Cleaning",
  pricingModel: "HOURLY",
  hours: 3,
  bedrooms: null,
  frequencyCode: "WEEKLY",
  frequencyName: "Weekly",
  extras: [{ title: "Inside oven", quantity: 2, price: 35 }, { title: "Balcony", quantity: 1, price: 20 }],
  address: { unit: "4", street: "12 Smith St", suburb: "Fitzroy", state: "VIC", postCode: "3065" },
  startTime: "2026-11-26T22:00:00.000Z",
  endTime: "2026-11-27T02:15:00.000Z",
  durationMinutes: 255,
  baseAmount: 165,
  extrasAmount: 90,
  firstServiceTotal: 255,
  recurringTotal: 216.75,
  discountPercent: 15,
  cancelReason: "",
  canChange: true,
  changeUntil: "2026-11-25T22:00:00.000Z",
  policy: { freeChangeCutoffHours: 24, lateChangeFeePercent: 50, phone: TEST_PROFILE.phone },
  reschedule: { todayYmd: "2026-11-22", earliestYmd: "2026-11-26", latestYmd: "2027-11-22" },
  series: null,
  pricedQuote: null,
};
const INSIDE_CUTOFF: ManagedBooking = { ...BOOKING, status: "CONFIRMED", canChange: false, reschedule: null };

/** Saturday 28 Nov is open at 11:00 and 12:00 (Melbourne); every other day is full. */
function moveDays(from: string, to: string): AvailabilityDay[] {
  const days: AvailabilityDay[] = [];
  for (let ymd = from; ymd <= to; ymd = new Date(Date.parse(`${ymd}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10)) {
    days.push(ymd === "2026-11-28"
      ? { date: ymd, open: true, slots: [{ startTimeISO: "2026-11-28T00:00:00.000Z", available: true }, { startTimeISO: "2026-11-28T01:00:00.000Z", available: true }] }
      : { date: ymd, open: false, reason: "FULL" });
  }
  return days;
}

interface Calls {
  cancel: unknown[];
  move: unknown[];
  calendar: string[];
  skip: string[];
  cancelSeries: unknown[];
  /** Issue 28: calls for another visit of the regular clean, each as "<bookingId> <body>". */
  visitSkip: string[];
  visitMove: string[];
}

function serve(
  booking: ManagedBooking | "expired",
  after?: {
    cancel?: ManagedBooking;
    move?: ManagedBooking;
    skip?: ManagedBooking;
    cancelSeries?: ManagedBooking;
    visitSkip?: ManagedBooking;
    visitMove?: ManagedBooking;
  },
): Calls {
  const calls: Calls = { cancel: [], move: [], calendar: [], skip: [], cancelSeries: [], visitSkip: [], visitMove: [] };
  const invalid = () => HttpResponse.json({ error: "This link has expired or is not valid.", code: "MANAGE_LINK_INVALID" }, { status: 404 });
  server.use(
    http.get(PATH, () => (booking === "expired" ? invalid() : HttpResponse.json(booking))),
    http.get(`${PATH}/availability`, ({ request }) => {
      const url = new URL(request.url);
      calls.calendar.push(`${url.searchParams.get("from")}..${url.searchParams.get("to")}`);
      return HttpResponse.json({ durationMinutes: 255, days: moveDays(url.searchParams.get("from")!, url.searchParams.get("to")!) });
    }),
    http.post(`${PATH}/cancel`, async ({ request }) => {
      calls.cancel.push(await request.json());
      return after?.cancel ? HttpResponse.json(after.cancel) : invalid();
    }),
    http.post(`${PATH}/reschedule`, async ({ request }) => {
      calls.move.push(await request.json());
      return after?.move ? HttpResponse.json(after.move) : invalid();
    }),
    http.post(`${PATH}/skip`, async ({ request }) => {
      calls.skip.push(await request.text());
      return after?.skip ? HttpResponse.json(after.skip) : invalid();
    }),
    http.post(`${PATH}/cancel-series`, async ({ request }) => {
      calls.cancelSeries.push(await request.json());
      return after?.cancelSeries ? HttpResponse.json(after.cancelSeries) : invalid();
    }),
    http.get(`${PATH}/visits/:bookingId/availability`, ({ request, params }) => {
      const url = new URL(request.url);
      calls.calendar.push(`${params.bookingId} ${url.searchParams.get("from")}..${url.searchParams.get("to")}`);
      return HttpResponse.json({ durationMinutes: 255, days: moveDays(url.searchParams.get("from")!, url.searchParams.get("to")!) });
    }),
    http.post(`${PATH}/visits/:bookingId/skip`, async ({ request, params }) => {
      calls.visitSkip.push(`${params.bookingId} ${await request.text()}`);
      return after?.visitSkip ? HttpResponse.json(after.visitSkip) : invalid();
    }),
    http.post(`${PATH}/visits/:bookingId/reschedule`, async ({ request, params }) => {
      calls.visitMove.push(`${params.bookingId} ${await request.text()}`);
      return after?.visitMove ? HttpResponse.json(after.visitMove) : invalid();
    }),
  );
  return calls;
}

const main = () => within(screen.getByRole("main"));
const detail = (term: string) => main().getByText(term, { selector: "dt" }).nextElementSibling?.textContent;

beforeEach(() => {
  document.head.querySelector('meta[name="robots"]')?.remove();
});

describe("manage my booking", { timeout: 30_000 }, () => {
  it("shows the booking: reference, status, service, time in Melbourne, address and price; not indexed", async () => {
    serve(BOOKING);
    await renderApp(`/manage/${TOKEN}`);
    expect(await main().findByText("YS-7K3F9Q")).toBeTruthy();
    expect(main().getByRole("heading", { level: 1 }).textContent).toBe(MANAGE_TEXT.title);
    expect(detail("Status")).toBe("Requested — we’ll confirm availability shortly");
    expect(detail("Service")).toBe("Hourly Cleaning, 3 hours");
    expect(detail("When")).toBe("Friday 27 November 2026, 9:00 am – 1:15 pm (Melbourne time)");
    expect(detail("Address")).toBe("4/12 Smith St, Fitzroy VIC 3065");
    expect(detail("Extras")).toBe("Inside oven × 2Balcony");
    expect(detail("Price")).toBe("A$255.00");
    expect(detail("Each later service")).toBe("A$216.75");
    expect(main().getByText("You can move or cancel this booking free of charge until Thu 26 Nov 2026, 9:00 am (Melbourne time).")).toBeTruthy();
    expect(main().getByRole("button", { name: MANAGE_TEXT.move })).toBeTruthy();
    expect(main().getByRole("button", { name: MANAGE_TEXT.cancel })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe(`Your booking · ${TEST_PROFILE.brandName}`));
    expect(document.querySelector('meta[name="robots"]')?.getAttribute("content")).toBe("noindex");
    expect(document.querySelector('link[rel="canonical"]')).toBeNull();
  });

  it("cancels after asking, with an optional reason, and says so in the live region", async () => {
    const calls = serve(BOOKING, { cancel: { ...BOOKING, status: "CANCELLED", cancelReason: "Moving house", canChange: false, changeUntil: null, reschedule: null } });
    const { user } = await renderApp(`/manage/${TOKEN}`);
    const opener = await main().findByRole("button", { name: MANAGE_TEXT.cancel });

    // Asking is not cancelling: "Keep my booking" sends nothing and returns to the button.
    await user.click(opener);
    const panel = main().getByRole("region", { name: CANCEL_TEXT.title });
    await waitFor(() => expect(document.activeElement).toBe(within(panel).getByRole("heading", { name: CANCEL_TEXT.title })));
    expect(opener.getAttribute("aria-expanded")).toBe("true");
    await user.click(within(panel).getByRole("button", { name: CANCEL_TEXT.keep }));
    await waitFor(() => expect(document.activeElement).toBe(opener));
    expect(calls.cancel).toEqual([]);

    await user.click(opener);
    const reason = main().getByLabelText(CANCEL_TEXT.reason);
    expect(reason.getAttribute("maxlength")).toBe("500");
    await user.type(reason, "Moving house");
    await user.click(main().getByRole("button", { name: CANCEL_TEXT.confirm }));

    const status = main().getByRole("status");
    await waitFor(() => expect(status.textContent).toBe(MANAGE_TEXT.cancelled));
    expect(status.getAttribute("aria-live")).toBe("polite");
    await waitFor(() => expect(document.activeElement).toBe(status));
    expect(calls.cancel).toEqual([{ reason: "Moving house" }]);
    expect(detail("Status")).toBe("Cancelled");
    expect(detail("Why it was cancelled")).toBe("Moving house");
    expect(main().queryByRole("button", { name: MANAGE_TEXT.cancel })).toBeNull();
    expect(main().queryByRole("button", { name: MANAGE_TEXT.move })).toBeNull();
  });

  it("moves the booking with the booking form's calendar, for this job's length", async () => {
    const moved = { ...BOOKING, startTime: "2026-11-28T00:00:00.000Z", endTime: "2026-11-28T04:15:00.000Z", changeUntil: "2026-11-27T00:00:00.000Z" };
    const calls = serve(BOOKING, { move: moved });
    const { user } = await renderApp(`/manage/${TOKEN}`);
    await user.click(await main().findByRole("button", { name: MANAGE_TEXT.move }));
    const panel = main().getByRole("region", { name: MOVE_TEXT.title });
    expect(within(panel).getByText(/This clean takes about 4 hours 15 minutes/)).toBeTruthy();
    const confirm = within(panel).getByRole("button", { name: MOVE_TEXT.confirm });
    expect(confirm).toHaveProperty("disabled", true);

    const saturday = await within(panel).findByRole("button", { name: /^Saturday 28 November 2026/ }, { timeout: 10_000 });
    await waitFor(() => expect(saturday).toHaveProperty("disabled", false));
    expect(within(panel).getByRole("button", { name: /^Friday 27 November 2026, fully booked/ })).toHaveProperty("disabled", true);
    expect(calls.calendar[0]).toBe("2026-11-01..2026-12-31");
    await user.click(saturday);
    const times = within(panel).getByRole("group", { name: "Free start times on Saturday 28 November 2026" });
    expect(within(times).getAllByRole("button").map((b) => b.textContent)).toEqual(["11:00 am", "12:00 pm"]);
    await user.click(within(times).getByRole("button", { name: "11:00 am" }));
    await user.click(within(panel).getByRole("button", { name: `${MOVE_TEXT.confirm}: 11:00 am, Saturday 28 November 2026` }));

    await waitFor(() =>
      expect(main().getByRole("status").textContent).toBe(
        MANAGE_TEXT.moved("Saturday 28 November 2026, 11:00 am – 3:15 pm (Melbourne time)"),
      )
    );
    expect(calls.move).toEqual([{ startTimeISO: "2026-11-28T00:00:00.000Z" }]);
    expect(detail("When")).toBe("Saturday 28 November 2026, 11:00 am – 3:15 pm (Melbourne time)");
    expect(main().queryByRole("region", { name: MOVE_TEXT.title })).toBeNull();
  });

  it("asks the calendar once for each page while the panel is open, and afresh when it opens again", async () => {
    const calls = serve(BOOKING);
    const { user } = await renderApp(`/manage/${TOKEN}`);
    const opener = await main().findByRole("button", { name: MANAGE_TEXT.move });
    await user.click(opener);
    let panel = main().getByRole("region", { name: MOVE_TEXT.title });
    const saturday = await within(panel).findByRole("button", { name: /^Saturday 28 November 2026/ }, { timeout: 10_000 });
    await waitFor(() => expect(saturday).toHaveProperty("disabled", false));
    // November and December come in one call; December shown needs January's page too.
    await user.click(within(panel).getByRole("button", { name: "Go to the Next Month" }));
    await waitFor(() => expect(calls.calendar).toEqual(["2026-11-01..2026-12-31", "2027-01-01..2027-02-28"]));
    await user.click(within(panel).getByRole("button", { name: "Go to the Previous Month" }));
    expect(calls.calendar).toHaveLength(2);

    await user.click(within(panel).getByRole("button", { name: MOVE_TEXT.keep }));
    await user.click(opener);
    panel = main().getByRole("region", { name: MOVE_TEXT.title });
    await waitFor(() => expect(calls.calendar.slice(2)).toEqual(["2026-11-01..2026-12-31"]));
    await waitFor(() => expect(within(panel).getByRole("button", { name: /^Saturday 28 November 2026/ })).toHaveProperty("disabled", false));
  });

  it("a time taken meanwhile: says so, asks the calendar again, keeps the panel open", async () => {
    const calls = serve(BOOKING);
    server.use(http.post(`${PATH}/reschedule`, () =>
      HttpResponse.json({ error: "That time isn’t available. Please choose another.", code: "SLOT_UNAVAILABLE" }, { status: 409 })));
    const { user } = await renderApp(`/manage/${TOKEN}`);
    await user.click(await main().findByRole("button", { name: MANAGE_TEXT.move }));
    const panel = main().getByRole("region", { name: MOVE_TEXT.title });
    const saturday = await within(panel).findByRole("button", { name: /^Saturday 28 November 2026/ }, { timeout: 10_000 });
    await waitFor(() => expect(saturday).toHaveProperty("disabled", false));
    await user.click(saturday);
    await user.click(within(panel).getByRole("button", { name: "12:00 pm" }));
    const asked = calls.calendar.length;
    await user.click(within(panel).getByRole("button", { name: /^Confirm new time/ }));
    expect(within(await main().findByRole("alert")).getByText("That time isn’t available. Please choose another.")).toBeTruthy();
    await waitFor(() => expect(calls.calendar.length).toBeGreaterThan(asked));
    expect(main().getByRole("region", { name: MOVE_TEXT.title })).toBeTruthy();
    expect(within(panel).getByRole("button", { name: MOVE_TEXT.confirm })).toHaveProperty("disabled", true);
  });

  it("inside the cut-off: states the policy's fee, says to call, and links the phone; no buttons", async () => {
    serve(INSIDE_CUTOFF);
    await renderApp(`/manage/${TOKEN}`);
    const notice = await main().findByText(changeCutoffMessage({ freeChangeCutoffHours: 24, phone: TEST_PROFILE.phone }));
    expect(notice.textContent).toContain("may incur a 50% fee");
    expect(notice.textContent).toContain(`call us on ${TEST_PROFILE.phone}`);
    expect(main().getByRole("link", { name: `Call ${TEST_PROFILE.phone}` }).getAttribute("href")).toBe("tel:+61390001234");
    expect(main().queryByRole("button", { name: MANAGE_TEXT.move })).toBeNull();
    expect(main().queryByRole("button", { name: MANAGE_TEXT.cancel })).toBeNull();
  });

  it("the cut-off passing while the page is open: the server's message, then the page as it now is", async () => {
    serve(BOOKING);
    server.use(http.post(`${PATH}/cancel`, () => {
      server.use(http.get(PATH, () => HttpResponse.json(INSIDE_CUTOFF)));
      return HttpResponse.json(
        { error: changeCutoffMessage({ freeChangeCutoffHours: 24, phone: TEST_PROFILE.phone }), code: "CHANGE_CUTOFF_PASSED" },
        { status: 409 },
      );
    }));
    const { user } = await renderApp(`/manage/${TOKEN}`);
    await user.click(await main().findByRole("button", { name: MANAGE_TEXT.cancel }));
    await user.click(main().getByRole("button", { name: CANCEL_TEXT.confirm }));
    const alert = await main().findByRole("alert");
    expect(alert.textContent).toContain("may incur a 50% fee");
    expect(await main().findByRole("link", { name: `Call ${TEST_PROFILE.phone}` })).toBeTruthy();
    expect(main().queryByRole("button", { name: MANAGE_TEXT.cancel })).toBeNull();
  });

  it("an expired or unknown link: says so clearly, with the phone", async () => {
    serve("expired");
    await renderApp(`/manage/${TOKEN}`);
    expect(await main().findByRole("heading", { level: 1, name: MANAGE_TEXT.expired })).toBeTruthy();
    expect(main().getByText(/This link has expired or is not valid\. Links work until the job is over/)).toBeTruthy();
    expect(main().getByRole("link", { name: TEST_PROFILE.phone }).getAttribute("href")).toBe("tel:+61390001234");
    expect(main().queryByText("YS-7K3F9Q")).toBeNull();
  });

  it("a failed load can be tried again", async () => {
    let answers = 0;
    server.use(http.get(PATH, () => (++answers === 1 ? HttpResponse.error() : HttpResponse.json(BOOKING))));
    const { user } = await renderApp(`/manage/${TOKEN}`);
    expect(within(await main().findByRole("alert")).getByText("Network error")).toBeTruthy();
    await user.click(main().getByRole("button", { name: "Try again" }));
    expect(await main().findByText("YS-7K3F9Q")).toBeTruthy();
  });
});

/** A coming visit of Ada's weekly clean: a Friday at 9:00 (Melbourne), as long as her booking. */
const visitOn = (day: number, overrides: Partial<ManagedVisit> = {}): ManagedVisit => {
  const start = Date.UTC(2026, 10, day - 1, 22);
  return {
    bookingId: `visit-${day}`,
    reference: `YS-VISIT${day}`,
    startTime: new Date(start).toISOString(),
    endTime: new Date(start + 255 * 60_000).toISOString(),
    durationMinutes: 255,
    status: "PENDING",
    canChange: true,
    changeUntil: new Date(start - 24 * 3_600_000).toISOString(),
    ...overrides,
  };
};
// Day numbers past 30 run into December: 34 is Friday 4 Dec.
const [DEC4, DEC11, DEC18] = [visitOn(34), visitOn(41), visitOn(48, { status: "NEEDS_ATTENTION", canChange: false, changeUntil: null })];

/** Ada's Friday visit of her weekly clean, with the three visits after it. */
const VISIT: ManagedBooking = {
  ...BOOKING,
  status: "CONFIRMED",
  series: {
    frequencyName: "Weekly",
    status: "ACTIVE",
    nextVisits: ["2026-12-03T22:00:00.000Z", "2026-12-10T22:00:00.000Z", "2026-12-17T22:00:00.000Z"],
    // The link's own visit comes first in the series' list; the page lists only the others.
    visits: [visitOn(27, { bookingId: "own", reference: BOOKING.reference, status: "CONFIRMED" }), DEC4, DEC11, DEC18],
    reschedule: BOOKING.reschedule,
  },
};
/** The series with no other coming visit. */
const noOthers = { visits: [], reschedule: null };
const closed = { canChange: false, changeUntil: null, reschedule: null } as const;

describe("manage my booking: a visit of a regular clean", { timeout: 30_000 }, () => {
  it("shows the regular clean; offers move, skip and cancel all future visits, not a plain cancel", async () => {
    serve(VISIT);
    await renderApp(`/manage/${TOKEN}`);
    expect(await main().findByText("YS-7K3F9Q")).toBeTruthy();
    expect(detail(MANAGE_TEXT.regularClean)).toBe("Weekly — next visits below");
    expect(main().getByText("You can move or skip this visit, or cancel all future visits, free of charge until Thu 26 Nov 2026, 9:00 am (Melbourne time).")).toBeTruthy();
    for (const name of [MANAGE_TEXT.moveVisit, MANAGE_TEXT.skip, MANAGE_TEXT.cancelSeries]) {
      expect(main().getByRole("button", { name }).getAttribute("aria-expanded")).toBe("false");
    }
    expect(main().queryByRole("button", { name: MANAGE_TEXT.cancel })).toBeNull();
  });

  it("skips the visit after asking, and says the regular clean carries on", async () => {
    const calls = serve(VISIT, {
      skip: { ...VISIT, ...closed, status: "CANCELLED", cancelReason: "Skipped by the customer", series: { ...VISIT.series!, nextVisits: VISIT.series!.nextVisits.slice(0, 2) } },
    });
    const { user } = await renderApp(`/manage/${TOKEN}`);
    const opener = await main().findByRole("button", { name: MANAGE_TEXT.skip });

    await user.click(opener);
    const panel = main().getByRole("region", { name: SKIP_TEXT.title });
    await waitFor(() => expect(document.activeElement).toBe(within(panel).getByRole("heading", { name: SKIP_TEXT.title })));
    expect(opener.getAttribute("aria-expanded")).toBe("true");
    expect(panel.textContent).toContain(
      "Skipping is free until Thu 26 Nov 2026, 9:00 am (Melbourne time). Your regular clean (Weekly) carries on: your next visit is Fri 4 Dec 2026, 9:00 am (Melbourne time).",
    );
    await user.click(within(panel).getByRole("button", { name: SKIP_TEXT.keep }));
    await waitFor(() => expect(document.activeElement).toBe(opener));
    expect(calls.skip).toEqual([]);

    await user.click(opener);
    await user.click(main().getByRole("button", { name: SKIP_TEXT.confirm }));
    const status = main().getByRole("status");
    await waitFor(() => expect(status.textContent).toBe(MANAGE_TEXT.skipped));
    await waitFor(() => expect(document.activeElement).toBe(status));
    expect(calls.skip).toEqual([""]);
    expect(detail("Status")).toBe("Cancelled");
    expect(detail("Why it was cancelled")).toBe("Skipped by the customer");
    expect(main().getByText(/This visit is cancelled; your regular clean carries on/)).toBeTruthy();
    expect(main().queryByRole("button", { name: MANAGE_TEXT.skip })).toBeNull();
    expect(main().queryByRole("button", { name: MANAGE_TEXT.cancelSeries })).toBeNull();
  });

  it("cancels all future visits after asking, with an optional reason; a refused reason shows at its field", async () => {
    const calls = serve(VISIT, {
      cancelSeries: { ...VISIT, ...closed, status: "CANCELLED", cancelReason: "Moving interstate", series: { ...VISIT.series!, status: "ENDED", nextVisits: [], ...noOthers } },
    });
    server.use(http.post(`${PATH}/cancel-series`, async ({ request }) => {
      const body = await request.json() as { reason?: string };
      calls.cancelSeries.push(body);
      if (body.reason === "x") {
        return HttpResponse.json(
          { error: "Please fix the highlighted fields, then try again.", code: "VALIDATION_FAILED", fieldErrors: { reason: ["Please keep the reason to 500 characters or fewer."] } },
          { status: 422 },
        );
      }
      return HttpResponse.json({ ...VISIT, ...closed, status: "CANCELLED", cancelReason: body.reason, series: { ...VISIT.series!, status: "ENDED", nextVisits: [], ...noOthers } });
    }));
    const { user } = await renderApp(`/manage/${TOKEN}`);
    const opener = await main().findByRole("button", { name: MANAGE_TEXT.cancelSeries });
    await user.click(opener);
    const panel = main().getByRole("region", { name: CANCEL_SERIES_TEXT.title });
    await waitFor(() => expect(document.activeElement).toBe(within(panel).getByRole("heading", { name: CANCEL_SERIES_TEXT.title })));
    expect(panel.textContent).toContain("This cancels this visit and every later visit of your regular clean (Weekly), and we won’t plan any more.");
    await user.click(within(panel).getByRole("button", { name: CANCEL_SERIES_TEXT.keep }));
    await waitFor(() => expect(document.activeElement).toBe(opener));
    expect(calls.cancelSeries).toEqual([]);

    await user.click(opener);
    const reason = main().getByLabelText(CANCEL_TEXT.reason);
    expect(reason.getAttribute("maxlength")).toBe("500");
    await user.type(reason, "x");
    await user.click(main().getByRole("button", { name: CANCEL_SERIES_TEXT.confirm }));
    const fieldError = await main().findByText("Please keep the reason to 500 characters or fewer.");
    expect(reason.getAttribute("aria-invalid")).toBe("true");
    expect(reason.getAttribute("aria-describedby")).toContain(fieldError.id);

    await user.clear(reason);
    await user.type(reason, "Moving interstate");
    await user.click(main().getByRole("button", { name: CANCEL_SERIES_TEXT.confirm }));
    await waitFor(() => expect(main().getByRole("status").textContent).toBe(MANAGE_TEXT.seriesCancelled));
    expect(calls.cancelSeries).toEqual([{ reason: "x" }, { reason: "Moving interstate" }]);
    const regular = main().getByText(MANAGE_TEXT.regularClean, { selector: "dt" }).nextElementSibling!;
    expect(regular.textContent).toBe("Weekly — ended");
    expect(main().getByText(/This visit is cancelled, and your regular clean has ended/)).toBeTruthy();
    expect(main().queryByRole("region", { name: CANCEL_SERIES_TEXT.title })).toBeNull();
  });

  it("a series ending after the visits shown: skip is still offered, cancel all future visits is not", async () => {
    serve({ ...VISIT, series: { ...VISIT.series!, status: "ENDED", nextVisits: ["2026-12-03T22:00:00.000Z"] } });
    await renderApp(`/manage/${TOKEN}`);
    expect(await main().findByRole("button", { name: MANAGE_TEXT.skip })).toBeTruthy();
    expect(main().queryByRole("button", { name: MANAGE_TEXT.cancelSeries })).toBeNull();
    expect(main().getByText("You can move or skip this visit free of charge until Thu 26 Nov 2026, 9:00 am (Melbourne time).")).toBeTruthy();
    expect(detail(MANAGE_TEXT.regularClean)).toBe("Weekly — ends after the visits below");
  });

  it("the office ended the series while the page was open: the 409's message, then the page as it now is", async () => {
    serve(VISIT);
    const ended = { ...VISIT, series: { ...VISIT.series!, status: "ENDED" as const, nextVisits: [], ...noOthers } };
    server.use(http.post(`${PATH}/cancel-series`, () => {
      server.use(http.get(PATH, () => HttpResponse.json(ended)));
      return HttpResponse.json(
        { error: "Your regular clean has already ended: no more visits will be planned. You can still skip this visit.", code: "SERIES_ENDED" },
        { status: 409 },
      );
    }));
    const { user } = await renderApp(`/manage/${TOKEN}`);
    await user.click(await main().findByRole("button", { name: MANAGE_TEXT.cancelSeries }));
    await user.click(main().getByRole("button", { name: CANCEL_SERIES_TEXT.confirm }));
    expect((await main().findByRole("alert")).textContent).toContain("Your regular clean has already ended");
    await waitFor(() => expect(main().queryByRole("button", { name: MANAGE_TEXT.cancelSeries })).toBeNull());
    expect(main().getByRole("button", { name: MANAGE_TEXT.skip })).toBeTruthy();
  });

  it("inside the cut-off: the policy's fee and the phone; no buttons", async () => {
    serve({ ...VISIT, ...closed, changeUntil: "2026-11-25T22:00:00.000Z" });
    await renderApp(`/manage/${TOKEN}`);
    expect(await main().findByText(changeCutoffMessage({ freeChangeCutoffHours: 24, phone: TEST_PROFILE.phone }))).toBeTruthy();
    for (const name of [MANAGE_TEXT.moveVisit, MANAGE_TEXT.skip, MANAGE_TEXT.cancelSeries]) expect(main().queryByRole("button", { name })).toBeNull();
  });

  it("a visit the office is finding a time for: says so and gives the phone, not the cut-off", async () => {
    serve({ ...VISIT, ...closed, status: "NEEDS_ATTENTION", series: { ...VISIT.series!, ...noOthers } });
    await renderApp(`/manage/${TOKEN}`);
    expect(await main().findByText(/We’re finding a new time for this visit and will be in touch/)).toBeTruthy();
    expect(main().getByRole("link", { name: `Call ${TEST_PROFILE.phone}` })).toBeTruthy();
    expect(main().queryByText(/Free changes end/)).toBeNull();
    expect(main().queryByRole("button", { name: MANAGE_TEXT.skip })).toBeNull();
  });
});

describe("manage my booking: the other coming visits of a regular clean (issue 28)", { timeout: 30_000 }, () => {
  const visitsSection = () => main().getByRole("region", { name: VISITS_TEXT.title });
  const visitItem = (heading: string) => within(visitsSection()).getByRole("heading", { level: 3, name: heading }).closest("li") as HTMLElement;

  it("lists each other coming visit with its time and status; Skip and Move named with the date while it may change", async () => {
    serve(VISIT);
    await renderApp(`/manage/${TOKEN}`);
    const section = await main().findByRole("region", { name: VISITS_TEXT.title });
    expect(within(section).getByRole("heading", { level: 2 }).textContent).toBe(VISITS_TEXT.title);
    expect(within(section).getByText(VISITS_TEXT.intro(24))).toBeTruthy();
    // The link's own visit has its own actions above: only the others are listed, by start.
    expect(within(section).getAllByRole("heading", { level: 3 }).map((h) => h.textContent)).toEqual([
      "Friday 4 December 2026, 9:00 am – 1:15 pm",
      "Friday 11 December 2026, 9:00 am – 1:15 pm",
      "Friday 18 December 2026, 9:00 am – 1:15 pm",
    ]);
    const dec4 = visitItem("Friday 4 December 2026, 9:00 am – 1:15 pm");
    expect(within(dec4).getByText("Requested — we’ll confirm availability shortly")).toBeTruthy();
    expect(within(dec4).getByText("Free changes until Thu 3 Dec 2026, 9:00 am (Melbourne time).")).toBeTruthy();
    for (const name of ["Move the visit on Fri 4 Dec 2026, 9:00 am", "Skip the visit on Fri 4 Dec 2026, 9:00 am"]) {
      expect(within(dec4).getByRole("button", { name }).getAttribute("aria-expanded")).toBe("false");
    }
    // A visit the office is finding a time for: by phone, no buttons.
    const dec18 = visitItem("Friday 18 December 2026, 9:00 am – 1:15 pm");
    expect(within(dec18).getByText(/We’re finding a new time for this visit/)).toBeTruthy();
    expect(within(dec18).getByRole("link", { name: `Call ${TEST_PROFILE.phone}` }).getAttribute("href")).toBe("tel:+61390001234");
    expect(within(dec18).queryAllByRole("button")).toEqual([]);
    expect(detail(MANAGE_TEXT.regularClean)).toBe("Weekly — next visits below");
  });

  it("past a visit's cut-off: that visit says to call, with the fee; the others keep their buttons", async () => {
    const late = { ...DEC4, canChange: false };
    serve({ ...VISIT, series: { ...VISIT.series!, visits: [late, DEC11] } });
    await renderApp(`/manage/${TOKEN}`);
    await main().findByRole("region", { name: VISITS_TEXT.title });
    const dec4 = visitItem("Friday 4 December 2026, 9:00 am – 1:15 pm");
    expect(within(dec4).getByText(changeCutoffMessage({ freeChangeCutoffHours: 24, phone: TEST_PROFILE.phone }))).toBeTruthy();
    expect(within(dec4).getByRole("link", { name: `Call ${TEST_PROFILE.phone}` })).toBeTruthy();
    expect(within(dec4).queryAllByRole("button")).toEqual([]);
    expect(within(visitItem("Friday 11 December 2026, 9:00 am – 1:15 pm")).getAllByRole("button")).toHaveLength(2);
    // The link's own visit can still change: its own buttons are there.
    expect(main().getByRole("button", { name: MANAGE_TEXT.skip })).toBeTruthy();
  });

  it("skips a visit after asking, through the link, and says which; the list shows it gone", async () => {
    const after = { ...VISIT, series: { ...VISIT.series!, visits: VISIT.series!.visits.filter((v) => v.bookingId !== DEC11.bookingId) } };
    const calls = serve(VISIT, { visitSkip: after });
    const { user } = await renderApp(`/manage/${TOKEN}`);
    const opener = await main().findByRole("button", { name: "Skip the visit on Fri 11 Dec 2026, 9:00 am" });

    await user.click(opener);
    const title = SKIP_TEXT.visitTitle("Fri 11 Dec 2026, 9:00 am");
    const panel = main().getByRole("region", { name: title });
    expect(visitItem("Friday 11 December 2026, 9:00 am – 1:15 pm").contains(panel)).toBe(true);
    await waitFor(() => expect(document.activeElement).toBe(within(panel).getByRole("heading", { name: title })));
    expect(opener.getAttribute("aria-expanded")).toBe("true");
    // The next visit that holds a place after it: 18 Dec needs a new time, so none is named.
    expect(panel.textContent).toContain("Skipping is free until Thu 10 Dec 2026, 9:00 am (Melbourne time). Your regular clean (Weekly) carries on.");
    await user.click(within(panel).getByRole("button", { name: SKIP_TEXT.keep }));
    await waitFor(() => expect(document.activeElement).toBe(opener));
    expect(calls.visitSkip).toEqual([]);

    await user.click(opener);
    await user.click(main().getByRole("button", { name: SKIP_TEXT.confirm }));
    const status = main().getByRole("status");
    await waitFor(() => expect(status.textContent).toBe(MANAGE_TEXT.visitSkipped("Fri 11 Dec 2026, 9:00 am")));
    await waitFor(() => expect(document.activeElement).toBe(status));
    expect(calls.visitSkip).toEqual([`${DEC11.bookingId} `]);
    expect(calls.skip).toEqual([]);
    expect(within(visitsSection()).queryByRole("heading", { name: /11 December/ })).toBeNull();
    // The link's own visit is untouched.
    expect(detail("Status")).toBe("Confirmed");
  });

  it("moves a visit with the same calendar, asked for that visit, and says where to", async () => {
    const moved = { ...DEC4, startTime: "2026-11-28T00:00:00.000Z", endTime: "2026-11-28T04:15:00.000Z", changeUntil: "2026-11-27T00:00:00.000Z" };
    const after = { ...VISIT, series: { ...VISIT.series!, visits: [VISIT.series!.visits[0], moved, DEC11, DEC18] } };
    const calls = serve(VISIT, { visitMove: after });
    const { user } = await renderApp(`/manage/${TOKEN}`);
    await user.click(await main().findByRole("button", { name: "Move the visit on Fri 4 Dec 2026, 9:00 am" }));
    const title = MOVE_TEXT.visitTitle("Fri 4 Dec 2026, 9:00 am");
    const panel = main().getByRole("region", { name: title });
    await waitFor(() => expect(document.activeElement).toBe(within(panel).getByRole("heading", { name: title })));
    expect(within(panel).getByText(/This clean takes about 4 hours 15 minutes/)).toBeTruthy();

    const saturday = await within(panel).findByRole("button", { name: /^Saturday 28 November 2026/ }, { timeout: 10_000 });
    await waitFor(() => expect(saturday).toHaveProperty("disabled", false));
    expect(calls.calendar[0]).toBe(`${DEC4.bookingId} 2026-11-01..2026-12-31`);
    await user.click(saturday);
    await user.click(within(panel).getByRole("button", { name: "11:00 am" }));
    await user.click(within(panel).getByRole("button", { name: `${MOVE_TEXT.confirm}: 11:00 am, Saturday 28 November 2026` }));

    await waitFor(() =>
      expect(main().getByText(MANAGE_TEXT.visitMoved("Fri 4 Dec 2026, 9:00 am", "Saturday 28 November 2026, 11:00 am – 3:15 pm (Melbourne time)")))
        .toBeTruthy()
    );
    expect(calls.visitMove).toEqual([`${DEC4.bookingId} {"startTimeISO":"2026-11-28T00:00:00.000Z"}`]);
    expect(calls.move).toEqual([]);
    expect(main().queryByRole("region", { name: title })).toBeNull();
    expect(within(visitsSection()).getByRole("heading", { level: 3, name: "Saturday 28 November 2026, 11:00 am – 3:15 pm" })).toBeTruthy();
    expect(detail("When")).toBe("Friday 27 November 2026, 9:00 am – 1:15 pm (Melbourne time)");
  });

  it("a visit no longer of this regular clean: the server's message and the page as it now is, not an expired link", async () => {
    serve(VISIT);
    server.use(http.post(`${PATH}/visits/:bookingId/skip`, () => {
      server.use(http.get(PATH, () => HttpResponse.json({ ...VISIT, series: { ...VISIT.series!, visits: [DEC4, DEC18] } })));
      return HttpResponse.json({ error: "That visit isn’t part of this regular clean.", code: "VISIT_NOT_IN_SERIES" }, { status: 404 });
    }));
    const { user } = await renderApp(`/manage/${TOKEN}`);
    await user.click(await main().findByRole("button", { name: "Skip the visit on Fri 11 Dec 2026, 9:00 am" }));
    await user.click(main().getByRole("button", { name: SKIP_TEXT.confirm }));
    expect((await main().findByRole("alert")).textContent).toContain("That visit isn’t part of this regular clean.");
    await waitFor(() => expect(main().queryByRole("button", { name: "Skip the visit on Fri 11 Dec 2026, 9:00 am" })).toBeNull());
    expect(main().getByRole("heading", { level: 1 }).textContent).toBe(MANAGE_TEXT.title);
  });
});

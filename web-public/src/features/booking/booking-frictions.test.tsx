/**
 * Issue 34's frictions of the booking form: an add-on quantity past its limits, the calendar's
 * place in the tab order while it loads, the visit's length beside the time and on the result
 * card, no recurring total for a clean that does not repeat, and Book Now's wait for the questions.
 */
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { slotInstant } from "@yarra/core/booking/capacity/scheduling.ts";
import { http, HttpResponse } from "msw";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderApp } from "../../test/render-app.tsx";
import { server } from "../../test/server.ts";
import type { QuestionDto } from "@yarra/api/client/types.ts";
import { type Loadable, loadable } from "../../lib/loadable.ts";
import { questionsAtSubmit } from "./booking-data.ts";
import { bookingRecord, catalogHandlers, firstBookableDate, QUESTIONS, SCHEDULING } from "./booking-test-fixtures.ts";
import {
  chooseHourly,
  descriptionOf,
  fillContactAndAddress,
  openPage as openBookingPage,
  pickDay,
  pickTime,
  type User,
} from "./booking.test-helper.tsx";
import { CALENDAR_LOADING_NAME } from "./schedule-section.tsx";

beforeEach(() => {
  server.use(...catalogHandlers());
  sessionStorage.clear();
  vi.spyOn(Element.prototype, "scrollIntoView").mockImplementation(() => {});
});
afterEach(() => vi.unstubAllGlobals());

const openPage = () => openBookingPage("/book-now", firstBookableDate());
const section = (name: RegExp) => screen.getByRole("region", { name });
const priceBox = () => screen.getByRole("region", { name: "Your price" });
const extrasLine = () =>
  [...priceBox().querySelectorAll(".price-summary__line")].find((row) => row.querySelector("dt")?.textContent === "Extras")
    ?.querySelector("dd")?.textContent;

async function chooseWindows(user: User) {
  await user.click(await screen.findByRole("checkbox", { name: /Interior windows/ }));
  return screen.getByLabelText("Quantity of Interior windows") as HTMLInputElement;
}

/** Delays GET /api/scheduling until `release` is called. */
function holdScheduling() {
  let release = () => {};
  const answered = new Promise<void>((resolve) => (release = resolve));
  server.use(http.get("/api/scheduling", async () => {
    await answered;
    return HttpResponse.json(SCHEDULING);
  }));
  return () => release();
}

describe("/book-now, issue 34", { timeout: 20_000 }, () => {
  it("sets a quantity past the add-on's limits to the nearest allowed, says so beside the box, and prices it", async () => {
    const { user } = await openPage();
    await chooseHourly(user, "3");
    const quantity = await chooseWindows(user);
    const addOn = quantity.closest("li")!;
    expect(extrasLine()).toBe("A$15.00");

    // The fixture's windows go up to 8 (the demo's up to 12): 99 becomes 8, and the price follows.
    fireEvent.change(quantity, { target: { value: "99" } });
    expect(quantity.value).toBe("8");
    const note = within(addOn).getByRole("status");
    expect(note.textContent).toBe("Quantity can be at most 8, so we’ve set it to 8.");
    expect(descriptionOf(quantity)).toBe(note.textContent);
    expect(extrasLine()).toBe("A$120.00");

    // A quantity within the limits clears the message.
    fireEvent.change(quantity, { target: { value: "3" } });
    expect(quantity.value).toBe("3");
    expect(note.textContent).toBe("");
    expect(quantity.getAttribute("aria-describedby")).toBeNull();
    expect(extrasLine()).toBe("A$45.00");

    fireEvent.change(quantity, { target: { value: "0" } });
    expect(quantity.value).toBe("1");
    expect(note.textContent).toBe("Quantity must be at least 1, so we’ve set it to 1.");
    expect(extrasLine()).toBe("A$15.00");

    // Emptied while typing: the last quantity stands, and comes back when the box is left.
    fireEvent.change(quantity, { target: { value: "" } });
    expect(extrasLine()).toBe("A$15.00");
    fireEvent.blur(quantity);
    expect(quantity.value).toBe("1");
    // The review lists what is priced.
    expect(within(section(/Review and Submit/)).getByText("Interior windows × 1")).toBeTruthy();
  });

  it("shows the visit's length beside the chosen time, and the server's on the result card", async () => {
    const start = slotInstant(firstBookableDate(), 9);
    server.use(http.post("/api/bookings", () =>
      HttpResponse.json(
        bookingRecord({
          startTime: start.toISOString(),
          // The server's end: 3 hours and three windows of 15 minutes.
          endTime: new Date(start.getTime() + 225 * 60_000).toISOString(),
          frequencyCode: "ONE_TIME",
          frequencyNameAtBooking: "One-time",
        }),
        { status: 201 },
      )));
    const { user } = await openPage();
    fillContactAndAddress();
    await chooseHourly(user, "3");
    const schedule = section(/Schedule/);
    expect(within(schedule).queryByText(/^Your visit/)).toBeNull();
    await pickDay(user, firstBookableDate());
    await pickTime(user, "9:00 am");
    expect(within(schedule).getByText("Your visit: 9:00 am – 12:00 pm (3 hours)")).toBeTruthy();

    // Add-ons add their minutes, as the server counts them.
    const quantity = await chooseWindows(user);
    fireEvent.change(quantity, { target: { value: "3" } });
    expect(within(schedule).getByText("Your visit: 9:00 am – 12:45 pm (3 hours 45 minutes)")).toBeTruthy();

    await user.click(await screen.findByRole("radio", { name: "Someone will be home" }));
    await user.click(screen.getByRole("button", { name: "Book Now" }));
    const card = await screen.findByRole("region", { name: "Booking created. We’ve emailed your confirmation." });
    const visit = within(card).getByText("Visit").closest(".result-card__row")!;
    expect(visit.querySelector("dd")!.textContent).toBe("9:00 am – 12:45 pm (3 hours 45 minutes)");
  });

  it("shows no recurring total for a one-time quote, on the result card nor on its receipt", async () => {
    server.use(http.post("/api/quotes", () =>
      HttpResponse.json(
        bookingRecord({
          type: "QUOTE",
          status: "QUOTE_REQUESTED",
          frequencyCode: "ONE_TIME",
          frequencyNameAtBooking: "One-time",
          discountPercent: 0,
          recurringTotal: 260,
        }),
        { status: 201 },
      )));
    const { user } = await openPage();
    fillContactAndAddress();
    await chooseHourly(user, "3");
    await pickDay(user, firstBookableDate());
    await pickTime(user, "9:00 am");
    await user.click(await screen.findByRole("radio", { name: "Someone will be home" }));
    await user.click(screen.getByRole("button", { name: "Get Quote" }));
    const card = await screen.findByRole("region", { name: "Quote submitted. Please check your email for details." });
    expect(within(card).queryByText(/Recurring/)).toBeNull();
    expect(within(priceBox()).queryByText(/Recurring/)).toBeNull();

    let written = "";
    const popup = {
      document: { open() {}, write: (html: string) => (written += html), close() {} },
      focus() {},
      print() {},
      close() {},
      addEventListener() {},
      onafterprint: null,
    };
    vi.spyOn(window, "open").mockReturnValue(popup as unknown as Window);
    await user.click(within(card).getByRole("button", { name: "Print receipt" }));
    expect(written).toContain("First service total");
    expect(written).not.toContain("Recurring total");
  });

  it("keeps the calendar's place in the tab order while it loads, and hands focus to the grid when it arrives", async () => {
    const release = holdScheduling();
    const { user } = await renderApp("/book-now");
    await screen.findByRole("radio", { name: /Hourly Cleaning/ });
    const placeholder = screen.getByRole("region", { name: CALENDAR_LOADING_NAME });
    expect(placeholder.getAttribute("aria-busy")).toBe("true");
    expect(placeholder.tabIndex).toBe(0);
    // Tabbing from the last control before the schedule reaches it, not Check availability.
    const lastService = screen.getAllByRole("radio", { name: /Airbnb Turnover Clean/ })[0];
    lastService.focus();
    await user.tab();
    expect(document.activeElement).toBe(placeholder);

    release();
    const grid = await screen.findByRole("grid", {}, { timeout: 10_000 });
    const calendar = grid.closest(".booking-schedule__calendar")!;
    await waitFor(() => expect(calendar.contains(document.activeElement)).toBe(true));
    expect(document.activeElement?.tagName).toBe("BUTTON");
    expect(screen.queryByRole("region", { name: CALENDAR_LOADING_NAME })).toBeNull();
  });

  it("leaves focus where it is when the grid arrives and its placeholder did not have it", async () => {
    const release = holdScheduling();
    await renderApp("/book-now");
    await screen.findByRole("radio", { name: /Hourly Cleaning/ });
    const firstName = screen.getByLabelText(/^First name/);
    firstName.focus();
    release();
    await screen.findByRole("grid", {}, { timeout: 10_000 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(document.activeElement).toBe(firstName);
  });
});

describe("questionsAtSubmit", () => {
  const choices = (questions: Loadable<QuestionDto[]>) => ({ serviceId: "", extras: loadable(Promise.resolve([])), questions });

  it("waits for questions still loading, and asks again for ones that failed", async () => {
    let current = loadable<QuestionDto[]>(Promise.reject(new Error("down")));
    await Promise.resolve();
    const data = {
      choicesFor: () => choices(current),
      retryQuestions: vi.fn(() => (current = loadable(Promise.resolve(QUESTIONS)))),
    };
    await expect(questionsAtSubmit(data, "")).resolves.toEqual({ status: "ready", value: QUESTIONS });
    expect(data.retryQuestions).toHaveBeenCalledOnce();
  });

  it("goes on without them when they do not come in time", async () => {
    const hung = loadable<QuestionDto[]>(new Promise(() => {}));
    const data = { choicesFor: () => choices(hung), retryQuestions: vi.fn() };
    await expect(questionsAtSubmit(data, "", 20)).resolves.toMatchObject({ status: "failed" });
    expect(data.retryQuestions).not.toHaveBeenCalled();
  });
});

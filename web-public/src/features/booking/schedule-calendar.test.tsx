/** The availability calendar on /book-now (issue 14), against msw handlers that follow the contract. */
import { screen, waitFor, within } from "@testing-library/react";
import { slotInstant } from "@yarra/core/booking/capacity/scheduling.ts";
import { addDaysYmd, formatYmdLong, melbourneYmd, weekdayOfYmd } from "@yarra/core/shared/melbourne-time.ts";
import { http, HttpResponse } from "msw";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { server } from "../../test/server.ts";
import {
  type AvailabilityFake,
  availabilityDays,
  availabilityFake,
  catalogHandlers,
  CONTENT,
  firstBookableDate,
  SCHEDULING,
} from "./booking-test-fixtures.ts";
import {
  chooseHourly,
  getDay,
  offeredTimes,
  openPage,
  pickDay,
  pickTime,
  scheduleGroup,
  showMonthOf,
} from "./booking.test-helper.tsx";
import { CHECKING_DAYS } from "./schedule-section.tsx";
import { JOB_CHANGE_DEBOUNCE_MS } from "./use-availability.ts";

let availability: AvailabilityFake;
beforeEach(() => {
  availability = availabilityFake();
  server.use(...catalogHandlers(CONTENT, SCHEDULING, availability));
  sessionStorage.clear();
  vi.spyOn(Element.prototype, "scrollIntoView").mockImplementation(() => {});
});

/** The next open weekday after `ymd` (the fixtures close Sundays only). */
function nextOpenDay(ymd: string): string {
  let date = addDaysYmd(ymd, 1);
  while (weekdayOfYmd(date) === 0) date = addDaysYmd(date, 1);
  return date;
}

const lastCall = () => availability.calls.at(-1)!;
const review = () => screen.getByRole("region", { name: /Review and Submit/ });

describe("the availability calendar", { timeout: 30_000 }, () => {
  it("offers only open days: closed weekdays, closed dates, full days and days before the lead time cannot be chosen", async () => {
    const first = firstBookableDate();
    const closedDate = nextOpenDay(first);
    const fullDay = nextOpenDay(closedDate);
    availability.closedDates.set(closedDate, "Team day off");
    availability.full.add(fullDay);
    const { user } = await openPage("/book-now", first);

    const today = melbourneYmd(new Date());
    if (document.querySelector(`[data-day="${today}"]`)) {
      expect(getDay(today).getAttribute("aria-label")).toBe(`${formatYmdLong(today)}, today, too soon to book`);
      expect(getDay(today).closest("td")!.getAttribute("data-today")).toBe("true");
      expect(getDay(today)).toHaveProperty("disabled", true);
    }
    let sunday = first;
    while (weekdayOfYmd(sunday) !== 0) sunday = addDaysYmd(sunday, 1);
    const names: [string, string][] = [
      [closedDate, `${formatYmdLong(closedDate)}, closed (Team day off)`],
      [fullDay, `${formatYmdLong(fullDay)}, fully booked`],
      [sunday, `${formatYmdLong(sunday)}, closed`],
    ];
    for (const [day, name] of names) {
      await showMonthOf(user, day);
      expect(getDay(day).getAttribute("aria-label")).toBe(name);
      expect(getDay(day)).toHaveProperty("disabled", true);
      await user.click(getDay(day));
      expect(offeredTimes()).toEqual([]);
    }
    expect(within(review()).getByText("(to be decided)")).toBeTruthy();

    await pickDay(user, first);
    expect(getDay(first).getAttribute("aria-label")).toBe(`${formatYmdLong(first)}, selected`);
    expect(offeredTimes()).toEqual([
      "8:00 am", "9:00 am", "10:00 am", "11:00 am", "12:00 pm", "1:00 pm", "2:00 pm", "3:00 pm", "4:00 pm",
    ]);
  });

  it("moves between open days with the arrow keys and chooses one with Enter", async () => {
    const first = firstBookableDate();
    const closedDate = nextOpenDay(first);
    availability.closedDates.set(closedDate, "Team day off");
    const { user } = await openPage("/book-now", first);
    await showMonthOf(user, first);
    getDay(first).focus();
    // The closed date (and a Sunday) are skipped: focus lands on the next day that can be booked.
    await user.keyboard("{ArrowRight}");
    const next = nextOpenDay(closedDate);
    await waitFor(() => expect(document.activeElement?.closest("td")?.getAttribute("data-day")).toBe(next));
    await user.keyboard("{ArrowLeft}");
    await waitFor(() => expect(document.activeElement?.closest("td")?.getAttribute("data-day")).toBe(first));
    await user.keyboard("{Enter}");
    expect(getDay(first).getAttribute("aria-label")).toMatch(/, selected$/);
    expect(await screen.findByRole("group", { name: `Free start times on ${formatYmdLong(first)}` })).toBeTruthy();
    expect(within(review()).getByText("(to be decided)")).toBeTruthy();
    await pickTime(user, "10:00 am");
    expect(screen.getByRole("button", { name: "10:00 am" }).getAttribute("aria-pressed")).toBe("true");
    expect(within(review()).queryByText("(to be decided)")).toBeNull();
  });

  it("does not offer a taken time, nor one that would end after the close of the day", async () => {
    const first = firstBookableDate();
    availability.taken.add(slotInstant(first, 10).toISOString());
    const { user } = await openPage("/book-now", first);
    await chooseHourly(user, "4");
    await waitFor(() => expect(lastCall().get("hours")).toBe("4"));
    await pickDay(user, first);
    // A 4-hour clean must end by 18:00: 2:00 pm is the last start; 10:00 am is taken.
    await waitFor(() =>
      expect(offeredTimes()).toEqual(["8:00 am", "9:00 am", "11:00 am", "12:00 pm", "1:00 pm", "2:00 pm"])
    );
  });

  it("asks again when the service, the hours or the add-ons change, and drops a time no longer offered", async () => {
    const first = firstBookableDate();
    const { user } = await openPage("/book-now", first);
    // Before a service is chosen the calendar asks for the default length.
    expect(availability.calls[0].get("serviceId")).toBeNull();
    const [from, to] = [availability.calls[0].get("from")!, availability.calls[0].get("to")!];
    expect(from.endsWith("-01")).toBe(true);
    expect((Date.parse(to) - Date.parse(from)) / 86_400_000 + 1).toBeLessThanOrEqual(62);

    await chooseHourly(user, "2");
    await waitFor(() => expect(lastCall().get("hours")).toBe("2"));
    expect(lastCall().get("serviceId")).toBe("svc-hourly");
    await pickDay(user, first);
    await pickTime(user, "4:00 pm");
    expect(within(review()).getByText(/4:00 pm/)).toBeTruthy();

    // Four hours from 4:00 pm would run past 6:00 pm: the time is cleared, and the form says so.
    const before = availability.calls.length;
    await user.selectOptions(screen.getByLabelText(/^Hours/), "4");
    await waitFor(() => expect(lastCall().get("hours")).toBe("4"));
    const notice = `4:00 pm on ${formatYmdLong(first)} is no longer free for this clean, so we’ve cleared it. Please choose another time.`;
    expect(await within(scheduleGroup()).findByText(notice)).toBeTruthy();
    expect(offeredTimes()).not.toContain("4:00 pm");
    expect(within(review()).getByText("(to be decided)")).toBeTruthy();
    // The change waited for the customer: one new call, not one per keystroke.
    expect(availability.calls.length - before).toBeLessThanOrEqual(2);

    // Add-ons lengthen the job too, sent as id:quantity.
    await pickTime(user, "9:00 am");
    expect(within(scheduleGroup()).queryByText(notice)).toBeNull();
    await user.click(await screen.findByRole("checkbox", { name: /Inside oven/ }));
    await user.click(screen.getByRole("checkbox", { name: /Interior windows/ }));
    await waitFor(() => expect(lastCall().get("extras")).toBe("x-oven:1,x-windows:1"));
    expect(within(review()).getByText(/9:00 am/)).toBeTruthy();

    // Another service: its own length, asked for with its size.
    await user.click(screen.getByRole("radio", { name: /Regular Clean/ }));
    await user.selectOptions(await screen.findByLabelText(/^Bedrooms/), "3");
    await waitFor(() => expect(lastCall().get("bedrooms")).toBe("3"));
    expect(lastCall().get("serviceId")).toBe("svc-regular");
    expect(lastCall().has("hours")).toBe(false);
  });

  it("clears a day that became full, and waits a moment before asking about a changed job", async () => {
    const first = firstBookableDate();
    const { user } = await openPage("/book-now", first);
    await pickDay(user, first);
    await pickTime(user, "9:00 am");
    availability.full.add(first);
    const before = availability.calls.length;
    await chooseHourly(user, "3");
    // Nothing is asked while the customer may still be changing it.
    expect(availability.calls.length).toBe(before);
    await new Promise((resolve) => setTimeout(resolve, JOB_CHANGE_DEBOUNCE_MS / 2));
    expect(availability.calls.length).toBe(before);
    const notice = `${formatYmdLong(first)} is no longer free for this clean, so we’ve cleared it. Please choose another day.`;
    expect(await within(scheduleGroup()).findByText(notice)).toBeTruthy();
    expect(getDay(first)).toHaveProperty("disabled", true);
    expect(getDay(first).getAttribute("aria-label")).toBe(`${formatYmdLong(first)}, fully booked`);
    expect(screen.queryByRole("group", { name: /^Free start times on/ })).toBeNull();
  });

  it("keeps the days shown while a changed job is checked, and never shows a late answer for a job since changed", async () => {
    const first = firstBookableDate();
    let answerLate = () => {};
    const late = new Promise<void>((resolve) => (answerLate = resolve));
    let lateAnswered = false;
    // Two hours: the answer comes only when released, and says the first day is full.
    server.use(http.get("/api/availability", async ({ request }) => {
      const query = new URL(request.url).searchParams;
      if (query.get("hours") !== "2") return undefined;
      availability.calls.push(query);
      await late;
      lateAnswered = true;
      return HttpResponse.json({ durationMinutes: 120, days: availabilityDays({ ...availability, full: new Set([first]) }, query) });
    }));
    const { user } = await openPage("/book-now", first);
    await chooseHourly(user, "2");
    await waitFor(() => expect(lastCall().get("hours")).toBe("2"));
    // Asked about, not answered: the days shown before stay, marked as being checked.
    expect(within(scheduleGroup()).getByText(CHECKING_DAYS)).toBeTruthy();
    expect(getDay(first)).toHaveProperty("disabled", false);

    await user.selectOptions(screen.getByLabelText(/^Hours/), "3");
    await waitFor(() => expect(lastCall().get("hours")).toBe("3"));
    await waitFor(() => expect(within(scheduleGroup()).queryByText(CHECKING_DAYS)).toBeNull());
    answerLate();
    await waitFor(() => expect(lateAnswered).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(getDay(first)).toHaveProperty("disabled", false);
    expect(getDay(first).getAttribute("aria-label")).not.toMatch(/fully booked/);
    await pickDay(user, first);
    expect(offeredTimes()).toContain("9:00 am");
  });

  it("keeps the months to the bookable range, asking for each as it is shown", async () => {
    const first = firstBookableDate();
    const { user } = await openPage("/book-now", first);
    const previous = screen.getByRole("button", { name: "Go to the Previous Month" });
    expect(previous.getAttribute("aria-disabled")).toBe("true");
    const asked = availability.calls.length;
    await user.click(screen.getByRole("button", { name: "Go to the Next Month" }));
    await user.click(screen.getByRole("button", { name: "Go to the Next Month" }));
    await waitFor(() => expect(availability.calls.length).toBeGreaterThan(asked));
    for (const call of availability.calls) {
      const days = (Date.parse(call.get("to")!) - Date.parse(call.get("from")!)) / 86_400_000 + 1;
      expect(days).toBeGreaterThanOrEqual(28);
      expect(days).toBeLessThanOrEqual(62);
    }
    // No month is asked for twice for the same job.
    const months = availability.calls.flatMap((call) => {
      const list = [call.get("from")!.slice(0, 7)];
      if (call.get("to")!.slice(0, 7) !== list[0]) list.push(call.get("to")!.slice(0, 7));
      return list;
    });
    expect(new Set(months).size).toBe(months.length);
  });

  it("says when the free days cannot be checked, and tries again", async () => {
    let failing = true;
    // Failing until the retry; then the contract's handler answers.
    server.use(http.get("/api/availability", () => (failing ? new HttpResponse(null, { status: 500 }) : undefined)));
    const first = firstBookableDate();
    const { user } = await openPage();
    const alert = await within(scheduleGroup()).findByRole("alert");
    expect(alert.textContent).toContain("We couldn’t check which days are free just now.");
    expect(getDay(first)).toHaveProperty("disabled", true);
    failing = false;
    await user.click(within(alert).getByRole("button", { name: "Retry" }));
    await waitFor(() => expect(getDay(first)).toHaveProperty("disabled", false));
    expect(within(scheduleGroup()).queryByRole("alert")).toBeNull();
  });
});

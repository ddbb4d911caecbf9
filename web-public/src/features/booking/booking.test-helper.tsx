/** What the booking page's tests do on the page: open it, fill it, pick a day and a time. */
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { formatYmdLong } from "@yarra/core/shared/melbourne-time.ts";
import { expect } from "vitest";
import { renderApp } from "../../test/render-app.tsx";

export type User = Awaited<ReturnType<typeof renderApp>>["user"];

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** A day of the calendar by its name ('Wednesday 6 March 2030', then ', today' and the like). */
export const dayName = (ymd: string) => new RegExp(`^${escapeRegExp(formatYmdLong(ymd))}(,|$)`);
/** The day's button in the grid (found by its cell's date: quicker than by name on a large page). */
export const queryDay = (ymd: string) =>
  document.querySelector<HTMLButtonElement>(`[role="gridcell"][data-day="${ymd}"] button`);
export function getDay(ymd: string): HTMLButtonElement {
  const day = queryDay(ymd);
  if (!day) throw new Error(`${ymd} is not in the calendar's month`);
  expect(day.getAttribute("aria-label")).toMatch(dayName(ymd));
  return day;
}

/** The grid's code is a chunk of its own: the first test of a file waits for it to be compiled. */
const GRID_TIMEOUT = { timeout: 10_000 };

export const scheduleGroup = () => screen.getByRole("group", { name: /^Date and start time/ });

/** Once the calendar shows the days the API says are open. */
export async function calendarReady(ymd: string) {
  await waitFor(() => expect(queryDay(ymd)?.disabled).toBe(false), { timeout: 5_000 });
}

/** Moves the calendar to the month of `ymd`. */
export async function showMonthOf(user: User, ymd: string) {
  await screen.findByRole("grid", {}, GRID_TIMEOUT);
  for (let step = 0; step < 14 && !queryDay(ymd); step++) {
    // The month's own first day: a grid starting mid-week also has cells (without buttons) for the
    // days of the month before, which must not be taken for the month shown.
    const firstShown = document.querySelector('[role="gridcell"][data-day] button')?.closest("[data-day]")?.getAttribute("data-day") ?? "";
    const direction = ymd < firstShown ? "Previous" : "Next";
    await user.click(screen.getByRole("button", { name: `Go to the ${direction} Month` }));
  }
}

export async function pickDay(user: User, ymd: string) {
  await showMonthOf(user, ymd);
  await calendarReady(ymd);
  await user.click(getDay(ymd));
}

/** A free start time of the chosen day, by its label ('9:00 am'). */
export async function pickTime(user: User, label: string) {
  const group = await screen.findByRole("group", { name: /^Free start times on/ });
  await user.click(within(group).getByRole("button", { name: label }));
}

/** The labels of the start times offered for the chosen day. */
export function offeredTimes(): string[] {
  const group = screen.queryByRole("group", { name: /^Free start times on/ });
  return group ? [...group.querySelectorAll("button")].map((button) => button.textContent ?? "") : [];
}

export const fill = (label: RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

export function fillContactAndAddress() {
  fill(/^First name/, "Ada");
  fill(/^Last name/, "Lovelace");
  fill(/^Email/, "ada@example.com");
  fill(/^Phone/, "0412 345 678");
  fill(/^Street address/, "12 Smith St");
  fill(/^Suburb/, "Fitzroy");
  fill(/^Postcode/, "3065");
}

export async function chooseHourly(user: User, hours = "3") {
  await user.click(screen.getByRole("radio", { name: /Hourly Cleaning/ }));
  await user.selectOptions(await screen.findByLabelText(/^Hours/), hours);
}

/** The text of the element(s) a control's aria-describedby points at. */
export function descriptionOf(element: Element): string {
  const ids = (element.getAttribute("aria-describedby") ?? "").split(/\s+/).filter(Boolean);
  return ids.map((id) => document.getElementById(id)?.textContent ?? "").join(" ");
}

export function expectFieldError(control: HTMLElement, message: string) {
  expect(control.getAttribute("aria-invalid")).toBe("true");
  expect(descriptionOf(control)).toContain(message);
}

/** /book-now with its catalogue and calendar loaded. */
export async function openPage(path = "/book-now", firstDay?: string) {
  const view = await renderApp(path);
  await screen.findByRole("radio", { name: /Hourly Cleaning/ });
  await screen.findByRole("grid", {}, GRID_TIMEOUT);
  if (firstDay) await calendarReady(firstDay);
  return view;
}

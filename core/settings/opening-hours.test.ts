import assert from "node:assert/strict";
import { hourText, NO_OPEN_DAYS, openDaysText, openingHoursLine } from "./opening-hours.ts";
import { SCHEDULING_DEFAULTS } from "./types.ts";

const SUN = 0, MON = 1, TUE = 2, WED = 3, THU = 4, FRI = 5, SAT = 6;

Deno.test("opening hours: the open weekdays, Monday first, consecutive days as one range", () => {
  const cases: Array<[closed: number[], expected: string]> = [
    [[], "Mon–Sun"],
    [[SUN], "Mon–Sat"],
    [[SAT, SUN], "Mon–Fri"],
    [[THU], "Mon–Wed, Fri–Sun"],
    [[THU, SUN], "Mon–Wed, Fri–Sat"],
    [[MON], "Tue–Sun"],
    [[TUE, THU, SAT], "Mon, Wed, Fri, Sun"],
    [[MON, TUE, WED, THU, FRI, SAT], "Sun"],
    [[MON, TUE, WED, THU, FRI], "Sat–Sun"],
    [[TUE, WED, THU, FRI, SAT, SUN], "Mon"],
    [[SUN, MON, TUE, WED, THU, FRI, SAT], ""],
    // Order and repeats in the setting do not matter; numbers that are no weekday close nothing.
    [[SUN, SAT, SUN, 7, -1], "Mon–Fri"],
  ];
  for (const [closed, expected] of cases) assert.equal(openDaysText(closed), expected, JSON.stringify(closed));
});

Deno.test("opening hours: hours on the 12-hour clock", () => {
  const cases: Array<[hour: number, expected: string]> = [
    [0, "12:00am"],
    [1, "1:00am"],
    [8, "8:00am"],
    [11, "11:00am"],
    [12, "12:00pm"],
    [13, "1:00pm"],
    [17, "5:00pm"],
    [18, "6:00pm"],
    [23, "11:00pm"],
    [24, "midnight"],
  ];
  for (const [hour, expected] of cases) assert.equal(hourText(hour), expected, String(hour));
});

Deno.test("opening hours: the line from the scheduling settings", () => {
  const cases: Array<[settings: { closedWeekdays: number[]; firstSlotHour: number; dayEndHour: number }, expected: string]> = [
    [{ closedWeekdays: [], firstSlotHour: 8, dayEndHour: 17 }, "Mon–Sun 8:00am–5:00pm"],
    [{ closedWeekdays: [SUN], firstSlotHour: 8, dayEndHour: 17 }, "Mon–Sat 8:00am–5:00pm"],
    [{ closedWeekdays: [WED], firstSlotHour: 7, dayEndHour: 19 }, "Mon–Tue, Thu–Sun 7:00am–7:00pm"],
    [{ closedWeekdays: [SAT, SUN], firstSlotHour: 9, dayEndHour: 12 }, "Mon–Fri 9:00am–12:00pm"],
    [{ closedWeekdays: [MON, TUE, WED, THU, FRI], firstSlotHour: 10, dayEndHour: 24 }, "Sat–Sun 10:00am–midnight"],
    [{ closedWeekdays: [SUN, MON, TUE, WED, THU, FRI, SAT], firstSlotHour: 8, dayEndHour: 18 }, NO_OPEN_DAYS],
  ];
  for (const [settings, expected] of cases) assert.equal(openingHoursLine(settings), expected, JSON.stringify(settings));
  assert.equal(NO_OPEN_DAYS, "By appointment");
});

Deno.test("opening hours: the default settings close Sunday and end the day at 6pm", () => {
  assert.equal(openingHoursLine(SCHEDULING_DEFAULTS), "Mon–Sat 8:00am–6:00pm");
});

import { describe, expect, it } from "vitest";
import { dayText, jobDays, markTime, timeRange } from "./job-days.ts";
import { myJobsRange } from "./my-jobs-api.ts";
import { aTeamJob } from "./test-fixtures.ts";

describe("the days of My jobs", () => {
  it("are today and the next 7 Melbourne days, whatever the UTC date", () => {
    // 11:30 pm UTC on Sat 3 Oct 2026 is already Sunday 4 Oct in Melbourne (the day clocks go forward).
    expect(myJobsRange(new Date("2026-10-03T23:30:00Z"))).toEqual({ from: "2026-10-04", to: "2026-10-11" });
    expect(myJobsRange(new Date("2026-11-25T12:59:00Z"))).toEqual({ from: "2026-11-25", to: "2026-12-02" });
    expect(myJobsRange(new Date("2026-11-25T13:00:00Z"))).toEqual({ from: "2026-11-26", to: "2026-12-03" });
  });

  it("are named Today, Tomorrow, then weekday and date; each holds its own jobs by start", () => {
    const late = aTeamJob({ _id: "b9", startTime: "2026-11-26T05:00:00.000Z", endTime: "2026-11-26T07:00:00.000Z" });
    const early = aTeamJob({ _id: "b1", startTime: "2026-11-25T20:00:00.000Z", endTime: "2026-11-25T22:00:00.000Z" });
    // 11 pm Melbourne on Sunday: still Sunday's, though it is Sunday midday in UTC.
    const sundayNight = aTeamJob({ _id: "b5", startTime: "2026-11-29T12:00:00.000Z", endTime: "2026-11-29T12:45:00.000Z" });
    const days = jobDays([late, sundayNight, early], { from: "2026-11-26", to: "2026-12-03" });
    expect(days.map((day) => [day.title, day.date, day.jobs.map((job) => job._id)])).toEqual([
      ["Today", "Thu 26 Nov", ["b1", "b9"]],
      ["Tomorrow", "Fri 27 Nov", []],
      ["Saturday 28 Nov", null, []],
      ["Sunday 29 Nov", null, ["b5"]],
      ["Monday 30 Nov", null, []],
      ["Tuesday 1 Dec", null, []],
      ["Wednesday 2 Dec", null, []],
      ["Thursday 3 Dec", null, []],
    ]);
  });

  it("writes times as the business does, in Melbourne time", () => {
    expect(timeRange(aTeamJob())).toBe("9:00 am – 12:00 pm");
    expect(dayText("2027-01-01")).toBe("Friday 1 Jan");
    expect(dayText("2027-01-01", true)).toBe("Fri 1 Jan");
    // A mark on the job's day is a time; on another day it says which.
    expect(markTime("2026-11-25T21:31:00.000Z", aTeamJob().startTime)).toBe("8:31 am");
    expect(markTime("2026-11-26T13:05:00.000Z", aTeamJob().startTime)).toBe("Fri 27 Nov, 12:05 am");
  });
});

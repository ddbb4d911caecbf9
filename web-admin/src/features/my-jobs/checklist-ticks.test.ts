import { describe, expect, it } from "vitest";
import { saveTickedItems, tickedItems } from "./checklist-ticks.ts";

const DAY = 24 * 3_600_000;

describe("the checklist's ticks", () => {
  it("are kept per job, in this browser, and unticking the last forgets the job", () => {
    // A fixed "now" on the jobs' day: with the real clock, these jobs would age out as the days pass.
    const now = Date.parse("2026-11-26T00:00:00.000Z");
    saveTickedItems("b1", "2026-11-26T01:00:00.000Z", ["Vacuum floors"], now);
    saveTickedItems("b2", "2026-11-28T04:00:00.000Z", ["Windows", "Doors"], now);
    expect(tickedItems("b1")).toEqual(["Vacuum floors"]);
    expect(tickedItems("b2")).toEqual(["Windows", "Doors"]);
    expect(tickedItems("b3")).toEqual([]);
    saveTickedItems("b1", "2026-11-26T01:00:00.000Z", [], now);
    expect(tickedItems("b1")).toEqual([]);
    expect(Object.keys(JSON.parse(localStorage.getItem("myJobsChecklist")!))).toEqual(["b2"]);
  });

  it("of a job that ended more than two days ago are dropped on the next save", () => {
    const end = Date.parse("2026-11-26T01:00:00.000Z");
    saveTickedItems("old", "2026-11-26T01:00:00.000Z", ["Benches"], end);
    saveTickedItems("new", "2026-11-28T01:00:00.000Z", ["Windows"], end + 2 * DAY - 1);
    expect(tickedItems("old")).toEqual(["Benches"]);
    saveTickedItems("new", "2026-11-28T01:00:00.000Z", ["Windows", "Doors"], end + 2 * DAY + 1);
    expect(tickedItems("old")).toEqual([]);
    expect(tickedItems("new")).toEqual(["Windows", "Doors"]);
  });

  it("read as none when storage holds something else", () => {
    localStorage.setItem("myJobsChecklist", "not json");
    expect(tickedItems("b1")).toEqual([]);
    localStorage.setItem("myJobsChecklist", JSON.stringify({ b1: { ticked: "Windows", endsAt: 1 }, b2: { ticked: ["Doors", 3], endsAt: 1 } }));
    expect(tickedItems("b1")).toEqual([]);
    expect(tickedItems("b2")).toEqual(["Doors"]);
  });
});

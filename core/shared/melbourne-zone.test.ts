import assert from "node:assert/strict";
import { melbourneZoneAbbreviation } from "./melbourne-time.ts";

Deno.test("zone label: right at both daylight-saving changes and whatever the seconds", () => {
  const cases: [string, "AEST" | "AEDT"][] = [
    // Summer, at :00 and :59 seconds (the label once flipped to AEST from :30 s on).
    ["2026-12-01T00:00:00Z", "AEDT"],
    ["2026-12-01T00:00:59Z", "AEDT"],
    ["2026-11-22T17:21:59.999Z", "AEDT"],
    // Winter.
    ["2026-07-01T00:00:00Z", "AEST"],
    ["2026-07-01T00:00:59Z", "AEST"],
    // Daylight saving ends 5 April 2026, 3:00 AEDT -> 2:00 AEST.
    ["2026-04-04T15:59:00Z", "AEDT"],
    ["2026-04-04T15:59:59Z", "AEDT"],
    ["2026-04-04T16:00:00Z", "AEST"],
    ["2026-04-04T16:00:59Z", "AEST"],
    // Daylight saving starts 4 October 2026, 2:00 AEST -> 3:00 AEDT.
    ["2026-10-03T15:59:00Z", "AEST"],
    ["2026-10-03T15:59:59Z", "AEST"],
    ["2026-10-03T16:00:00Z", "AEDT"],
    ["2026-10-03T16:00:59Z", "AEDT"],
  ];
  for (const [iso, label] of cases) assert.equal(melbourneZoneAbbreviation(new Date(iso)), label, iso);
});

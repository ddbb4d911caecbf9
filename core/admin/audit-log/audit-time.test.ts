import assert from "node:assert/strict";
import { formatAuditTime } from "./audit-time.ts";

Deno.test("formatAuditTime: Melbourne time with the label in force, on both sides of each change", async (t) => {
  const cases: [string, string][] = [
    // Daylight saving ends 3:00 am AEDT Sun 5 Apr 2026 (16:00 UTC on the 4th).
    ["2026-04-04T15:59:59.000Z", "Sun 5 Apr 2026, 2:59 am AEDT"],
    ["2026-04-04T16:00:00.000Z", "Sun 5 Apr 2026, 2:00 am AEST"],
    // It starts 2:00 am AEST Sun 4 Oct 2026 (16:00 UTC on the 3rd).
    ["2026-10-03T15:59:59.000Z", "Sun 4 Oct 2026, 1:59 am AEST"],
    ["2026-10-03T16:00:00.000Z", "Sun 4 Oct 2026, 3:00 am AEDT"],
    ["2026-07-10T00:00:59.000Z", "Fri 10 July 2026, 10:00 am AEST"],
  ];
  for (const [iso, text] of cases) await t.step(iso, () => assert.equal(formatAuditTime(new Date(iso)), text));
});

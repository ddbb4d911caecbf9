import assert from "node:assert/strict";
import { booking } from "./test-fixtures.ts";
import { DEMO_BUSINESS_PROFILE } from "../settings/demo-business-profile.ts";
import { DEFAULT_CANCELLATION_POLICY_HTML } from "../settings/types.ts";
import type { MessageContext } from "./email-parts.ts";
import { bookingCalendarEvent } from "./calendar-invite.ts";

const ctx: MessageContext = {
  profile: DEMO_BUSINESS_PROFILE,
  cancellationPolicyHtml: DEFAULT_CANCELLATION_POLICY_HTML,
  siteUrl: "https://yarrashine.example",
};

Deno.test("the .ics keeps one UID for the booking's life; SEQUENCE and METHOD follow its changes", () => {
  const unfold = (ics: string) => ics.replace(/\r\n[ \t]/g, "");
  const line = (ics: string, name: string) => unfold(ics).split("\r\n").find((l) => l.startsWith(`${name}:`));
  const first = bookingCalendarEvent(booking(), ctx);
  const confirmed = bookingCalendarEvent(booking({ status: "CONFIRMED", calendarSequence: 1 }), ctx);
  const cancelled = bookingCalendarEvent(booking({ status: "CANCELLED", calendarSequence: 2 }), ctx, "CANCEL");
  assert.equal(line(first, "UID"), line(confirmed, "UID"));
  assert.equal(line(first, "UID"), line(cancelled, "UID"));
  assert.deepEqual([first, confirmed, cancelled].map((ics) => line(ics, "SEQUENCE")), ["SEQUENCE:0", "SEQUENCE:1", "SEQUENCE:2"]);
  assert.deepEqual([first, confirmed, cancelled].map((ics) => line(ics, "METHOD")), ["METHOD:PUBLISH", "METHOD:PUBLISH", "METHOD:CANCEL"]);
  assert.deepEqual([first, confirmed, cancelled].map((ics) => line(ics, "STATUS")), ["STATUS:TENTATIVE", "STATUS:CONFIRMED", "STATUS:CANCELLED"]);
  assert.match(unfold(first), /DESCRIPTION:Booking request YS-7K3F9Q/);
});

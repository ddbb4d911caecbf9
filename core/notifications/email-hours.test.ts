import assert from "node:assert/strict";
import { booking } from "./test-fixtures.ts";
import { DEMO_BUSINESS_PROFILE } from "../settings/demo-business-profile.ts";
import { DEFAULT_CANCELLATION_POLICY_HTML, SCHEDULING_DEFAULTS } from "../settings/types.ts";
import { type MessageContext, profileForEmails } from "./email-parts.ts";
import { bookingConfirmationEmail } from "./record-emails.ts";
import { inquiryAcknowledgementEmail } from "./inquiry-emails.ts";
import type { Inquiry } from "../inquiry/types.ts";

const SUNDAY = 0;

const ctxWith = (scheduling: { closedWeekdays: number[]; firstSlotHour: number; dayEndHour: number }): MessageContext => ({
  profile: profileForEmails(DEMO_BUSINESS_PROFILE, scheduling),
  cancellationPolicyHtml: DEFAULT_CANCELLATION_POLICY_HTML,
});

const inquiry: Inquiry = {
  _id: "9a0b1c2d-0000-4000-8000-000000000001",
  reference: "YI-7K3F9Q",
  inquiryType: "OFFICE",
  firstName: "Sam",
  lastName: "Lee",
  email: "sam@example.com",
  phone: "0398765432",
  suburb: "Richmond",
  message: "A nightly clean.",
  read: false,
  hasAddress: false,
  archivedAt: null,
  adminNotes: "",
  createdAt: new Date("2026-06-01T00:30:00Z"),
};

Deno.test("e-mail hours: a closed Sunday is never promised (issue 34)", () => {
  // The profile's own line is the site's contact text, which names Sunday.
  assert.equal(DEMO_BUSINESS_PROFILE.contactHours, "Mon–Sun 8:00am–5:00pm");
  const ctx = ctxWith({ closedWeekdays: [SUNDAY], firstSlotHour: 8, dayEndHour: 17 });
  const confirmation = bookingConfirmationEmail(booking(), ctx);
  const acknowledgement = inquiryAcknowledgementEmail(inquiry, ctx);
  assert.ok(confirmation.text.includes("Hours: Mon–Sat 8:00am–5:00pm"), confirmation.text);
  assert.ok(confirmation.text.includes("usually the same business day (Mon–Sat 8:00am–5:00pm)"), confirmation.text);
  assert.ok(confirmation.html!.includes("Mon–Sat 8:00am–5:00pm"));
  assert.ok(acknowledgement.text.includes("usually the same business day (Mon–Sat 8:00am–5:00pm)"), acknowledgement.text);
  for (const mail of [confirmation, acknowledgement]) {
    assert.ok(!mail.text.includes("Mon–Sun") && !mail.html!.includes("Mon–Sun"), mail.kind);
  }
});

Deno.test("e-mail hours: the days and hours follow the scheduling settings", () => {
  const cases: Array<[scheduling: { closedWeekdays: number[]; firstSlotHour: number; dayEndHour: number }, hours: string]> = [
    [SCHEDULING_DEFAULTS, "Mon–Sat 8:00am–6:00pm"],
    [{ closedWeekdays: [], firstSlotHour: 8, dayEndHour: 17 }, "Mon–Sun 8:00am–5:00pm"],
    [{ closedWeekdays: [3, 6, 0], firstSlotHour: 7, dayEndHour: 15 }, "Mon–Tue, Thu–Fri 7:00am–3:00pm"],
    [{ closedWeekdays: [0, 1, 2, 3, 4, 5, 6], firstSlotHour: 8, dayEndHour: 18 }, "By appointment"],
  ];
  for (const [scheduling, hours] of cases) {
    const { text } = bookingConfirmationEmail(booking(), ctxWith(scheduling));
    assert.ok(text.includes(`Hours: ${hours}\n`) || text.endsWith(`Hours: ${hours}`), `${hours}:\n${text}`);
  }
});

Deno.test("e-mail hours: only the hours line changes; the rest of the profile is the business's", () => {
  const profile = profileForEmails(DEMO_BUSINESS_PROFILE, { closedWeekdays: [SUNDAY], firstSlotHour: 9, dayEndHour: 17 });
  assert.deepEqual(profile, { ...DEMO_BUSINESS_PROFILE, contactHours: "Mon–Sat 9:00am–5:00pm" });
  assert.equal(DEMO_BUSINESS_PROFILE.contactHours, "Mon–Sun 8:00am–5:00pm", "the stored profile is not changed");
});

import assert from "node:assert/strict";
import type { BookingRecord } from "../booking/types.ts";
import { booking } from "./test-fixtures.ts";
import { DEMO_BUSINESS_PROFILE } from "../settings/demo-business-profile.ts";
import { DEFAULT_CANCELLATION_POLICY_HTML } from "../settings/types.ts";
import { melbourneInstant, melbourneZoneAbbreviation } from "../shared/melbourne-time.ts";
import type { MessageContext } from "./email-parts.ts";
import { CALENDAR_ATTACHMENT_FILENAME } from "./calendar-invite.ts";
import { bookingConfirmationEmail, businessBookingNotification, emailsForRecord, quoteConfirmationEmail } from "./record-emails.ts";
import { formatAddress } from "../shared/contact.ts";

const ctx: MessageContext = {
  profile: DEMO_BUSINESS_PROFILE,
  cancellationPolicyHtml: DEFAULT_CANCELLATION_POLICY_HTML,
  siteUrl: "https://yarrashine.example",
};

const quote = (overrides: Partial<BookingRecord> = {}): BookingRecord =>
  booking({ type: "QUOTE", status: "QUOTE_REQUESTED", ...overrides });

Deno.test("booking confirmation: subject, recipient, kind, relatedId", () => {
  const mail = bookingConfirmationEmail(booking(), ctx);
  assert.equal(
    mail.subject,
    "Booking request received — Hourly Cleaning, Sat 28 Nov 2026, 9:00 am (YS-7K3F9Q)",
  );
  assert.equal(mail.to, "jane@example.com");
  assert.equal(mail.kind, "booking-confirmation");
  assert.equal(mail.relatedId, "3f2c7a0e-1111-4222-8333-444455556666");
});

Deno.test("booking confirmation: text body carries every detail", () => {
  const { text } = bookingConfirmationEmail(booking(), ctx);
  for (
    const expected of [
      "Hi Jane,",
      "Reference: YS-7K3F9Q",
      "When: Sat 28 Nov 2026, 9:00 am – 12:00 pm AEDT (Melbourne time)",
      "Service: Hourly Cleaning, 3 hours",
      "Frequency: Weekly (10% off every service after the first)",
      "Name: Jane Citizen",
      "Address: 3/12 Smith St, Fitzroy VIC 3065",
      "- Inside oven × 2 at A$35.00 each: A$70.00",
      "- Balcony: A$20.50",
      "Do you have pets?: Yes",
      "Rooms to focus on: Kitchen, Bathroom",
      "Key under the mat.\nPlease use the side gate.",
      "Base: A$165.00",
      "Extras: A$90.50",
      "First service: A$255.50",
      "Recurring: A$229.95 per service after the first",
      "requests until we confirm availability",
      "Phone: 0412 345 678",
      "Email: hello@yarrashine.com.au",
      "Hours: Mon–Sun 8:00am–5:00pm",
      "Website: https://yarrashine.example",
    ]
  ) {
    assert.ok(text.includes(expected), `text lacks ${JSON.stringify(expected)}:\n${text}`);
  }
});

Deno.test("cancellation policy: HTML as given, text with '- ' items and no tags", () => {
  const mail = bookingConfirmationEmail(booking(), ctx);
  assert.ok(mail.html!.includes(DEFAULT_CANCELLATION_POLICY_HTML));
  assert.ok(mail.text.includes(
    "Cancellation policy\n-------------------\n\n" +
      "- Free changes up to 24 hours before the appointment.\n" +
      "- Changes or cancellations within 24 hours may incur a 50% fee.\n" +
      "- You are charged only after the job is completed.\n" +
      "- Online bookings are requests until availability is verified.",
  ));
  assert.ok(!/<\/?(ul|li)>/.test(mail.text));
});

Deno.test("customer-supplied strings are escaped in the HTML body", () => {
  const evil = "<script>alert(1)</script>";
  const record = booking({
    firstName: evil,
    lastName: `"O'Brien" & co`,
    notes: `<img src=x onerror=alert(2)>`,
    address: { street: evil, suburb: "Fitzroy", state: "VIC", postCode: "3065" },
    extras: [{ extraId: "x", titleAtBooking: "<b>Oven</b>", quantity: 1, priceAtBooking: 1 }],
    answers: [{
      questionId: "q",
      label: "<i>Pets?</i>",
      value: ["<u>dog</u>"],
      displayValue: "<u>Dog</u>",
    }],
  });
  for (const mail of emailsForRecord(record, ctx)) {
    const html = mail.html!;
    assert.ok(!html.includes("<script>"), mail.kind);
    assert.ok(!html.includes("<img"), mail.kind);
    assert.ok(!html.includes("<b>Oven"), mail.kind);
    assert.ok(!html.includes("<i>Pets"), mail.kind);
    assert.ok(!html.includes("<u>dog"), mail.kind);
    assert.ok(html.includes("&lt;script&gt;alert(1)&lt;/script&gt;"), mail.kind);
    assert.ok(html.includes("&quot;O&#39;Brien&quot; &amp; co"), mail.kind);
    // The text part is plain text: it keeps the characters as typed.
    assert.ok(mail.text.includes(evil), mail.kind);
  }
});

Deno.test("subjects stay on one header line", () => {
  const mail = businessBookingNotification(booking({ firstName: "Jane\r\nBcc: x@evil.test" }), ctx);
  assert.ok(!/[\r\n]/.test(mail.subject));
  assert.ok(mail.subject.startsWith("New booking request — Jane Bcc: x@evil.test Citizen"));
});

Deno.test("Melbourne time across the October 2026 DST change", () => {
  // Clocks go forward on Sun 4 Oct 2026: a 9:00 start on Mon 5 Oct is 22:00 UTC the day before.
  const start = melbourneInstant("2026-10-05", 9);
  assert.equal(start.toISOString(), "2026-10-04T22:00:00.000Z");
  const after = bookingConfirmationEmail(
    booking({ startTime: start, endTime: new Date(start.getTime() + 3 * 3600_000) }),
    ctx,
  );
  assert.equal(
    after.subject,
    "Booking request received — Hourly Cleaning, Mon 5 Oct 2026, 9:00 am (YS-7K3F9Q)",
  );
  assert.ok(after.text.includes("When: Mon 5 Oct 2026, 9:00 am – 12:00 pm AEDT (Melbourne time)"));
  assert.ok(after.attachments![0].content.includes("DTSTART:20261004T220000Z"));

  const before = melbourneInstant("2026-10-02", 9);
  assert.equal(before.toISOString(), "2026-10-01T23:00:00.000Z");
  const mail = bookingConfirmationEmail(
    booking({ startTime: before, endTime: new Date(before.getTime() + 2 * 3600_000) }),
    ctx,
  );
  assert.ok(mail.text.includes("When: Fri 2 Oct 2026, 9:00 am – 11:00 am AEST (Melbourne time)"));
  assert.ok(mail.attachments![0].content.includes("DTSTART:20261001T230000Z"));
  assert.ok(mail.attachments![0].content.includes("DTEND:20261002T010000Z"));
});

Deno.test("zone abbreviation follows the offset", () => {
  assert.equal(melbourneZoneAbbreviation(new Date("2026-07-01T00:00:00Z")), "AEST");
  assert.equal(melbourneZoneAbbreviation(new Date("2026-12-01T00:00:00Z")), "AEDT");
});

Deno.test("booking confirmation: .ics attachment", () => {
  const mail = bookingConfirmationEmail(booking(), ctx);
  assert.equal(mail.attachments?.length, 1);
  const [ics] = mail.attachments!;
  assert.equal(ics.filename, CALENDAR_ATTACHMENT_FILENAME);
  assert.match(ics.contentType, /^text\/calendar; charset=utf-8; method=PUBLISH$/);
  const content = ics.content.replace(/\r\n[ \t]/g, ""); // unfold continuation lines
  assert.ok(content.startsWith("BEGIN:VCALENDAR\r\n"));
  assert.ok(content.includes("METHOD:PUBLISH"));
  assert.ok(content.includes("UID:3f2c7a0e-1111-4222-8333-444455556666@yarrashine.com.au"));
  assert.ok(content.includes("DTSTART:20261127T220000Z"));
  assert.ok(content.includes("DTEND:20261128T010000Z"));
  assert.ok(content.includes("SUMMARY:Hourly Cleaning — Yarra Shine Cleaning"));
  assert.ok(content.includes("LOCATION:3/12 Smith St\\, Fitzroy VIC 3065"));
  assert.ok(content.includes("STATUS:TENTATIVE"));
  assert.ok(/ORGANIZER;CN="?Yarra Shine Cleaning"?:MAILTO:hello@yarrashine.com.au/.test(content));
  // DTSTAMP comes from the record, so the same record gives the same invite.
  assert.ok(content.includes("DTSTAMP:20261120T010203Z"));
  assert.equal(bookingConfirmationEmail(booking(), ctx).attachments![0].content, ics.content);
});

Deno.test("quote confirmation differs from a booking confirmation", () => {
  const mail = quoteConfirmationEmail(quote(), ctx);
  assert.equal(mail.kind, "quote-confirmation");
  assert.equal(mail.to, "jane@example.com");
  assert.equal(mail.subject, "Quote request received — Hourly Cleaning, Sat 28 Nov 2026, 9:00 am (YS-7K3F9Q)");
  assert.equal(mail.attachments, undefined);
  assert.ok(mail.text.includes("Preferred time: Sat 28 Nov 2026, 9:00 am AEDT (Melbourne time)"));
  assert.ok(mail.text.includes("Estimated price"));
  assert.ok(mail.text.includes("Nothing is booked yet"));
  assert.ok(!mail.text.includes("calendar invite"));
  assert.throws(() => quoteConfirmationEmail(booking(), ctx), RangeError);
  assert.throws(() => bookingConfirmationEmail(quote(), ctx), RangeError);
});

Deno.test("emailsForRecord: confirmation to the customer, notification to the business", () => {
  const forBooking = emailsForRecord(booking(), ctx);
  assert.deepEqual(forBooking.map((m) => [m.kind, m.to]), [
    ["booking-confirmation", "jane@example.com"],
    ["booking-notification", "bookings@yarrashine.com.au"],
  ]);
  const forQuote = emailsForRecord(quote(), ctx);
  assert.deepEqual(forQuote.map((m) => [m.kind, m.to]), [
    ["quote-confirmation", "jane@example.com"],
    ["quote-notification", "bookings@yarrashine.com.au"],
  ]);
  assert.ok(forQuote.every((m) => m.relatedId === "3f2c7a0e-1111-4222-8333-444455556666"));
  // Staff reply to the customer straight from the notification; the customer replies to the From.
  assert.deepEqual(forBooking.map((m) => m.replyTo), [undefined, "jane@example.com"]);
});

Deno.test("business notification: subject, contact details, admin link", () => {
  const mail = businessBookingNotification(booking(), ctx);
  assert.equal(
    mail.subject,
    "New booking request — Jane Citizen, Hourly Cleaning, Sat 28 Nov 2026, 9:00 am (YS-7K3F9Q)",
  );
  assert.ok(mail.text.includes("PENDING until you confirm availability"));
  assert.ok(mail.text.includes("Email: jane@example.com"));
  assert.ok(mail.text.includes("Phone: 0412 345 678"));
  assert.ok(mail.text.includes("Received: Fri 20 Nov 2026, 12:02 pm AEDT (Melbourne time)"));
  assert.ok(mail.html!.includes('href="https://yarrashine.example/admin/bookings"'));
  assert.ok(!mail.text.includes("Your answers"));
  const forQuote = businessBookingNotification(quote(), ctx);
  assert.equal(forQuote.kind, "quote-notification");
  assert.ok(forQuote.subject.startsWith("New quote request — Jane Citizen"));
});

Deno.test("service with bedrooms, fixed price, one-time frequency and no extras", () => {
  const bedrooms = bookingConfirmationEmail(
    booking({
      pricingModel: "BEDROOMS",
      hours: null,
      bedrooms: 1,
      serviceNameAtBooking: "End of Lease",
      frequencyCode: "ONE_TIME",
      frequencyNameAtBooking: "One time",
      frequencyDiscountPercent: 0,
      extras: [],
      answers: [],
      notes: "",
      baseAmount: 1234.5,
      extrasAmount: 0,
      firstServiceTotal: 1234.5,
      recurringTotal: 1234.5,
      discountPercent: 0,
    }),
    ctx,
  );
  assert.ok(bedrooms.text.includes("Service: End of Lease, 1 bedroom"));
  assert.ok(bedrooms.text.includes("Frequency: One time\n"));
  assert.ok(bedrooms.text.includes("No extras."));
  assert.ok(bedrooms.text.includes("Base: A$1,234.50"));
  assert.ok(bedrooms.text.includes("Recurring: Not applicable (one-time service)"));
  assert.ok(!bedrooms.text.includes("Notes"));
  assert.ok(!bedrooms.text.includes("Your answers"));

  const fixed = bookingConfirmationEmail(booking({ pricingModel: "FIXED", hours: null }), ctx);
  assert.ok(fixed.text.includes("Service: Hourly Cleaning\n"));
  const halfHours = bookingConfirmationEmail(booking({ hours: 2.5 }), ctx);
  assert.ok(halfHours.text.includes("Service: Hourly Cleaning, 2.5 hours"));
});

Deno.test("addresses: short unit numbers use the slash, others a comma", () => {
  const base = {
    street: "12 Smith St",
    suburb: "Fitzroy",
    state: "VIC" as const,
    postCode: "3065",
  };
  assert.equal(formatAddress(base), "12 Smith St, Fitzroy VIC 3065");
  assert.equal(formatAddress({ ...base, unit: "4B" }), "4B/12 Smith St, Fitzroy VIC 3065");
  assert.equal(
    formatAddress({ ...base, unit: "Level 2" }),
    "Level 2, 12 Smith St, Fitzroy VIC 3065",
  );
});

Deno.test("without a site URL there are no links to the site (only mailto: and tel:)", () => {
  const noSite: MessageContext = { ...ctx, siteUrl: undefined };
  const mail = businessBookingNotification(booking(), noSite);
  const hrefs = [...mail.html!.matchAll(/href="([^"]*)"/g)].map((m) => m[1]);
  assert.ok(hrefs.every((href) => /^(mailto|tel):/.test(href)), hrefs.join(" "));
  assert.ok(!bookingConfirmationEmail(booking(), noSite).text.includes("Website:"));
});

Deno.test("the customer's e-mail links to the manage page with its token; the office's never carries it", () => {
  const token = "A".repeat(43);
  const [customer, office] = emailsForRecord(booking(), ctx, { manageToken: token });
  assert.ok(customer.text.includes(`https://yarrashine.example/manage/${token}`));
  assert.ok(customer.html?.includes(`href="https://yarrashine.example/manage/${token}"`));
  assert.ok(!office.text.includes(token) && !office.html?.includes(token));
  const [quoteMail] = emailsForRecord(quote(), ctx, { manageToken: token });
  assert.ok(quoteMail.text.includes("See your quote request"));
  const [noSite] = emailsForRecord(booking(), { ...ctx, siteUrl: undefined }, { manageToken: token });
  assert.ok(!noSite.text.includes(token));
});

// Issue 17: the first confirmation of a booking that starts a regular clean.
const SERIES_ID = "5e5e5e5e-0000-4000-8000-000000000017";
const weekly = { unit: "WEEK", every: 1 } as const;

Deno.test("the first confirmation of a regular clean: what it is, the next 3 planned visits, and that each is confirmed", () => {
  const record = booking({ seriesId: SERIES_ID, seriesDate: "2026-11-28" });
  const { text, html } = bookingConfirmationEmail(record, ctx, { manageToken: "A".repeat(43), repeat: weekly });
  assert.ok(text.includes(
    "This is the first visit of your regular clean, “Weekly”. Your next planned visits:\n\n" +
      "- Sat 5 Dec 2026, 9:00 am AEDT (Melbourne time)\n" +
      "- Sat 12 Dec 2026, 9:00 am AEDT (Melbourne time)\n" +
      "- Sat 19 Dec 2026, 9:00 am AEDT (Melbourne time)",
  ), text);
  assert.ok(text.includes("We confirm each visit with you, and send a reminder before it."));
  assert.ok(html?.includes("Your regular clean"));
  // Before the link, so the customer reads the plan and then where to change it.
  assert.ok(text.indexOf("Your next planned visits") < text.indexOf("/manage/"));
  // emailsForRecord passes the repeat on.
  const [confirmation] = emailsForRecord(record, ctx, { repeat: weekly });
  assert.ok(confirmation.text.includes("Sat 19 Dec 2026, 9:00 am AEDT"));
});

Deno.test("a monthly regular clean keeps its wall-clock time across the April change and its day in shorter months", () => {
  // Wednesday 31 March 2027, 9:00 AEDT; daylight saving ends on Sunday 4 April.
  const start = melbourneInstant("2027-03-31", 9);
  const record = booking({
    seriesId: SERIES_ID,
    seriesDate: "2027-03-31",
    frequencyCode: "MONTHLY",
    frequencyNameAtBooking: "Monthly",
    startTime: start,
    endTime: new Date(start.getTime() + 3 * 3_600_000),
  });
  const { text } = bookingConfirmationEmail(record, ctx, { repeat: { unit: "MONTH", every: 1 } });
  assert.ok(text.includes("your regular clean, “Monthly”"));
  assert.ok(text.includes(
    "- Fri 30 Apr 2027, 9:00 am AEST (Melbourne time)\n" +
      "- Mon 31 May 2027, 9:00 am AEST (Melbourne time)\n" +
      // (Intl's en-AU writes June in full.)
      "- Wed 30 June 2027, 9:00 am AEST (Melbourne time)",
  ), text);
  const fortnightly = bookingConfirmationEmail(booking({ seriesId: SERIES_ID }), ctx, { repeat: { unit: "WEEK", every: 2 } }).text;
  assert.ok(fortnightly.includes("- Sat 12 Dec 2026, 9:00 am AEDT (Melbourne time)\n- Sat 26 Dec 2026, 9:00 am AEDT (Melbourne time)\n- Sat 9 Jan 2027"));
});

Deno.test("no regular-clean words for a one-off, a quote, or a booking that started no series", () => {
  const noSeries = bookingConfirmationEmail(booking({ seriesId: null }), ctx, { repeat: weekly }).text;
  assert.ok(!noSeries.includes("regular clean"));
  assert.ok(!noSeries.includes("planned visits"));
  assert.ok(!quoteConfirmationEmail(quote({ seriesId: SERIES_ID }), ctx).text.includes("regular clean"));
  // A series whose repeat the caller did not give: said to be regular, no dates guessed.
  const noRepeat = bookingConfirmationEmail(booking({ seriesId: SERIES_ID }), ctx).text;
  assert.ok(noRepeat.includes("This is the first visit of your regular clean, “Weekly”.\n"), noRepeat);
  assert.ok(!noRepeat.includes("planned visits"));
  assert.ok(noRepeat.includes("We confirm each visit with you"));
  assert.ok(!bookingConfirmationEmail(booking({ seriesId: SERIES_ID }), ctx, { repeat: { unit: "NONE", every: 0 } }).text.includes("planned visits"));
});

Deno.test("the office's notification says the booking starts a regular clean", () => {
  const { text } = businessBookingNotification(booking({ seriesId: SERIES_ID }), ctx);
  assert.ok(text.includes("Regular clean: Starts a series (Weekly): the next visits are planned automatically"));
  assert.ok(!businessBookingNotification(booking(), ctx).text.includes("Regular clean:"));
});

import assert from "node:assert/strict";
import fc from "fast-check";
import { escapeText, foldLine, formatCalendar, MAX_LINE_OCTETS, utcDateTime } from "./icalendar.ts";

const unfold = (text: string) => text.replace(/\r\n[ \t]/g, "");
const octets = (line: string) => new TextEncoder().encode(line).length;
/** RFC 5545 3.3.11 read back: what a calendar app shows. */
const unescapeText = (value: string) => value.replace(/\\([\\;,nN])/g, (_, c: string) => (c === "n" || c === "N" ? "\n" : c));

const event = {
  method: "PUBLISH" as const,
  productId: "-//Yarra Shine//Booking engine//EN",
  uid: "b1d2@yarrashine.com.au",
  sequence: 2,
  start: new Date(Date.UTC(2026, 11, 1, 0, 0)),
  end: new Date(Date.UTC(2026, 11, 1, 2, 0)),
  stamp: new Date(Date.UTC(2026, 10, 26, 3, 4, 5, 678)),
  created: new Date(Date.UTC(2026, 10, 26, 3, 4, 5, 678)),
  title: "Hourly Cleaning — Yarra Shine, the, best; one\\two",
  description: "Booking request YS-ABC (awaiting confirmation of availability).\n" +
    "Hourly Cleaning — 2 hours, with a very long line that goes on and on past seventy-five octets for sure ééé 🙂🙂🙂 done\n" +
    "Questions or changes: 03 9000 0000 or bookings@yarrashine.com.au.",
  location: "1 Test St, Carlton VIC 3053",
  organizer: { name: "Yarra Shine", email: "bookings@yarrashine.com.au" },
  status: "TENTATIVE" as const,
  busyStatus: "TENTATIVE" as const,
};

Deno.test("the invite has the properties the ics package wrote for the same event, in its order", () => {
  // The ics package's output (3.12.0) for this event, unfolded: the calendar apps' view of it is unchanged.
  assert.deepEqual(unfold(formatCalendar(event)).split("\r\n"), [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "CALSCALE:GREGORIAN",
    "PRODID:-//Yarra Shine//Booking engine//EN",
    "METHOD:PUBLISH",
    "X-PUBLISHED-TTL:PT1H",
    "BEGIN:VEVENT",
    "UID:b1d2@yarrashine.com.au",
    "SUMMARY:Hourly Cleaning — Yarra Shine\\, the\\, best\\; one\\\\two",
    "DTSTAMP:20261126T030405Z",
    "DTSTART:20261201T000000Z",
    "DTEND:20261201T020000Z",
    "SEQUENCE:2",
    "DESCRIPTION:Booking request YS-ABC (awaiting confirmation of availability).\\nHourly Cleaning — 2 hours\\, " +
    "with a very long line that goes on and on past seventy-five octets for sure ééé 🙂🙂🙂 done\\nQuestions or " +
    "changes: 03 9000 0000 or bookings@yarrashine.com.au.",
    "LOCATION:1 Test St\\, Carlton VIC 3053",
    "STATUS:TENTATIVE",
    'ORGANIZER;CN="Yarra Shine":MAILTO:bookings@yarrashine.com.au',
    "X-MICROSOFT-CDO-BUSYSTATUS:TENTATIVE",
    "CREATED:20261126T030405Z",
    "END:VEVENT",
    "END:VCALENDAR",
    "",
  ]);
});

Deno.test("every line ends in CRLF and is at most 75 octets; a brand with a quote still makes a valid parameter", () => {
  const text = formatCalendar({ ...event, organizer: { name: 'Shine "Bright" Co', email: "a@b.au" } });
  assert.ok(text.endsWith("END:VCALENDAR\r\n"));
  assert.ok(!/[^\r]\n|\r[^\n]/.test(text), "a bare CR or LF");
  for (const line of text.split("\r\n")) assert.ok(octets(line) <= MAX_LINE_OCTETS, line);
  assert.ok(unfold(text).includes('ORGANIZER;CN="Shine Bright Co":MAILTO:a@b.au'));
  // A 4-octet emoji that would cross the 75th octet moves whole to the next line.
  assert.equal(foldLine("X".repeat(73) + "🙂🙂"), "X".repeat(73) + "\r\n 🙂🙂");
});

Deno.test("folding: at most 75 octets a line, no character split, unfolding gives the line back", () => {
  fc.assert(fc.property(fc.string({ unit: "binary", maxLength: 400 }), (value) => {
    const line = `DESCRIPTION:${escapeText(value)}`;
    const folded = foldLine(line);
    assert.equal(unfold(folded), line);
    for (const part of folded.split("\r\n")) {
      assert.ok(octets(part) <= MAX_LINE_OCTETS);
      // A lone surrogate would mean a character was split between two lines.
      assert.ok(part.isWellFormed(), part);
    }
  }));
});

Deno.test("text escaping: a calendar app reads back what was written, and no line break or separator is left bare", () => {
  fc.assert(fc.property(fc.string({ unit: fc.constantFrom("a", "\\", ";", ",", "\n", "\r\n", "n", " ", "é") }), (value) => {
    const escaped = escapeText(value);
    assert.ok(!/[\r\n]/.test(escaped));
    assert.ok(!/(^|[^\\])(\\\\)*[;,]/.test(escaped), escaped);
    assert.equal(unescapeText(escaped), value.replace(/\r\n/g, "\n"));
  }));
});

Deno.test("date-times are UTC to the second", () => {
  assert.equal(utcDateTime(new Date("2026-04-05T15:59:59.999Z")), "20260405T155959Z");
  assert.equal(utcDateTime(new Date("2027-01-01T00:00:00+11:00")), "20261231T130000Z");
});

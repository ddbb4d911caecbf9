import assert from "node:assert/strict";
import { DEMO_BUSINESS_PROFILE } from "../settings/demo-business-profile.ts";
import { DEFAULT_CANCELLATION_POLICY_HTML } from "../settings/types.ts";
import { melbourneInstant } from "../shared/melbourne-time.ts";
import type { Series } from "../series/types.ts";
import type { MessageContext } from "./email-parts.ts";
import {
  cancelledVisitsCalendar,
  clockText,
  describeRepeat,
  seriesChangedEmail,
  seriesEndedEmail,
  seriesPausedEmail,
  seriesResumedEmail,
  seriesVisitMovedEmail,
  seriesVisitSkippedEmail,
} from "./series-messages.ts";
import { booking } from "./test-fixtures.ts";

const ctx: MessageContext = {
  profile: DEMO_BUSINESS_PROFILE,
  cancellationPolicyHtml: DEFAULT_CANCELLATION_POLICY_HTML,
  siteUrl: "https://yarrashine.example",
};
const TOKEN = "T".repeat(43);

const first = booking();
const { _id: _i, createdAt: _c, reference: _r, cancelReason: _cr, calendarSequence: _s, cleanerIds: _cl, customerId: _cu, seriesId: _se,
  seriesDate: _sd, type: _t, status: _st, startTime: _st2, endTime: _e, paymentStatus: _p, totalPaid: _tp, paidAt: _pa, ...template } = first;
const series: Series = {
  _id: "9a0b1c2d-0000-4000-8000-000000000001",
  status: "ACTIVE",
  customerId: null,
  firstBookingId: first._id,
  frequencyCode: "WEEKLY",
  frequencyName: "Weekly",
  unit: "WEEK",
  every: 1,
  anchorDate: "2026-11-28",
  startMinutes: 540,
  durationMinutes: 180,
  template: { ...template, firstServiceTotal: 229.95 },
  endsOn: null,
  generatedThrough: "2026-11-28",
  version: 1,
  cleanerIds: [],
  createdAt: new Date("2026-11-20T00:00:00Z"),
};

const visitOn = (ymd: string, id: string, reference: string, overrides = {}) =>
  booking({ _id: id, reference, startTime: melbourneInstant(ymd, 9), endTime: melbourneInstant(ymd, 12), seriesId: series._id, seriesDate: ymd, ...overrides });

Deno.test("the series' terms in words: weekday or day of the month, and the wall-clock time", () => {
  assert.equal(clockText(540), "9:00 am");
  assert.equal(clockText(12 * 60 + 30), "12:30 pm");
  assert.equal(clockText(0), "12:00 am");
  assert.equal(describeRepeat(series), "every week on Saturday at 9:00 am");
  assert.equal(describeRepeat({ ...series, every: 2 }), "every 2 weeks on Saturday at 9:00 am");
  assert.equal(describeRepeat({ ...series, unit: "MONTH", anchorDate: "2027-01-03" }), "every month on the 3rd at 9:00 am");
  assert.equal(describeRepeat({ ...series, unit: "MONTH", every: 3, anchorDate: "2027-01-31", startMinutes: 840 }),
    "every 3 months on the 31st (or the month's last day) at 2:00 pm");
  assert.equal(describeRepeat({ ...series, unit: "MONTH", anchorDate: "2027-01-12" }), "every month on the 12th at 9:00 am");
});

Deno.test("a skipped visit: to the customer, the visit's own .ics cancelling it, a manage link, the reason", () => {
  const skipped = visitOn("2026-12-05", "b2", "YS-AAAAAA", { status: "CANCELLED", cancelReason: "Away on holiday", calendarSequence: 1 });
  const mail = seriesVisitSkippedEmail(skipped, series, ctx, { manageToken: TOKEN });
  assert.equal(mail.kind, "series-visit-skipped");
  assert.equal(mail.to, "jane@example.com");
  assert.match(mail.subject, /^Visit skipped — Hourly Cleaning, Sat 5 Dec 2026, 9:00 am \(YS-AAAAAA\)$/);
  assert.match(mail.text, /skipped one visit of your regular clean/);
  assert.match(mail.text, /Away on holiday/);
  assert.match(mail.text, new RegExp(`manage/${TOKEN}`));
  assert.match(mail.text, /every week on Saturday at 9:00 am/);
  assert.match(mail.text, /\$229\.95/);
  assert.equal(mail.attachments?.length, 1);
  assert.match(mail.attachments![0].content, /METHOD:CANCEL/);
  assert.equal(mail.relatedId, "b2");
});

Deno.test("a moved visit: was and now, the updated .ics", () => {
  const before = visitOn("2026-12-05", "b2", "YS-AAAAAA");
  const after = { ...before, startTime: melbourneInstant("2026-12-07", 13), endTime: melbourneInstant("2026-12-07", 16), calendarSequence: 1 };
  const mail = seriesVisitMovedEmail(before, after, series, ctx, { manageToken: TOKEN });
  assert.equal(mail.kind, "series-visit-moved");
  assert.match(mail.subject, /^Visit moved — Hourly Cleaning, Mon 7 Dec 2026, 1:00 pm/);
  assert.match(mail.text, /Sat 5 Dec 2026, 9:00 am/);
  assert.match(mail.text, /Mon 7 Dec 2026, 1:00 pm/);
  assert.match(mail.attachments![0].content, /METHOD:PUBLISH/);
  assert.match(mail.attachments![0].content, /SEQUENCE:1/);
});

Deno.test("series-wide e-mails: one each, with one calendar file removing every cancelled visit", () => {
  const cancelled = [visitOn("2026-12-12", "c1", "YS-BBBBBB"), visitOn("2026-12-19", "c2", "YS-CCCCCC")]
    .map((v) => ({ ...v, status: "CANCELLED" as const, calendarSequence: 1 }));
  const calendar = cancelledVisitsCalendar(cancelled, ctx)!;
  assert.equal(calendar.filename, "regular-clean.ics");
  assert.equal(calendar.content.match(/BEGIN:VEVENT/g)?.length, 2);
  assert.equal(calendar.content.match(/BEGIN:VCALENDAR/g)?.length, 1);
  assert.match(calendar.content, /UID:c1@/);
  assert.match(calendar.content, /UID:c2@/);
  assert.match(calendar.content, /END:VEVENT\r\nEND:VCALENDAR\r\n$/);
  assert.equal(cancelledVisitsCalendar([], ctx), null);

  const ended = seriesEndedEmail(series, { fromDate: "2026-12-12", reason: "Moving interstate", cancelled }, ctx);
  assert.equal(ended.kind, "series-ended");
  assert.equal(ended.subject, "Regular clean ended — Hourly Cleaning, weekly");
  assert.match(ended.text, /ends from Saturday 12 December 2026/);
  assert.match(ended.text, /Moving interstate/);
  assert.match(ended.text, /YS-BBBBBB/);
  assert.match(ended.text, /YS-CCCCCC/);
  assert.equal(ended.attachments?.length, 1);
  assert.equal(ended.relatedId, series._id);

  const paused = seriesPausedEmail(series, { fromDate: "2026-12-12", cancelled }, ctx);
  assert.equal(paused.kind, "series-paused");
  assert.match(paused.text, /paused your regular clean .* from Saturday 12 December 2026/);

  const next = [melbourneInstant("2027-01-09", 9), melbourneInstant("2027-01-16", 9)];
  const resumed = seriesResumedEmail(series, { fromDate: "2027-01-09", nextStarts: next }, ctx);
  assert.equal(resumed.kind, "series-resumed");
  assert.match(resumed.text, /resumes from Saturday 9 January 2027/);
  assert.match(resumed.text, /Sat 16 Jan 2027, 9:00 am/);
  assert.equal(resumed.attachments, undefined);

  const changed = seriesChangedEmail({ ...series, anchorDate: "2026-12-16", startMinutes: 600 }, { fromDate: "2026-12-16", replaced: cancelled, nextStarts: next }, ctx);
  assert.equal(changed.kind, "series-changed");
  assert.match(changed.text, /From Wednesday 16 December 2026 it is every week on Wednesday at 10:00 am/);
  assert.match(changed.text, /Visits replaced by this change/);
  assert.equal(changed.attachments?.[0].filename, "regular-clean.ics");
  // No change without cancellations has no attachment.
  assert.equal(seriesChangedEmail(series, { fromDate: "2026-12-16", replaced: [], nextStarts: [] }, ctx).attachments, undefined);
});

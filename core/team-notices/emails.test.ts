import assert from "node:assert/strict";
import { DEMO_BUSINESS_PROFILE } from "../settings/demo-business-profile.ts";
import type { MessageContext } from "../notifications/email-parts.ts";
import { parseIcs } from "../notifications/test-ics.ts";
import { melbourneInstant } from "../shared/melbourne-time.ts";
import { cleanerNoticeEmail, cleanerRunSheetEmail, type NoticeJob, serviceWithSize, shortJobTime } from "./emails.ts";
import { type CleanerNotice, type JobAssignment, reconcileNotices } from "./reconcile.ts";
import { runSheetsFor } from "./run-sheet.ts";

const ctx: MessageContext = {
  profile: DEMO_BUSINESS_PROFILE,
  cancellationPolicyHtml: "<p>Cancel 24 hours ahead or pay $50.</p>",
  siteUrl: "https://yarrashine.example",
};
const BOOKING = "3f2c7a0e-1111-4222-8333-444455556666";
const PRIYA = { _id: "93f5c10e-3bef-45e5-9a5b-1fc6eb64a3dc", name: "Priya Sharma" };
const EMAILS = new Map([[PRIYA._id, "priya.sharma@yarrashine.com.au"]]);
const NOW = melbourneInstant("2026-12-01", 17);
const START = melbourneInstant("2026-12-03", 9);
const HOUR = 3_600_000;

const assignment = (start = START, address = "3/12 Smith St, Richmond VIC 3121"): JobAssignment => ({
  bookingId: BOOKING,
  cleanerId: PRIYA._id,
  startTime: start,
  endTime: new Date(start.getTime() + 3 * HOUR),
  address,
});
const job: NoticeJob = {
  bookingId: BOOKING,
  reference: "YS-7K3F9Q",
  service: "Hourly Cleaning, 3 hours",
  customerFirstName: "Jane",
  suburb: "Richmond",
  jobCancelled: false,
};

const decide = (assignments: JobAssignment[], notices: CleanerNotice[] = []) =>
  reconcileNotices({ assignments, notices, emails: EMAILS, now: NOW });

const icsOf = (mail: ReturnType<typeof cleanerNoticeEmail>) => {
  assert.equal(mail.attachments?.length, 1);
  return parseIcs(mail.attachments![0].content);
};

Deno.test("job e-mails: put on a job, the REQUEST .ics at SEQUENCE 0 with the organizer and the cleaner", () => {
  const [decision] = decide([assignment()]);
  const mail = cleanerNoticeEmail(decision, PRIYA, job, ctx);
  assert.equal(mail.kind, "cleaner-job-assigned");
  assert.equal(mail.to, "priya.sharma@yarrashine.com.au");
  assert.equal(mail.subject, "New job: Thu 3 Dec, 9:00 am – 12:00 pm, Richmond");
  assert.equal(mail.relatedId, BOOKING);
  assert.ok(mail.text.startsWith("Hi Priya,\n\nYou're on a new job."), mail.text);
  for (const part of ["When: Thu 3 Dec 2026, 9:00 am – 12:00 pm AEDT", "Where: 3/12 Smith St, Richmond VIC 3121", "Service: Hourly Cleaning, 3 hours", "Customer: Jane", "Reference: YS-7K3F9Q", "https://yarrashine.example/admin/my-jobs"]) {
    assert.ok(mail.text.includes(part), `${part} in\n${mail.text}`);
  }
  assert.equal(mail.attachments![0].contentType, "text/calendar; charset=utf-8; method=REQUEST");
  const ics = icsOf(mail);
  assert.equal(ics.method, "REQUEST");
  const [event] = ics.events;
  assert.equal(event.uid, `job-${BOOKING}-${PRIYA._id}@yarrashine.com.au`);
  assert.equal(event.sequence, 0);
  assert.equal(event.start.getTime(), START.getTime());
  assert.equal(event.end.getTime(), START.getTime() + 3 * HOUR);
  assert.equal(event.status, "CONFIRMED");
  assert.equal(event.props.get("LOCATION"), "3/12 Smith St, Richmond VIC 3121");
  assert.equal(event.props.get("ORGANIZER"), "MAILTO:hello@yarrashine.com.au");
  assert.equal(event.props.get("ATTENDEE"), "MAILTO:priya.sharma@yarrashine.com.au");
  assert.ok(mail.attachments![0].content.includes('ATTENDEE;CN="Priya Sharma";ROLE=REQ-PARTICIPANT;RSVP=FALSE:MAILTO:'));
});

Deno.test("job e-mails: never a price, the customer's last name or the policy", () => {
  const [decision] = decide([assignment()]);
  const mail = cleanerNoticeEmail(decision, PRIYA, job, ctx);
  for (const text of [mail.text, mail.html!, mail.attachments![0].content]) {
    assert.doesNotMatch(text, /\$|A\$|Price|Total|Citizen|Cancel 24 hours/);
  }
});

Deno.test("job e-mails: moved, the same UID at SEQUENCE 1 saying what it was", () => {
  const held = decide([assignment()])[0].next;
  const [moved] = decide([assignment(new Date(START.getTime() + 2 * HOUR), "5 Other St, Richmond VIC 3121")], [held]);
  const mail = cleanerNoticeEmail(moved, PRIYA, job, ctx);
  assert.equal(mail.kind, "cleaner-job-updated");
  assert.equal(mail.subject, "Job changed: Thu 3 Dec, 11:00 am – 2:00 pm, Richmond");
  assert.ok(mail.text.includes("Was: Thu 3 Dec 2026, 9:00 am – 12:00 pm AEDT"), mail.text);
  assert.ok(mail.text.includes("Was at: 3/12 Smith St, Richmond VIC 3121"), mail.text);
  const ics = icsOf(mail);
  assert.equal(ics.method, "REQUEST");
  assert.equal(ics.events[0].uid, `job-${BOOKING}-${PRIYA._id}@yarrashine.com.au`);
  assert.equal(ics.events[0].sequence, 1);
  assert.equal(ics.events[0].props.get("LOCATION"), "5 Other St, Richmond VIC 3121");
});

Deno.test("job e-mails: taken off, or the job cancelled: METHOD:CANCEL at the next SEQUENCE, the time they held", () => {
  const held = { ...decide([assignment()])[0].next, sequence: 1 };
  const [cancel] = decide([], [held]);
  const off = cleanerNoticeEmail(cancel, PRIYA, job, ctx);
  assert.equal(off.kind, "cleaner-job-cancelled");
  assert.equal(off.subject, "Taken off a job: Thu 3 Dec, 9:00 am – 12:00 pm, Richmond");
  assert.ok(off.text.includes("You're no longer on this job"));
  const cancelled = cleanerNoticeEmail(cancel, PRIYA, { ...job, jobCancelled: true }, ctx);
  assert.equal(cancelled.subject, "Job cancelled: Thu 3 Dec, 9:00 am – 12:00 pm, Richmond");
  assert.ok(cancelled.text.includes("This job has been cancelled"));
  assert.equal(cancelled.attachments![0].contentType, "text/calendar; charset=utf-8; method=CANCEL");
  const ics = icsOf(cancelled);
  assert.equal(ics.method, "CANCEL");
  assert.equal(ics.events[0].uid, `job-${BOOKING}-${PRIYA._id}@yarrashine.com.au`);
  assert.equal(ics.events[0].sequence, 2);
  assert.equal(ics.events[0].status, "CANCELLED");
  assert.equal(ics.events[0].start.getTime(), START.getTime());
});

Deno.test("shortJobTime and serviceWithSize", () => {
  assert.equal(shortJobTime(START, new Date(START.getTime() + 3.5 * HOUR)), "Thu 3 Dec, 9:00 am – 12:30 pm");
  assert.equal(shortJobTime(melbourneInstant("2026-12-03", 22), melbourneInstant("2026-12-04", 1)), "Thu 3 Dec, 10:00 pm – Fri 4 Dec, 1:00 am");
  assert.equal(serviceWithSize({ serviceName: "Hourly Cleaning", pricingModel: "HOURLY", hours: 2.5, bedrooms: null }), "Hourly Cleaning, 2.5 hours");
  assert.equal(serviceWithSize({ serviceName: "Hourly Cleaning", pricingModel: "HOURLY", hours: 1, bedrooms: null }), "Hourly Cleaning, 1 hour");
  assert.equal(serviceWithSize({ serviceName: "Regular", pricingModel: "BEDROOMS", hours: null, bedrooms: 3 }), "Regular, 3 bedrooms");
  assert.equal(serviceWithSize({ serviceName: "End of lease", pricingModel: "FIXED", hours: null, bedrooms: null }), "End of lease");
});

Deno.test("run sheet: tomorrow's jobs in order with time, address, first name and service; no .ics, no price", () => {
  const day = "2026-12-03";
  const at = (hour: number) => melbourneInstant(day, hour);
  const [sheet] = runSheetsFor(day, [
    { bookingId: "b2", cleanerId: PRIYA._id, reference: "YS-B2", startTime: at(13), endTime: at(15), address: "1 Late St, Kew VIC 3101", customerFirstName: "Bo", service: "Hourly Cleaning, 2 hours" },
    { bookingId: "b1", cleanerId: PRIYA._id, reference: "YS-B1", startTime: at(8), endTime: at(11), address: "2 Early Rd, Hawthorn VIC 3122", customerFirstName: "Al", service: "Regular, 3 bedrooms" },
  ], EMAILS, new Set());
  const mail = cleanerRunSheetEmail(sheet, PRIYA, ctx);
  assert.equal(mail.kind, "cleaner-run-sheet");
  assert.equal(mail.to, "priya.sharma@yarrashine.com.au");
  assert.equal(mail.subject, "Your jobs tomorrow: Thu 3 Dec (2 jobs)");
  assert.equal(mail.attachments, undefined);
  const early = mail.text.indexOf("1. 8:00 am – 11:00 am");
  const late = mail.text.indexOf("2. 1:00 pm – 3:00 pm");
  assert.ok(early > 0 && late > early, mail.text);
  for (const part of ["Where: 2 Early Rd, Hawthorn VIC 3122", "Customer: Al", "Service: Regular, 3 bedrooms", "Where: 1 Late St, Kew VIC 3101", "Customer: Bo"]) {
    assert.ok(mail.text.includes(part), part);
  }
  assert.doesNotMatch(mail.text + mail.html, /\$/);
});

/**
 * Quotes the office prices (issue 30), as the office and the customer meet them: the customer asks
 * for a quote, the office prices it, the customer opens the e-mailed link, sees the lines and the
 * total, and accepts at a free time (a PENDING booking at the quoted total) or declines; an
 * inquiry made a priced quote; and the refusals (404, 409, 422) on the way.
 */
import assert from "node:assert/strict";
import { adminSession, describeApi, json, MANAGE_SITE_URL, manageApp } from "./test-app.ts";
import { draft, NOW, post } from "./test-fixtures.ts";
import type { TestDatabase } from "../adapters/postgres/test-db.ts";
import { makeSettingsStore } from "../adapters/postgres/settings-repository.ts";
import { makeMailboxTransport } from "../adapters/email/mailbox-transport.ts";
import { parseMail } from "../adapters/email/test-mime.ts";
import { parseIcs } from "../core/notifications/test-ics.ts";
import { SCHEDULING_DEFAULTS } from "../core/settings/types.ts";
import { DEMO_BUSINESS_PROFILE } from "../core/settings/demo-business-profile.ts";
import { DEMO_SERVICE_IDS } from "../adapters/postgres/demo-data.ts";
import { QUOTE_MESSAGES } from "../core/booking/quotes/priced-quote.ts";

const OFFICE = DEMO_BUSINESS_PROFILE.notificationEmail;
const BRAND = DEMO_BUSINESS_PROFILE.brandName;
const DAY = 86_400_000;

type App = ReturnType<typeof manageApp>;

interface OutboxRow {
  kind: string;
  to_address: string;
  reply_to: string | null;
  subject: string;
  text_body: string;
  html_body: string | null;
  attachments: { filename: string; contentType: string; content: string }[] | null;
}

const mails = (db: TestDatabase, kind: string, to: string) =>
  db.sql<OutboxRow[]>`
    select kind, to_address, reply_to, subject, text_body, html_body, attachments from email_outbox
     where kind = ${kind} and to_address = ${to} order by created_at desc, id desc`;

function tokenIn(mail: OutboxRow): string {
  const match = mail.text_body.match(/https:\/\/yarrashine\.test\/manage\/([A-Za-z0-9_-]+)/);
  assert.ok(match, `no manage link in ${mail.kind}`);
  return match[1];
}

/** The outbox row as the customer's mail program gets it: through the mailbox transport, read back as MIME. */
async function delivered(mail: OutboxRow) {
  const dir = await Deno.makeTempDir();
  try {
    await makeMailboxTransport(dir).send({
      from: `${BRAND} <${DEMO_BUSINESS_PROFILE.email}>`,
      to: mail.to_address,
      subject: mail.subject,
      text: mail.text_body,
      html: mail.html_body ?? undefined,
      attachments: mail.attachments ?? undefined,
      messageId: "<quote-test@yarrashine.test>",
    });
    const [file] = [...Deno.readDirSync(dir)];
    return parseMail(await Deno.readTextFile(`${dir}/${file.name}`));
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

const get = (app: App, path: string, headers: Record<string, string> = {}) => app.request(`http://localhost${path}`, { headers });
const put = (app: App, path: string, body: unknown, headers: Record<string, string>) =>
  app.request(`http://localhost${path}`, { method: "PUT", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) });

/** A quote request on the site, as a customer sends it: the record and the token of its confirmation's link. */
async function requestQuote(app: App, db: TestDatabase, email: string, startTimeISO = "2026-11-27T09:00:00+11:00") {
  const created = await json(await app.request(post("/api/quotes", draft({ email, extras: [], frequencyCode: "ONE_TIME", startTimeISO }))));
  assert.equal(created.status, 201, JSON.stringify(created.body));
  const [confirmation] = await mails(db, "quote-confirmation", email);
  return { quote: created.body, token: tokenIn(confirmation) };
}

const LINES = [
  { description: "Deep clean, three bedrooms", quantity: 1, unitPrice: 420 },
  { description: "Windows", quantity: 2.5, unitPrice: 24.99 },
];
// 420 + round(62.475) = 420 + 62.48
const LINES_TOTAL = 482.48;

describeApi("priced quotes: the office prices, the customer accepts or declines", async (t, _app, db) => {
  let now = NOW;
  const app = manageApp(db, { now: () => now });
  const staff = await adminSession(db, "admin", undefined, NOW);
  const ada = await requestQuote(app, db, "ada@example.com");
  const auditRows = (id: string) =>
    db.sql<{ action: string; admin_id: string | null; admin_email: string; after: Record<string, unknown> }[]>`
      select action, admin_id, admin_email, after from audit_log where entity_id = ${id} order by id`;

  await t.step("an unpriced quote: GET answers no price, the page shows none, accepting is 409", async () => {
    const priced = await json(await get(app, `/api/admin/bookings/${ada.quote._id}/quote`, staff.headers));
    assert.deepEqual(priced, { status: 200, body: { pricedQuote: null } });
    const view = await json(await get(app, `/api/manage/${ada.token}`));
    assert.equal(view.body.pricedQuote, null);
    const accept = await json(await app.request(post(`/api/manage/${ada.token}/accept`, { startTimeISO: "2026-11-28T09:00:00+11:00" })));
    assert.equal(accept.status, 409);
    assert.equal(accept.body.code, "QUOTE_NOT_PRICED");
  });

  await t.step("the office's refusals: bad lines and a past validUntil 422, an unknown record 404, a booking 409 NOT_A_QUOTE", async () => {
    const bad = await json(await put(app, `/api/admin/bookings/${ada.quote._id}/quote`, {
      lineItems: [{ description: "", quantity: 0, unitPrice: 1.234 }],
    }, staff.headers));
    assert.equal(bad.status, 422);
    assert.deepEqual(bad.body.fieldErrors, {
      "lineItems.0.description": [QUOTE_MESSAGES.description],
      "lineItems.0.quantity": [QUOTE_MESSAGES.quantity],
      "lineItems.0.unitPrice": [QUOTE_MESSAGES.unitPrice],
    });
    const past = await json(await put(app, `/api/admin/bookings/${ada.quote._id}/quote`, { lineItems: LINES, validUntil: "2026-11-21" }, staff.headers));
    assert.equal(past.status, 422);
    assert.deepEqual(past.body.fieldErrors, { validUntil: [QUOTE_MESSAGES.validUntilPast] });
    const unknown = await json(await put(app, `/api/admin/bookings/${crypto.randomUUID()}/quote`, { lineItems: LINES }, staff.headers));
    assert.equal(unknown.status, 404);
    assert.equal(unknown.body.code, "BOOKING_NOT_FOUND");
    const booked = await json(await app.request(post("/api/bookings", draft({ email: "bea@example.com", startTimeISO: "2026-12-01T09:00:00+11:00" }))));
    assert.equal(booked.status, 201);
    const notAQuote = await json(await put(app, `/api/admin/bookings/${booked.body._id}/quote`, { lineItems: LINES }, staff.headers));
    assert.equal(notAQuote.status, 409);
    assert.equal(notAQuote.body.code, "NOT_A_QUOTE");
    const [beaMail] = await mails(db, "booking-confirmation", "bea@example.com");
    assert.equal((await json(await get(app, `/api/manage/${tokenIn(beaMail)}`))).body.pricedQuote, null, "a booking has no priced quote");
    const anonymous = await put(app, `/api/admin/bookings/${ada.quote._id}/quote`, { lineItems: LINES }, {});
    assert.equal(anonymous.status, 401);
    assert.equal((await db.sql`select 1 from quote_prices`).length, 0, "nothing stored by a refusal");
  });

  let pricedToken = "";
  await t.step("the office prices the quote: 200, stored, audited, e-mailed 'Your quote from <brand>' with the lines and the link", async () => {
    const priced = await json(await put(app, `/api/admin/bookings/${ada.quote._id}/quote`, {
      lineItems: LINES,
      message: "Thanks for the photos.",
      validUntil: "2026-12-10",
    }, staff.headers));
    assert.equal(priced.status, 200, JSON.stringify(priced.body));
    assert.deepEqual(priced.body, {
      lineItems: [
        { description: "Deep clean, three bedrooms", quantity: 1, unitPrice: 420, amount: 420 },
        { description: "Windows", quantity: 2.5, unitPrice: 24.99, amount: 62.48 },
      ],
      total: LINES_TOTAL,
      message: "Thanks for the photos.",
      validUntil: "2026-12-10",
      status: "SENT",
      sentAt: NOW.toISOString(),
      decidedAt: null,
      declineReason: "",
    });
    const read = await json(await get(app, `/api/admin/bookings/${ada.quote._id}/quote`, staff.headers));
    assert.deepEqual(read, { status: 200, body: { pricedQuote: priced.body } });
    const [mail] = await mails(db, "quote-priced", "ada@example.com");
    const parsed = await delivered(mail);
    assert.equal(parsed.subject, `Your quote from ${BRAND} (${ada.quote.reference})`);
    const text = parsed.parts.find((part) => part.headers.get("content-type")?.startsWith("text/plain"))!.body;
    for (const line of ["Deep clean, three bedrooms: A$420.00", "Windows × 2.5 at A$24.99 each: A$62.48", "Total: A$482.48", "Thanks for the photos.", "Valid until: Thursday 10 December 2026"]) {
      assert.ok(text.includes(line), `missing ${line}`);
    }
    pricedToken = tokenIn(mail);
    assert.ok(text.includes(`${MANAGE_SITE_URL}/manage/${pricedToken}`));
    const [row] = (await auditRows(ada.quote._id)).filter((r) => r.action === "booking.quote_priced");
    assert.equal(row.admin_id, staff.admin._id);
    assert.equal(row.after.total, LINES_TOTAL);
  });

  await t.step("the customer's page carries the price, and the calendar answers for the quote's job", async () => {
    const view = await json(await get(app, `/api/manage/${pricedToken}`));
    assert.equal(view.status, 200);
    assert.equal(view.body.type, "QUOTE");
    assert.equal(view.body.pricedQuote.total, LINES_TOTAL);
    assert.equal(view.body.pricedQuote.status, "SENT");
    assert.equal(view.body.canChange, false);
    const calendar = await json(await get(app, `/api/manage/${pricedToken}/availability?from=2026-11-27&to=2026-11-28`));
    assert.equal(calendar.status, 200);
    assert.equal(calendar.body.durationMinutes, 180);
    assert.ok(calendar.body.days.find((d: { date: string }) => d.date === "2026-11-28").open);
  });

  await t.step("a quote can't be moved or cancelled on the page (409 BOOKING_NOT_CHANGEABLE); pricing again replaces the price and e-mails again", async () => {
    const cancel = await json(await app.request(post(`/api/manage/${pricedToken}/cancel`, {})));
    assert.equal(cancel.status, 409);
    assert.equal(cancel.body.code, "BOOKING_NOT_CHANGEABLE");
    const move = await json(await app.request(post(`/api/manage/${pricedToken}/reschedule`, { startTimeISO: "2026-11-28T09:00:00+11:00" })));
    assert.equal(move.status, 409);
    const again = await json(await put(app, `/api/admin/bookings/${ada.quote._id}/quote`, { lineItems: LINES, validUntil: "2026-12-10" }, staff.headers));
    assert.equal(again.status, 200);
    assert.equal(again.body.message, "");
    assert.equal((await mails(db, "quote-priced", "ada@example.com")).length, 2);
    assert.equal((await db.sql`select 1 from quote_prices`).length, 1);
  });

  await t.step("accepting: a bad time 422, a taken time 409 SLOT_UNAVAILABLE, nothing written", async () => {
    const early = await json(await app.request(post(`/api/manage/${pricedToken}/accept`, { startTimeISO: "2026-11-23T09:00:00+11:00" })));
    assert.equal(early.status, 422);
    assert.ok(early.body.fieldErrors.startTimeISO);
    const garbage = await json(await app.request(post(`/api/manage/${pricedToken}/accept`, { startTimeISO: "soon" })));
    assert.equal(garbage.status, 422);
    // Cy books Saturday 9:00, the only place (one job a slot).
    const cy = await json(await app.request(post("/api/bookings", draft({ email: "cy@example.com", startTimeISO: "2026-11-28T09:00:00+11:00" }))));
    assert.equal(cy.status, 201);
    const taken = await json(await app.request(post(`/api/manage/${pricedToken}/accept`, { startTimeISO: "2026-11-28T09:00:00+11:00" })));
    assert.equal(taken.status, 409);
    assert.equal(taken.body.code, "SLOT_UNAVAILABLE");
    const [still] = await db.sql<{ type: string; status: string }[]>`select type, status from bookings where id = ${ada.quote._id}`;
    assert.deepEqual({ ...still }, { type: "QUOTE", status: "QUOTE_REQUESTED" });
    const [price] = await db.sql<{ status: string }[]>`select status from quote_prices where booking_id = ${ada.quote._id}`;
    assert.equal(price.status, "SENT");
  });

  await t.step("accepting a free time: a PENDING booking at the quoted total, its reference kept; the booking e-mail with .ics; the office told", async () => {
    const response = await app.request(post(`/api/manage/${pricedToken}/accept`, { startTimeISO: "2026-11-30T10:00:00+11:00" }));
    assert.equal(response.headers.get("cache-control"), "no-store");
    const accepted = await json(response);
    assert.equal(accepted.status, 200, JSON.stringify(accepted.body));
    assert.equal(accepted.body.type, "BOOKING");
    assert.equal(accepted.body.status, "PENDING");
    assert.equal(accepted.body.reference, ada.quote.reference);
    assert.equal(accepted.body.firstServiceTotal, LINES_TOTAL);
    assert.equal(accepted.body.startTime, "2026-11-29T23:00:00.000Z");
    assert.equal(accepted.body.durationMinutes, 180, "the quote's job length");
    const record = await json(await get(app, `/api/admin/bookings/${ada.quote._id}`, staff.headers));
    assert.equal(record.body.type, "BOOKING");
    assert.equal(record.body.firstServiceTotal, LINES_TOTAL);
    assert.equal(record.body.reference, ada.quote.reference);
    const price = await json(await get(app, `/api/admin/bookings/${ada.quote._id}/quote`, staff.headers));
    assert.equal(price.body.pricedQuote.status, "ACCEPTED", "the booking keeps the price it was accepted at");
    assert.equal(price.body.pricedQuote.decidedAt, NOW.toISOString());
    const [confirmation] = await mails(db, "booking-confirmation", "ada@example.com");
    assert.match(confirmation.subject, /^Booking request received — /);
    const ics = parseIcs(confirmation.attachments![0].content);
    assert.equal(ics.events[0].start.toISOString(), "2026-11-29T23:00:00.000Z");
    assert.equal(ics.events[0].end.toISOString(), "2026-11-30T02:00:00.000Z");
    // The link in the booking e-mail opens the booking; so does the old one.
    assert.equal((await json(await get(app, `/api/manage/${tokenIn(confirmation)}`))).body.status, "PENDING");
    assert.equal((await json(await get(app, `/api/manage/${ada.token}`))).body.type, "BOOKING");
    const [office] = await mails(db, "quote-accepted-notification", OFFICE);
    assert.equal(office.reply_to, "ada@example.com");
    assert.ok(office.text_body.includes(`It is now a PENDING booking at A$482.48`));
    const [audit] = (await auditRows(ada.quote._id)).filter((r) => r.action === "booking.quote_accepted");
    assert.equal(audit.admin_id, null);
    assert.equal(audit.admin_email, "ada@example.com");
  });

  await t.step("answered once: accept, decline and a new price are 409 QUOTE_ALREADY_DECIDED", async () => {
    const again = await json(await app.request(post(`/api/manage/${pricedToken}/accept`, { startTimeISO: "2026-12-01T10:00:00+11:00" })));
    assert.equal(again.status, 409);
    assert.equal(again.body.code, "QUOTE_ALREADY_DECIDED");
    const decline = await json(await app.request(post(`/api/manage/${pricedToken}/decline`, { reason: "Changed my mind" })));
    assert.equal(decline.body.code, "QUOTE_ALREADY_DECIDED");
    const price = await json(await put(app, `/api/admin/bookings/${ada.quote._id}/quote`, { lineItems: LINES }, staff.headers));
    assert.equal(price.status, 409);
    assert.equal(price.body.code, "QUOTE_ALREADY_DECIDED");
  });

  await t.step("declining: a reason needed (422), then DECLINED, the office e-mailed the reason, audited as the customer", async () => {
    const bo = await requestQuote(app, db, "bo@example.com");
    await put(app, `/api/admin/bookings/${bo.quote._id}/quote`, { lineItems: LINES }, staff.headers);
    const empty = await json(await app.request(post(`/api/manage/${bo.token}/decline`, { reason: " " })));
    assert.equal(empty.status, 422);
    assert.deepEqual(empty.body.fieldErrors, { reason: [QUOTE_MESSAGES.declineReason] });
    const declined = await json(await app.request(post(`/api/manage/${bo.token}/decline`, { reason: "Found someone closer" })));
    assert.equal(declined.status, 200);
    assert.equal(declined.body.type, "QUOTE");
    assert.equal(declined.body.pricedQuote.status, "DECLINED");
    assert.equal(declined.body.pricedQuote.declineReason, "Found someone closer");
    const [office] = await mails(db, "quote-declined-notification", OFFICE);
    assert.equal(office.subject, `Quote declined — Ada Lovelace (${bo.quote.reference})`);
    assert.ok(office.text_body.includes("Reason: Found someone closer"));
    const [audit] = (await auditRows(bo.quote._id)).filter((r) => r.action === "booking.quote_declined");
    assert.equal(audit.admin_id, null);
    assert.equal(audit.after.declineReason, "Found someone closer");
    const accept = await json(await app.request(post(`/api/manage/${bo.token}/accept`, { startTimeISO: "2026-12-01T10:00:00+11:00" })));
    assert.equal(accept.body.code, "QUOTE_ALREADY_DECIDED");
  });

  await t.step("expired: after its valid-until day 409 QUOTE_EXPIRED, while the link still opens past the preferred time", async () => {
    const cas = await requestQuote(app, db, "cas@example.com");
    await put(app, `/api/admin/bookings/${cas.quote._id}/quote`, { lineItems: LINES, validUntil: "2026-11-22" }, staff.headers);
    // Monday 30 Nov: past its valid-until day and past its preferred time (Friday 27th).
    now = new Date(NOW.getTime() + 8 * DAY);
    const view = await json(await get(app, `/api/manage/${cas.token}`));
    assert.equal(view.status, 200, "a price awaiting its answer keeps the link open");
    const expired = await json(await app.request(post(`/api/manage/${cas.token}/accept`, { startTimeISO: "2026-12-10T10:00:00+11:00" })));
    assert.equal(expired.status, 409);
    assert.equal(expired.body.code, "QUOTE_EXPIRED");
    const decline = await json(await app.request(post(`/api/manage/${cas.token}/decline`, { reason: "Too late" })));
    assert.equal(decline.body.code, "QUOTE_EXPIRED");
    now = NOW;
  });

  await t.step("a link that is no link: 404 MANAGE_LINK_INVALID", async () => {
    const bad = await json(await app.request(post(`/api/manage/${"x".repeat(43)}/accept`, { startTimeISO: "2026-12-01T10:00:00+11:00" })));
    assert.equal(bad.status, 404);
    assert.equal(bad.body.code, "MANAGE_LINK_INVALID");
    const short = await json(await app.request(post("/api/manage/abc/decline", { reason: "No" })));
    assert.equal(short.status, 404);
  });
});

describeApi("priced quotes: an inquiry made a priced quote, which the customer accepts", async (t, _app, db) => {
  const app = manageApp(db, { now: () => NOW });
  const staff = await adminSession(db, "admin", undefined, NOW);
  const sent = await json(await app.request(post("/api/inquiries", {
    inquiryType: "OFFICE",
    firstName: "Grace",
    lastName: "Hopper",
    email: "grace@example.com",
    phone: "03 9123 4567",
    suburb: "Richmond",
    message: "Our 400 m² office, weekly.",
  })));
  assert.equal(sent.status, 201, JSON.stringify(sent.body));
  const inquiryId = sent.body._id;

  await t.step("refusals: unknown inquiry 404, unknown service and a bad postcode 422", async () => {
    const unknown = await json(await app.request(post(`/api/admin/inquiries/${crypto.randomUUID()}/quote`, { serviceId: DEMO_SERVICE_IDS.hourly, lineItems: LINES }, staff.headers)));
    assert.equal(unknown.status, 404);
    assert.equal(unknown.body.code, "INQUIRY_NOT_FOUND");
    const service = await json(await app.request(post(`/api/admin/inquiries/${inquiryId}/quote`, { serviceId: crypto.randomUUID(), lineItems: LINES }, staff.headers)));
    assert.equal(service.status, 422);
    assert.ok(service.body.fieldErrors.serviceId);
    const postcode = await json(await app.request(post(`/api/admin/inquiries/${inquiryId}/quote`, { serviceId: DEMO_SERVICE_IDS.hourly, lineItems: LINES, postcode: "31" }, staff.headers)));
    assert.equal(postcode.status, 422);
    assert.ok(postcode.body.fieldErrors.postcode);
    assert.equal((await db.sql`select 1 from bookings`).length, 0);
  });

  await t.step("201: a QUOTE record for the inquirer, priced and e-mailed; the inquiry marked read and audited", async () => {
    const made = await json(await app.request(post(`/api/admin/inquiries/${inquiryId}/quote`, {
      serviceId: DEMO_SERVICE_IDS.hourly,
      lineItems: [{ description: "Office clean, 400 m²", quantity: 1, unitPrice: 650 }],
      message: "As discussed.",
      addressLine1: "1 Swan St",
      postcode: "3121",
    }, staff.headers)));
    assert.equal(made.status, 201, JSON.stringify(made.body));
    assert.match(made.body.reference, /^YS-/);
    assert.equal(made.body.pricedQuote.total, 650);
    const record = await json(await get(app, `/api/admin/bookings/${made.body.bookingId}`, staff.headers));
    assert.equal(record.body.type, "QUOTE");
    assert.equal(record.body.firstName, "Grace");
    assert.equal(record.body.email, "grace@example.com");
    assert.deepEqual(record.body.address, { street: "1 Swan St", suburb: "Richmond", state: "VIC", postCode: "3121" });
    const inquiry = await json(await get(app, `/api/admin/inquiries/${inquiryId}`, staff.headers));
    assert.equal(inquiry.body.read, true);
    const [audit] = await db.sql<{ after: Record<string, unknown> }[]>`
      select after from audit_log where action = 'inquiry.quoted' and entity_id = ${inquiryId}`;
    assert.equal(audit.after.quoteReference, made.body.reference);
    const [mail] = await mails(db, "quote-priced", "grace@example.com");
    assert.equal(mail.subject, `Your quote from ${BRAND} (${made.body.reference})`);
    const token = tokenIn(mail);
    const view = await json(await get(app, `/api/manage/${token}`));
    assert.equal(view.body.pricedQuote.total, 650);
    const accepted = await json(await app.request(post(`/api/manage/${token}/accept`, { startTimeISO: "2026-11-30T10:00:00+11:00" })));
    assert.equal(accepted.status, 200, JSON.stringify(accepted.body));
    assert.equal(accepted.body.firstServiceTotal, 650);
    assert.equal(accepted.body.status, "PENDING");
  });
});

describeApi("priced quotes: two accepts at once for the one remaining place: one 200, one 409", async (t, _app, db) => {
  const app = manageApp(db, { now: () => NOW });
  const staff = await adminSession(db, "admin", undefined, NOW);
  await makeSettingsStore(db.sql).saveScheduling({ ...SCHEDULING_DEFAULTS, maxConcurrentPerSlot: 2 });
  // One of Monday 9:00's two places is taken.
  const taken = await json(await app.request(post("/api/bookings", draft({ email: "first@example.com", startTimeISO: "2026-11-30T09:00:00+11:00" }))));
  assert.equal(taken.status, 201);
  const quotes: { token: string }[] = [];
  for (const email of ["one@example.com", "two@example.com"]) {
    const { quote } = await requestQuote(app, db, email);
    await put(app, `/api/admin/bookings/${quote._id}/quote`, { lineItems: LINES }, staff.headers);
    const [mail] = await mails(db, "quote-priced", email);
    quotes.push({ token: tokenIn(mail) });
  }
  await t.step("the place goes to exactly one", async () => {
    const answers = await Promise.all(quotes.map(async ({ token }) =>
      json(await app.request(post(`/api/manage/${token}/accept`, { startTimeISO: "2026-11-30T09:00:00+11:00" })))
    ));
    assert.deepEqual(answers.map((a) => a.status).sort(), [200, 409]);
    assert.equal(answers.find((a) => a.status === 409)!.body.code, "SLOT_UNAVAILABLE");
    const holding = await db.sql`select 1 from bookings where type = 'BOOKING' and status = 'PENDING' and start_time = ${new Date("2026-11-29T22:00:00Z")}`;
    assert.equal(holding.length, 2);
    const prices = await db.sql<{ status: string }[]>`select status from quote_prices order by status`;
    assert.deepEqual(prices.map((p) => p.status), ["ACCEPTED", "SENT"]);
  });
});

describeApi("priced quotes: a weekly quote accepted starts its regular clean at the quoted price", async (t, _app, db) => {
  const app = manageApp(db, { now: () => NOW });
  const staff = await adminSession(db, "admin", undefined, NOW);
  const created = await json(await app.request(post("/api/quotes", draft({ email: "wes@example.com", extras: [], frequencyCode: "WEEKLY" }))));
  assert.equal(created.status, 201);
  await put(app, `/api/admin/bookings/${created.body._id}/quote`, { lineItems: [{ description: "Weekly clean", quantity: 1, unitPrice: 150 }] }, staff.headers);
  const [mail] = await mails(db, "quote-priced", "wes@example.com");
  await t.step("the booking is the first visit of a weekly series; the confirmation lists the next visits", async () => {
    const accepted = await json(await app.request(post(`/api/manage/${tokenIn(mail)}/accept`, { startTimeISO: "2026-11-30T10:00:00+11:00" })));
    assert.equal(accepted.status, 200, JSON.stringify(accepted.body));
    assert.equal(accepted.body.firstServiceTotal, 150);
    assert.equal(accepted.body.series.frequencyName, "Weekly");
    const [record] = await db.sql<{ series_id: string | null; recurring_total: string }[]>`
      select series_id, recurring_total from bookings where id = ${created.body._id}`;
    assert.ok(record.series_id);
    assert.equal(Number(record.recurring_total), 150);
    const [audit] = await db.sql<{ admin_id: string | null }[]>`select admin_id from audit_log where action = 'series.create' and entity_id = ${record.series_id}`;
    assert.equal(audit.admin_id, null);
    const [confirmation] = await mails(db, "booking-confirmation", "wes@example.com");
    assert.ok(confirmation.text_body.includes("Your regular clean"));
    assert.ok(parseIcs(confirmation.attachments![0].content).events.length > 1, "each planned visit its own event");
  });
});

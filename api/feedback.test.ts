/**
 * Feedback after each job (issue 32), as the customer and the office meet it: a job marked DONE
 * e-mails its link, the customer opens it and rates once (the office told at once of a low rating,
 * a happy customer offered the review page), staff read and ask again, and the settings decide
 * whether and when. On PGlite, and on PostgreSQL with DATABASE_URL.
 */
import assert from "node:assert/strict";
import { adminSession, buildTestApp, describeApi, json, MANAGE_SITE_URL, manageApp, type TestApp } from "./test-app.ts";
import { draft, NOW, post } from "./test-fixtures.ts";
import { makeSettingsStore } from "../adapters/postgres/settings-repository.ts";
import type { TestDatabase } from "../adapters/postgres/test-db.ts";
import { DEMO_CLEANERS } from "../adapters/postgres/demo-data.ts";
import { makeFeedbackRequestJob } from "../adapters/jobs/feedback-requests.ts";
import { makeMailer } from "./mailer.ts";
import { SCHEDULING_DEFAULTS } from "../core/settings/types.ts";
import { DEMO_BUSINESS_PROFILE } from "../core/settings/demo-business-profile.ts";
import { newFeedbackToken } from "../core/feedback/token.ts";

type Headers = Record<string, string>;
type App = TestApp;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Friday 27 Nov 2026, 15:00 in Melbourne: the morning's jobs are over. */
const AFTERNOON = new Date("2026-11-27T04:00:00Z");
const REVIEW_URL = "https://g.page/r/yarra-shine/review";
const [PRIYA, , , LIAM] = DEMO_CLEANERS;
const LINK_INVALID = { code: "FEEDBACK_LINK_INVALID", error: "This feedback link is invalid or has expired." };
const ALREADY_GIVEN = { code: "FEEDBACK_ALREADY_GIVEN", error: "You've already rated this clean. Thank you!" };

const call = (method: string, path: string, headers: Headers = {}, body?: unknown) =>
  new Request(`http://localhost${path}`, {
    method,
    headers: body === undefined ? headers : { "content-type": "application/json", ...headers },
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });

interface Mail {
  to_address: string;
  reply_to: string | null;
  subject: string;
  text_body: string;
  related_id: string;
}

const mails = (db: TestDatabase, kind: string) =>
  db.sql<Mail[]>`select to_address, reply_to, subject, text_body, related_id::text from email_outbox where kind = ${kind} order by created_at, id`;

/** The link's token, read from the e-mail as the customer would click it. */
function tokenIn(mail: Mail): string {
  const match = mail.text_body.match(/https:\/\/yarrashine\.test\/feedback\/([A-Za-z0-9_-]{43})/);
  assert.ok(match, `no feedback link in\n${mail.text_body}`);
  return match[1];
}

/** The world of one test: a clock it moves, the app on it, and sessions issued at the clock's time. */
async function world(db: TestDatabase) {
  await makeSettingsStore(db.sql).saveScheduling({ ...SCHEDULING_DEFAULTS, enforceBuffer: false, maxConcurrentPerSlot: 50 });
  const clock = { at: NOW, now: () => clock.at };
  const app = manageApp(db, clock);
  const session = async (role: "admin" | "superadmin") => (await adminSession(db, role, undefined, clock.at)).headers;
  /** A one-off booking (Friday 27 Nov, 9:00 unless said), made at NOW, with these cleaners. */
  const book = async (email: string, cleaners: string[] = [], startTimeISO = "2026-11-27T09:00:00+11:00") => {
    clock.at = NOW;
    const created = await json(await app.request(post("/api/bookings", draft({ email, frequencyCode: "ONE_TIME", startTimeISO }))));
    assert.equal(created.status, 201, JSON.stringify(created.body));
    for (const [position, id] of cleaners.entries()) {
      await db.sql`insert into booking_cleaners (booking_id, cleaner_id, position) values (${created.body._id}, ${id}, ${position})`;
    }
    return created.body as { _id: string; reference: string; serviceNameAtBooking: string; startTime: string; email: string };
  };
  /** Staff mark the job DONE in the afternoon (or at `at`). */
  const markDone = async (id: string, at = AFTERNOON, status = "DONE") => {
    clock.at = at;
    const marked = await json(await app.request(call("PATCH", `/api/admin/bookings/${id}/status`, await session("admin"), { status })));
    assert.equal(marked.status, 200, JSON.stringify(marked.body));
  };
  const view = (token: string, on: App = app) => on.request(`http://localhost/api/feedback/${token}`);
  const rate = (token: string, body: unknown, on: App = app) => on.request(post(`/api/feedback/${token}`, body));
  return { clock, app, session, book, markDone, view, rate };
}

describeApi("feedback: DONE e-mails the link; the customer sees the job and rates it once", async (t, _app, db) => {
  const { clock, app, session, book, markDone, view, rate } = await world(db);
  const ada = await book("ada@example.com", [PRIYA._id, LIAM._id]);
  let token = "";

  await t.step("marking the job DONE e-mails the customer the link, in the status change's transaction", async () => {
    assert.equal((await mails(db, "feedback-request")).length, 0);
    await markDone(ada._id);
    const [mail] = await mails(db, "feedback-request");
    assert.deepEqual([mail.to_address, mail.subject, mail.related_id], ["ada@example.com", "How did we go? Rate your clean", ada._id]);
    assert.ok(mail.text_body.includes("How did we go with your Hourly Cleaning, 3 hours on Fri 27 Nov 2026?"), mail.text_body);
    assert.ok(mail.text_body.includes("This link works until Sun 27 Dec 2026."), mail.text_body);
    token = tokenIn(mail);
    const [row] = await db.sql<{ requested_at: Date; expires_at: Date; request_count: number; rating: number | null }[]>`
      select requested_at, expires_at, request_count, rating from booking_feedback where booking_id = ${ada._id}`;
    assert.deepEqual([new Date(row.requested_at), new Date(row.expires_at), row.request_count, row.rating], [AFTERNOON, new Date(AFTERNOON.getTime() + 30 * DAY), 1, null]);
  });

  await t.step("the link opens the job: who cleaned it, the business, no rating yet; kept by no cache, sent in no Referer", async () => {
    const response = await view(token);
    assert.equal(response.status, 200);
    assert.equal(response.headers.get("cache-control"), "no-store");
    assert.equal(response.headers.get("referrer-policy"), "no-referrer");
    assert.equal(response.headers.get("x-robots-tag"), "noindex");
    assert.deepEqual(await response.json(), {
      reference: ada.reference,
      serviceName: ada.serviceNameAtBooking,
      startTimeISO: "2026-11-26T22:00:00.000Z",
      firstName: "Ada",
      cleanerFirstNames: ["Priya", "Liam"],
      businessName: DEMO_BUSINESS_PROFILE.brandName,
      rating: null,
      comment: null,
      ratedAt: null,
      reviewUrl: null,
    });
  });

  await t.step("an unknown or malformed link is a 404 with its own code, no-store too", async () => {
    for (const missing of [newFeedbackToken().token, "short", "x".repeat(43) + "!", "%27%20or%201%3D1"]) {
      const response = await view(missing);
      assert.equal(response.status, 404, missing);
      assert.equal(response.headers.get("cache-control"), "no-store");
      assert.equal(response.headers.get("referrer-policy"), "no-referrer");
      assert.deepEqual(await response.json(), LINK_INVALID);
      assert.deepEqual(await json(await rate(missing, { rating: 5 })), { status: 404, body: LINK_INVALID });
    }
  });

  await t.step("a bad rating or comment is a 422 with the screen's words", async () => {
    for (const rating of [0, 6, 2.5, "5", null]) {
      const { status, body } = await json(await rate(token, { rating }));
      assert.equal(status, 422, String(rating));
      assert.deepEqual(body.fieldErrors, { rating: ["Please choose a rating from 1 to 5."] });
    }
    const long = await json(await rate(token, { rating: 5, comment: "x".repeat(2001) }));
    assert.deepEqual([long.status, long.body.fieldErrors], [422, { comment: ["Please keep your comment under 2000 characters."] }]);
    assert.equal((await json(await rate(token, {}))).status, 422);
    assert.equal((await db.sql`select 1 from booking_feedback where rating is not null`).length, 0);
  });

  await t.step("a 4, with a review page set: 201, the page offered, the rating kept and audited as the customer's", async () => {
    clock.at = new Date(AFTERNOON.getTime() + 2 * HOUR);
    const root = await session("superadmin");
    assert.equal((await app.request(call("PUT", "/api/admin/settings/feedback", root, { enabled: true, delayHours: 0, reviewUrl: REVIEW_URL }))).status, 200);
    const response = await rate(token, { rating: 4, comment: "  Lovely job, missed the skirting.  " });
    assert.equal(response.status, 201);
    assert.equal(response.headers.get("cache-control"), "no-store");
    assert.equal(response.headers.get("referrer-policy"), "no-referrer");
    const body = await response.json();
    assert.deepEqual(
      [body.rating, body.comment, body.ratedAt, body.reviewUrl, body.reference],
      [4, "Lovely job, missed the skirting.", clock.at.toISOString(), REVIEW_URL, ada.reference],
    );
    assert.deepEqual(await (await view(token)).json(), body);
    const [audit] = await db.sql<{ admin_id: string | null; admin_email: string; before: unknown; after: unknown }[]>`
      select admin_id, admin_email, before, after from audit_log where action = 'booking.feedback' and entity_id = ${ada._id}`;
    assert.deepEqual({ ...audit }, { admin_id: null, admin_email: "ada@example.com", before: { rating: null }, after: { rating: 4, comment: "Lovely job, missed the skirting." } });
    assert.equal((await mails(db, "feedback-low-rating-notification")).length, 0, "a 4 tells the office nothing");
  });

  await t.step("once only: a second rating is a 409 and changes nothing", async () => {
    assert.deepEqual(await json(await rate(token, { rating: 1 })), { status: 409, body: ALREADY_GIVEN });
    const [{ rating }] = await db.sql<{ rating: number }[]>`select rating from booking_feedback where booking_id = ${ada._id}`;
    assert.equal(rating, 4);
  });

  await t.step("a 2 e-mails the office at once, with the comment, the job and the booking's page; no review page", async () => {
    const bob = await book("bob@example.com", [PRIYA._id], "2026-11-26T09:00:00+11:00");
    await markDone(bob._id);
    const bobToken = tokenIn((await mails(db, "feedback-request")).find((m) => m.related_id === bob._id)!);
    const { status, body } = await json(await rate(bobToken, { rating: 2, comment: "Arrived 40 minutes late." }));
    assert.deepEqual([status, body.rating, body.reviewUrl], [201, 2, null]);
    const [alert] = await mails(db, "feedback-low-rating-notification");
    assert.deepEqual([alert.to_address, alert.reply_to, alert.related_id], [DEMO_BUSINESS_PROFILE.notificationEmail, "bob@example.com", bob._id]);
    assert.equal(alert.subject, `Rating 2/5 from Ada Lovelace (${bob.reference})`);
    for (const text of ["Rating: 2/5", "Comment: Arrived 40 minutes late.", "Cleaners: Priya Sharma", `${MANAGE_SITE_URL}/admin/bookings/${bob._id}`]) {
      assert.ok(alert.text_body.includes(text), `missing ${text}\n${alert.text_body}`);
    }
  });

  await t.step("the link stops working 30 days after it was sent, rated or not", async () => {
    const cy = await book("cy@example.com");
    await markDone(cy._id);
    const cyToken = tokenIn((await mails(db, "feedback-request")).find((m) => m.related_id === cy._id)!);
    clock.at = new Date(AFTERNOON.getTime() + 30 * DAY - 1);
    assert.equal((await view(cyToken)).status, 200);
    clock.at = new Date(AFTERNOON.getTime() + 30 * DAY);
    assert.deepEqual(await json(await view(cyToken)), { status: 404, body: LINK_INVALID });
    assert.deepEqual(await json(await rate(cyToken, { rating: 5 })), { status: 404, body: LINK_INVALID });
    assert.equal((await view(token)).status, 404, "Ada's, rated, too");
  });

  await t.step("a job marked DONE again is not asked a second time", async () => {
    const dan = await book("dan@example.com");
    await markDone(dan._id);
    await markDone(dan._id, AFTERNOON, "CONFIRMED");
    await markDone(dan._id);
    assert.equal((await mails(db, "feedback-request")).filter((m) => m.related_id === dan._id).length, 1);
  });
});

describeApi("feedback: two ratings at once keep one; the link is rate limited", async (t, _app, db) => {
  const { clock, book, markDone, view, rate } = await world(db);
  const ada = await book("ada@example.com");
  await markDone(ada._id);
  const token = tokenIn((await mails(db, "feedback-request"))[0]);

  await t.step("the same link rated twice at once, from two API processes: one 201, one 409", async () => {
    const other = await db.openAnother(4);
    try {
      const second = manageApp(other, clock);
      const answers = await Promise.all([rate(token, { rating: 5 }), rate(token, { rating: 1 }, second)]);
      const results = await Promise.all(answers.map(async (r) => ({ status: r.status, body: await r.json() })));
      assert.deepEqual(results.map((r) => r.status).sort(), [201, 409]);
      const kept = results.find((r) => r.status === 201)!.body.rating;
      assert.deepEqual(results.find((r) => r.status === 409)!.body, ALREADY_GIVEN);
      const rows = await db.sql<{ rating: number }[]>`select rating from booking_feedback where booking_id = ${ada._id}`;
      assert.deepEqual(rows.map((r) => r.rating), [kept]);
      const [{ n }] = await db.sql<{ n: number }[]>`select count(*)::int as n from audit_log where action = 'booking.feedback'`;
      assert.equal(n, 1);
      assert.equal((await mails(db, "feedback-low-rating-notification")).length, kept === 1 ? 1 : 0);
    } finally {
      await other.close();
    }
  });

  await t.step("rate limited: the view on the reads' budget, the rating on the public writes'", async () => {
    const strict = buildTestApp(db, {
      clock,
      mailSiteUrl: MANAGE_SITE_URL,
      limits: { submit: { name: "submit-feedback-test", limit: 1, windowSeconds: 600 }, availability: { name: "read-feedback-test", limit: 1, windowSeconds: 600 } },
    });
    const headers = { "x-forwarded-for": "198.51.100.32" };
    const reads = await Promise.all([0, 1].map(() => strict.request(`http://localhost/api/feedback/${token}`, { headers })));
    assert.deepEqual(reads.map((r) => r.status).sort(), [200, 429]);
    const limited = reads.find((r) => r.status === 429)!;
    assert.equal((await limited.json()).code, "RATE_LIMITED");
    assert.equal(limited.headers.get("cache-control"), "no-store");
    assert.equal(limited.headers.get("referrer-policy"), "no-referrer");
    const writes = await Promise.all([0, 1].map(() => strict.request(post(`/api/feedback/${token}`, { rating: 3 }, headers))));
    assert.deepEqual(writes.map((r) => r.status).sort(), [409, 429]);
    await Promise.all([...reads, ...writes].filter((r) => !r.bodyUsed).map((r) => r.body?.cancel()));
    assert.equal((await view(token)).status, 200, "another address is not limited");
  });
});

describeApi("feedback: staff read it, ask again, list the ratings; the settings decide whether and when", async (t, _app, db) => {
  const { clock, app, session, book, markDone, view, rate } = await world(db);
  const staffCall = async (method: string, path: string, role: "admin" | "superadmin" = "admin", body?: unknown) =>
    await json(await app.request(call(method, path, await session(role), body)));

  await t.step("settings: defaults; only a superadmin saves; 422s name the field; a save is audited", async () => {
    clock.at = NOW;
    assert.deepEqual(await staffCall("GET", "/api/admin/settings/feedback"), { status: 200, body: { enabled: true, delayHours: 0, reviewUrl: null } });
    assert.equal((await app.request(call("GET", "/api/admin/settings/feedback"))).status, 401);
    const next = { enabled: true, delayHours: 0, reviewUrl: REVIEW_URL };
    assert.equal((await staffCall("PUT", "/api/admin/settings/feedback", "admin", next)).status, 403);
    const badUrl = await staffCall("PUT", "/api/admin/settings/feedback", "superadmin", { ...next, reviewUrl: "http://g.page/r/x" });
    assert.deepEqual([badUrl.status, badUrl.body.code, badUrl.body.fieldErrors], [422, "VALIDATION_FAILED", { reviewUrl: ["Please enter a web address starting with https://."] }]);
    const badDelay = await staffCall("PUT", "/api/admin/settings/feedback", "superadmin", { ...next, delayHours: 169 });
    assert.deepEqual([badDelay.status, badDelay.body.fieldErrors], [422, { delayHours: ["Choose between 0 and 168 hours."] }]);
    assert.deepEqual(await staffCall("PUT", "/api/admin/settings/feedback", "superadmin", next), { status: 200, body: next });
    assert.deepEqual((await staffCall("GET", "/api/admin/settings/feedback")).body, next);
    await staffCall("PUT", "/api/admin/settings/feedback", "superadmin", next);
    const rows = await db.sql<{ entity: string; entity_id: string; before: unknown; after: unknown }[]>`
      select entity, entity_id, before, after from audit_log where action = 'settings.feedback'`;
    assert.deepEqual([...rows], [{ entity: "settings", entity_id: "feedback", before: { enabled: true, delayHours: 0, reviewUrl: null }, after: next }], "once: the same save again changes nothing");
  });

  const ada = await book("ada@example.com", [PRIYA._id]);
  const bob = await book("bob@example.com", [PRIYA._id, LIAM._id], "2026-11-26T09:00:00+11:00");

  await t.step("a booking's feedback: null before the job is done; 404 for no such booking", async () => {
    clock.at = AFTERNOON;
    assert.deepEqual(await staffCall("GET", `/api/admin/bookings/${ada._id}/feedback`), { status: 200, body: { feedback: null } });
    for (const id of [crypto.randomUUID(), "nope"]) {
      assert.equal((await staffCall("GET", `/api/admin/bookings/${id}/feedback`)).body.code, "BOOKING_NOT_FOUND");
    }
  });

  await t.step("asking before the job is done is a 409 JOB_NOT_DONE; a quote never is done; an unknown booking 404", async () => {
    const notDone = await staffCall("POST", `/api/admin/bookings/${ada._id}/feedback-request`);
    assert.deepEqual(notDone, { status: 409, body: { code: "JOB_NOT_DONE", error: "Feedback can be asked for once the job is done." } });
    clock.at = NOW;
    const quote = await json(await app.request(post("/api/quotes", draft({ email: "quote@example.com", frequencyCode: "ONE_TIME" }))));
    clock.at = AFTERNOON;
    assert.equal((await staffCall("POST", `/api/admin/bookings/${quote.body._id}/feedback-request`)).body.code, "JOB_NOT_DONE");
    assert.equal((await staffCall("POST", `/api/admin/bookings/${crypto.randomUUID()}/feedback-request`)).status, 404);
  });

  await t.step("asking again: a new link e-mailed, the old one 404, expiry from now, the count + 1, audited", async () => {
    await markDone(ada._id);
    const oldToken = tokenIn((await mails(db, "feedback-request"))[0]);
    clock.at = new Date(AFTERNOON.getTime() + 3 * DAY);
    const admin = await adminSession(db, "admin", undefined, clock.at);
    const asked = await json(await app.request(call("POST", `/api/admin/bookings/${ada._id}/feedback-request`, admin.headers)));
    const expiresAt = new Date(clock.at.getTime() + 30 * DAY).toISOString();
    assert.deepEqual(asked, {
      status: 201,
      body: { feedback: { requestedAt: clock.at.toISOString(), expiresAt, requestCount: 2, rating: null, comment: null, ratedAt: null } },
    });
    assert.deepEqual(await staffCall("GET", `/api/admin/bookings/${ada._id}/feedback`), { status: 200, body: asked.body });
    const sent = (await mails(db, "feedback-request")).filter((m) => m.related_id === ada._id);
    assert.equal(sent.length, 2);
    const newToken = tokenIn(sent[1]);
    assert.notEqual(newToken, oldToken);
    assert.deepEqual(await json(await view(oldToken)), { status: 404, body: LINK_INVALID });
    assert.equal((await view(newToken)).status, 200);
    const [row] = await db.sql<{ admin_id: string; before: unknown; after: unknown }[]>`
      select admin_id, before, after from audit_log where action = 'booking.feedback_request' and entity_id = ${ada._id}`;
    assert.deepEqual({ ...row }, { admin_id: admin.admin._id, before: { requestCount: 1 }, after: { requestCount: 2 } });
    const [{ requested_by_admin_id }] = await db.sql<{ requested_by_admin_id: string }[]>`select requested_by_admin_id from booking_feedback where booking_id = ${ada._id}`;
    assert.equal(requested_by_admin_id, admin.admin._id);

    clock.at = new Date(clock.at.getTime() + HOUR);
    assert.equal((await rate(newToken, { rating: 5, comment: "Spotless" })).status, 201);
    assert.deepEqual(await staffCall("POST", `/api/admin/bookings/${ada._id}/feedback-request`), { status: 409, body: ALREADY_GIVEN });
    const rated = (await staffCall("GET", `/api/admin/bookings/${ada._id}/feedback`)).body.feedback;
    assert.deepEqual([rated.rating, rated.comment, rated.ratedAt, rated.requestCount], [5, "Spotless", clock.at.toISOString(), 2]);
  });

  await t.step("switched off, DONE asks nothing; staff may still ask by hand", async () => {
    await staffCall("PUT", "/api/admin/settings/feedback", "superadmin", { enabled: false, delayHours: 0, reviewUrl: REVIEW_URL });
    const before = (await mails(db, "feedback-request")).length;
    await markDone(bob._id, new Date(AFTERNOON.getTime() + 4 * DAY));
    assert.equal((await mails(db, "feedback-request")).length, before);
    assert.deepEqual((await staffCall("GET", `/api/admin/bookings/${bob._id}/feedback`)).body, { feedback: null });
    const asked = await staffCall("POST", `/api/admin/bookings/${bob._id}/feedback-request`);
    assert.equal(asked.status, 201);
    assert.equal(asked.body.feedback.requestCount, 1);
    const bobToken = tokenIn((await mails(db, "feedback-request")).find((m) => m.related_id === bob._id)!);
    clock.at = new Date(clock.at.getTime() + HOUR);
    assert.equal((await rate(bobToken, { rating: 3 })).status, 201);
  });

  await t.step("the ratings list (newest first, by customer or cleaner) and each cleaner's average", async () => {
    const all = await staffCall("GET", "/api/admin/feedback");
    assert.equal(all.status, 200);
    assert.deepEqual([all.body.ratings, all.body.averageRating], [2, 4]);
    assert.deepEqual(all.body.items[0], {
      bookingId: bob._id,
      reference: bob.reference,
      customerName: "Ada Lovelace",
      startTime: bob.startTime,
      serviceName: bob.serviceNameAtBooking,
      rating: 3,
      comment: "",
      ratedAt: clock.at.toISOString(),
      cleanerNames: ["Priya Sharma", "Liam O’Connor"],
    });
    assert.deepEqual(all.body.items.map((i: { bookingId: string }) => i.bookingId), [bob._id, ada._id]);
    assert.deepEqual((await staffCall("GET", `/api/admin/feedback?cleanerId=${LIAM._id}`)).body.items.map((i: { rating: number }) => i.rating), [3]);
    assert.equal((await staffCall("GET", "/api/admin/feedback?limit=1")).body.items.length, 1);
    const [{ customer_id }] = await db.sql<{ customer_id: string }[]>`select customer_id::text from bookings where id = ${ada._id}`;
    const ofAda = await staffCall("GET", `/api/admin/feedback?customerId=${customer_id}`);
    assert.deepEqual(ofAda.body.items.map((i: { bookingId: string }) => i.bookingId), [ada._id], "Bob's job is another customer's");
    assert.deepEqual([ofAda.body.ratings, ofAda.body.averageRating], [1, 5]);
    for (const query of ["limit=0", "limit=101", "limit=x"]) assert.equal((await staffCall("GET", `/api/admin/feedback?${query}`)).status, 422, query);
    assert.deepEqual((await staffCall("GET", `/api/admin/feedback?cleanerId=${crypto.randomUUID()}`)).body, { items: [], averageRating: null, ratings: 0 });
    assert.deepEqual((await staffCall("GET", "/api/admin/feedback/cleaners")).body, {
      items: [
        { cleanerId: LIAM._id, averageRating: 3, ratings: 1 },
        { cleanerId: PRIYA._id, averageRating: 4, ratings: 2 },
      ],
    });
  });

  await t.step("a delay: DONE sends nothing; the job asks delayHours after the job's end", async () => {
    await staffCall("PUT", "/api/admin/settings/feedback", "superadmin", { enabled: true, delayHours: 2, reviewUrl: null });
    const cy = await book("cy@example.com");
    await markDone(cy._id);
    assert.equal((await mails(db, "feedback-request")).filter((m) => m.related_id === cy._id).length, 0);
    const [{ end_time }] = await db.sql<{ end_time: Date }[]>`select end_time from bookings where id = ${cy._id}`;
    const mailer = makeMailer(makeSettingsStore(db.sql), MANAGE_SITE_URL);
    const quiet = { info() {}, error() {} };
    const jobAt = (at: Date) => makeFeedbackRequestJob({ sql: db.sql, context: mailer.context, clock: { now: () => at }, log: quiet });
    assert.equal(await jobAt(new Date(new Date(end_time).getTime() + 2 * HOUR - 60_000)).runOnce(), 0);
    clock.at = new Date(new Date(end_time).getTime() + 2 * HOUR);
    assert.equal(await jobAt(clock.at).runOnce(), 1);
    const cyToken = tokenIn((await mails(db, "feedback-request")).find((m) => m.related_id === cy._id)!);
    assert.equal((await view(cyToken)).status, 200);
    assert.equal(await jobAt(clock.at).runOnce(), 0);
  });
});

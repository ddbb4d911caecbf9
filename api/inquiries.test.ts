/** Issue 14: the commercial inquiry checks the phone as the booking form does and acknowledges the inquirer. */
import assert from "node:assert/strict";
import { adminSession, describeApi, json } from "./test-app.ts";
import { post } from "./test-fixtures.ts";
import type { TestDatabase } from "../adapters/postgres/test-db.ts";

const inquiry = {
  inquiryType: "SCHOOL_EDUCATIONAL", firstName: "Priya", lastName: "Shah", email: "priya@school.example",
  phone: "(03) 9123 4567", suburb: "Box Hill", message: "Daily clean of 12 classrooms after 3:30 pm.",
};

interface OutboxRow {
  kind: string;
  to_address: string;
  subject: string;
  text_body: string;
  related_id: string;
}

const outbox = async (db: TestDatabase): Promise<OutboxRow[]> => [
  ...await db.sql<OutboxRow[]>`select kind, to_address, subject, text_body, related_id::text from email_outbox order by kind`,
];

describeApi("POST /api/inquiries: phone rule and the inquirer's acknowledgement", async (t, app, db) => {
  await t.step("a phone that is no phone is a 422 saying so; nothing stored or sent", async () => {
    for (const phone of ["abc", "12345", "03 9123 4567 ext 2"]) {
      const { status, body } = await json(await app.request(post("/api/inquiries", { ...inquiry, phone })));
      assert.equal(status, 422, phone);
      assert.deepEqual(body.fieldErrors, { phone: ["Please enter a valid phone number (e.g. 03 9123 4567, 1300 123 456 or +44 20 7946 0958)."] }, phone);
    }
    const blank = await json(await app.request(post("/api/inquiries", { ...inquiry, phone: " " })));
    assert.deepEqual(blank.body.fieldErrors, { phone: ["Please enter your phone number."] });
    const [{ inquiries }] = await db.sql<{ inquiries: number }[]>`select count(*)::int as inquiries from inquiries`;
    assert.equal(inquiries, 0);
    assert.deepEqual(await outbox(db), []);
  });

  await t.step("a 1300 number and an overseas one are taken as given (issue 34)", async () => {
    for (const phone of ["1300 123 456", "+44 20 7946 0958"]) {
      const { status, body } = await json(await app.request(post("/api/inquiries", { ...inquiry, phone })));
      assert.equal(status, 201, phone);
      assert.equal(body.phone, phone);
    }
    await db.sql`delete from email_outbox`;
    await db.sql`delete from inquiries`;
  });

  await t.step("a valid inquiry queues the business's notification and the inquirer's acknowledgement with it", async () => {
    const { status, body } = await json(await app.request(post("/api/inquiries", inquiry)));
    assert.equal(status, 201);
    assert.equal(body.phone, "(03) 9123 4567", "kept as typed");
    const mails = await outbox(db);
    assert.deepEqual(mails.map((m) => [m.kind, m.to_address, m.related_id]), [
      ["inquiry-acknowledgement", "priya@school.example", body._id],
      ["inquiry-notification", "bookings@yarrashine.com.au", body._id],
    ]);
    const acknowledgement = mails[0];
    assert.equal(acknowledgement.subject, `Commercial cleaning inquiry received — School / educational, Box Hill (${body.reference})`);
    for (const expected of ["Hi Priya,", "Daily clean of 12 classrooms after 3:30 pm.", "What happens next:", "Phone: 0412 345 678"]) {
      assert.ok(acknowledgement.text_body.includes(expected), `missing: ${expected}`);
    }
  });

  await t.step("+61 and mobile numbers are taken too", async () => {
    for (const phone of ["+61 412 345 678", "0412345678"]) {
      const { status } = await json(await app.request(post("/api/inquiries", { ...inquiry, phone, email: "office@school.example" })));
      assert.equal(status, 201, phone);
    }
    const sentTo = (await outbox(db)).filter((m) => m.kind === "inquiry-acknowledgement").map((m) => m.to_address);
    assert.deepEqual(sentTo.sort(), ["office@school.example", "office@school.example", "priya@school.example"]);
  });
});

describeApi("inquiry reference (issue 34 item 3): in the POST's answer, both e-mails and the staff calls", async (t, app, db) => {
  const { headers } = await adminSession(db, "admin");
  const staffGet = async (path: string) => json(await app.request(`/api/admin${path}`, { headers }));
  const first = await json(await app.request(post("/api/inquiries", inquiry)));
  const second = await json(await app.request(post("/api/inquiries", { ...inquiry, email: "office@school.example" })));

  await t.step("POST answers a YI- reference, its own for each inquiry, as stored", async () => {
    assert.equal(first.status, 201);
    assert.match(first.body.reference, /^YI-[2-9A-HJ-NP-Z]{6}$/);
    assert.match(second.body.reference, /^YI-[2-9A-HJ-NP-Z]{6}$/);
    assert.notEqual(first.body.reference, second.body.reference);
    const [row] = await db.sql<{ reference: string }[]>`select reference from inquiries where id = ${first.body._id}`;
    assert.equal(row.reference, first.body.reference);
  });

  await t.step("the inquirer's acknowledgement and the office's notice both quote it", async () => {
    const mails = (await outbox(db)).filter((m) => m.related_id === first.body._id);
    assert.deepEqual(mails.map((m) => m.kind), ["inquiry-acknowledgement", "inquiry-notification"]);
    for (const mail of mails) {
      assert.ok(mail.text_body.includes(`Reference: ${first.body.reference}`), mail.kind);
      assert.ok(mail.subject.endsWith(`(${first.body.reference})`), mail.subject);
    }
  });

  await t.step("staff list and details show it; the search finds it however typed", async () => {
    const list = await staffGet("/inquiries");
    assert.equal(list.status, 200);
    const byId = new Map(list.body.items.map((i: { _id: string; reference: string }) => [i._id, i.reference]));
    assert.equal(byId.get(first.body._id), first.body.reference);
    assert.equal(byId.get(second.body._id), second.body.reference);
    const one = await staffGet(`/inquiries/${first.body._id}`);
    assert.equal(one.body.reference, first.body.reference);
    const typed = first.body.reference.slice(3).toLowerCase();
    const found = await staffGet(`/inquiries?q=${encodeURIComponent(`yi ${typed}`)}`);
    assert.deepEqual(found.body.items.map((i: { _id: string }) => i._id), [first.body._id]);
  });

  await t.step("an Idempotency-Key replay answers the same reference, storing nothing new", async () => {
    const key = { "Idempotency-Key": crypto.randomUUID() };
    const once = await json(await app.request(post("/api/inquiries", { ...inquiry, email: "again@school.example" }, key)));
    const again = await json(await app.request(post("/api/inquiries", { ...inquiry, email: "again@school.example" }, key)));
    assert.equal(once.status, 201);
    assert.deepEqual([again.status, again.body._id, again.body.reference], [201, once.body._id, once.body.reference]);
  });
});

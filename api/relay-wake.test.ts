/**
 * Issue 33: whatever queues an e-mail wakes the relay once it has committed, whichever route or
 * job it came from: no list of routes says which do. A relay that polls only once a minute still
 * delivers each change's e-mail at once.
 */
import assert from "node:assert/strict";
import { adminSession, describeApi, json, manageApp } from "./test-app.ts";
import { draft, fixedClock, post } from "./test-fixtures.ts";
import { makeOutboxRelay } from "../adapters/jobs/outbox-relay.ts";
import type { MailTransport, OutgoingMail } from "../adapters/email/transport.ts";

/** Keeps what the relay sends. */
function memoryTransport(): MailTransport & { sent: OutgoingMail[] } {
  const sent: OutgoingMail[] = [];
  return {
    sent,
    send: (mail) => {
      sent.push(mail);
      return Promise.resolve();
    },
    describe: () => "memory",
    close: () => Promise.resolve(),
  };
}

const quiet = { info: () => {}, warn: () => {}, error: () => {} };

describeApi("the relay is woken by every change that queues an e-mail, not by the poll", async (t, _app, db) => {
  const app = manageApp(db, fixedClock);
  const transport = memoryTransport();
  const relay = makeOutboxRelay({ sql: db.sql, transport, from: "Yarra Shine Cleaning <hello@yarrashine.com.au>", log: quiet });
  /** Waits (2 s at most, the poll being a minute away) for a delivered e-mail whose subject starts so. */
  const delivered = async (to: string, subjectStart: string): Promise<OutgoingMail> => {
    const deadline = Date.now() + 2_000;
    for (;;) {
      const mail = transport.sent.find((m) => m.to === to && m.subject.startsWith(subjectStart));
      if (mail) return mail;
      assert.ok(Date.now() < deadline, `no "${subjectStart}" e-mail to ${to} within 2 s: ${transport.sent.map((m) => m.subject).join(" | ")}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  };
  // The first batch runs at start; after it, only a wake-up can send anything for a minute.
  relay.start(60_000);
  await new Promise((resolve) => setTimeout(resolve, 100));
  try {
    let token = "";
    await t.step("a booking on the site: its confirmation goes at once", async () => {
      const created = await json(await app.request(post("/api/bookings", draft({ email: "ada@example.com", frequencyCode: "ONE_TIME" }))));
      assert.equal(created.status, 201, JSON.stringify(created.body));
      const confirmation = await delivered("ada@example.com", "Booking request received");
      token = /\/manage\/([A-Za-z0-9_-]{43})/.exec(confirmation.text)?.[1] ?? "";
      assert.ok(token, "the confirmation carries the manage link");
    });

    await t.step("a change through the customer's manage link: its e-mail goes at once", async () => {
      const cancelled = await app.request(post(`/api/manage/${token}/cancel`, { reason: "Plans changed" }));
      assert.equal(cancelled.status, 200);
      await cancelled.body?.cancel();
      await delivered("ada@example.com", "Booking cancelled");
    });

    await t.step("a staff change: the customer's e-mail goes at once", async () => {
      const created = await json(await app.request(post("/api/bookings", draft({ email: "grace@example.com", frequencyCode: "ONE_TIME", startTimeISO: "2026-11-30T09:00:00+11:00" }))));
      assert.equal(created.status, 201, JSON.stringify(created.body));
      const staff = await adminSession(db, "admin");
      const confirmed = await app.request(new Request(`http://localhost/api/admin/bookings/${created.body._id}/status`, {
        method: "PATCH",
        headers: { "content-type": "application/json", ...staff.headers },
        body: JSON.stringify({ status: "CONFIRMED" }),
      }));
      assert.equal(confirmed.status, 200);
      await confirmed.body?.cancel();
      await delivered("grace@example.com", "Booking confirmed");
    });
  } finally {
    await relay.stop();
  }
});

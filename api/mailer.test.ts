/** Issue 34: the e-mails' hours line says the days and hours the scheduling settings open. */
import assert from "node:assert/strict";
import { describeApi, json, type TestApp } from "./test-app.ts";
import { post } from "./test-fixtures.ts";
import { makeSettingsStore } from "../adapters/postgres/settings-repository.ts";
import type { TestDatabase } from "../adapters/postgres/test-db.ts";

const inquiry = {
  inquiryType: "OFFICE", firstName: "Priya", lastName: "Shah", email: "priya@office.example",
  phone: "(03) 9123 4567", suburb: "Box Hill", message: "A nightly clean of two floors.",
};

/** The inquirer's acknowledgement of the inquiry just sent, then an empty outbox for the next step. */
async function acknowledgement(app: TestApp, db: TestDatabase): Promise<string> {
  const { status } = await json(await app.request(post("/api/inquiries", inquiry)));
  assert.equal(status, 201);
  const rows = await db.sql<{ text_body: string }[]>`
    select text_body from email_outbox where kind = 'inquiry-acknowledgement'`;
  await db.sql`delete from email_outbox`;
  assert.equal(rows.length, 1);
  return rows[0].text_body;
}

describeApi("e-mails: the hours line follows the scheduling settings (issue 34)", async (t, app, db) => {
  const settings = makeSettingsStore(db.sql);

  await t.step("the demo closes Sunday: the e-mail says Mon–Sat, not the site's Mon–Sun", async () => {
    assert.deepEqual((await settings.getScheduling()).closedWeekdays, [0]);
    assert.equal((await settings.getBusinessProfile())?.contactHours, "Mon–Sun 8:00am–5:00pm", "the site's text stays");
    const text = await acknowledgement(app, db);
    assert.ok(text.includes("Hours: Mon–Sat 8:00am–6:00pm"), text);
    assert.ok(text.includes("usually the same business day (Mon–Sat 8:00am–6:00pm)"), text);
    assert.ok(!text.includes("Mon–Sun"), text);
  });

  await t.step("a change to the settings shows in the next e-mail", async () => {
    const current = await settings.getScheduling();
    await settings.saveScheduling({ ...current, closedWeekdays: [3, 0], firstSlotHour: 9, dayEndHour: 17 });
    assert.ok((await acknowledgement(app, db)).includes("Hours: Mon–Tue, Thu–Sat 9:00am–5:00pm"));
    await settings.saveScheduling({ ...current, closedWeekdays: [] });
    assert.ok((await acknowledgement(app, db)).includes("Hours: Mon–Sun 8:00am–6:00pm"));
  });
});

/** Issue 29: names, streets, suburbs and labels on one line: a break inside is a 422 naming the field, and nothing is stored. */
import assert from "node:assert/strict";
import { ONE_LINE_MESSAGE } from "../core/shared/input.ts";
import { adminSession, describeApi, json } from "./test-app.ts";
import { draft, post } from "./test-fixtures.ts";

const inquiry = {
  inquiryType: "OFFICE", firstName: "Priya", lastName: "Shah", email: "priya@example.com",
  phone: "(03) 9123 4567", suburb: "Box Hill", message: "Evening cleans,\nfive days a week.",
};

describeApi("one-line fields refuse line breaks", async (t, app, db) => {
  const address = draft().address;
  const publicCases: [string, string, unknown, string][] = [
    ["/api/bookings", "first name", draft({ firstName: "Ada\nBcc: x@evil.example" }), "firstName"],
    ["/api/bookings", "street", draft({ address: { ...address, street: "12 Smith St\r\nSuburb: Elsewhere" } }), "address.street"],
    ["/api/quotes", "suburb", draft({ address: { ...address, suburb: "Fitz\u2028roy" } }), "address.suburb"],
    ["/api/inquiries", "last name", { ...inquiry, lastName: "Shah\rSmith" }, "lastName"],
  ];
  for (const [path, what, body, field] of publicCases) {
    await t.step(`${path}, a break in the ${what}: 422 on ${field}`, async () => {
      const { status, body: answer } = await json(await app.request(post(path, body)));
      assert.equal(status, 422);
      assert.equal(answer.code, "VALIDATION_FAILED");
      assert.deepEqual(answer.fieldErrors, { [field]: [ONE_LINE_MESSAGE] });
    });
  }
  await t.step("nothing was stored", async () => {
    const [{ bookings }] = await db.sql<{ bookings: number }[]>`select count(*)::int as bookings from bookings`;
    const [{ inquiries }] = await db.sql<{ inquiries: number }[]>`select count(*)::int as inquiries from inquiries`;
    assert.deepEqual({ bookings, inquiries }, { bookings: 0, inquiries: 0 });
  });
  await t.step("an inquiry's message keeps its line breaks", async () => {
    const { status, body } = await json(await app.request(post("/api/inquiries", inquiry)));
    assert.equal(status, 201);
    assert.equal(body.message, inquiry.message);
  });

  const root = await adminSession(db, "superadmin");
  const staffCases: [string, unknown, string][] = [
    ["/api/admin/cleaners", { name: "Priya\nSharma" }, "name"],
    ["/api/admin/admins", { name: "Sam\nWard", email: "sam.ward@example.com", password: "correct horse battery" }, "name"],
  ];
  for (const [path, body, field] of staffCases) {
    await t.step(`${path}: 422 on ${field}`, async () => {
      const { status, body: answer } = await json(await app.request(post(path, body, root.headers)));
      assert.equal(status, 422);
      assert.deepEqual(answer.fieldErrors, { [field]: [ONE_LINE_MESSAGE] });
    });
  }
});

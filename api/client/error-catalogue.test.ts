import assert from "node:assert/strict";
import {
  describeFailure,
  formatFieldErrors,
  frequencyInUseDetails,
  normaliseFieldErrors,
  serverMessageOr,
} from "./error-catalogue.ts";

const SERVER_ERROR_TEXT = "Something went wrong on our side. Please try again.";

// The spec's table, row by row (public-site.md and admin-area.md section 8).
const table: Array<[number, string, string]> = [
  [401, "Authentication required", "Your session may have expired. Please log in again."],
  [403, "Permission denied", "You don’t have permission to perform this action."],
  [404, "Not found", "The resource may have been moved or deleted."],
  [409, "Conflict", "That item already exists or was updated elsewhere."],
  [422, "Validation error", "Please fix the fields below and try again."],
  [429, "Too many requests", "You’ve hit a rate limit. Please try again shortly."],
  [500, "Server error", SERVER_ERROR_TEXT],
  [502, "Server error", SERVER_ERROR_TEXT],
  [503, "Server error", SERVER_ERROR_TEXT],
  [504, "Server error", SERVER_ERROR_TEXT],
];

for (const [status, title, text] of table) {
  Deno.test(`describeFailure: ${status} is '${title}'`, () => {
    const described = describeFailure({ status, body: { error: "server words", code: "X" } });
    assert.equal(described.title, title);
    assert.equal(described.text, text);
    assert.equal(described.status, status);
    assert.equal(described.code, "X");
    assert.equal(described.serverMessage, "server words");
  });
}

Deno.test("describeFailure: typographic apostrophes are kept", () => {
  assert.ok(describeFailure({ status: 403 }).text.includes("\u2019"));
  assert.ok(describeFailure({ status: 429 }).text.includes("\u2019"));
});

Deno.test("describeFailure: no status means no connection", () => {
  assert.deepEqual(describeFailure({}), {
    title: "Network error",
    text: "Check your internet connection and try again.",
  });
  assert.equal(describeFailure({ status: 0 }).title, "Network error");
});

Deno.test("describeFailure: 400 shows the server's message", () => {
  const described = describeFailure({
    status: 400,
    body: { error: "Malformed JSON body", code: "BAD_JSON" },
  });
  assert.equal(described.title, "Bad request");
  assert.equal(described.text, "Malformed JSON body");
  assert.equal(described.code, "BAD_JSON");
});

Deno.test("describeFailure: 400 without a message still has a text", () => {
  const described = describeFailure({ status: 400 });
  assert.equal(described.title, "Bad request");
  assert.ok(described.text.length > 0);
  assert.equal(described.serverMessage, undefined);
});

Deno.test("describeFailure: other statuses fall back sensibly", () => {
  assert.equal(describeFailure({ status: 501 }).title, "Server error");
  assert.equal(describeFailure({ status: 501 }).text, SERVER_ERROR_TEXT);
  const teapot = describeFailure({ status: 418, body: { error: "I am a teapot" } });
  assert.equal(teapot.title, "Request failed");
  assert.equal(teapot.text, "I am a teapot");
  assert.equal(describeFailure({ status: 410 }).title, "Request failed");
});

Deno.test("describeFailure: keeps code, details and fieldErrors", () => {
  const described = describeFailure({
    status: 422,
    body: {
      error: "Please fix the highlighted fields, then try again.",
      code: "VALIDATION_FAILED",
      fieldErrors: { "address.postCode": ["Please enter a 4-digit postcode."] },
      details: { section: "address" },
    },
  });
  assert.deepEqual(described.fieldErrors, {
    "address.postCode": ["Please enter a 4-digit postcode."],
  });
  assert.deepEqual(described.details, { section: "address" });
  assert.equal(described.code, "VALIDATION_FAILED");
});

Deno.test("describeFailure: field errors may come as `errors`, a map or a list", () => {
  assert.deepEqual(
    describeFailure({ status: 422, body: { errors: { email: "Bad email" } } }).fieldErrors,
    {
      email: ["Bad email"],
    },
  );
  assert.deepEqual(
    describeFailure({
      status: 422,
      body: { errors: [{ path: "email", msg: "Bad email" }, { field: "email", message: "Taken" }] },
    }).fieldErrors,
    { email: ["Bad email", "Taken"] },
  );
  assert.equal(describeFailure({ status: 422, body: { errors: {} } }).fieldErrors, undefined);
});

Deno.test("describeFailure: an HTML error page is not a server message", () => {
  const described = describeFailure({ status: 502, body: "<html>Bad gateway</html>" });
  assert.equal(described.serverMessage, undefined);
  assert.equal(describeFailure({ status: 400, body: "plain words" }).text, "plain words");
});

Deno.test("formatFieldErrors: 'field: messages' lines", () => {
  assert.deepEqual(
    formatFieldErrors({
      firstName: ["Please enter your first name."],
      phone: ["Too short.", "Digits only."],
    }),
    ["firstName: Please enter your first name.", "phone: Too short. Digits only."],
  );
  assert.deepEqual(formatFieldErrors(undefined), []);
});

Deno.test("normaliseFieldErrors: ignores junk", () => {
  assert.equal(normaliseFieldErrors(null), undefined);
  assert.equal(normaliseFieldErrors("x"), undefined);
  assert.deepEqual(normaliseFieldErrors({ a: [1, "ok"], b: [] }), { a: ["ok"] });
});

Deno.test("serverMessageOr: server text, else the fallback", () => {
  assert.equal(
    serverMessageOr({ serverMessage: "Invalid credentials" }, "Login failed"),
    "Invalid credentials",
  );
  assert.equal(serverMessageOr(new Error("boom"), "Login failed"), "Login failed");
  assert.equal(serverMessageOr(undefined, "Login failed"), "Login failed");
});

Deno.test("frequencyInUseDetails: the counts of a FREQUENCY_IN_USE refusal, nothing for any other", () => {
  const refused = describeFailure({
    status: 409,
    body: { error: "This frequency is used by 2 regular cleans…", code: "FREQUENCY_IN_USE", details: { series: 2, bookings: 5 } },
  });
  assert.deepEqual(frequencyInUseDetails(refused), { series: 2, bookings: 5 });
  assert.equal(frequencyInUseDetails(describeFailure({ status: 409, body: { error: "Taken", code: "CODE_TAKEN" } })), null);
  assert.equal(frequencyInUseDetails({ code: "FREQUENCY_IN_USE", details: { series: -1, bookings: 2 } }), null);
  assert.equal(frequencyInUseDetails({ code: "FREQUENCY_IN_USE", details: "2 and 5" }), null);
  assert.equal(frequencyInUseDetails(null), null);
});

import assert from "node:assert/strict";
import { parseInput } from "../shared/parse-input.ts";
import { inquirySchema } from "./schemas.ts";
import { canSendInquiry, INQUIRY_MESSAGES, isPlausiblePhone } from "./validation.ts";
import { DRAFT_MESSAGES } from "../booking/draft/validation.ts";
import type { NewInquiry } from "./types.ts";

/** What a customer may send: any shape at all. */
type InquiryInput = Record<string, unknown>;
const validateInquiry = (input: unknown) => parseInput(inquirySchema, input);

const GOOD: InquiryInput = {
  inquiryType: "HEALTHCARE_AGED_CARE",
  firstName: " Sam ",
  lastName: "Lee",
  email: "sam@clinic.com.au",
  phone: "03 9123 4567",
  suburb: "Richmond",
  message: "  Nightly clean of two consulting rooms.  ",
};
const NORMALISED: NewInquiry = {
  inquiryType: "HEALTHCARE_AGED_CARE",
  firstName: "Sam",
  lastName: "Lee",
  email: "sam@clinic.com.au",
  phone: "03 9123 4567",
  suburb: "Richmond",
  message: "Nightly clean of two consulting rooms.",
};

Deno.test("validateInquiry: accepted", async (t) => {
  const cases: { name: string; input: InquiryInput; value: NewInquiry }[] = [
    { name: "a full form", input: GOOD, value: NORMALISED },
    {
      name: "type defaults to OFFICE",
      input: { ...GOOD, inquiryType: undefined },
      value: { ...NORMALISED, inquiryType: "OFFICE" },
    },
    {
      name: "blank type is OFFICE",
      input: { ...GOOD, inquiryType: " " },
      value: { ...NORMALISED, inquiryType: "OFFICE" },
    },
    {
      name: "INDUSTRIAL alias",
      input: { ...GOOD, inquiryType: "INDUSTRIAL" },
      value: { ...NORMALISED, inquiryType: "INDUSTRIAL_WAREHOUSE" },
    },
    {
      name: "lower-case type",
      input: { ...GOOD, inquiryType: "airbnb_short_term" },
      value: { ...NORMALISED, inquiryType: "AIRBNB_SHORT_TERM" },
    },
    {
      name: "inquiryText alias",
      input: { ...GOOD, message: undefined, inquiryText: "From the old form" },
      value: { ...NORMALISED, message: "From the old form" },
    },
    {
      name: "message wins over inquiryText",
      input: { ...GOOD, inquiryText: "ignored" },
      value: NORMALISED,
    },
    // Issue 14: any phone the booking form takes, kept as typed.
    ...["0412 345 678", "(03) 9123 4567", "+61 412 345 678", "+61 3 9123 4567", "08-8123-4567"].map((phone) => ({
      name: `phone ${phone}`,
      input: { ...GOOD, phone: ` ${phone} ` },
      value: { ...NORMALISED, phone },
    })),
    {
      name: "message of exactly 5000",
      input: { ...GOOD, message: "m".repeat(5000) },
      value: { ...NORMALISED, message: "m".repeat(5000) },
    },
  ];
  for (const c of cases) {
    await t.step(
      c.name,
      () => assert.deepEqual(validateInquiry(c.input), { ok: true, value: c.value }),
    );
  }
});

Deno.test("validateInquiry: rejected", async (t) => {
  const cases: { name: string; input: InquiryInput; fieldErrors: Record<string, string[]> }[] = [
    {
      name: "first name",
      input: { ...GOOD, firstName: "" },
      fieldErrors: { firstName: ["Please enter your first name."] },
    },
    {
      name: "last name",
      input: { ...GOOD, lastName: 5 },
      fieldErrors: { lastName: ["Please enter your last name."] },
    },
    {
      name: "email",
      input: { ...GOOD, email: "sam@clinic" },
      fieldErrors: { email: ["Please enter a valid email address."] },
    },
    // Issue 13: a display name or a list could put a second address in the reply header.
    ...["attacker<victim@evil.example>", "a@b.co, c@d.co", "a@b.co; c@d.co", "\"Sam\" sam@clinic.com.au"].map((email) => ({
      name: `email ${email}`,
      input: { ...GOOD, email },
      fieldErrors: { email: ["Please enter a valid email address."] },
    })),
    {
      name: "phone",
      input: { ...GOOD, phone: "   " },
      fieldErrors: { phone: ["Please enter your phone number."] },
    },
    // Issue 34: any plausible phone; these are not one.
    ...["abc", "12345", "03 9123 4567 ext 2", "++61 3 9123 4567", "0412 345 678 0412 345 678 0"].map((phone) => ({
      name: `phone ${phone}`,
      input: { ...GOOD, phone },
      fieldErrors: { phone: ["Please enter a valid phone number (e.g. 03 9123 4567, 1300 123 456 or +44 20 7946 0958)."] },
    })),
    {
      name: "phone too long",
      input: { ...GOOD, phone: "0".repeat(41) },
      fieldErrors: { phone: ["Please keep your phone number under 40 characters."] },
    },
    {
      name: "suburb",
      input: { ...GOOD, suburb: null },
      fieldErrors: { suburb: ["Please enter your suburb."] },
    },
    {
      name: "message",
      input: { ...GOOD, message: "" },
      fieldErrors: { message: ["Please tell us about your cleaning needs."] },
    },
    {
      name: "message too long",
      input: { ...GOOD, message: "m".repeat(5001) },
      fieldErrors: { message: ["Please keep your message under 5,000 characters."] },
    },
    {
      name: "unknown type",
      input: { ...GOOD, inquiryType: "HOSPITAL" },
      fieldErrors: { inquiryType: ["Please choose a valid inquiry type."] },
    },
    {
      name: "type not text",
      input: { ...GOOD, inquiryType: 3 },
      fieldErrors: { inquiryType: ["Please choose a valid inquiry type."] },
    },
    {
      name: "first name too long",
      input: { ...GOOD, firstName: "f".repeat(101) },
      fieldErrors: { firstName: ["Please keep your first name under 100 characters."] },
    },
    {
      name: "empty form",
      input: {},
      fieldErrors: {
        firstName: ["Please enter your first name."],
        lastName: ["Please enter your last name."],
        email: ["Please enter a valid email address."],
        phone: ["Please enter your phone number."],
        suburb: ["Please enter your suburb."],
        message: ["Please tell us about your cleaning needs."],
      },
    },
  ];
  for (const c of cases) {
    await t.step(c.name, () => {
      const result = validateInquiry(c.input);
      assert.ok(!result.ok);
      assert.equal(result.error.kind, "validation");
      assert.deepEqual(result.error.fieldErrors, c.fieldErrors);
    });
  }
  await t.step("junk input never throws", () => {
    for (const junk of [null, 7, "x", [], [GOOD]]) {
      assert.equal(validateInquiry(junk).ok, false);
    }
  });
});

Deno.test("canSendInquiry", async (t) => {
  const form = {
    firstName: "Sam",
    lastName: "Lee",
    email: "sam@x.co",
    phone: "0400000000",
    suburb: "Richmond",
    message: "Hi",
  };
  const cases: { name: string; patch: Record<string, unknown>; expected: boolean }[] = [
    { name: "complete", patch: {}, expected: true },
    { name: "no first name", patch: { firstName: " " }, expected: false },
    { name: "no last name", patch: { lastName: "" }, expected: false },
    { name: "no phone", patch: { phone: "" }, expected: false },
    { name: "no suburb", patch: { suburb: undefined }, expected: false },
    { name: "no message", patch: { message: "" }, expected: false },
    { name: "email without a dot", patch: { email: "sam@x" }, expected: false },
    { name: "email blank", patch: { email: "" }, expected: false },
  ];
  for (const c of cases) {
    await t.step(c.name, () => assert.equal(canSendInquiry({ ...form, ...c.patch }), c.expected));
  }
});

Deno.test("isPlausiblePhone: 1300, 1800, overseas and Australian numbers as people write them; not words or fragments", () => {
  for (const phone of ["1300 123 456", "1800-555-010", "+44 20 7946 0958", "(03) 9123 4567", "0412 345 678", "+61 412 345 678", "9123 4567", "+1 (212) 555.0100"]) {
    assert.equal(isPlausiblePhone(phone), true, phone);
  }
  for (const phone of ["", "abc", "123456", "+", "03 9123 4567 ext 2", "++61 3 9123 4567", "1".repeat(21), "0412 345 678 / 0413"]) {
    assert.equal(isPlausiblePhone(phone), false, phone);
  }
  // The booking form keeps the Australian rule and its words.
  assert.notEqual(INQUIRY_MESSAGES.phoneInvalid, DRAFT_MESSAGES.phone);
});

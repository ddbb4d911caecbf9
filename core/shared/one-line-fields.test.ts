/**
 * Issue 29: every one-line field of the forms and staff screens refuses line breaks with a 422
 * naming it; the multi-line ones (notes, messages, descriptions, text answers) keep them.
 */
import assert from "node:assert/strict";
import type { z } from "zod";
import { validateNewAdmin } from "../admin/admin-account-form.ts";
import { validateDraft } from "../booking/draft/validation.ts";
import { validateExtraInput, validateFrequencyInput, validateQuestionInput, validateServiceInput } from "../catalog/validation.ts";
import { cleanerInputSchema, cleanerPatchSchema } from "../cleaners/schemas.ts";
import { inquirySchema } from "../inquiry/schemas.ts";
import { SCHEDULING_DEFAULTS } from "../settings/types.ts";
import { closedDateInputSchema } from "../settings/schemas.ts";
import { ONE_LINE_MESSAGE } from "./input.ts";
import { parseInput } from "./parse-input.ts";
import type { Result } from "./result.ts";

const draftContext = { now: new Date("2026-11-20T00:00:00Z"), scheduling: SCHEDULING_DEFAULTS };

/** Where the text goes, and what judges the input. */
interface Field {
  name: string;
  /** The field's path in fieldErrors. */
  path: string;
  input: (text: string) => unknown;
  judge: (input: unknown) => Result<unknown>;
}

const draft = (field: string, text: string) => ({ [field]: text });
const address = (field: string, text: string) => ({ address: { [field]: text } });
const judgeDraft = (input: unknown) => validateDraft(input, draftContext);
const schema = (s: z.ZodType) => (input: unknown) => parseInput(s, input);

const ONE_LINE_FIELDS: Field[] = [
  { name: "booking first name", path: "firstName", input: (t) => draft("firstName", t), judge: judgeDraft },
  { name: "booking last name", path: "lastName", input: (t) => draft("lastName", t), judge: judgeDraft },
  { name: "booking unit", path: "address.unit", input: (t) => address("unit", t), judge: judgeDraft },
  { name: "booking street", path: "address.street", input: (t) => address("street", t), judge: judgeDraft },
  { name: "booking suburb", path: "address.suburb", input: (t) => address("suburb", t), judge: judgeDraft },
  { name: "inquiry first name", path: "firstName", input: (t) => draft("firstName", t), judge: schema(inquirySchema) },
  { name: "inquiry last name", path: "lastName", input: (t) => draft("lastName", t), judge: schema(inquirySchema) },
  // A phone has no letters (issue 34's plausible-phone rule): its digits stand for "Sam" and "Ward".
  { name: "inquiry phone", path: "phone", input: (t) => draft("phone", t.replace("Sam", "03").replace("x", "9123").replace("Ward", "4567")), judge: schema(inquirySchema) },
  { name: "inquiry suburb", path: "suburb", input: (t) => draft("suburb", t), judge: schema(inquirySchema) },
  { name: "service name", path: "name", input: (t) => draft("name", t), judge: (i) => validateServiceInput(i, "create") },
  { name: "service name (edit)", path: "name", input: (t) => draft("name", t), judge: (i) => validateServiceInput(i, "update") },
  { name: "extra title", path: "title", input: (t) => draft("title", t), judge: (i) => validateExtraInput(i, "update") },
  { name: "frequency name", path: "name", input: (t) => draft("name", t), judge: (i) => validateFrequencyInput(i, "update") },
  { name: "question text", path: "text", input: (t) => draft("text", t), judge: (i) => validateQuestionInput(i, "update") },
  {
    name: "question option label",
    path: "options.0.label",
    input: (t) => ({ options: [{ label: t, value: "yes" }] }),
    judge: (i) => validateQuestionInput(i, "update"),
  },
  { name: "cleaner name", path: "name", input: (t) => draft("name", t), judge: schema(cleanerInputSchema) },
  { name: "cleaner name (edit)", path: "name", input: (t) => draft("name", t), judge: schema(cleanerPatchSchema) },
  { name: "closed date label", path: "label", input: (t) => draft("label", t), judge: schema(closedDateInputSchema) },
  { name: "admin name", path: "name", input: (t) => draft("name", t), judge: validateNewAdmin },
];

/** Two words with a break of each kind between them (`x` stands for the field's own text, where it needs one). */
const BREAKS = ["\n", "\r", "\r\n", "\u2028", "\u2029", "\u0085", "\v", "\f"];

const errorsOf = (result: Result<unknown>, path: string) => (result.ok ? [] : result.error.fieldErrors?.[path] ?? []);

Deno.test("one-line fields refuse a line break inside, naming the field", async (t) => {
  for (const field of ONE_LINE_FIELDS) {
    for (const lineBreak of BREAKS) {
      await t.step(`${field.name}, ${JSON.stringify(lineBreak)}`, () => {
        const result = field.judge(field.input(`Sam x${lineBreak}Ward`));
        assert.equal(result.ok, false);
        if (!result.ok) assert.equal(result.error.kind, "validation");
        assert.deepEqual(errorsOf(result, field.path), [ONE_LINE_MESSAGE]);
      });
    }
    await t.step(`${field.name}: breaks at either end are trimmed, not refused`, () => {
      assert.deepEqual(errorsOf(field.judge(field.input("\r\nSam x Ward\n")), field.path), []);
    });
  }
});

Deno.test("multi-line fields keep their line breaks", async (t) => {
  const cases: Field[] = [
    { name: "booking notes", path: "notes", input: (t) => draft("notes", t), judge: judgeDraft },
    {
      name: "answer to a text question",
      path: "answers",
      input: (t) => ({ answers: [{ questionId: "q1", value: t }] }),
      judge: judgeDraft,
    },
    { name: "inquiry message", path: "message", input: (t) => draft("message", t), judge: schema(inquirySchema) },
    { name: "service description", path: "description", input: (t) => draft("description", t), judge: (i) => validateServiceInput(i, "update") },
    { name: "extra description", path: "description", input: (t) => draft("description", t), judge: (i) => validateExtraInput(i, "update") },
    { name: "question help text", path: "helpText", input: (t) => draft("helpText", t), judge: (i) => validateQuestionInput(i, "update") },
  ];
  for (const field of cases) {
    await t.step(field.name, () => assert.deepEqual(errorsOf(field.judge(field.input("Line one\nLine two\r\nLine three")), field.path), []));
  }
  await t.step("the text keeps its breaks", () => {
    const result = parseInput(inquirySchema, {
      firstName: "Grace",
      lastName: "Hopper",
      email: "grace@example.com",
      phone: "03 9123 4567",
      suburb: "Richmond",
      message: "Line one\nLine two",
    });
    assert.ok(result.ok);
    assert.equal(result.value.message, "Line one\nLine two");
  });
});

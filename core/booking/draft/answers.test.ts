import assert from "node:assert/strict";
import type { Answer, Question } from "../../catalog/types.ts";
import { validateAnswers } from "./answers.ts";
import type { AnswerSnapshot } from "../types.ts";

const question = (patch: Partial<Question> & Pick<Question, "_id" | "type">): Question => ({
  scope: "GLOBAL",
  serviceId: null,
  text: `Text of ${patch._id}`,
  required: false,
  order: 1,
  helpText: "",
  placeholder: "",
  options: [],
  ...patch,
});

const QUESTIONS: Question[] = [
  question({
    _id: "access",
    type: "SINGLE",
    required: true,
    options: [{ label: "Someone will be home", value: "someone_home" }, {
      label: "Lockbox",
      value: "lockbox",
    }],
  }),
  question({
    _id: "pets",
    type: "MULTI",
    options: [{ label: "No pets", value: "no_pets" }, { label: "Dog", value: "dog" }, {
      label: "Cat",
      value: "cat",
    }],
  }),
  question({ _id: "parking", type: "TEXT" }),
  question({ _id: "gate", type: "TEXT", required: true }),
];
const GATE: Answer = { questionId: "gate", value: "1234#" };
const ACCESS: Answer = { questionId: "access", value: "lockbox" };

const NEEDS_ANSWER = "This question needs an answer.";
const NOT_OPTION = "Please choose from the options given.";

Deno.test("validateAnswers: accepted", async (t) => {
  const cases: { name: string; answers: Answer[]; snapshots: AnswerSnapshot[] }[] = [
    {
      name: "required only",
      answers: [GATE, ACCESS],
      snapshots: [
        {
          questionId: "access",
          label: "Text of access",
          value: "lockbox",
          displayValue: "Lockbox",
        },
        { questionId: "gate", label: "Text of gate", value: "1234#", displayValue: "1234#" },
      ],
    },
    {
      name: "everything, with text trimmed and the client's label replaced",
      answers: [
        { questionId: "parking", value: "  street  ", label: "made up" },
        { questionId: "pets", value: ["dog", "cat"] },
        ACCESS,
        GATE,
      ],
      snapshots: [
        {
          questionId: "access",
          label: "Text of access",
          value: "lockbox",
          displayValue: "Lockbox",
        },
        {
          questionId: "pets",
          label: "Text of pets",
          value: ["dog", "cat"],
          displayValue: "Dog, Cat",
        },
        {
          questionId: "parking",
          label: "Text of parking",
          value: "street",
          displayValue: "street",
        },
        { questionId: "gate", label: "Text of gate", value: "1234#", displayValue: "1234#" },
      ],
    },
    {
      name: "empty optional answers are dropped",
      answers: [ACCESS, GATE, { questionId: "parking", value: "   " }, {
        questionId: "pets",
        value: [],
      }],
      snapshots: [
        {
          questionId: "access",
          label: "Text of access",
          value: "lockbox",
          displayValue: "Lockbox",
        },
        { questionId: "gate", label: "Text of gate", value: "1234#", displayValue: "1234#" },
      ],
    },
    {
      name: "text of exactly 1000",
      answers: [ACCESS, { questionId: "gate", value: "g".repeat(1000) }],
      snapshots: [
        {
          questionId: "access",
          label: "Text of access",
          value: "lockbox",
          displayValue: "Lockbox",
        },
        {
          questionId: "gate",
          label: "Text of gate",
          value: "g".repeat(1000),
          displayValue: "g".repeat(1000),
        },
      ],
    },
  ];
  for (const c of cases) {
    await t.step(c.name, () => {
      const result = validateAnswers(c.answers, QUESTIONS);
      assert.ok(result.ok, JSON.stringify(result));
      assert.deepEqual(result.value, c.snapshots);
    });
  }
  await t.step(
    "no questions, no answers",
    () => assert.deepEqual(validateAnswers([], []), { ok: true, value: [] }),
  );
});

Deno.test("validateAnswers: rejected", async (t) => {
  const cases: { name: string; answers: Answer[]; fieldErrors: Record<string, string[]> }[] = [
    {
      name: "required ones missing",
      answers: [],
      fieldErrors: { "answers.access": [NEEDS_ANSWER], "answers.gate": [NEEDS_ANSWER] },
    },
    {
      name: "required text blank",
      answers: [ACCESS, { questionId: "gate", value: "  " }],
      fieldErrors: { "answers.gate": [NEEDS_ANSWER] },
    },
    {
      name: "required single empty",
      answers: [GATE, { questionId: "access", value: "" }],
      fieldErrors: { "answers.access": [NEEDS_ANSWER] },
    },
    {
      name: "a question that does not apply",
      answers: [ACCESS, GATE, { questionId: "other-service", value: "x" }],
      fieldErrors: { "answers.other-service": ["That question doesn’t apply to this booking."] },
    },
    {
      name: "single not an option",
      answers: [GATE, { questionId: "access", value: "window" }],
      fieldErrors: { "answers.access": [NOT_OPTION] },
    },
    {
      name: "single given a list",
      answers: [GATE, { questionId: "access", value: ["lockbox"] }],
      fieldErrors: { "answers.access": [NOT_OPTION] },
    },
    {
      name: "single matched by label, not value",
      answers: [GATE, { questionId: "access", value: "Lockbox" }],
      fieldErrors: { "answers.access": [NOT_OPTION] },
    },
    {
      name: "multi with an unknown value",
      answers: [ACCESS, GATE, { questionId: "pets", value: ["dog", "bird"] }],
      fieldErrors: { "answers.pets": [NOT_OPTION] },
    },
    {
      name: "multi with a repeat",
      answers: [ACCESS, GATE, { questionId: "pets", value: ["dog", "dog"] }],
      fieldErrors: { "answers.pets": [NOT_OPTION] },
    },
    {
      name: "multi given a string",
      answers: [ACCESS, GATE, { questionId: "pets", value: "dog" }],
      fieldErrors: { "answers.pets": [NOT_OPTION] },
    },
    {
      name: "text too long",
      answers: [ACCESS, { questionId: "gate", value: "g".repeat(1001) }],
      fieldErrors: { "answers.gate": ["Please keep your answer under 1,000 characters."] },
    },
    {
      name: "text given a list",
      answers: [ACCESS, { questionId: "gate", value: ["a"] }],
      fieldErrors: { "answers.gate": ["Please answer this question in words."] },
    },
    {
      name: "the same question twice",
      answers: [ACCESS, GATE, { questionId: "gate", value: "again" }],
      fieldErrors: { "answers.gate": ["Please answer each question once."] },
    },
  ];
  for (const c of cases) {
    await t.step(c.name, () => {
      const result = validateAnswers(c.answers, QUESTIONS);
      assert.ok(!result.ok);
      assert.equal(result.error.kind, "validation");
      assert.deepEqual(result.error.fieldErrors, c.fieldErrors);
    });
  }
});

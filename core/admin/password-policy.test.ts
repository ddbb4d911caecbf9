import assert from "node:assert/strict";
import { isCommonPassword, isRepetitive, PASSWORD_MESSAGES as M, passwordProblem } from "./password-policy.ts";
import type { CommonPasswordList } from "./ports.ts";

/** A stand-in list: the real one is an adapter (adapters/security/common-passwords.ts). */
const list: CommonPasswordList = {
  includes: (p) => ["password", "password1234", "qwerty123456", "iloveyou"].includes(p.toLowerCase()),
};

Deno.test("isRepetitive: fewer than 5 different characters, or one pattern repeated", () => {
  const cases: [string, boolean][] = [
    ["aaaaaaaaaaaa", true],
    ["abcabcabcabc", true],
    ["abababababab", true],
    ["AaAaBbBbCcCc", true], // a, b, c whatever the case
    ["abcdeabcdeab", true], // abcde repeated, the last time in part
    ["Passw0rd!Passw0rd!", true],
    ["abcdefabcdeg", false],
    ["ShineDemo-2024!", false],
    ["correct horse battery", false],
    ["1234512345x", false],
  ];
  for (const [password, expected] of cases) assert.equal(isRepetitive(password), expected, password);
});

Deno.test("isCommonPassword: the list, any case, with digits or symbols added at either end", () => {
  const cases: [string, boolean][] = [
    ["password1234", true],
    ["PASSWORD1234", true],
    ["Password2026!", true],
    ["!!2026password", true],
    ["iloveyou-1234", true],
    ["ShineDemo-2024!", false],
    ["pass word 2024", false],
    ["my password is long", false],
  ];
  for (const [password, expected] of cases) assert.equal(isCommonPassword(password, list), expected, password);
});

Deno.test("passwordProblem: the first rule broken, or null", () => {
  const cases: [string, string | null][] = [
    ["   ", M.required],
    ["short", M.tooShort],
    ["x".repeat(257), M.tooLong],
    ["aaaaaaaaaaaa", M.repetitive],
    ["password1234", M.common],
    ["ShineDemo-2024!", null],
    ["correct horse battery", null],
  ];
  for (const [password, expected] of cases) assert.equal(passwordProblem(password, list), expected, password);
});

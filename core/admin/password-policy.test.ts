import assert from "node:assert/strict";
import {
  DEMO_ADMIN_PASSWORD,
  domainOf,
  guessabilityProblem,
  isCommonPassword,
  isRepetitive,
  namedWords,
  namesItsContext,
  PASSWORD_MESSAGES as M,
  type PasswordContext,
  passwordProblem,
  quickPasswordProblem,
} from "./password-policy.ts";
import type { CommonPasswordList } from "./ports.ts";

/** A stand-in list: the real one is an adapter (adapters/security/common-passwords.ts). */
const list: CommonPasswordList = {
  includes: (p) => ["password", "password1234", "qwerty123456", "iloveyou"].includes(p.toLowerCase()),
};

/** The demo business, its site, and the account of casey.jones@example.com. */
const context: PasswordContext = {
  businessNames: ["Yarra Shine Cleaning", "Yarra Shine Cleaning Pty Ltd"],
  domains: ["yarrashine.com.au", "localhost", "127.0.0.1"],
  emails: ["casey.jones@example.com", undefined],
};

const nothing: PasswordContext = { businessNames: [], domains: [], emails: [] };

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

Deno.test("domainOf: the host of a site address or of an e-mail", () => {
  const cases: [string | null | undefined, string | null][] = [
    ["https://yarrashine.com.au", "yarrashine.com.au"],
    ["https://www.YarraShine.com.au/book?x=1", "www.yarrashine.com.au"],
    ["http://localhost:8000", "localhost"],
    ["hello@YarraShine.com.au", "yarrashine.com.au"],
    ["https://", null],
    ["yarrashine", null],
    ["", null],
    [undefined, null],
    [null, null],
  ];
  for (const [address, expected] of cases) assert.equal(domainOf(address), expected, String(address));
});

Deno.test("namedWords: names, domains and e-mails folded; a domain's name and an e-mail's local part too", () => {
  assert.deepEqual(namedWords(context).toSorted(), [
    "caseyjones",
    "caseyjonesexamplecom",
    "localhost",
    "yarrashine",
    "yarrashinecleaning",
    "yarrashinecleaningptyltd",
    "yarrashinecomau",
  ]);
  // www is no name; words under 4 characters would refuse too much; an IP address names nothing.
  assert.deepEqual(
    namedWords({ businessNames: ["Ace"], domains: ["www.sparkle.com", "10.0.0.1"], emails: ["jo@x.io"] }).toSorted(),
    ["joxio", "sparkle", "sparklecom"],
  );
});

Deno.test("namesItsContext: any case, separators aside", () => {
  const cases: [string, boolean][] = [
    ["YarraShine2024!", true],
    ["yarrashine.com.au", true],
    ["Yarra-Shine-Cleaning!", true],
    ["YARRA SHINE 4ever", true],
    ["casey.jones@example.com", true],
    ["CaseyJones-2026!x", true],
    ["zebra casey_jones lamp", true],
    ["Shine on, crazy diamond", false],
    ["a river called yarra", false],
    ["correct horse battery", false],
  ];
  for (const [password, expected] of cases) assert.equal(namesItsContext(password, context), expected, password);
});

Deno.test("passwordProblem: the first rule broken, or null", async () => {
  const cases: [string, PasswordContext, string | null][] = [
    ["   ", context, M.required],
    ["short", context, M.tooShort],
    ["x".repeat(257), context, M.tooLong],
    ["aaaaaaaaaaaa", context, M.repetitive],
    ["password1234", context, M.common],
    // The demo password whatever the context, and inside a longer one.
    [DEMO_ADMIN_PASSWORD, nothing, M.demo],
    ["shinedemo2024", nothing, M.demo],
    ["my ShineDemo-2024! login", context, M.demo],
    // The business, its site, the account.
    ["YarraShine2024!", context, M.personal],
    ["yarrashine.com.au", context, M.personal],
    ["casey.jones@example.com", context, M.personal],
    ["CaseyJones-2026!x", context, M.personal],
    // Too guessable (zxcvbn score under 3) though on no list here.
    ["qwertyuiop12", nothing, M.guessable],
    ["Jennifer1985!", nothing, M.guessable],
    ["correct horse battery", context, null],
    ["a brand new passphrase", context, null],
    // Only the first 32 characters are scored; the rest still may not name the business.
    [`correct horse battery staple ${"x".repeat(200)}`, context, null],
    [`correct horse battery staple ${"x".repeat(200)} yarrashine`, context, M.personal],
  ];
  for (const [password, ctx, expected] of cases) {
    assert.equal(await passwordProblem(password, list, ctx), expected, password.slice(0, 40));
  }
});

Deno.test("guessabilityProblem: zxcvbn's score, the account's own words counting as easy ones", async () => {
  const cases: [string, PasswordContext, string | null][] = [
    // With the business's words as user inputs zxcvbn scores it 2, and says they are why.
    ["YarraShine2024!", context, M.personal],
    ["qwertyuiop12", context, M.guessable],
    ["correct horse battery", context, null],
  ];
  for (const [password, ctx, expected] of cases) assert.equal(await guessabilityProblem(password, ctx), expected, password);
});

Deno.test("quickPasswordProblem: every rule but the guessability score", () => {
  const cases: [string, string | null][] = [
    ["short", M.tooShort],
    ["password1234", M.common],
    [DEMO_ADMIN_PASSWORD, M.demo],
    ["YarraShine2024!", M.personal],
    ["qwertyuiop12", null],
    ["correct horse battery", null],
  ];
  for (const [password, expected] of cases) assert.equal(quickPasswordProblem(password, list, context), expected, password);
});

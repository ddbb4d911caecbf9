/**
 * What makes an admin password acceptable: 12 to 256 characters, not trivially repetitive, not a
 * common or leaked password (the list is a port: core ships no list of its own), not the demo
 * password, not naming the business, its site or the account (issue 29), and not easy to guess
 * (zxcvbn-ts score 3 or more, with those names as the account's own words).
 *
 * Server-side only: zxcvbn-ts's dictionaries are megabytes, loaded on first use. The browser form
 * checks with password-rules.ts.
 */
import type { ZxcvbnFactory } from "@zxcvbn-ts/core";
import type { CommonPasswordList } from "./ports.ts";
import { isRepetitive, PASSWORD_MESSAGES, PASSWORD_RULES } from "./password-rules.ts";

export { isRepetitive, PASSWORD_MESSAGES, PASSWORD_RULES };

/** The demo superadmin's password: the README and the start-up banner print it, so it is known to all. */
export const DEMO_ADMIN_PASSWORD = "ShineDemo-2024!";

/** zxcvbn-ts's score from 0 to 4; 3 is "safely unguessable" (about 10^8 guesses and more). */
export const MIN_GUESS_SCORE = 3;

/**
 * zxcvbn's work grows quickly with length (seconds for 64 crafted characters): it judges the
 * first 32, which for a password that long are strong on their own unless they are the weak part.
 */
const GUESS_CHECK_LENGTH = 32;

/** What a password must not name: the business, where it is found, and the account. */
export interface PasswordContext {
  /** The business's names (brand and legal), as the settings hold them. */
  businessNames: readonly (string | null | undefined)[];
  /** The site's domain and the business's e-mail domains (see domainOf). */
  domains: readonly (string | null | undefined)[];
  /** The account's e-mail addresses: the whole address and its local part count. */
  emails: readonly (string | null | undefined)[];
}

/** The host of a site address (https://yarrashine.com.au/ -> yarrashine.com.au) or of an e-mail; null for neither. */
export function domainOf(address: string | null | undefined): string | null {
  if (!address) return null;
  if (address.includes("://")) return URL.canParse(address) ? new URL(address).hostname : null;
  const at = address.lastIndexOf("@");
  return at >= 0 ? address.slice(at + 1).trim().toLowerCase() || null : null;
}

/** Lower case, letters and digits only: `Yarra-Shine` and `yarra.shine` read as `yarrashine`. */
const folded = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]/gu, "");

/** Shorter words would refuse too much (`jo@example.com` must not refuse every "jo"); zxcvbn still weighs them. */
const MIN_NAMED_LENGTH = 4;

const isIpAddress = (host: string) => /^[\d.]+$/.test(host) || host.includes(":");

/**
 * The words a password may not contain, folded: each business name whole, each domain whole and
 * its name (www.yarrashine.com.au: `yarrashinecomau` and `yarrashine`), each e-mail whole and its
 * local part.
 */
export function namedWords(context: PasswordContext): string[] {
  const words = new Set<string>();
  for (const name of context.businessNames) if (name) words.add(folded(name));
  for (const domain of context.domains) {
    if (!domain || isIpAddress(domain)) continue;
    const host = domain.toLowerCase().replace(/^www\./, "");
    words.add(folded(host));
    words.add(folded(host.split(".")[0]));
  }
  for (const email of context.emails) {
    if (!email) continue;
    const at = email.lastIndexOf("@");
    words.add(folded(email));
    if (at > 0) words.add(folded(email.slice(0, at)));
  }
  return [...words].filter((word) => word.length >= MIN_NAMED_LENGTH);
}

/** The password contains (any case, separators aside) the business's name, a domain or the account's e-mail. */
export function namesItsContext(password: string, context: PasswordContext): boolean {
  const text = folded(password);
  return namedWords(context).some((word) => text.includes(word));
}

/** Contains the demo password (any case, separators aside): `shinedemo-2024!` and `ShineDemo2024!!` too. */
export const containsDemoPassword = (password: string): boolean => folded(password).includes(folded(DEMO_ADMIN_PASSWORD));

/**
 * In the list, case-insensitively, as typed or once the digits and symbols added at either end
 * are taken off (`Password2024!` is `password` with a suffix).
 */
export function isCommonPassword(password: string, list: CommonPasswordList): boolean {
  const lower = password.toLowerCase();
  if (list.includes(lower)) return true;
  const word = lower.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, "");
  return word !== lower && word.length >= 4 && list.includes(word);
}

let estimator: Promise<ZxcvbnFactory> | undefined;

/**
 * Loaded and built on first use (~0.5 s and ~30 MB for the dictionaries, ~1 s to rank them): a
 * process pays only once an admin password is set, not at start.
 */
function zxcvbn(): Promise<ZxcvbnFactory> {
  estimator ??= Promise.all([
    import("@zxcvbn-ts/core"),
    import("@zxcvbn-ts/language-common"),
    import("@zxcvbn-ts/language-en"),
  ]).then(([{ ZxcvbnFactory }, common, english]) =>
    new ZxcvbnFactory({
      dictionary: { ...common.dictionary, ...english.dictionary },
      graphs: common.adjacencyGraphs,
      maxLength: GUESS_CHECK_LENGTH,
      // Each substitution tried multiplies the work; 10 still finds "p4ssw0rd"-style spellings.
      l33tMaxSubstitutions: 10,
    })
  );
  estimator.catch(() => (estimator = undefined));
  return estimator;
}

/** The account's own words as zxcvbn's user inputs: the named words and each of their parts. */
function userInputs(context: PasswordContext): string[] {
  const parts = [...context.businessNames, ...context.domains, ...context.emails]
    .flatMap((text) => (text ? text.toLowerCase().split(/[^\p{L}\p{N}]+/u) : []))
    .filter((part) => part.length >= 3);
  return [...new Set([...namedWords(context), ...parts])];
}

/**
 * How guessable the password is: null when zxcvbn scores it 3 or more; else `personal` when the
 * account's own words are part of why, `guessable` otherwise.
 */
export async function guessabilityProblem(password: string, context: PasswordContext): Promise<string | null> {
  const result = (await zxcvbn()).check(password, userInputs(context));
  if (result.score >= MIN_GUESS_SCORE) return null;
  const ownWords = result.sequence.some((match) => "dictionaryName" in match && match.dictionaryName === "userInputs");
  return ownWords ? PASSWORD_MESSAGES.personal : PASSWORD_MESSAGES.guessable;
}

/**
 * The rules a password is judged by without word lists or context, in order: given, length,
 * repetition. Null when they pass.
 */
export function shapeProblem(password: string): string | null {
  // UTF-16 units, as zod's min and max count them.
  const length = password.length;
  if (password.trim() === "") return PASSWORD_MESSAGES.required;
  if (length < PASSWORD_RULES.min) return PASSWORD_MESSAGES.tooShort;
  if (length > PASSWORD_RULES.max) return PASSWORD_MESSAGES.tooLong;
  if (isRepetitive(password)) return PASSWORD_MESSAGES.repetitive;
  return null;
}

/**
 * Every rule but the guessability score, synchronously and without dictionaries (the start-up
 * check of SUPERADMIN_PASSWORD): the first broken one's message, or null.
 */
export function quickPasswordProblem(password: string, list: CommonPasswordList, context: PasswordContext): string | null {
  const shape = shapeProblem(password);
  if (shape) return shape;
  if (isCommonPassword(password, list)) return PASSWORD_MESSAGES.common;
  if (containsDemoPassword(password)) return PASSWORD_MESSAGES.demo;
  if (namesItsContext(password, context)) return PASSWORD_MESSAGES.personal;
  return null;
}

/** The whole policy: the message of the first rule the password breaks, in the order above, or null when it is acceptable. */
export async function passwordProblem(
  password: string,
  list: CommonPasswordList,
  context: PasswordContext,
): Promise<string | null> {
  return quickPasswordProblem(password, list, context) ?? await guessabilityProblem(password, context);
}

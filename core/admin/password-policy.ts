/**
 * What makes an admin password acceptable: 12 to 256 characters, not trivially repetitive, and
 * not a common or leaked password (the list is a port: core ships no word list).
 */
import type { CommonPasswordList } from "./ports.ts";

export const PASSWORD_RULES = { min: 12, max: 256, minDistinctCharacters: 5 } as const;

export const PASSWORD_MESSAGES = {
  required: "Password is required.",
  tooShort: `Password must be at least ${PASSWORD_RULES.min} characters.`,
  tooLong: `Password must be at most ${PASSWORD_RULES.max} characters.`,
  repetitive:
    `Password is too repetitive: use at least ${PASSWORD_RULES.minDistinctCharacters} different characters and no repeated pattern.`,
  common: "This password is too common: it appears in lists of leaked passwords. Choose a less predictable one.",
} as const;

/** Fewer than 5 different characters (any case), or one pattern repeated (`abcabcabcabc`, `Passw0rd!Passw0rd!`). */
export function isRepetitive(password: string): boolean {
  const chars = [...password.toLowerCase()];
  if (new Set(chars).size < PASSWORD_RULES.minDistinctCharacters) return true;
  for (let period = 1; period <= chars.length / 2; period++) {
    if (chars.every((char, i) => char === chars[i % period])) return true;
  }
  return false;
}

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

/** The message for a password that breaks a rule, or null when it is acceptable. */
export function passwordProblem(password: string, list: CommonPasswordList): string | null {
  // UTF-16 units, as zod's min and max count them.
  const length = password.length;
  if (password.trim() === "") return PASSWORD_MESSAGES.required;
  if (length < PASSWORD_RULES.min) return PASSWORD_MESSAGES.tooShort;
  if (length > PASSWORD_RULES.max) return PASSWORD_MESSAGES.tooLong;
  if (isRepetitive(password)) return PASSWORD_MESSAGES.repetitive;
  if (isCommonPassword(password, list)) return PASSWORD_MESSAGES.common;
  return null;
}

/**
 * The password rules a browser can check as the admin types (length, repetition) and the words of
 * every password rule. The rules that need word lists (common passwords, guessability) are
 * password-policy.ts's, on the server only: their dictionaries stay out of the web bundles.
 */

export const PASSWORD_RULES = { min: 12, max: 256, minDistinctCharacters: 5 } as const;

export const PASSWORD_MESSAGES = {
  required: "Password is required.",
  tooShort: `Password must be at least ${PASSWORD_RULES.min} characters.`,
  tooLong: `Password must be at most ${PASSWORD_RULES.max} characters.`,
  repetitive:
    `Password is too repetitive: use at least ${PASSWORD_RULES.minDistinctCharacters} different characters and no repeated pattern.`,
  common: "This password is too common: it appears in lists of leaked passwords. Choose a less predictable one.",
  demo: "This is the demo password, which is printed for anyone to read. Choose one of your own.",
  personal: "Don't use the business's name, the website address or your e-mail in your password.",
  guessable:
    "This password is too easy to guess: it is made of common words, names, dates or keyboard patterns. Add a few unrelated words.",
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

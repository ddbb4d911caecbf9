/**
 * Customer text in plain-text places (a prompt, a confirm, an aria-label), between the Unicode
 * isolates FSI and PDI: what `<bdi>` does in markup, so a right-to-left override in a name
 * (U+202E) reverses at most the name, never the words around it.
 */
export const isolate = (text: string): string => `\u2068${text}\u2069`;

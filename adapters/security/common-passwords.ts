/**
 * The common-password list behind core's CommonPasswordList port: the ~49,000 most common
 * passwords from @zxcvbn-ts/language-common (MIT), lower-cased once into a set.
 */
import { dictionary } from "@zxcvbn-ts/language-common";
import type { CommonPasswordList } from "../../core/admin/ports.ts";

let common: Set<string> | undefined;

/** Built on first use: the API pays for the set only when an admin password is set. */
const commonSet = () => (common ??= new Set(dictionary["passwords-common"].map((p) => String(p).toLowerCase())));

export const commonPasswords: CommonPasswordList = {
  includes: (password) => commonSet().has(password.toLowerCase()),
};

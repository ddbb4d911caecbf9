/** What every staff list shares: paging, sorting, one search box, query-string params (admin-area.md 7, 9). */
import { z } from "zod";
import { readReference } from "./reference.ts";
import { parseIsoInstant } from "./iso-instant.ts";

/** maxPage keeps every offset (page x limit) a small whole number the database can take. */
export const ADMIN_LIST_LIMITS = { defaultLimit: 200, maxLimit: 500, maxPage: 100_000 } as const;

export const SORT_ORDERS = ["asc", "desc"] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];
/** How one search box matches: text on names and the like, digits on phones, a prefix on ids. */
export interface SearchTerms {
  /** Trimmed, inner whitespace collapsed; matched case-insensitively as a substring. */
  text: string;
  /** Only when the text looks like a phone number: its digits, +61 read as 0. */
  phoneDigits: string | null;
  /** Only when the text could start an id (hex and dashes, 4+ characters): lower case. */
  idPrefix: string | null;
  /** Only when the text reads as a whole reference (case, spaces, dashes and prefix aside): as stored. */
  reference: string | null;
}

const PHONE_LIKE = /^[\d\s()+.-]+$/;
const ID_PREFIX_LIKE = /^[0-9a-f-]{4,36}$/i;

export function searchTerms(q: string | undefined | null): SearchTerms | null {
  const text = (q ?? "").trim().replace(/\s+/g, " ");
  if (text === "") return null;
  let phoneDigits: string | null = null;
  if (PHONE_LIKE.test(text)) {
    const digits = text.replace(/\D/g, "");
    // Stored booking phones are normalised to 0XXXXXXXXX, so '+61 412' must look for '0412'.
    const local = text.startsWith("+61") ? `0${digits.slice(2)}` : digits;
    if (local.length >= 3) phoneDigits = local;
  }
  const idPrefix = ID_PREFIX_LIKE.test(text) ? text.toLowerCase() : null;
  return { text, phoneDigits, idPrefix, reference: readReference(text) };
}

/** A query-string time: ISO 8601 with a zone, read as a Date. */
export const instantParam = (description: string) =>
  z.string().meta({ description, format: "date-time" }).transform((text, ctx) => {
    const date = parseIsoInstant(text);
    if (date) return date;
    ctx.issues.push({ code: "custom", message: "Use an ISO 8601 date-time with a zone, e.g. 2026-11-28T00:00:00+11:00.", input: text });
    return z.NEVER;
  }).optional();

/** A query-string flag: the words true and false only. */
export const flagParam = (description: string) =>
  z.enum(["true", "false"], { error: "Use true or false." }).meta({ description })
    .transform((value) => value === "true").optional();

export const searchParam = (description: string) =>
  z.string().max(200, "Search at most 200 characters.").optional().meta({ description });

const whole = (name: string) =>
  z.coerce.number({ error: `${name} must be a number.` }).int(`${name} must be a whole number.`).min(1, `${name} must be at least 1.`);

export const pagingParams = {
  limit: whole("limit").max(ADMIN_LIST_LIMITS.maxLimit, `limit must be at most ${ADMIN_LIST_LIMITS.maxLimit}.`).optional()
    .meta({ description: `Page size, default ${ADMIN_LIST_LIMITS.defaultLimit}, at most ${ADMIN_LIST_LIMITS.maxLimit}` }),
  page: whole("page").max(ADMIN_LIST_LIMITS.maxPage, `page must be at most ${ADMIN_LIST_LIMITS.maxPage}.`).optional()
    .meta({ description: `1-based page number, default 1, at most ${ADMIN_LIST_LIMITS.maxPage}` }),
  order: z.enum(SORT_ORDERS, { error: "order must be asc or desc." }).optional(),
};

/** From must come before to, when both are given. */
export const rangeInOrder = <K extends string>(from: K, to: K) => (value: Partial<Record<K, unknown>>, ctx: z.RefinementCtx) => {
  const [start, end] = [value[from], value[to]];
  if (start instanceof Date && end instanceof Date && end <= start) {
    ctx.addIssue({ code: "custom", path: [to], message: `${to} must be after ${from}.` });
  }
};

export interface Page<T> {
  items: T[];
  page: number;
  totalPages: number;
  totalItems: number;
}

/** At least one page, so an empty list reads 'page 1 of 1'. */
export const totalPagesOf = (totalItems: number, limit: number): number =>
  Math.max(1, Math.ceil(totalItems / limit));

export const offsetOf = (page: number, limit: number): number => (page - 1) * limit;

/** The page fields of every staff list. */
export const pageFields = {
  page: z.number().int(),
  totalPages: z.number().int().meta({ description: "At least 1" }),
  totalItems: z.number().int(),
};

/** Writing and reading the audit log of staff writes (issue 4), as people read it (issue 20). */
import { z } from "zod";
import { readNumber } from "../shared/input.ts";
import { addDaysYmd, melbourneInstant } from "../shared/melbourne-time.ts";
import { err, type ErrorOf, ok, type Result } from "../shared/result.ts";
import { BOOKING_NOT_FOUND } from "../booking/status.ts";
import { INQUIRY_NOT_FOUND } from "../inquiry/admin-use-cases.ts";
import { ymdText } from "../shared/ymd-schema.ts";
import { AUDIT_RECORD_TYPES, type AuditRecordType, type AuditRowWithFacts, type ReadableAuditEntry } from "./audit-log/types.ts";
import { readableAuditEntry } from "./audit-log/readable-entry.ts";

export interface AuditQuery {
  entity?: string;
  entityId?: string;
  /** Rows of this admin (by id: all of them, whatever e-mail they had then). */
  adminId?: string;
  /** Rows of whoever had this e-mail, any case: an admin, or a customer through their link. */
  email?: string;
  /** Staff rows only, or the customers' own changes only. */
  actor?: "staff" | "customer";
  /** A booking row is of type quote while the record is a quote. */
  recordType?: AuditRecordType;
  /** Rows at or after this instant (the start of a Melbourne day). */
  atFrom?: Date;
  /** Rows before this instant (the start of the Melbourne day after the last one asked for). */
  atBefore?: Date;
  limit: number;
  page: number;
}

/** The records whose own page shows their history to any admin. */
export type HistoryRecord = "booking" | "inquiry";

export interface AuditReader {
  /** Newest first, each row with its actor's and record's names joined in the same query. */
  list(query: AuditQuery): Promise<{ items: AuditRowWithFacts[]; totalItems: number }>;
  recordExists(entity: HistoryRecord, id: string): Promise<boolean>;
}

/** maxPage keeps the offset (page x limit) a number the database can take: page=1e20 reads as it. */
export const AUDIT_PAGE_LIMITS = { defaultLimit: 100, maxLimit: 500, maxPage: 100_000 } as const;

/** Query strings are forgiving: a bad or missing limit or page reads as the default. */
const pageNumber = (fallback: number, max: number, description: string) =>
  z.string().optional().meta({ description }).transform((value) => {
    const n = readNumber(value);
    return n === null ? fallback : Math.min(max, Math.max(1, Math.floor(n)));
  });

const { defaultLimit, maxLimit, maxPage } = AUDIT_PAGE_LIMITS;

export const AUDIT_QUERY_MESSAGES = {
  adminId: "adminId must be an admin's id.",
  actor: "actor must be staff or customer.",
  recordType: `recordType must be one of ${AUDIT_RECORD_TYPES.join(", ")}.`,
  toBeforeFrom: "to must be on or after from.",
} as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Blank is left out, as if not sent. */
const optionalText = (description: string) =>
  z.string().optional().meta({ description }).transform((value) => value?.trim() || undefined);

export const auditQuerySchema = z.object({
  entity: optionalText("The stored entity, e.g. admin, settings, booking"),
  entityId: optionalText("The stored record id"),
  adminId: optionalText("Only this admin's changes (an id from GET /api/admin/admins), whatever e-mail they had then")
    .refine((value) => value === undefined || UUID.test(value), AUDIT_QUERY_MESSAGES.adminId),
  email: optionalText("Only changes by whoever had this e-mail (any case): an admin, or a customer through their link")
    .meta({ examples: ["admin@yarrashine.com.au"] }),
  actor: z.enum(["staff", "customer"], { error: AUDIT_QUERY_MESSAGES.actor }).optional()
    .meta({ description: "staff: admins' changes only; customer: customers' own changes through their link only" }),
  recordType: z.enum(AUDIT_RECORD_TYPES, { error: AUDIT_QUERY_MESSAGES.recordType }).optional()
    .meta({ description: "Only rows about this kind of record; booking and quote follow what the record is now" }),
  from: ymdText().optional().meta({ description: "First Melbourne date, YYYY-MM-DD (from its midnight, AEST or AEDT)" }),
  to: ymdText().optional().meta({ description: "Last Melbourne date, YYYY-MM-DD, included" }),
  limit: pageNumber(defaultLimit, maxLimit, `Rows a page, default ${defaultLimit}, at most ${maxLimit}`),
  page: pageNumber(1, maxPage, `From 1 to ${maxPage}`),
}).superRefine((value, ctx) => {
  if (value.from && value.to && value.to < value.from) ctx.addIssue({ code: "custom", path: ["to"], message: AUDIT_QUERY_MESSAGES.toBeforeFrom });
}).transform(({ entity, entityId, adminId, email, actor, recordType, from, to, limit, page }): AuditQuery => ({
  ...(entity ? { entity } : {}),
  ...(entityId ? { entityId } : {}),
  ...(adminId ? { adminId: adminId.toLowerCase() } : {}),
  ...(email ? { email } : {}),
  ...(actor ? { actor } : {}),
  ...(recordType ? { recordType } : {}),
  // Melbourne days: a day of the daylight-saving change is 23 or 25 hours long.
  ...(from ? { atFrom: melbourneInstant(from, 0) } : {}),
  ...(to ? { atBefore: melbourneInstant(addDaysYmd(to, 1), 0) } : {}),
  limit,
  page,
}));

const auditRecordSchema = z.object({
  id: z.number(),
  at: z.string().meta({ format: "date-time" }),
  adminId: z.string().nullable().meta({ description: "null: the customer acted, through their manage-my-booking link" }),
  adminEmail: z.string().meta({ description: "The admin's e-mail, or the customer's for a change they made" }),
  action: z.string().meta({ examples: ["settings.scheduling", "admin.update"] }),
  entity: z.string(),
  entityId: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  actor: z.object({
    name: z.string().meta({ description: "The admin's name now; their e-mail once deleted; Customer for a customer; The system for the site's own repairs" }),
    email: z.string(),
    kind: z.enum(["staff", "customer", "system"]),
  }),
  record: z.object({
    type: z.string().meta({ description: `One of ${AUDIT_RECORD_TYPES.join(", ")}` }),
    id: z.string(),
    label: z.string().meta({ examples: ["YS-7K3F9Q · Ada Lovelace", "Priya Shah (Office)", "Deep clean"] }),
  }).nullable().meta({ description: "The record by its human name; null once it is gone" }),
  summary: z.string().meta({ examples: ["Confirmed booking YS-7K3F9Q for Ada Lovelace"] }),
  changes: z.array(z.object({
    field: z.string(),
    before: z.string().nullable().meta({ description: "null: no value before (a create)" }),
    after: z.string().nullable().meta({ description: "null: no value after (a delete)" }),
  })).meta({ description: "The changed fields as display text; times in Melbourne time with AEST or AEDT" }),
}).meta({ id: "AuditRecord" });

export const auditPageSchema = z.object({
  items: z.array(auditRecordSchema),
  page: z.number(),
  totalPages: z.number(),
  totalItems: z.number(),
}).meta({ id: "AuditPage" });

export const recordHistorySchema = z.object({ items: z.array(auditRecordSchema) }).meta({ id: "RecordHistory" });

/** One entry as the browser receives it. */
export type AuditEntryDto = z.output<typeof auditRecordSchema>;

export interface AuditPage {
  items: ReadableAuditEntry[];
  page: number;
  totalPages: number;
  totalItems: number;
}

export function makeListAudit(deps: { audit: Pick<AuditReader, "list"> }) {
  return async (query: AuditQuery): Promise<AuditPage> => {
    const { items, totalItems } = await deps.audit.list(query);
    return {
      items: items.map(readableAuditEntry),
      page: query.page,
      // An empty log still has one (empty) page.
      totalPages: Math.max(1, Math.ceil(totalItems / query.limit)),
      totalItems,
    };
  };
}

/** A record's history holds its newest entries up to this many. */
export const RECORD_HISTORY_LIMIT = 500;

/** A record's history can only miss its record: each kind of record its own 404. */
export const RECORD_HISTORY_ERRORS = {
  booking: [BOOKING_NOT_FOUND],
  inquiry: [INQUIRY_NOT_FOUND],
} as const;
export type RecordHistoryError<R extends HistoryRecord> = ErrorOf<(typeof RECORD_HISTORY_ERRORS)[R]>;

const HISTORY_NOT_FOUND: { [R in HistoryRecord]: RecordHistoryError<R> } = { booking: BOOKING_NOT_FOUND, inquiry: INQUIRY_NOT_FOUND };

/** One booking's or inquiry's own entries, newest first, for any admin (the whole log is superadmins'). */
export function makeRecordHistory(deps: { audit: AuditReader }) {
  return async <R extends HistoryRecord>(entity: R, id: string): Promise<Result<{ items: ReadableAuditEntry[] }, RecordHistoryError<R>>> => {
    if (!await deps.audit.recordExists(entity, id)) return err(HISTORY_NOT_FOUND[entity]);
    const { items } = await deps.audit.list({ entity, entityId: id, limit: RECORD_HISTORY_LIMIT, page: 1 });
    return ok({ items: items.map(readableAuditEntry) });
  };
}

const SECRET_KEYS = new Set(["password", "passwordHash", "password_hash"]);

/** A record fit for the audit log: password fields and hashes removed at any depth. */
export function withoutSecrets<T>(value: T): T {
  if (Array.isArray(value)) return value.map(withoutSecrets) as T;
  if (value instanceof Date || typeof value !== "object" || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).filter(([key]) => !SECRET_KEYS.has(key)).map((
      [key, inner],
    ) => [key, withoutSecrets(inner)]),
  ) as T;
}

/** Writing and reading the audit log of staff writes (issue 4). */
import { z } from "zod";
import { readNumber } from "../shared/input.ts";
import type { AuditEntry, AuditRecord } from "./audit.ts";

/** Records one row; the adapter writes it in the transaction of the change it describes. */
export interface AuditLog {
  record(entry: AuditEntry): Promise<void>;
}

export interface AuditQuery {
  entity?: string;
  entityId?: string;
  limit: number;
  page: number;
}

export interface AuditReader {
  /** Newest first. */
  list(query: AuditQuery): Promise<{ items: AuditRecord[]; totalItems: number }>;
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

export const auditQuerySchema = z.object({
  entity: z.string().optional().meta({ description: "e.g. admin, settings" }),
  entityId: z.string().optional(),
  limit: pageNumber(defaultLimit, maxLimit, `Rows a page, default ${defaultLimit}, at most ${maxLimit}`),
  page: pageNumber(1, maxPage, `From 1 to ${maxPage}`),
}).transform(({ entity, entityId, ...paging }): AuditQuery => ({
  ...(entity?.trim() ? { entity: entity.trim() } : {}),
  ...(entityId?.trim() ? { entityId: entityId.trim() } : {}),
  ...paging,
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
}).meta({ id: "AuditRecord" });

export const auditPageSchema = z.object({
  items: z.array(auditRecordSchema),
  page: z.number(),
  totalPages: z.number(),
  totalItems: z.number(),
}).meta({ id: "AuditPage" });

export interface AuditPage {
  items: AuditRecord[];
  page: number;
  totalPages: number;
  totalItems: number;
}

export function makeListAudit(deps: { audit: AuditReader }) {
  return async (query: AuditQuery): Promise<AuditPage> => {
    const { items, totalItems } = await deps.audit.list(query);
    return {
      items,
      page: query.page,
      // An empty log still has one (empty) page.
      totalPages: Math.max(1, Math.ceil(totalItems / query.limit)),
      totalItems,
    };
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

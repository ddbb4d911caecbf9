/** Writing and reading the audit log of staff writes (issue 4). */
import { readNumber, readText } from "../shared/input.ts";
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

export const AUDIT_PAGE_LIMITS = { defaultLimit: 100, maxLimit: 500 } as const;

/** Query strings are forgiving: a bad or missing limit or page reads as the default. */
export function normaliseAuditQuery(raw: Record<string, unknown>): AuditQuery {
  const limit = readNumber(raw.limit);
  const page = readNumber(raw.page);
  const entity = readText(raw.entity);
  const entityId = readText(raw.entityId);
  return {
    ...(entity ? { entity } : {}),
    ...(entityId ? { entityId } : {}),
    limit: limit === null
      ? AUDIT_PAGE_LIMITS.defaultLimit
      : Math.min(AUDIT_PAGE_LIMITS.maxLimit, Math.max(1, Math.floor(limit))),
    page: page === null ? 1 : Math.max(1, Math.floor(page)),
  };
}

export interface AuditPage {
  items: AuditRecord[];
  page: number;
  totalPages: number;
  totalItems: number;
}

export function makeListAudit(deps: { audit: AuditReader }) {
  return async (raw: Record<string, unknown>): Promise<AuditPage> => {
    const query = normaliseAuditQuery(raw);
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

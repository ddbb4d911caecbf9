/** The audit log's filters and page as URL search params (validated by the route). */
import { z } from "zod";
import { AUDIT_RECORD_TYPES, type AuditRecordType } from "@yarra/core/admin/audit-log/types.ts";
import { dayParam, enumParam, pageInUrl, pageParam, textParam } from "../../lib/search-params.ts";

export const auditSearchSchema = z.object({
  /** An admin's id: their changes only. */
  adminId: textParam,
  /** customer: the customers' own changes, through their manage-my-booking link. */
  actor: enumParam(["customer"]),
  recordType: enumParam(AUDIT_RECORD_TYPES),
  from: dayParam,
  to: dayParam,
  page: pageParam,
});

export type AuditSearch = z.infer<typeof auditSearchSchema>;

/** The person select's value for the customers' own changes (an admin's id is never this). */
export const CUSTOMERS = "customer";

/** The filters as the form's controls hold them ('' is Any). */
export interface AuditFilters {
  /** '' everyone, CUSTOMERS, or an admin's id. */
  person: string;
  recordType: "" | AuditRecordType;
  /** Melbourne dates, YYYY-MM-DD, both included; '' open. */
  from: string;
  to: string;
}

export function filtersOf(search: AuditSearch): AuditFilters {
  return {
    person: search.actor === "customer" ? CUSTOMERS : search.adminId ?? "",
    recordType: search.recordType ?? "",
    from: search.from ?? "",
    to: search.to ?? "",
  };
}

/** The URL of a view: blanks and page 1 left out, so links stay short. */
export function searchOf(filters: AuditFilters, page: number): AuditSearch {
  return {
    adminId: filters.person === "" || filters.person === CUSTOMERS ? undefined : filters.person,
    actor: filters.person === CUSTOMERS ? "customer" : undefined,
    recordType: filters.recordType || undefined,
    from: filters.from || undefined,
    to: filters.to || undefined,
    page: pageInUrl(page),
  };
}

export const noFilters = (filters: AuditFilters) => Object.values(filters).every((value) => value === "");

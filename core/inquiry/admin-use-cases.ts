/** The staff inquiries calls: list, details, notes, read, checked, archive and restore. */
import { type Actor, auditEntry } from "../shared/audit.ts";
import { offsetOf, type Page, totalPagesOf } from "../shared/list-query.ts";
import type { Clock } from "../shared/ports.ts";
import { err, type ErrorOf, notFound, ok, type Result } from "../shared/result.ts";
import type { InquiryAdminStore, InquiryStaffFields } from "./admin-ports.ts";
import type { InquiryListQuery } from "./admin-query.ts";
import type { Inquiry } from "./types.ts";

export const INQUIRY_NOT_FOUND = notFound("Inquiry", "INQUIRY_NOT_FOUND");

/** What a staff call on one inquiry (its details, a change, archive, restore) can refuse: an unknown id. */
export const INQUIRY_ERRORS = [INQUIRY_NOT_FOUND] as const;
export type InquiryError = ErrorOf<typeof INQUIRY_ERRORS>;

type Action = "inquiry.notes" | "inquiry.read" | "inquiry.has_address" | "inquiry.archive" | "inquiry.restore";

export function makeInquiriesAdmin(deps: { inquiries: InquiryAdminStore; clock: Clock }) {
  const { inquiries, clock } = deps;

  /**
   * One change to the staff's fields with its audit row. A change that changes nothing (the
   * same notes again, archiving an archived inquiry) writes nothing and answers the record.
   */
  const change = (
    actor: Actor,
    id: string,
    action: Action,
    decide: (before: Inquiry) => Partial<InquiryStaffFields>,
  ): Promise<Result<Inquiry, InquiryError>> =>
    inquiries.transaction(async (tx) => {
      const before = await tx.lockById(id);
      if (!before) return err(INQUIRY_NOT_FOUND);
      const wanted = decide(before);
      const keys = (Object.keys(wanted) as (keyof InquiryStaffFields)[]).filter((k) => wanted[k] !== before[k]);
      if (keys.length === 0) return ok(before);
      const after = await tx.update(id, wanted, clock.now());
      const pick = (i: Inquiry) => Object.fromEntries(keys.map((k) => [k, i[k]]));
      await tx.audit(auditEntry(actor, action, "inquiry", id, pick(before), pick(after)));
      return ok(after);
    });

  return {
    async list(query: InquiryListQuery): Promise<Page<Inquiry>> {
      const { limit, page } = query;
      const [items, totalItems] = await Promise.all([
        inquiries.list(query, offsetOf(page, limit)),
        inquiries.count(query.filter),
      ]);
      return { items, page, totalPages: totalPagesOf(totalItems, limit), totalItems };
    },

    async get(id: string): Promise<Result<Inquiry, InquiryError>> {
      const inquiry = await inquiries.getById(id);
      return inquiry ? ok(inquiry) : err(INQUIRY_NOT_FOUND);
    },

    setNotes: (actor: Actor, id: string, adminNotes: string) => change(actor, id, "inquiry.notes", () => ({ adminNotes })),

    setRead: (actor: Actor, id: string, read: boolean) => change(actor, id, "inquiry.read", () => ({ read })),

    setHasAddress: (actor: Actor, id: string, hasAddress: boolean) =>
      change(actor, id, "inquiry.has_address", () => ({ hasAddress })),

    /** Archiving hides the inquiry from the default list; archiving again keeps the first date. */
    archive(actor: Actor, id: string): Promise<Result<Inquiry, InquiryError>> {
      return change(actor, id, "inquiry.archive", (before) => ({ archivedAt: before.archivedAt ?? clock.now() }));
    },

    /** Back into the default list (issue 16); restoring one that is not archived writes nothing. */
    restore(actor: Actor, id: string): Promise<Result<Inquiry, InquiryError>> {
      return change(actor, id, "inquiry.restore", () => ({ archivedAt: null }));
    },
  };
}

export type InquiriesAdmin = ReturnType<typeof makeInquiriesAdmin>;

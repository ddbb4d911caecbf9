/**
 * The staff calls of customer records (issue 17): find, read everything the business knows about
 * one, keep lasting notes and tags, merge two records of one person, and export. Every change is
 * one transaction with its audit row; a change that changes nothing writes nothing.
 */
import { type Actor, auditEntry } from "../shared/audit.ts";
import { offsetOf, type Page, totalPagesOf } from "../shared/list-query.ts";
import { weekdayOfYmd } from "../shared/melbourne-time.ts";
import type { Clock } from "../shared/ports.ts";
import { err, type ErrorOf, ok, type Result } from "../shared/result.ts";
import { customersCsv, customersCsvFileName } from "./csv.ts";
import type { CustomersStore } from "./ports.ts";
import { CHECK_MERGE_ERRORS, checkMerge, CUSTOMER_NOT_FOUND, customerTotals, mergedRecordNotEditable, sameTags, wallClock } from "./rules.ts";
import type { CustomerFilter, CustomerListQuery, CustomerMerge, CustomerPatch } from "./schemas.ts";
import type { Customer, CustomerChanges, CustomerDetail, CustomerRecordFacts, CustomerSummary } from "./types.ts";

/** One record's page: only an unknown or malformed id. */
export const GET_CUSTOMER_ERRORS = [CUSTOMER_NOT_FOUND] as const;
export type GetCustomerError = ErrorOf<typeof GET_CUSTOMER_ERRORS>;

/** Notes and tags: an unknown record, or one merged into another (details.mergedInto). */
export const UPDATE_CUSTOMER_ERRORS = [CUSTOMER_NOT_FOUND] as const;
export type UpdateCustomerError = ErrorOf<typeof UPDATE_CUSTOMER_ERRORS>;

/** A merge: either record unknown, or the merge itself (checkMerge). */
export const MERGE_CUSTOMERS_ERRORS = CHECK_MERGE_ERRORS;
export type MergeCustomersError = ErrorOf<typeof MERGE_CUSTOMERS_ERRORS>;

/** The audit rows of customer records name this entity, with the record's id. */
export const CUSTOMER_ENTITY = "customer";

/** One record's page: the facts read, with the totals and each series' wall-clock start and weekday. */
export function customerDetail(facts: CustomerRecordFacts): CustomerDetail {
  return {
    ...facts.summary,
    notes: facts.notes,
    mergedInto: facts.mergedInto,
    addresses: facts.addresses,
    bookings: facts.bookings,
    inquiries: facts.inquiries,
    series: facts.series.map((s) => ({
      _id: s._id,
      status: s.status,
      frequencyName: s.frequencyName,
      startTime: wallClock(s.startMinutes),
      weekday: weekdayOfYmd(s.anchorDate),
    })),
    totals: customerTotals(facts.bookings),
    possibleDuplicates: facts.possibleDuplicates,
  };
}

/** The fields of `patch` whose value differs from `current`: what an edit really changes. */
function changesOf(current: Customer, patch: CustomerPatch): CustomerChanges {
  const changes: CustomerChanges = {};
  if (patch.notes !== undefined && patch.notes !== current.notes) changes.notes = patch.notes;
  if (patch.tags !== undefined && !sameTags(patch.tags, current.tags)) changes.tags = patch.tags;
  return changes;
}

/** The same fields as they were. */
const previous = (current: Customer, changes: CustomerChanges): CustomerChanges =>
  Object.fromEntries(Object.keys(changes).map((key) => [key, current[key as keyof CustomerChanges]]));

export function makeCustomersAdmin(deps: { customers: CustomersStore; clock: Clock }) {
  const { customers, clock } = deps;

  return {
    /** One page of records (merged ones never), by last name, then first name. */
    async list(query: CustomerListQuery): Promise<Page<CustomerSummary>> {
      const now = clock.now();
      const [items, totalItems] = await Promise.all([
        customers.list(query.filter, { limit: query.limit, offset: offsetOf(query.page, query.limit) }, now),
        customers.count(query.filter),
      ]);
      return { items, page: query.page, totalPages: totalPagesOf(totalItems, query.limit), totalItems };
    },

    /** Everything about one record; a merged one answers too (with mergedInto), so old links still lead somewhere. */
    async get(id: string): Promise<Result<CustomerDetail, GetCustomerError>> {
      const facts = await customers.record(id, clock.now());
      return facts ? ok(customerDetail(facts)) : err(CUSTOMER_NOT_FOUND);
    },

    /** Lasting notes and tags; audited as customer.update with the fields that changed, before and after. */
    update: (actor: Actor, id: string, patch: CustomerPatch): Promise<Result<CustomerDetail, UpdateCustomerError>> =>
      customers.transaction(async (tx): Promise<Result<CustomerDetail, UpdateCustomerError>> => {
        const [current] = await tx.lockCustomers([id]);
        if (!current) return err(CUSTOMER_NOT_FOUND);
        if (current.mergedInto) return err(mergedRecordNotEditable(current.mergedInto));
        const changes = changesOf(current, patch);
        const now = clock.now();
        if (Object.keys(changes).length > 0) {
          await tx.updateCustomer(id, changes, now);
          await tx.audit(auditEntry(actor, "customer.update", CUSTOMER_ENTITY, id, previous(current, changes), changes));
        }
        const facts = await tx.record(id, now);
        if (!facts) throw new Error(`customer ${id} vanished inside its own transaction`);
        return ok(customerDetail(facts));
      }),

    /**
     * Merges `otherId` into `id` in one transaction, both rows held (in id order, so merges of
     * the same records racing either way round end with one done and the other refused): the
     * other's bookings, quotes, inquiries and series move here, its notes are appended and its tags
     * united, a blank phone is filled from it, and it is kept as merged into `id` (with every
     * record merged into it). Audited as customer.merge.
     */
    merge: (actor: Actor, id: string, input: CustomerMerge): Promise<Result<CustomerDetail, MergeCustomersError>> =>
      customers.transaction(async (tx): Promise<Result<CustomerDetail, MergeCustomersError>> => {
        const locked = await tx.lockCustomers([id, input.otherId]);
        const survivor = locked.find((c) => c._id === id) ?? null;
        const other = locked.find((c) => c._id === input.otherId) ?? null;
        const allowed = checkMerge(survivor, other);
        if (!allowed.ok) return allowed;
        const [kept, gone] = [survivor!, other!];
        const now = clock.now();
        const changes: CustomerChanges = { notes: allowed.value.notes, tags: allowed.value.tags };
        if (kept.phone === "" && gone.phone !== "") changes.phone = gone.phone;
        await tx.updateCustomer(id, changes, now);
        const moved = await tx.mergeInto(id, gone._id, now);
        await tx.audit(auditEntry(
          actor,
          "customer.merge",
          CUSTOMER_ENTITY,
          id,
          {
            notes: kept.notes,
            tags: kept.tags,
            phone: kept.phone,
            merged: { _id: gone._id, firstName: gone.firstName, lastName: gone.lastName, email: gone.email, phone: gone.phone, notes: gone.notes, tags: gone.tags },
          },
          { ...changes, mergedId: gone._id, moved },
        ));
        const facts = await tx.record(id, now);
        if (!facts) throw new Error(`customer ${id} vanished inside its own transaction`);
        return ok(customerDetail(facts));
      }),

    /** Every record the filters select, as a CSV file named for today in Melbourne. */
    async exportCsv(filter: CustomerFilter): Promise<{ fileName: string; csv: string }> {
      const now = clock.now();
      return { fileName: customersCsvFileName(now), csv: customersCsv(await customers.listAll(filter, now)) };
    },
  };
}

export type CustomersAdmin = ReturnType<typeof makeCustomersAdmin>;

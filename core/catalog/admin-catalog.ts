/**
 * The staff catalogue use cases (admin-area.md section 7): services, extras, frequencies and
 * questions. Each write runs in one transaction with its audit row, so a change is never stored
 * without its record of who made it, nor half applied; a save that changes nothing leaves no row.
 */
import { changesNothing } from "../shared/unchanged.ts";
import { type Actor, auditEntry } from "../shared/audit.ts";
import type { Clock } from "../shared/ports.ts";
import { err, type ErrorOf, ok, type Result, VALIDATION_FAILED } from "../shared/result.ts";
import type { CatalogAdminStore, CatalogAdminTx, ExtraFilter, ExtraOrder } from "./admin-ports.ts";
import {
  CODE_TAKEN,
  DEFAULT_FREQUENCY_LOCKED,
  EXTRA_NOT_FOUND,
  fieldError,
  FREQUENCY_IN_USE,
  FREQUENCY_NOT_FOUND,
  frequencyInUse,
  isDefaultFrequency,
  mergeExtraUpdate,
  mergeFrequencyUpdate,
  mergeQuestionUpdate,
  mergeServiceUpdate,
  QUESTION_NOT_FOUND,
  SERVICE_NOT_FOUND,
  SLUG_TAKEN,
  validateExtraOrders,
} from "./admin-rules.ts";
import {
  CATALOG_MESSAGES,
  type ExtraInput,
  type ExtraPatch,
  type FrequencyInput,
  type FrequencyPatch,
  type QuestionInput,
  type QuestionPatch,
  type ServiceInput,
  type ServicePatch,
} from "./schemas.ts";
import { type Extra, type Frequency, isOnOffer, type Question, type Service, type StaffService } from "./types.ts";

// What each staff catalogue call can refuse (its request's schema aside, which the API checks first).

export const GET_SERVICE_ERRORS = [SERVICE_NOT_FOUND] as const;
export type GetServiceError = ErrorOf<typeof GET_SERVICE_ERRORS>;
/** A service's soft delete, restore and permanent delete: only an unknown service. */
export const DELETE_SERVICE_ERRORS = [SERVICE_NOT_FOUND] as const;
export type DeleteServiceError = ErrorOf<typeof DELETE_SERVICE_ERRORS>;
export const CREATE_SERVICE_ERRORS = [SLUG_TAKEN] as const;
export type CreateServiceError = ErrorOf<typeof CREATE_SERVICE_ERRORS>;
/** The rules across fields are judged on the merged service. */
export const UPDATE_SERVICE_ERRORS = [SERVICE_NOT_FOUND, VALIDATION_FAILED, SLUG_TAKEN] as const;
export type UpdateServiceError = ErrorOf<typeof UPDATE_SERVICE_ERRORS>;
/** An extra named that is not the service's is a field error. */
export const REORDER_EXTRAS_ERRORS = [SERVICE_NOT_FOUND, VALIDATION_FAILED] as const;
export type ReorderExtrasError = ErrorOf<typeof REORDER_EXTRAS_ERRORS>;

/** The extras or questions of a service that does not exist. */
export const LIST_BY_SERVICE_ERRORS = [SERVICE_NOT_FOUND] as const;
export type ListByServiceError = ErrorOf<typeof LIST_BY_SERVICE_ERRORS>;

/** A new extra's or question's service must be live: a field error otherwise. */
export const CREATE_EXTRA_ERRORS = [VALIDATION_FAILED] as const;
export type CreateExtraError = ErrorOf<typeof CREATE_EXTRA_ERRORS>;
export const UPDATE_EXTRA_ERRORS = [EXTRA_NOT_FOUND, VALIDATION_FAILED] as const;
export type UpdateExtraError = ErrorOf<typeof UPDATE_EXTRA_ERRORS>;
/** An extra's soft delete, restore and permanent delete. */
export const DELETE_EXTRA_ERRORS = [EXTRA_NOT_FOUND] as const;
export type DeleteExtraError = ErrorOf<typeof DELETE_EXTRA_ERRORS>;

export const CREATE_FREQUENCY_ERRORS = [CODE_TAKEN] as const;
export type CreateFrequencyError = ErrorOf<typeof CREATE_FREQUENCY_ERRORS>;
/** ONE_TIME keeps its code and stays active (DEFAULT_FREQUENCY). */
export const UPDATE_FREQUENCY_ERRORS = [FREQUENCY_NOT_FOUND, VALIDATION_FAILED, DEFAULT_FREQUENCY_LOCKED, CODE_TAKEN] as const;
export type UpdateFrequencyError = ErrorOf<typeof UPDATE_FREQUENCY_ERRORS>;
/** ONE_TIME stays (DEFAULT_FREQUENCY); so does one still in use (FREQUENCY_IN_USE). */
export const DELETE_FREQUENCY_ERRORS = [FREQUENCY_NOT_FOUND, DEFAULT_FREQUENCY_LOCKED, FREQUENCY_IN_USE] as const;
export type DeleteFrequencyError = ErrorOf<typeof DELETE_FREQUENCY_ERRORS>;

export const CREATE_QUESTION_ERRORS = [VALIDATION_FAILED] as const;
export type CreateQuestionError = ErrorOf<typeof CREATE_QUESTION_ERRORS>;
export const UPDATE_QUESTION_ERRORS = [QUESTION_NOT_FOUND, VALIDATION_FAILED] as const;
export type UpdateQuestionError = ErrorOf<typeof UPDATE_QUESTION_ERRORS>;
export const DELETE_QUESTION_ERRORS = [QUESTION_NOT_FOUND] as const;
export type DeleteQuestionError = ErrorOf<typeof DELETE_QUESTION_ERRORS>;

export interface CatalogAdminDeps {
  store: CatalogAdminStore;
  clock: Clock;
}

/** A live (not soft-deleted) service to attach an extra or a question to, or null. */
async function liveService(tx: CatalogAdminTx, id: string | null): Promise<Service | null> {
  const service = id ? await tx.lockService(id) : null;
  return service && !service.deletedAt ? service : null;
}

/**
 * An extra or a question as its audit row keeps it: with its service's name beside the id, so the
 * log reads by name, even once the service is gone (issue 34 item 17).
 */
async function withServiceName<T extends { serviceId?: string | null }>(
  tx: CatalogAdminTx,
  record: T,
): Promise<T & { serviceName?: string }> {
  const name = record.serviceId ? await tx.serviceName(record.serviceId) : null;
  return name === null ? record : { ...record, serviceName: name };
}

export function makeCatalogAdmin({ store, clock }: CatalogAdminDeps) {
  const services = {
    list: (options: { includeDeleted: boolean }) => store.listServices(options),

    async get(id: string): Promise<Result<StaffService, GetServiceError>> {
      const service = await store.getService(id);
      return service ? ok(service) : err(SERVICE_NOT_FOUND);
    },

    /** The input as its schema parsed it: each field and the rules across them already hold. */
    create(actor: Actor, input: ServiceInput): Promise<Result<StaffService, CreateServiceError>> {
      return store.run(async (tx): Promise<Result<StaffService, CreateServiceError>> => {
        if (await tx.slugTaken(input.slug)) return err(SLUG_TAKEN);
        const service = await tx.insertService(input);
        await tx.recordAudit(auditEntry(actor, "service.create", "service", service._id, null, service));
        return ok(service);
      }, [SLUG_TAKEN]);
    },

    update(actor: Actor, id: string, patch: ServicePatch): Promise<Result<StaffService, UpdateServiceError>> {
      return store.run(async (tx): Promise<Result<StaffService, UpdateServiceError>> => {
        const before = await tx.lockService(id);
        if (!before) return err(SERVICE_NOT_FOUND);
        const input = mergeServiceUpdate(before, patch);
        if (!input.ok) return input;
        if (await tx.slugTaken(input.value.slug, id)) return err(SLUG_TAKEN);
        const after = await tx.updateService(id, input.value);
        if (!changesNothing(before, after)) await tx.recordAudit(auditEntry(actor, "service.update", "service", id, before, after));
        return ok(after);
      }, [SLUG_TAKEN]);
    },

    /** Soft delete: hidden from the public catalogue, recoverable. Deleting twice changes nothing. */
    softDelete: (actor: Actor, id: string) => setServiceDeleted(actor, id, true),
    restore: (actor: Actor, id: string) => setServiceDeleted(actor, id, false),

    /** Permanent: the service goes with its extras and questions (past bookings keep snapshots). */
    hardDelete(actor: Actor, id: string): Promise<Result<null, DeleteServiceError>> {
      return store.run(async (tx): Promise<Result<null, DeleteServiceError>> => {
        const service = await tx.lockService(id);
        if (!service) return err(SERVICE_NOT_FOUND);
        const before = {
          ...service,
          extras: await tx.extrasOfService(id),
          questions: await tx.questionsOfService(id),
        };
        await tx.deleteService(id);
        await tx.recordAudit(auditEntry(actor, "service.hard_delete", "service", id, before, null));
        return ok(null);
      });
    },

    /** Applies every position or none; answers the service's extras in their new order. */
    reorderExtras(actor: Actor, id: string, orders: ExtraOrder[]): Promise<Result<{ items: Extra[] }, ReorderExtrasError>> {
      return store.run(async (tx): Promise<Result<{ items: Extra[] }, ReorderExtrasError>> => {
        if (!await tx.lockService(id)) return err(SERVICE_NOT_FOUND);
        const extras = await tx.extrasOfService(id);
        const checked = validateExtraOrders(orders, extras);
        if (!checked.ok) return checked;
        await tx.setExtraOrders(checked.value);
        const after = await tx.extrasOfService(id);
        // Each extra by its title as well as its id, so the log reads by name once an extra is gone.
        const positions = (list: Extra[]) => list.map((e) => ({ extraId: e._id, title: e.title, order: e.order }));
        if (!changesNothing(positions(extras), positions(after))) {
          await tx.recordAudit(auditEntry(actor, "service.reorder_extras", "service", id, positions(extras), positions(after)));
        }
        return ok({ items: after });
      });
    },
  };

  function setServiceDeleted(actor: Actor, id: string, deleted: boolean): Promise<Result<StaffService, DeleteServiceError>> {
    return store.run(async (tx): Promise<Result<StaffService, DeleteServiceError>> => {
      const before = await tx.lockService(id);
      if (!before) return err(SERVICE_NOT_FOUND);
      if ((before.deletedAt !== null) === deleted) return ok(before);
      const after = await tx.setServiceDeletedAt(id, deleted ? clock.now() : null);
      const action = deleted ? "service.delete" : "service.restore";
      await tx.recordAudit(auditEntry(actor, action, "service", id, before, after));
      return ok(after);
    });
  }

  const extras = {
    async list(filter: ExtraFilter): Promise<Result<Extra[], ListByServiceError>> {
      if (filter.serviceId !== undefined && !await store.getService(filter.serviceId)) {
        return err(SERVICE_NOT_FOUND);
      }
      return ok(await store.listExtras(filter));
    },

    create(actor: Actor, input: ExtraInput): Promise<Result<Extra, CreateExtraError>> {
      return store.run(async (tx): Promise<Result<Extra, CreateExtraError>> => {
        if (!await liveService(tx, input.serviceId)) {
          return err(fieldError("serviceId", CATALOG_MESSAGES.serviceRequired));
        }
        const extra = await tx.insertExtra(input);
        await tx.recordAudit(auditEntry(actor, "extra.create", "extra", extra._id, null, await withServiceName(tx, extra)));
        return ok(extra);
      });
    },

    /** Edits, Disable/Enable (active) and moving to another service. */
    update(actor: Actor, id: string, patch: ExtraPatch): Promise<Result<Extra, UpdateExtraError>> {
      return store.run(async (tx): Promise<Result<Extra, UpdateExtraError>> => {
        const before = await tx.lockExtra(id);
        if (!before) return err(EXTRA_NOT_FOUND);
        const input = mergeExtraUpdate(before, patch);
        if (!input.ok) return input;
        if (input.value.serviceId !== before.serviceId && !await liveService(tx, input.value.serviceId)) {
          return err(fieldError("serviceId", CATALOG_MESSAGES.serviceRequired));
        }
        const after = await tx.updateExtra(id, input.value);
        if (!changesNothing(before, after)) {
          await tx.recordAudit(
            auditEntry(actor, "extra.update", "extra", id, await withServiceName(tx, before), await withServiceName(tx, after)),
          );
        }
        return ok(after);
      });
    },

    softDelete: (actor: Actor, id: string) => setExtraDeleted(actor, id, true),
    restore: (actor: Actor, id: string) => setExtraDeleted(actor, id, false),

    hardDelete(actor: Actor, id: string): Promise<Result<null, DeleteExtraError>> {
      return store.run(async (tx): Promise<Result<null, DeleteExtraError>> => {
        const before = await tx.lockExtra(id);
        if (!before) return err(EXTRA_NOT_FOUND);
        const audited = await withServiceName(tx, before);
        await tx.deleteExtra(id);
        await tx.recordAudit(auditEntry(actor, "extra.hard_delete", "extra", id, audited, null));
        return ok(null);
      });
    },
  };

  function setExtraDeleted(actor: Actor, id: string, deleted: boolean): Promise<Result<Extra, DeleteExtraError>> {
    return store.run(async (tx): Promise<Result<Extra, DeleteExtraError>> => {
      const before = await tx.lockExtra(id);
      if (!before) return err(EXTRA_NOT_FOUND);
      if ((before.deletedAt !== null) === deleted) return ok(before);
      const after = await tx.setExtraDeletedAt(id, deleted ? clock.now() : null);
      const action = deleted ? "extra.delete" : "extra.restore";
      await tx.recordAudit(auditEntry(actor, action, "extra", id, await withServiceName(tx, before), await withServiceName(tx, after)));
      return ok(after);
    });
  }

  const frequencies = {
    list: () => store.listFrequencies(),

    create(actor: Actor, input: FrequencyInput): Promise<Result<Frequency, CreateFrequencyError>> {
      return store.run(async (tx): Promise<Result<Frequency, CreateFrequencyError>> => {
        if (await tx.codeTaken(input.code)) return err(CODE_TAKEN);
        const frequency = await tx.insertFrequency(input);
        await tx.recordAudit(
          auditEntry(actor, "frequency.create", "frequency", frequency._id, null, frequency),
        );
        return ok(frequency);
      }, [CODE_TAKEN]);
    },

    update(actor: Actor, id: string, patch: FrequencyPatch): Promise<Result<Frequency, UpdateFrequencyError>> {
      return store.run(async (tx): Promise<Result<Frequency, UpdateFrequencyError>> => {
        const before = await tx.lockFrequency(id);
        if (!before) return err(FREQUENCY_NOT_FOUND);
        const input = mergeFrequencyUpdate(before, patch);
        if (!input.ok) return input;
        if (isDefaultFrequency(before) && (!isDefaultFrequency(input.value) || !isOnOffer(input.value))) {
          return err(DEFAULT_FREQUENCY_LOCKED);
        }
        if (await tx.codeTaken(input.value.code, id)) return err(CODE_TAKEN);
        const after = await tx.updateFrequency(id, input.value);
        if (!changesNothing(before, after)) await tx.recordAudit(auditEntry(actor, "frequency.update", "frequency", id, before, after));
        return ok(after);
      }, [CODE_TAKEN]);
    },

    /**
     * Permanent; past bookings keep their frequency snapshot. ONE_TIME stays; one that a live
     * series or a coming booking uses stays too (retire it: update with active false).
     */
    delete(actor: Actor, id: string): Promise<Result<null, DeleteFrequencyError>> {
      return store.run(async (tx): Promise<Result<null, DeleteFrequencyError>> => {
        const before = await tx.lockFrequency(id);
        if (!before) return err(FREQUENCY_NOT_FOUND);
        if (isDefaultFrequency(before)) return err(DEFAULT_FREQUENCY_LOCKED);
        const inUse = frequencyInUse(await tx.frequencyUse(before.code, clock.now()));
        if (inUse) return err(inUse);
        await tx.deleteFrequency(id);
        await tx.recordAudit(auditEntry(actor, "frequency.delete", "frequency", id, before, null));
        return ok(null);
      });
    },
  };

  const questions = {
    async list(serviceId?: string): Promise<Result<Question[], ListByServiceError>> {
      if (serviceId !== undefined && !await store.getService(serviceId)) return err(SERVICE_NOT_FOUND);
      return ok(await store.listQuestions(serviceId));
    },

    create(actor: Actor, input: QuestionInput): Promise<Result<Question, CreateQuestionError>> {
      return store.run(async (tx): Promise<Result<Question, CreateQuestionError>> => {
        if (input.scope === "SERVICE" && !await liveService(tx, input.serviceId)) {
          return err(fieldError("serviceId", CATALOG_MESSAGES.questionService));
        }
        const question = await tx.insertQuestion(input);
        await tx.recordAudit(
          auditEntry(actor, "question.create", "question", question._id, null, await withServiceName(tx, question)),
        );
        return ok(question);
      });
    },

    update(actor: Actor, id: string, patch: QuestionPatch): Promise<Result<Question, UpdateQuestionError>> {
      return store.run(async (tx): Promise<Result<Question, UpdateQuestionError>> => {
        const before = await tx.lockQuestion(id);
        if (!before) return err(QUESTION_NOT_FOUND);
        const input = mergeQuestionUpdate(before, patch);
        if (!input.ok) return input;
        const { scope, serviceId } = input.value;
        // A question may stay with a service deleted since; a new home must be live.
        if (scope === "SERVICE" && serviceId !== before.serviceId && !await liveService(tx, serviceId)) {
          return err(fieldError("serviceId", CATALOG_MESSAGES.questionService));
        }
        const after = await tx.updateQuestion(id, input.value);
        if (!changesNothing(before, after)) {
          await tx.recordAudit(
            auditEntry(actor, "question.update", "question", id, await withServiceName(tx, before), await withServiceName(tx, after)),
          );
        }
        return ok(after);
      });
    },

    delete(actor: Actor, id: string): Promise<Result<null, DeleteQuestionError>> {
      return store.run(async (tx): Promise<Result<null, DeleteQuestionError>> => {
        const before = await tx.lockQuestion(id);
        if (!before) return err(QUESTION_NOT_FOUND);
        const audited = await withServiceName(tx, before);
        await tx.deleteQuestion(id);
        await tx.recordAudit(auditEntry(actor, "question.delete", "question", id, audited, null));
        return ok(null);
      });
    },
  };

  return { services, extras, frequencies, questions };
}

export type CatalogAdmin = ReturnType<typeof makeCatalogAdmin>;

/** The staff catalogue in SQL: reads with deleted and inactive records, audited writes. */
import type { CatalogAdminStore, CatalogAdminTx, ExtraOrder } from "../../core/catalog/admin-ports.ts";
import { CODE_TAKEN, SLUG_TAKEN } from "../../core/catalog/admin-rules.ts";
import type { Extra, Frequency, Question, StaffService } from "../../core/catalog/types.ts";
import type { ExtraInput, FrequencyInput, QuestionInput, ServiceInput } from "../../core/catalog/validation.ts";
import type { DomainError, ErrorCode, Result } from "../../core/shared/result.ts";
import type { RecordStatus } from "../../core/booking/types.ts";
import { STANDING_VISIT_STATUSES } from "../../core/series/rules.ts";
import { recordAudit } from "./audit-repository.ts";
import {
  isUuid,
  selectQuestions,
  selectServices,
  toExtra,
  toFrequency,
  toQuestion,
  toService,
} from "./catalog-repository.ts";
import type { Queryable, Sql } from "./db.ts";
import { isUniqueViolation, runInTransaction } from "./transaction.ts";

/** The records that still use a frequency's code: bookings that still stand, and open quotes. */
const STILL_STANDING: readonly RecordStatus[] = [...STANDING_VISIT_STATUSES, "QUOTE_REQUESTED"];

type ServiceRow = Parameters<typeof toService>[0];
type ExtraRow = Parameters<typeof toExtra>[0];
type FrequencyRow = Parameters<typeof toFrequency>[0];
type QuestionRow = Parameters<typeof toQuestion>[0];

/** The unique index behind each claim a write can make (a concurrent request that won breaks it). */
const CONSTRAINT_OF_CLAIM: Partial<Record<ErrorCode, string>> = {
  [SLUG_TAKEN.code]: "services_slug_key",
  [CODE_TAKEN.code]: "frequencies_code_key",
};

/** The claim among `taken` whose unique index `error` broke, if any. */
function conflictOf<E extends DomainError>(error: unknown, taken: readonly E[]): E | undefined {
  return taken.find((claim) => {
    const constraint = CONSTRAINT_OF_CLAIM[claim.code];
    return constraint !== undefined && isUniqueViolation(error, constraint);
  });
}

// ------------------------------------------------------------------ reads

/** Issue 31: the staff read of services, with the checklist the public catalogue leaves out. */
type StaffServiceRow = ServiceRow & { checklist: string[] | null };

const toStaffService = (row: StaffServiceRow): StaffService => ({ ...toService(row), checklist: row.checklist ?? [] });

const selectStaffServices = (sql: Queryable) =>
  sql`select with_services.*, sc.checklist
        from (${selectServices(sql)}) with_services join services sc on sc.id = with_services.id`;

async function readService(sql: Queryable, id: string): Promise<StaffService | null> {
  if (!isUuid(id)) return null;
  const [row] = await sql<StaffServiceRow[]>`${selectStaffServices(sql)} where with_services.id = ${id}`;
  return row ? toStaffService(row) : null;
}

async function readExtra(sql: Queryable, id: string): Promise<Extra | null> {
  if (!isUuid(id)) return null;
  const [row] = await sql<ExtraRow[]>`select * from extras where id = ${id}`;
  return row ? toExtra(row) : null;
}

async function readFrequency(sql: Queryable, id: string): Promise<Frequency | null> {
  if (!isUuid(id)) return null;
  const [row] = await sql<FrequencyRow[]>`
    select id, name, code, discount_percent, repeat_unit, repeat_every, active from frequencies where id = ${id}`;
  return row ? toFrequency(row) : null;
}

async function readQuestion(sql: Queryable, id: string): Promise<Question | null> {
  if (!isUuid(id)) return null;
  const [row] = await sql<QuestionRow[]>`${selectQuestions(sql)} where q.id = ${id}`;
  return row ? toQuestion(row) : null;
}

/** Reads `read` after locking the row, so concurrent writes to one record queue up. */
async function locked<T>(
  tx: Queryable,
  table: "services" | "extras" | "frequencies" | "questions",
  id: string,
  read: (sql: Queryable, id: string) => Promise<T | null>,
): Promise<T | null> {
  if (!isUuid(id)) return null;
  const [row] = await tx`select id from ${tx(table)} where id = ${id} for update`;
  return row ? await read(tx, id) : null;
}

async function must<T>(value: Promise<T | null>, what: string): Promise<T> {
  const found = await value;
  if (found === null) throw new Error(`${what} vanished inside its own transaction`);
  return found;
}

// ------------------------------------------------------------------ writes

async function writeBedroomPrices(tx: Queryable, id: string, input: ServiceInput): Promise<void> {
  await tx`delete from service_bedroom_prices where service_id = ${id}`;
  for (const p of input.bedroomPrices) {
    await tx`insert into service_bedroom_prices (service_id, bedrooms, price, duration_minutes)
             values (${id}, ${p.bedrooms}, ${p.price}, ${p.durationMinutes})`;
  }
}

async function writeOptions(tx: Queryable, id: string, input: QuestionInput): Promise<void> {
  await tx`delete from question_options where question_id = ${id}`;
  for (const [position, o] of input.options.entries()) {
    await tx`insert into question_options (question_id, position, label, value)
             values (${id}, ${position}, ${o.label}, ${o.value})`;
  }
}

function catalogAdminTx(tx: Queryable): CatalogAdminTx {
  return {
    lockService: (id) => locked(tx, "services", id, readService),
    async serviceName(id) {
      if (!isUuid(id)) return null;
      const [row] = await tx<{ name: string }[]>`select name from services where id = ${id}`;
      return row?.name ?? null;
    },
    async slugTaken(slug, exceptId) {
      const [row] = await tx`
        select 1 from services
         where slug = ${slug} and (${exceptId ?? null}::uuid is null or id <> ${exceptId ?? null}::uuid)`;
      return row !== undefined;
    },
    async insertService(s) {
      const id = crypto.randomUUID();
      await tx`
        insert into services (id, name, slug, pricing_model, rate_per_hour, min_hours, max_hours,
                              step_hours, base_price, duration_minutes, description, checklist, sort_order)
        values (${id}, ${s.name}, ${s.slug}, ${s.pricingModel}, ${s.ratePerHour}, ${s.minHours},
                ${s.maxHours}, ${s.stepHours}, ${s.basePrice}, ${s.durationMinutes}, ${s.description},
                ${s.checklist}::text[], (select coalesce(max(sort_order), 0) + 1 from services))`;
      await writeBedroomPrices(tx, id, s);
      return must(readService(tx, id), `service ${id}`);
    },
    async updateService(id, s) {
      await tx`
        update services
           set name = ${s.name}, slug = ${s.slug}, pricing_model = ${s.pricingModel},
               rate_per_hour = ${s.ratePerHour}, min_hours = ${s.minHours},
               max_hours = ${s.maxHours}, step_hours = ${s.stepHours}, base_price = ${s.basePrice},
               duration_minutes = ${s.durationMinutes}, description = ${s.description},
               checklist = ${s.checklist}::text[], updated_at = now()
         where id = ${id}`;
      await writeBedroomPrices(tx, id, s);
      return must(readService(tx, id), `service ${id}`);
    },
    async setServiceDeletedAt(id, deletedAt) {
      await tx`update services set deleted_at = ${deletedAt}, updated_at = now() where id = ${id}`;
      return must(readService(tx, id), `service ${id}`);
    },
    async deleteService(id) {
      // Bedroom prices, extras and questions go by their foreign keys' cascade.
      await tx`delete from services where id = ${id}`;
    },

    async extrasOfService(serviceId) {
      const rows = await tx<ExtraRow[]>`
        select * from extras where service_id = ${serviceId} order by sort_order, title, id`;
      return rows.map(toExtra);
    },
    async setExtraOrders(orders: ExtraOrder[]) {
      for (const { extraId, order } of orders) {
        await tx`update extras set sort_order = ${order}, updated_at = now() where id = ${extraId}`;
      }
    },

    lockExtra: (id) => locked(tx, "extras", id, readExtra),
    async insertExtra(e: ExtraInput) {
      const id = crypto.randomUUID();
      await tx`
        insert into extras (id, service_id, title, description, price, has_quantity, max_quantity,
                            duration_minutes, image_url, active, sort_order)
        values (${id}, ${e.serviceId}, ${e.title}, ${e.description}, ${e.price}, ${e.hasQuantity},
                ${e.maxQuantity}, ${e.durationMinutes}, ${e.imageUrl}, ${e.active},
                coalesce(${e.order ?? null}::integer,
                         (select coalesce(max(sort_order), 0) + 1 from extras
                           where service_id = ${e.serviceId})))`;
      return must(readExtra(tx, id), `extra ${id}`);
    },
    async updateExtra(id, e) {
      await tx`
        update extras
           set service_id = ${e.serviceId}, title = ${e.title}, description = ${e.description},
               price = ${e.price}, has_quantity = ${e.hasQuantity}, max_quantity = ${e.maxQuantity},
               duration_minutes = ${e.durationMinutes}, image_url = ${e.imageUrl},
               active = ${e.active},
               sort_order = coalesce(${e.order ?? null}::integer,
                                     (select coalesce(max(sort_order), 0) + 1 from extras
                                       where service_id = ${e.serviceId})),
               updated_at = now()
         where id = ${id}`;
      return must(readExtra(tx, id), `extra ${id}`);
    },
    async setExtraDeletedAt(id, deletedAt) {
      await tx`update extras set deleted_at = ${deletedAt}, updated_at = now() where id = ${id}`;
      return must(readExtra(tx, id), `extra ${id}`);
    },
    async deleteExtra(id) {
      await tx`delete from extras where id = ${id}`;
    },

    lockFrequency: (id) => locked(tx, "frequencies", id, readFrequency),
    async codeTaken(code, exceptId) {
      const [row] = await tx`
        select 1 from frequencies
         where code = ${code} and (${exceptId ?? null}::uuid is null or id <> ${exceptId ?? null}::uuid)`;
      return row !== undefined;
    },
    async insertFrequency(f: FrequencyInput) {
      const id = crypto.randomUUID();
      await tx`
        insert into frequencies (id, name, code, discount_percent, repeat_unit, repeat_every, active, sort_order)
        values (${id}, ${f.name}, ${f.code}, ${f.discountPercent}, ${f.repeatUnit}, ${f.repeatEvery}, ${f.active ?? true},
                (select coalesce(max(sort_order), 0) + 1 from frequencies))`;
      return must(readFrequency(tx, id), `frequency ${id}`);
    },
    async updateFrequency(id, f) {
      await tx`
        update frequencies
           set name = ${f.name}, code = ${f.code}, discount_percent = ${f.discountPercent},
               repeat_unit = ${f.repeatUnit}, repeat_every = ${f.repeatEvery}, active = ${f.active ?? true}, updated_at = now()
         where id = ${id}`;
      return must(readFrequency(tx, id), `frequency ${id}`);
    },
    async deleteFrequency(id) {
      await tx`delete from frequencies where id = ${id}`;
    },
    // Bookings and series keep the code, not the row: what the code names is what they use.
    async frequencyUse(code, now) {
      const [row] = await tx<{ series: number; bookings: number }[]>`
        select (select count(*) from booking_series where frequency_code = ${code} and status <> 'ENDED')::int as series,
               (select count(*) from bookings
                 where frequency_code = ${code} and start_time >= ${now}
                   and status in ${tx(STILL_STANDING)})::int as bookings`;
      return row;
    },

    async questionsOfService(serviceId) {
      const rows = await tx<QuestionRow[]>`
        ${selectQuestions(tx)} where q.service_id = ${serviceId} order by q.sort_order, q.text`;
      return rows.map(toQuestion);
    },
    lockQuestion: (id) => locked(tx, "questions", id, readQuestion),
    async insertQuestion(q) {
      const id = crypto.randomUUID();
      await tx`
        insert into questions (id, scope, service_id, text, type, required, sort_order, help_text,
                               placeholder)
        values (${id}, ${q.scope}, ${q.serviceId}, ${q.text}, ${q.type}, ${q.required}, ${q.order},
                ${q.helpText}, ${q.placeholder})`;
      await writeOptions(tx, id, q);
      return must(readQuestion(tx, id), `question ${id}`);
    },
    async updateQuestion(id, q) {
      await tx`
        update questions
           set scope = ${q.scope}, service_id = ${q.serviceId}, text = ${q.text}, type = ${q.type},
               required = ${q.required}, sort_order = ${q.order}, help_text = ${q.helpText},
               placeholder = ${q.placeholder}, updated_at = now()
         where id = ${id}`;
      await writeOptions(tx, id, q);
      return must(readQuestion(tx, id), `question ${id}`);
    },
    async deleteQuestion(id) {
      await tx`delete from questions where id = ${id}`;
    },

    recordAudit: (entry) => recordAudit(tx, entry),
  };
}

export function makeCatalogAdminStore(sql: Sql): CatalogAdminStore {
  return {
    async run<T, E extends DomainError>(work: (tx: CatalogAdminTx) => Promise<Result<T, E>>, taken: readonly E[] = []): Promise<Result<T, E>> {
      try {
        return await runInTransaction(sql, (tx) => work(catalogAdminTx(tx)));
      } catch (error) {
        // Two requests raced for one slug or code: the index decided, the answer is the same 409.
        const conflict = conflictOf(error, taken);
        if (conflict) return { ok: false, error: conflict };
        throw error;
      }
    },

    async listServices({ includeDeleted }) {
      const rows = await sql<StaffServiceRow[]>`
        ${selectStaffServices(sql)}
         where ${includeDeleted}::boolean or with_services.deleted_at is null
         order by sc.sort_order, with_services.name`;
      return rows.map(toStaffService);
    },
    getService: (id) => readService(sql, id),
    async listExtras({ serviceId, includeDeleted, includeInactive }) {
      if (serviceId !== undefined && !isUuid(serviceId)) return [];
      const rows = await sql<ExtraRow[]>`
        select e.* from extras e join services s on s.id = e.service_id
         where (${serviceId ?? null}::uuid is null or e.service_id = ${serviceId ?? null}::uuid)
           and (${includeDeleted}::boolean or e.deleted_at is null)
           and (${includeInactive}::boolean or e.active)
         order by s.sort_order, s.name, s.id, e.sort_order, e.title, e.id`;
      return rows.map(toExtra);
    },
    async listFrequencies() {
      const rows = await sql<FrequencyRow[]>`
        select id, name, code, discount_percent, repeat_unit, repeat_every, active from frequencies
         order by sort_order, discount_percent, name`;
      return rows.map(toFrequency);
    },
    async listQuestions(serviceId) {
      if (serviceId !== undefined && !isUuid(serviceId)) return [];
      const rows = await sql<QuestionRow[]>`
        ${selectQuestions(sql)}
          left join services s on s.id = q.service_id
         where ${serviceId ?? null}::uuid is null or q.scope = 'GLOBAL'
            or q.service_id = ${serviceId ?? null}::uuid
         order by (q.scope = 'SERVICE'), s.sort_order, s.name, q.sort_order, q.text, q.id`;
      return rows.map(toQuestion);
    },
  };
}

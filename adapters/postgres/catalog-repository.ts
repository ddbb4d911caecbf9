import type { CatalogReader } from "../../core/catalog/ports.ts";
import type {
  BedroomPrice,
  Extra,
  Frequency,
  PricingModel,
  Question,
  QuestionOption,
  QuestionScope,
  QuestionType,
  Service,
} from "../../core/catalog/types.ts";
import type { Queryable } from "./db.ts";
import { dateOrNull, num } from "./rows.ts";

interface ServiceRow {
  id: string;
  name: string;
  slug: string;
  pricing_model: PricingModel;
  rate_per_hour: string;
  min_hours: string;
  max_hours: string;
  step_hours: string;
  base_price: string;
  description: string;
  deleted_at: Date | null;
  duration_minutes: number;
  bedroom_prices: { bedrooms: number; price: string | number; durationMinutes: number }[] | null;
}

export const toService = (row: ServiceRow): Service => ({
  _id: row.id,
  name: row.name,
  slug: row.slug,
  pricingModel: row.pricing_model,
  ratePerHour: num(row.rate_per_hour),
  minHours: num(row.min_hours),
  maxHours: num(row.max_hours),
  stepHours: num(row.step_hours),
  bedroomPrices: (row.bedroom_prices ?? []).map((p): BedroomPrice => ({
    bedrooms: num(p.bedrooms),
    price: num(p.price),
    durationMinutes: num(p.durationMinutes),
  })),
  basePrice: num(row.base_price),
  durationMinutes: row.duration_minutes,
  description: row.description,
  deletedAt: dateOrNull(row.deleted_at),
});

/** Services with their bedroom prices in one round trip. */
export const selectServices = (sql: Queryable) =>
  sql`
    select s.id, s.name, s.slug, s.pricing_model, s.rate_per_hour, s.min_hours, s.max_hours,
           s.step_hours, s.base_price, s.duration_minutes, s.description, s.deleted_at,
           (select coalesce(json_agg(json_build_object('bedrooms', p.bedrooms, 'price', p.price,
                                                       'durationMinutes', p.duration_minutes)
                                     order by p.bedrooms), '[]'::json)
              from service_bedroom_prices p where p.service_id = s.id) as bedroom_prices
      from services s`;

interface ExtraRow {
  id: string;
  service_id: string;
  title: string;
  description: string;
  price: string;
  has_quantity: boolean;
  max_quantity: number;
  duration_minutes: number;
  image_url: string;
  active: boolean;
  sort_order: number;
  deleted_at: Date | null;
}

export const toExtra = (row: ExtraRow): Extra => ({
  _id: row.id,
  serviceId: row.service_id,
  title: row.title,
  description: row.description,
  price: num(row.price),
  hasQuantity: row.has_quantity,
  maxQuantity: row.max_quantity,
  durationMinutes: row.duration_minutes,
  imageUrl: row.image_url,
  active: row.active,
  order: row.sort_order,
  deletedAt: dateOrNull(row.deleted_at),
});

interface FrequencyRow {
  id: string;
  name: string;
  code: string;
  discount_percent: string;
  repeat_unit: Frequency["repeatUnit"];
  repeat_every: number;
  active: boolean;
}

export const toFrequency = (row: FrequencyRow): Frequency => ({
  _id: row.id,
  name: row.name,
  code: row.code,
  discountPercent: num(row.discount_percent),
  repeatUnit: row.repeat_unit,
  repeatEvery: row.repeat_every,
  active: row.active,
});

interface QuestionRow {
  id: string;
  scope: QuestionScope;
  service_id: string | null;
  text: string;
  type: QuestionType;
  required: boolean;
  sort_order: number;
  help_text: string;
  placeholder: string;
  options: QuestionOption[] | null;
}

export const toQuestion = (row: QuestionRow): Question => ({
  _id: row.id,
  scope: row.scope,
  serviceId: row.service_id,
  text: row.text,
  type: row.type,
  required: row.required,
  order: row.sort_order,
  helpText: row.help_text,
  placeholder: row.placeholder,
  options: row.options ?? [],
});

export const selectQuestions = (sql: Queryable) =>
  sql`
    select q.id, q.scope, q.service_id, q.text, q.type, q.required, q.sort_order, q.help_text,
           q.placeholder,
           (select coalesce(json_agg(json_build_object('label', o.label, 'value', o.value)
                                     order by o.position), '[]'::json)
              from question_options o where o.question_id = q.id) as options
      from questions q`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Ids come from URLs: anything that is not a UUID simply matches nothing. */
export const isUuid = (value: string): boolean => UUID.test(value);

/** The public catalogue: soft-deleted services and deleted or inactive extras never appear. */
export function makeCatalogReader(sql: Queryable): CatalogReader {
  return {
    async listServices() {
      const rows = await sql<ServiceRow[]>`
        ${selectServices(sql)} where s.deleted_at is null order by s.sort_order, s.name`;
      return rows.map(toService);
    },
    async getService(id) {
      if (!isUuid(id)) return null;
      const [row] = await sql<ServiceRow[]>`
        ${selectServices(sql)} where s.id = ${id} and s.deleted_at is null`;
      return row ? toService(row) : null;
    },
    async listExtras(serviceId) {
      if (!isUuid(serviceId)) return [];
      const rows = await sql<ExtraRow[]>`
        select e.* from extras e join services s on s.id = e.service_id
         where e.service_id = ${serviceId} and e.deleted_at is null and e.active
           and s.deleted_at is null
         order by e.sort_order, e.title`;
      return rows.map(toExtra);
    },
    async listFrequencies() {
      const rows = await sql<FrequencyRow[]>`
        select id, name, code, discount_percent, repeat_unit, repeat_every, active from frequencies
         order by sort_order, discount_percent, name`;
      return rows.map(toFrequency);
    },
    async listQuestions(serviceId) {
      const forService = serviceId && isUuid(serviceId) ? serviceId : null;
      const rows = await sql<QuestionRow[]>`
        ${selectQuestions(sql)}
         where q.scope = 'GLOBAL'
            or (q.service_id = ${forService}
                and exists (select 1 from services s where s.id = q.service_id and s.deleted_at is null))
         order by (q.scope = 'SERVICE'), q.sort_order, q.text`;
      return rows.map(toQuestion);
    },
  };
}

import type postgres from "postgres";
import type { AuditEntry } from "../../core/shared/audit.ts";
import type { AuditRecordFacts, AuditRowWithFacts } from "../../core/admin/audit-log/types.ts";
import type { AuditQuery, HistoryRecord } from "../../core/admin/manage-audit.ts";
import { isUuid } from "./catalog-repository.ts";
import type { Queryable } from "./db.ts";

type Fragment = postgres.Fragment;

const allOf = (sql: Queryable, parts: Fragment[]): Fragment => parts.reduce((all, part) => sql`${all} and ${part}`);

/** Writes an audit row; call it with the transaction of the change it records. */
export async function recordAudit(sql: Queryable, entry: AuditEntry): Promise<void> {
  // JSON round trip: Dates become ISO strings, undefined fields drop out.
  const json = (value: unknown) => value === undefined || value === null ? null : sql.json(JSON.parse(JSON.stringify(value)));
  await sql`
    insert into audit_log (admin_id, admin_email, action, entity, entity_id, before, after)
    values (${entry.adminId}, ${entry.adminEmail}, ${entry.action}, ${entry.entity},
            ${entry.entityId}, ${json(entry.before)}, ${json(entry.after)})`;
}

interface AuditRow {
  id: string;
  at: Date;
  admin_id: string | null;
  admin_email: string;
  action: string;
  entity: string;
  entity_id: string | null;
  before: unknown;
  after: unknown;
  total_items: number;
  actor_name: string | null;
  facts: AuditRecordFacts | null;
  names: Record<string, string> | null;
}

const UUID_PATTERN = "^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$";

/** The rows the query selects: `from` and `where`, with the booking joined when its type decides. */
function filteredRows(sql: Queryable, query: AuditQuery): Fragment {
  const conditions: Fragment[] = [sql`true`];
  if (query.entity) conditions.push(sql`l.entity = ${query.entity}`);
  if (query.entityId) conditions.push(sql`l.entity_id = ${query.entityId}`);
  if (query.adminId) conditions.push(sql`l.admin_id = ${query.adminId}::uuid`);
  if (query.email) conditions.push(sql`lower(l.admin_email) = lower(${query.email})`);
  if (query.actor === "staff") conditions.push(sql`l.admin_id is not null`);
  if (query.actor === "customer") conditions.push(sql`l.admin_id is null and l.admin_email <> 'system'`);
  if (query.atFrom) conditions.push(sql`l.at >= ${query.atFrom}`);
  if (query.atBefore) conditions.push(sql`l.at < ${query.atBefore}`);
  const byBookingType = query.recordType === "booking" || query.recordType === "quote";
  if (query.recordType === "booking") conditions.push(sql`l.entity = 'booking' and fb.type is distinct from 'QUOTE'`);
  else if (query.recordType === "quote") conditions.push(sql`l.entity = 'booking' and fb.type = 'QUOTE'`);
  else if (query.recordType) conditions.push(sql`l.entity = ${query.recordType}`);
  const join = byBookingType
    ? sql`left join bookings fb on fb.id = (case when l.entity_id ~ ${UUID_PATTERN} then l.entity_id::uuid end)`
    : sql``;
  return sql`from audit_log l ${join} where ${allOf(sql, conditions)}`;
}

/**
 * One page in one query: the rows, their total, the acting admin's name now, and the record's
 * human name now (null once it is gone), each record kind a left join on its primary key.
 */
export async function listAudit(sql: Queryable, query: AuditQuery): Promise<{ items: AuditRowWithFacts[]; totalItems: number }> {
  const rows = await sql<AuditRow[]>`
    with page as (
      select l.id, l.at, l.admin_id, l.admin_email, l.action, l.entity, l.entity_id, l.before, l.after,
             (count(*) over ())::int as total_items
        ${filteredRows(sql, query)}
       order by l.at desc, l.id desc
       limit ${query.limit} offset ${(query.page - 1) * query.limit}
    )
    select p.*, actor.name as actor_name,
           case
             when p.entity = 'booking' and b.id is not null then
               jsonb_build_object('reference', b.reference, 'firstName', b.first_name, 'lastName', b.last_name, 'type', b.type,
                                  'frequencyName', b.frequency_name_at_booking)
             when p.entity = 'inquiry' and i.id is not null then
               jsonb_build_object('firstName', i.first_name, 'lastName', i.last_name, 'inquiryType', i.inquiry_type)
             -- A series by its customer's name now (the booking's, should it have no record) and its frequency now.
             when p.entity = 'series' and bs.id is not null then
               jsonb_build_object('firstName', coalesce(sc.first_name, bs.template ->> 'firstName'),
                                  'lastName', coalesce(sc.last_name, bs.template ->> 'lastName'),
                                  'frequencyName', bs.frequency_name)
             when p.entity = 'customer' and cu.id is not null then
               jsonb_build_object('firstName', cu.first_name, 'lastName', cu.last_name, 'email', cu.email)
             when p.entity = 'service' and s.id is not null then jsonb_build_object('name', s.name)
             when p.entity = 'extra' and e.id is not null then jsonb_build_object('name', e.title)
             when p.entity = 'frequency' and f.id is not null then jsonb_build_object('name', f.name)
             when p.entity = 'question' and q.id is not null then jsonb_build_object('name', q.text)
             when p.entity = 'admin' and target.id is not null then jsonb_build_object('name', target.name)
             when p.entity = 'cleaner' and c.id is not null then jsonb_build_object('name', c.name)
             when p.entity = 'closed_date' and cd.date is not null then jsonb_build_object('label', cd.label)
           end as facts,
           named.names
      from page p
      left join admins actor on actor.id = p.admin_id
      cross join lateral (select case when p.entity_id ~ ${UUID_PATTERN} then p.entity_id::uuid end as uid) k
      left join bookings b on p.entity = 'booking' and b.id = k.uid
      left join inquiries i on p.entity = 'inquiry' and i.id = k.uid
      left join booking_series bs on p.entity = 'series' and bs.id = k.uid
      left join customers sc on sc.id = bs.customer_id
      left join customers cu on p.entity = 'customer' and cu.id = k.uid
      left join services s on p.entity = 'service' and s.id = k.uid
      left join extras e on p.entity = 'extra' and e.id = k.uid
      left join frequencies f on p.entity = 'frequency' and f.id = k.uid
      left join questions q on p.entity = 'question' and q.id = k.uid
      left join admins target on p.entity = 'admin' and target.id = k.uid
      left join cleaners c on p.entity = 'cleaner' and c.id = k.uid
      left join closed_dates cd on p.entity = 'closed_date' and to_char(cd.date, 'YYYY-MM-DD') = p.entity_id
      -- The cleaners, extras and services a row names by id, by their names now (a series change's add-ons too).
      left join lateral (
        select jsonb_object_agg(n.id, n.name) as names from (
          select c2.id::text as id, c2.name from cleaners c2
           where p.action in ('booking.cleaners', 'booking.cleaner_clash_removed', 'series.cleaners')
             and c2.id::text in (
               select jsonb_array_elements_text(x.ids)
                 from (values (p.before -> 'cleanerIds'), (p.after -> 'cleanerIds')) x (ids)
                where jsonb_typeof(x.ids) = 'array')
          union all
          select e2.id::text, e2.title from extras e2
           where p.action = 'service.reorder_extras'
             and e2.id::text in (
               select x ->> 'extraId'
                 from jsonb_array_elements(case when jsonb_typeof(p.after) = 'array' then p.after else '[]'::jsonb end) x)
          union all
          select e3.id::text, e3.title from extras e3
           where p.action = 'series.change'
             and e3.id::text in (
               select x ->> 'extraId'
                 from (values (p.before -> 'extras'), (p.after -> 'extras')) v (list)
                 cross join lateral jsonb_array_elements(case when jsonb_typeof(v.list) = 'array' then v.list else '[]'::jsonb end) x)
          union all
          -- An extra's or question's service, for rows written before they kept its name beside the id.
          select s2.id::text, s2.name from services s2
           where p.entity in ('extra', 'question')
             and s2.id::text in (
               select v.id from (values (p.before ->> 'serviceId'), (p.after ->> 'serviceId')) v (id) where v.id is not null)
        ) n
      ) named on true
     order by p.at desc, p.id desc`;
  // Past the last page there is no row to carry the total: count it.
  const totalItems = rows.length > 0
    ? rows[0].total_items
    : query.page === 1
    ? 0
    : (await sql<{ n: number }[]>`select count(*)::int as n ${filteredRows(sql, query)}`)[0].n;
  return {
    totalItems,
    items: rows.map((r) => ({
      id: Number(r.id),
      at: new Date(r.at),
      adminId: r.admin_id,
      adminEmail: r.admin_email,
      action: r.action,
      entity: r.entity,
      entityId: r.entity_id,
      before: r.before,
      after: r.after,
      actorName: r.actor_name,
      facts: r.facts,
      names: r.names,
    })),
  };
}

/** Whether the booking or inquiry whose history is asked for exists (any status, archived too). */
export async function auditedRecordExists(sql: Queryable, entity: HistoryRecord, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const [row] = entity === "booking"
    ? await sql`select 1 from bookings where id = ${id}::uuid`
    : await sql`select 1 from inquiries where id = ${id}::uuid`;
  return row !== undefined;
}

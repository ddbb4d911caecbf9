import { type CustomerContact, customerEmailKey } from "../../core/customers/match.ts";
import type { Queryable } from "./db.ts";

/**
 * The CTEs that find or make a record's customer by normalised e-mail, ending in one named
 * `customer` (one row: its id), for a statement that writes the record in the same breath. A new
 * e-mail makes a new record; a known one refreshes the name and phone from this latest record (a
 * phone is never blanked); the e-mail of a record staff merged into another leads to that other
 * record. Concurrent writers for one new e-mail meet on the unique index and get the same record.
 */
export function customerCtes(tx: Queryable, who: CustomerContact) {
  const key = customerEmailKey(who.email);
  return tx`
    merged as (
      select merged_into as id from customers
       where email_key = ${key} and merged_into is not null
       order by updated_at desc limit 1
    ), upserted as (
      insert into customers (id, email_key, first_name, last_name, email, phone)
      select ${crypto.randomUUID()}, ${key}, ${who.firstName}, ${who.lastName}, ${who.email.trim()}, ${who.phone}
       where not exists (select 1 from merged)
      on conflict (email_key) where merged_into is null do update
        set first_name = excluded.first_name, last_name = excluded.last_name, email = excluded.email,
            phone = case when excluded.phone <> '' then excluded.phone else customers.phone end,
            updated_at = now()
      returning id
    ), customer as (
      select id from upserted union all select id from merged limit 1
    )`;
}

/** Inside the transaction writing a record: the id of its customer record (customerCtes), in one statement. */
export async function attachCustomer(tx: Queryable, who: CustomerContact): Promise<string> {
  const [row] = await tx<{ id: string }[]>`with ${customerCtes(tx, who)} select id from customer`;
  if (!row) throw new Error("no customer record could be attached");
  return row.id;
}

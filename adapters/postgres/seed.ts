import type { Queryable, Sql } from "./db.ts";
import {
  DEMO_BOOKING_FORM_CONTENT,
  DEMO_BUSINESS_PROFILE,
  DEMO_CLEANERS,
  DEMO_EXTRAS,
  DEMO_FREQUENCIES,
  DEMO_QUESTIONS,
  DEMO_SERVICE_AREA,
  DEMO_SERVICE_CHECKLISTS,
  DEMO_SERVICES,
  demoClosedDates,
} from "./demo-data.ts";
import { seedDemoHistory } from "./demo-history.ts";
import { makeClosedDatesStore } from "./closed-dates-repository.ts";
import { makeSettingsStore } from "./settings-repository.ts";
import { runInTransaction } from "./transaction.ts";
import { SCHEDULING_DEFAULTS } from "../../core/settings/types.ts";

const SEED_LOCK_KEY = 727_311_003;

export interface SeedOptions {
  /**
   * Issue 28: close the demo on the national public holidays of this day's Melbourne year and
   * the next (demoClosedDates). The demo server passes the day it starts; tests that choose their
   * own dates leave it out, so no date they book is closed behind their back.
   */
  closeNationalHolidaysFrom?: Date;
  /**
   * Issue 32: eight weeks of past jobs, payments and ratings before this day (demo-history.ts), so
   * the demo's reports and ratings show something. The demo server passes the day it starts.
   */
  demoHistoryBefore?: Date;
}

/**
 * Seeds the demo catalogue, settings and business profile into an empty database, in one
 * transaction under an advisory lock so two processes starting together seed once.
 * Returns false when the database already had a catalogue.
 */
export async function seedDemoData(sql: Sql, options: SeedOptions = {}): Promise<boolean> {
  return await runInTransaction(sql, async (tx) => {
    await tx`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`;
    await seedDemoTeam(tx);
    const [{ count }] = await tx<{ count: number }[]>`select count(*)::int as count from services`;
    if (count > 0) return false;

    for (const [index, s] of DEMO_SERVICES.entries()) {
      await tx`
        insert into services (id, name, slug, pricing_model, rate_per_hour, min_hours, max_hours,
                              step_hours, base_price, duration_minutes, description, checklist, sort_order)
        values (${s._id}, ${s.name}, ${s.slug}, ${s.pricingModel}, ${s.ratePerHour}, ${s.minHours},
                ${s.maxHours}, ${s.stepHours}, ${s.basePrice}, ${s.durationMinutes}, ${s.description},
                ${DEMO_SERVICE_CHECKLISTS[s._id] ?? []}::text[], ${index + 1})`;
      for (const p of s.bedroomPrices) {
        await tx`insert into service_bedroom_prices (service_id, bedrooms, price, duration_minutes)
                 values (${s._id}, ${p.bedrooms}, ${p.price}, ${p.durationMinutes})`;
      }
    }
    for (const e of DEMO_EXTRAS) {
      await tx`
        insert into extras (id, service_id, title, description, price, has_quantity, max_quantity,
                            duration_minutes, image_url, active, sort_order)
        values (${e._id}, ${e.serviceId}, ${e.title}, ${e.description}, ${e.price},
                ${e.hasQuantity}, ${e.maxQuantity}, ${e.durationMinutes}, ${e.imageUrl}, ${e.active},
                ${e.order})`;
    }
    for (const [index, f] of DEMO_FREQUENCIES.entries()) {
      await tx`insert into frequencies (id, name, code, discount_percent, repeat_unit, repeat_every, sort_order)
               values (${f._id}, ${f.name}, ${f.code}, ${f.discountPercent}, ${f.repeatUnit}, ${f.repeatEvery}, ${index + 1})`;
    }
    for (const q of DEMO_QUESTIONS) {
      await tx`
        insert into questions (id, scope, service_id, text, type, required, sort_order, help_text,
                               placeholder)
        values (${q._id}, ${q.scope}, ${q.serviceId}, ${q.text}, ${q.type}, ${q.required},
                ${q.order}, ${q.helpText}, ${q.placeholder})`;
      for (const [position, o] of q.options.entries()) {
        await tx`insert into question_options (question_id, position, label, value)
                 values (${q._id}, ${position}, ${o.label}, ${o.value})`;
      }
    }
    const settings = makeSettingsStore(tx);
    await settings.saveScheduling(SCHEDULING_DEFAULTS);
    await settings.saveBookingFormContent(DEMO_BOOKING_FORM_CONTENT);
    await settings.saveBusinessProfile(DEMO_BUSINESS_PROFILE);
    await settings.saveServiceArea({ postcodes: DEMO_SERVICE_AREA });
    const closed = new Set<string>();
    if (options.closeNationalHolidaysFrom) {
      const closedDates = makeClosedDatesStore(tx);
      for (const holiday of demoClosedDates(options.closeNationalHolidaysFrom)) {
        await closedDates.add(holiday);
        closed.add(holiday.date);
      }
    }
    if (options.demoHistoryBefore) await seedDemoHistory(tx, options.demoHistoryBefore, closed);
    return true;
  });
}

/**
 * The demo team, into a database that has never had a cleaner (cleaners are deactivated, never
 * deleted, so an empty table is one no one has used): a demo seeded before issue 16 gets it too.
 */
async function seedDemoTeam(tx: Queryable): Promise<void> {
  const [{ count }] = await tx<{ count: number }[]>`select count(*)::int as count from cleaners`;
  if (count > 0) return;
  for (const c of DEMO_CLEANERS) {
    await tx`insert into cleaners (id, name, phone, email, colour, active)
             values (${c._id}, ${c.name}, ${c.phone}, ${c.email}, ${c.colour}, ${c.active})`;
  }
}

/** The business profile is needed by every install, demo or not. */
export async function ensureBusinessProfile(sql: Sql): Promise<void> {
  const settings = makeSettingsStore(sql);
  if (!await settings.getBusinessProfile()) {
    await settings.saveBusinessProfile(DEMO_BUSINESS_PROFILE);
  }
}

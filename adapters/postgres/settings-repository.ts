import type { SettingsStore } from "../../core/settings/ports.ts";
import {
  BOOKING_FORM_CONTENT_DEFAULTS,
  type BusinessProfile,
  SCHEDULING_DEFAULTS,
  SERVICE_AREA_DEFAULTS,
} from "../../core/settings/types.ts";
import { businessDetailsDefaults } from "../../core/settings/business-details.ts";
import { PAYMENT_SETTINGS_DEFAULTS, type PaymentSettings } from "../../core/settings/payment-settings.ts";
import {
  TEAM_NOTICE_SETTINGS_DEFAULTS,
  type TeamNoticeSettingsStore,
  type TeamNoticeSettingsTransactor,
} from "../../core/settings/team-notices.ts";
import { recordAudit } from "./audit-repository.ts";
import type { Queryable, Sql } from "./db.ts";
import { runInTransaction } from "./transaction.ts";

const KEYS = {
  scheduling: "scheduling",
  bookingForm: "booking_form_content",
  business: "business_profile",
  serviceArea: "service_area",
  payments: "payments",
  businessDetails: "business_details",
  teamNotices: "team_notices",
} as const;

async function read<T>(sql: Queryable, key: string): Promise<T | null> {
  const [row] = await sql<{ value: T }[]>`select value from settings where key = ${key}`;
  return row ? row.value : null;
}

async function write<T>(sql: Queryable, key: string, value: T): Promise<T> {
  await sql`
    insert into settings (key, value) values (${key}, ${sql.json(value as never)})
    on conflict (key) do update set value = excluded.value, updated_at = now()`;
  return value;
}

/** Settings kept as one JSON value a key; missing keys read as the defaults. */
export function makeSettingsStore(sql: Queryable): SettingsStore {
  return {
    // Spread over the defaults so a setting added later reads its default on old rows.
    getScheduling: async () => ({ ...SCHEDULING_DEFAULTS, ...await read(sql, KEYS.scheduling) }),
    saveScheduling: (settings) => write(sql, KEYS.scheduling, settings),
    getBookingFormContent: async () => ({
      ...BOOKING_FORM_CONTENT_DEFAULTS,
      ...await read(sql, KEYS.bookingForm),
    }),
    saveBookingFormContent: (content) => write(sql, KEYS.bookingForm, content),
    getBusinessProfile: () => read<BusinessProfile>(sql, KEYS.business),
    saveBusinessProfile: (profile) => write(sql, KEYS.business, profile),
    getServiceArea: async () => ({ ...SERVICE_AREA_DEFAULTS, ...await read(sql, KEYS.serviceArea) }),
    saveServiceArea: (area) => write(sql, KEYS.serviceArea, area),
    getPaymentSettings: async () => ({ ...PAYMENT_SETTINGS_DEFAULTS, ...await read<PaymentSettings>(sql, KEYS.payments) }),
    savePaymentSettings: (settings) => write(sql, KEYS.payments, settings),
    getBusinessDetails: async () => ({
      ...businessDetailsDefaults(await read<BusinessProfile>(sql, KEYS.business)),
      ...await read(sql, KEYS.businessDetails),
    }),
    saveBusinessDetails: (details) => write(sql, KEYS.businessDetails, details),
  };
}

/** Issue 31: how cleaners are told (the run sheet's hour); kept beside the others, read by the notices job. */
export function makeTeamNoticeSettingsStore(sql: Queryable): TeamNoticeSettingsStore {
  return {
    getTeamNotices: async () => ({ ...TEAM_NOTICE_SETTINGS_DEFAULTS, ...await read(sql, KEYS.teamNotices) }),
    saveTeamNotices: (settings) => write(sql, KEYS.teamNotices, settings),
  };
}

/**
 * A save of it with its audit row, in one transaction, under the lock every settings edit takes
 * (admin-accounts-repository.ts SETTINGS_LOCK_KEY), so the audit's "before" is the value replaced.
 */
export function makeTeamNoticeSettingsTransactor(sql: Sql): TeamNoticeSettingsTransactor {
  return {
    run: (work) =>
      runInTransaction(sql, async (tx) => {
        await tx`select pg_advisory_xact_lock(${727_311_041})`;
        return await work({ settings: makeTeamNoticeSettingsStore(tx), audit: { record: (entry) => recordAudit(tx, entry) } });
      }),
  };
}

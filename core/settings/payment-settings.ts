/**
 * Issue 30: what the business takes online when card payments are on (Stripe keys set): a deposit
 * at booking (a percent of the first service total, a fixed amount, or none) and whether customers
 * may pay the balance from their manage link. Superadmins change it; every change is audited.
 */
import { z } from "zod";
import { type Actor, auditEntry } from "../shared/audit.ts";
import { MONEY_MAX } from "../shared/money.ts";
import { changesNothing } from "../shared/unchanged.ts";
import { SETTINGS_ENTITY, type SettingsAdminTransactor } from "./admin-settings.ts";

export const DEPOSIT_MODES = ["NONE", "PERCENT", "FIXED"] as const;
export type DepositMode = (typeof DEPOSIT_MODES)[number];

export interface PaymentSettings {
  /** PERCENT: 1-100 of the first service total; FIXED: A$; NONE: 0. */
  deposit: { mode: DepositMode; value: number };
  /** Whether the manage page offers "Pay balance". */
  balanceOnline: boolean;
}

export const PAYMENT_SETTINGS_DEFAULTS: PaymentSettings = { deposit: { mode: "NONE", value: 0 }, balanceOnline: false };

/** The public answer (GET /api/payments/config) and the staff one. */
export interface PaymentsConfig extends PaymentSettings {
  /** Only when the server has STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET. */
  enabled: boolean;
}

export const PAYMENT_SETTINGS_MESSAGES = {
  percent: "Please enter a percentage from 1 to 100.",
  fixed: `Please enter an amount more than A$0 and at most A$${MONEY_MAX.toLocaleString("en-AU")}, with at most 2 decimals.`,
  mode: "Deposit must be NONE, PERCENT or FIXED.",
} as const;

const twoDecimals = (value: number) => Number.isInteger(Number((value * 100).toPrecision(15)));

/** The deposit's value read for its mode: a percent 1-100 (2 decimals), an amount, or 0 for none. */
export const depositSchema = z.object({
  mode: z.enum(DEPOSIT_MODES, { error: PAYMENT_SETTINGS_MESSAGES.mode }),
  value: z.number().finite().optional().default(0),
}).superRefine((deposit, ctx) => {
  if (deposit.mode === "PERCENT" && !(deposit.value >= 1 && deposit.value <= 100 && twoDecimals(deposit.value))) {
    ctx.addIssue({ code: "custom", path: ["value"], message: PAYMENT_SETTINGS_MESSAGES.percent });
  }
  if (deposit.mode === "FIXED" && !(deposit.value > 0 && deposit.value <= MONEY_MAX && twoDecimals(deposit.value))) {
    ctx.addIssue({ code: "custom", path: ["value"], message: PAYMENT_SETTINGS_MESSAGES.fixed });
  }
}).transform((deposit) => (deposit.mode === "NONE" ? { mode: deposit.mode, value: 0 } : deposit))
  .meta({ id: "DepositSetting", description: "PERCENT: 1-100 of the first service total; FIXED: A$ (never more than the balance); NONE: no deposit" });

/** PUT /api/admin/settings/payments */
export const paymentSettingsSchema = z.object({
  deposit: depositSchema,
  balanceOnline: z.boolean(),
}).meta({ id: "PaymentSettings" });

export const paymentsConfigSchema = z.object({
  enabled: z.boolean().meta({ description: "Card payments are on: the server has its Stripe keys" }),
  deposit: z.object({ mode: z.enum(DEPOSIT_MODES), value: z.number() }),
  balanceOnline: z.boolean(),
}).meta({ id: "PaymentsConfig" });

/** What customers see: with payments off, nothing is offered whatever was saved. */
export const paymentsConfig = (enabled: boolean, settings: PaymentSettings): PaymentsConfig =>
  enabled ? { enabled, ...settings } : { enabled, ...PAYMENT_SETTINGS_DEFAULTS };

export function makePaymentSettingsAdmin(deps: { transactor: SettingsAdminTransactor }) {
  return {
    /** Nothing to refuse once the body parsed; a save that changes nothing leaves no audit row. */
    save: (actor: Actor, next: PaymentSettings): Promise<PaymentSettings> =>
      deps.transactor.run(async (tx) => {
        const current = await tx.settings.getPaymentSettings();
        const saved = await tx.settings.savePaymentSettings(next);
        if (!changesNothing(current, saved)) {
          await tx.audit.record(auditEntry(actor, "settings.payments", SETTINGS_ENTITY, "payments", current, saved));
        }
        return saved;
      }),
  };
}

export type PaymentSettingsAdmin = ReturnType<typeof makePaymentSettingsAdmin>;

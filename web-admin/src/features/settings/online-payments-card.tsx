/**
 * Online payments (issue 30): what customers may pay by card through Stripe Checkout: a deposit at
 * booking (a percent of the first service total, a fixed amount, or none) and the balance from
 * their manage link. Shown only while the server has its Stripe keys; any admin reads it, only a
 * superadmin changes it (the PUT answers 403 to an admin).
 */
import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId } from "react";
import { serverMessageOr } from "@yarra/api/client/error-catalogue.ts";
import { ErrorAlert } from "@yarra/public-ui/error-alert.tsx";
import { api } from "../../lib/api.ts";
import { readSession } from "../../lib/session.ts";
import { checkResolver, useStaffForm } from "../../lib/use-staff-form.ts";
import { asFailure } from "../../ui/failure.ts";
import { FormField } from "../../ui/form-field.tsx";
import { useFlash } from "../../ui/use-flash.ts";

export type DepositMode = "NONE" | "PERCENT" | "FIXED";

/** GET and PUT /api/admin/settings/payments (enabled in the answer only). */
export interface OnlinePayments {
  enabled: boolean;
  deposit: { mode: DepositMode; value: number };
  balanceOnline: boolean;
}

export const ONLINE_PAYMENTS_TEXT = {
  title: "Online payments",
  intro: "Customers pay by card on Stripe’s own page; the payment shows in the booking’s ledger once Stripe reports it.",
  deposit: "Deposit at booking",
  modes: { NONE: "No deposit", PERCENT: "A percentage of the first clean", FIXED: "A fixed amount" } as Record<DepositMode, string>,
  percent: "Deposit (%)",
  fixed: "Deposit (A$)",
  valueHint: "Never more than what is owed on the booking.",
  balanceOnline: "Let customers pay the balance online",
  balanceOnlineHint: "Their manage-my-booking page then offers “Pay balance”.",
  badPercent: "Please enter a percentage from 1 to 100.",
  badFixed: "Please enter an amount more than A$0 with at most 2 decimals.",
  save: "Save online payments",
  saved: "Online payments saved.",
  failed: "Saving online payments failed",
  readOnly: "Only a superadmin can change what customers pay online.",
  noDeposit: "No deposit",
  yes: "Yes",
  no: "No",
} as const;
const T = ONLINE_PAYMENTS_TEXT;

const PATH = "/api/admin/settings/payments";

export const onlinePaymentsQuery = queryOptions({
  queryKey: ["settings", "payments"],
  queryFn: () => api.get<OnlinePayments>(PATH),
});

/** "20% of the first clean", "A$50.00", or "No deposit". */
export function depositLabel(deposit: OnlinePayments["deposit"]): string {
  if (deposit.mode === "PERCENT") return `${deposit.value}% of the first clean`;
  if (deposit.mode === "FIXED") return `A$${deposit.value.toFixed(2)}`;
  return T.noDeposit;
}

interface PaymentsForm {
  mode: DepositMode;
  /** As typed. */
  value: string;
  balanceOnline: boolean;
}

type PaymentsBody = Omit<OnlinePayments, "enabled">;

const toForm = (saved: OnlinePayments): PaymentsForm => ({
  mode: saved.deposit.mode,
  value: saved.deposit.mode === "NONE" ? "" : String(saved.deposit.value),
  balanceOnline: saved.balanceOnline,
});

const twoDecimals = (n: number) => Number.isInteger(Number((n * 100).toPrecision(15)));

/** The same bounds the server keeps (core/settings/payment-settings.ts); its 422 lands on the same field. */
const paymentsResolver = checkResolver<PaymentsForm, PaymentsBody>((values) => {
  const value = values.value.trim() === "" ? NaN : Number(values.value.trim());
  if (values.mode === "PERCENT" && !(value >= 1 && value <= 100 && twoDecimals(value))) {
    return { ok: false, fieldErrors: { value: [T.badPercent] } };
  }
  if (values.mode === "FIXED" && !(value > 0 && value <= 100_000 && twoDecimals(value))) {
    return { ok: false, fieldErrors: { value: [T.badFixed] } };
  }
  return {
    ok: true,
    value: { deposit: { mode: values.mode, value: values.mode === "NONE" ? 0 : value }, balanceOnline: values.balanceOnline },
  };
});

/** The card as the Settings page mounts it: nothing at all while card payments are off (or not known yet). */
export function OnlinePaymentsCard() {
  const payments = useQuery(onlinePaymentsQuery);
  if (!payments.data?.enabled) return null;
  const isSuperadmin = readSession()?.user.role === "superadmin";
  if (!isSuperadmin) return <OnlinePaymentsList saved={payments.data} />;
  return <OnlinePaymentsForm saved={payments.data} />;
}

function OnlinePaymentsForm({ saved }: { saved: OnlinePayments }) {
  const queryClient = useQueryClient();
  const flash = useFlash();
  const id = useId();
  const { form, values, errorsOf, failure: saveError, dismissFailure, working, formRef, submit } = useStaffForm({
    defaultValues: toForm(saved),
    resolver: paymentsResolver,
    onSubmit: async (body) => {
      const next = await api.put<OnlinePayments>(PATH, body);
      flash.show(T.saved);
      return next;
    },
    afterSave: (next) => {
      queryClient.setQueryData(onlinePaymentsQuery.queryKey, next);
      return toForm(next);
    },
    // The server names the deposit's value by its path in the body.
    serverErrors: (fieldErrors) => ({ value: fieldErrors["deposit.value"] ?? [], ...fieldErrors }),
    focusServerErrors: true,
    guardUnsaved: true,
  });
  const { register } = form;
  const onFields = (errorsOf("value")?.length ?? 0) > 0;
  const failure = saveError !== null && !onFields ? saveError : null;

  return (
    <form ref={formRef} className="settings-card" onSubmit={submit} aria-labelledby={`${id}-title`} noValidate>
      <h2 id={`${id}-title`} className="settings-card__title">{T.title}</h2>
      <p className="settings__note">{T.intro}</p>
      <fieldset className="admin-field">
        <legend>{T.deposit}</legend>
        {(["NONE", "PERCENT", "FIXED"] as const).map((mode) => (
          <label key={mode} className="settings__check">
            <input type="radio" value={mode} {...register("mode")} />
            <span>{T.modes[mode]}</span>
          </label>
        ))}
      </fieldset>
      {values.mode !== "NONE" && (
        <FormField label={values.mode === "PERCENT" ? T.percent : T.fixed} errors={errorsOf("value")} hint={T.valueHint}>
          {(control) => <input {...control} className="admin-input" inputMode="decimal" autoComplete="off" {...register("value")} />}
        </FormField>
      )}
      <div className="admin-field">
        <label className="settings__check" htmlFor={`${id}-balance`}>
          <input id={`${id}-balance`} type="checkbox" aria-describedby={`${id}-balance-hint`} {...register("balanceOnline")} />
          <span>{T.balanceOnline}</span>
        </label>
        <p id={`${id}-balance-hint`} className="admin-field__hint">{T.balanceOnlineHint}</p>
      </div>
      {failure && (
        <ErrorAlert failure={asFailure(failure, T.failed)} message={serverMessageOr(failure, T.failed)} onDismiss={dismissFailure} />
      )}
      <div className="settings-card__actions">
        <button type="submit" className="admin-button admin-button--primary" disabled={working}>
          {working ? "Saving…" : T.save}
        </button>
        <p role="status" className="settings__saved">{flash.message}</p>
      </div>
    </form>
  );
}

/** What an admin sees: the settings as a list. */
function OnlinePaymentsList({ saved }: { saved: OnlinePayments }) {
  const id = useId();
  return (
    <section className="settings-card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="settings-card__title">{T.title}</h2>
      <p className="settings__note">{T.readOnly}</p>
      <dl className="settings__details">
        <div className="settings__details-row">
          <dt>{T.deposit}</dt>
          <dd>{depositLabel(saved.deposit)}</dd>
        </div>
        <div className="settings__details-row">
          <dt>{T.balanceOnline}</dt>
          <dd>{saved.balanceOnline ? T.yes : T.no}</dd>
        </div>
      </dl>
    </section>
  );
}

/**
 * Business details (issue 30): who issues the invoices (legal name, ABN, GST registration,
 * address, contacts, payment terms, bank details) and whether the invoice is e-mailed when a job
 * is marked done. Any admin reads them; only a superadmin changes them (the PUT answers 403 to
 * an admin), so an admin sees them as a list, not a form.
 */
import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useId } from "react";
import { serverMessageOr } from "@yarra/api/client/error-catalogue.ts";
import { abnDigits, formatAbn } from "@yarra/core/settings/abn.ts";
import {
  BUSINESS_DETAILS_LIMITS,
  BUSINESS_DETAILS_MESSAGES,
  type BusinessDetailsInput,
  businessDetailsInputSchema,
  type BusinessDetailsView,
} from "@yarra/core/settings/business-details.ts";
import { ErrorAlert } from "@yarra/public-ui/error-alert.tsx";
import { api } from "../../lib/api.ts";
import { readSession } from "../../lib/session.ts";
import { coreSchemaResolver, useStaffForm } from "../../lib/use-staff-form.ts";
import { asFailure } from "../../ui/failure.ts";
import { FormField } from "../../ui/form-field.tsx";
import { useFlash } from "../../ui/use-flash.ts";
import { NotLoaded, type NotLoadedState, notLoadedOf } from "./not-loaded.tsx";
import "./business-card.css";

/** GET and PUT /api/admin/settings/business answer it (abnFormatted is in the answer only). */
export type BusinessDetails = BusinessDetailsView;

export const BUSINESS_TEXT = {
  title: "Business details",
  legalName: "Legal name",
  abn: "ABN",
  abnHint: "11 digits, e.g. 51 824 753 556. Needed on a tax invoice once you are registered for GST.",
  gstRegistered: "Registered for GST",
  gstHint: "Invoices are then titled “Tax invoice” and show the GST included in the total (the total ÷ 11).",
  address: "Address",
  phone: "Phone",
  email: "E-mail",
  paymentTerms: "Payment terms",
  paymentTermsHint: "Printed on each invoice, e.g. “Due within 7 days”. Optional.",
  bankDetails: "Bank details",
  bankDetailsHint: "Printed on each invoice for customers who pay by transfer (account name, BSB, account number). Optional.",
  emailInvoiceOnDone: "E-mail the invoice when a job is marked done",
  emailInvoiceOnDoneHint: "The customer gets the invoice as a PDF attached.",
  invalidAbn: BUSINESS_DETAILS_MESSAGES.abn,
  save: "Save business details",
  saved: "Business details saved.",
  failed: "Saving the business details failed",
  readOnly: "Only a superadmin can change the business details.",
  loadFailed: "The business details didn’t load.",
  none: "—",
  yes: "Yes",
  no: "No",
} as const;

const BUSINESS_PATH = "/api/admin/settings/business";
const LIMITS = BUSINESS_DETAILS_LIMITS;

export const BUSINESS_DEFAULTS: BusinessDetails = {
  legalName: "",
  abn: "",
  abnFormatted: "",
  gstRegistered: false,
  address: "",
  phone: "",
  email: "",
  paymentTerms: "",
  bankDetails: "",
  emailInvoiceOnDone: false,
};

export const businessQuery = queryOptions({
  queryKey: ["settings", "business"],
  queryFn: async () => ({ ...BUSINESS_DEFAULTS, ...(await api.get<BusinessDetails>(BUSINESS_PATH)) }),
});

/** The form holds the details as typed; the ABN as people read it once it has its 11 digits. */
type BusinessForm = Omit<BusinessDetails, "abnFormatted">;

const toForm = (details: BusinessDetails): BusinessForm => ({
  legalName: details.legalName,
  abn: details.abnFormatted || formatAbn(details.abn),
  gstRegistered: details.gstRegistered,
  address: details.address,
  phone: details.phone,
  email: details.email,
  paymentTerms: details.paymentTerms,
  bankDetails: details.bankDetails,
  emailInvoiceOnDone: details.emailInvoiceOnDone,
});

/**
 * Checked with core's schema, the one the server runs (the ABN's check digits by the ATO's
 * modulus-89 rule, an ABN for a GST-registered business, the e-mail's shape), so the words are the
 * same; what is sent is its output: text trimmed, the ABN without its spaces.
 */
const businessResolver = coreSchemaResolver<BusinessForm, BusinessDetailsInput>(businessDetailsInputSchema);

/** The fields that show their own messages: a 422 about them needs no alert besides. */
const FIELDS = ["legalName", "abn", "gstRegistered", "address", "phone", "email", "paymentTerms", "bankDetails", "emailInvoiceOnDone"] as const;

/** The card as the Settings page mounts it: it loads its own values and guards a failed load. */
export function BusinessCard() {
  const details = useQuery(businessQuery);
  const isSuperadmin = readSession()?.user.role === "superadmin";
  const notLoaded = notLoadedOf(details);
  if (!isSuperadmin) return <BusinessDetailsList details={details.data} loading={details.isPending} notLoaded={notLoaded} />;
  return (
    <BusinessDetailsForm
      // The form starts again from what was loaded once its load settles.
      key={`business-${details.status}`}
      saved={details.data ?? BUSINESS_DEFAULTS}
      loading={details.isPending}
      notLoaded={notLoaded}
    />
  );
}

interface FormProps {
  saved: BusinessDetails;
  loading: boolean;
  notLoaded: NotLoadedState | null;
}

function BusinessDetailsForm({ saved, loading, notLoaded }: FormProps) {
  const queryClient = useQueryClient();
  const flash = useFlash();
  const id = useId();
  const { form, errorsOf, failure: saveError, dismissFailure, working, formRef, submit, setField } = useStaffForm({
    defaultValues: toForm(saved),
    resolver: businessResolver,
    onSubmit: async (body) => {
      const answer = await api.put<BusinessDetails>(BUSINESS_PATH, body);
      const next: BusinessDetails = {
        ...saved, ...body, abnFormatted: formatAbn(body.abn), ...(answer && typeof answer === "object" ? answer : {}),
      };
      queryClient.setQueryData(businessQuery.queryKey, next);
      flash.show(BUSINESS_TEXT.saved);
      return next;
    },
    // The form shows what the server kept (the ABN formatted).
    afterSave: (next) => toForm(next),
    focusServerErrors: true,
    guardUnsaved: true,
  });
  const { register } = form;
  const onFields = FIELDS.some((field) => (errorsOf(field)?.length ?? 0) > 0);
  const failure = saveError !== null && !onFields ? saveError : null;
  const abnField = register("abn", {
    // Shown as people read it once the 11 digits are in.
    onBlur: (event: { target: HTMLInputElement }) => {
      const typed = event.target.value;
      if (/^\d{11}$/.test(abnDigits(typed)) && formatAbn(typed) !== typed) setField("abn", formatAbn(typed));
    },
  });

  return (
    <form ref={formRef} className="settings-card" onSubmit={(event) => (notLoaded ? event.preventDefault() : submit(event))}
      aria-labelledby={`${id}-title`} noValidate>
      <h2 id={`${id}-title`} className="settings-card__title">{BUSINESS_TEXT.title}</h2>
      <div className="settings-card__grid">
        <FormField label={BUSINESS_TEXT.legalName} errors={errorsOf("legalName")}>
          {(control) => <input {...control} className="admin-input" autoComplete="organization" maxLength={LIMITS.legalName} {...register("legalName")} />}
        </FormField>
        <FormField label={BUSINESS_TEXT.abn} errors={errorsOf("abn")} hint={BUSINESS_TEXT.abnHint}>
          {(control) => (
            <input {...control} className="admin-input" inputMode="numeric" autoComplete="off" spellCheck={false}
              placeholder="51 824 753 556" {...abnField} />
          )}
        </FormField>
      </div>
      <CheckField id={`${id}-gst`} label={BUSINESS_TEXT.gstRegistered} hint={BUSINESS_TEXT.gstHint} errors={errorsOf("gstRegistered")}>
        {(control) => <input type="checkbox" {...control} {...register("gstRegistered")} />}
      </CheckField>
      <FormField label={BUSINESS_TEXT.address} errors={errorsOf("address")}>
        {/* One line, as core's schema keeps it (the invoice prints it under the legal name). */}
        {(control) => <input {...control} className="admin-input" autoComplete="street-address" maxLength={LIMITS.address} {...register("address")} />}
      </FormField>
      <div className="settings-card__grid">
        <FormField label={BUSINESS_TEXT.phone} errors={errorsOf("phone")}>
          {(control) => <input {...control} className="admin-input" type="tel" autoComplete="tel" maxLength={LIMITS.phone} {...register("phone")} />}
        </FormField>
        <FormField label={BUSINESS_TEXT.email} errors={errorsOf("email")}>
          {(control) => <input {...control} className="admin-input" type="email" autoComplete="email" maxLength={LIMITS.email} {...register("email")} />}
        </FormField>
      </div>
      <FormField label={BUSINESS_TEXT.paymentTerms} errors={errorsOf("paymentTerms")} hint={BUSINESS_TEXT.paymentTermsHint}>
        {(control) => <input {...control} className="admin-input" maxLength={LIMITS.paymentTerms} {...register("paymentTerms")} />}
      </FormField>
      <FormField label={BUSINESS_TEXT.bankDetails} errors={errorsOf("bankDetails")} hint={BUSINESS_TEXT.bankDetailsHint}>
        {(control) => <textarea {...control} className="admin-input" rows={3} spellCheck={false} maxLength={LIMITS.bankDetails} {...register("bankDetails")} />}
      </FormField>
      <CheckField id={`${id}-email-invoice`} label={BUSINESS_TEXT.emailInvoiceOnDone} hint={BUSINESS_TEXT.emailInvoiceOnDoneHint}
        errors={errorsOf("emailInvoiceOnDone")}>
        {(control) => <input type="checkbox" {...control} {...register("emailInvoiceOnDone")} />}
      </CheckField>
      {failure && (
        <ErrorAlert
          failure={asFailure(failure, BUSINESS_TEXT.failed)}
          message={serverMessageOr(failure, BUSINESS_TEXT.failed)}
          onDismiss={dismissFailure}
        />
      )}
      {notLoaded && <NotLoaded state={notLoaded} />}
      <div className="settings-card__actions">
        <button type="submit" className="admin-button admin-button--primary" disabled={loading || working || notLoaded !== null}>
          {working ? "Saving…" : BUSINESS_TEXT.save}
        </button>
        <p role="status" className="settings__saved">{flash.message}</p>
      </div>
    </form>
  );
}

interface CheckFieldProps {
  id: string;
  label: string;
  hint: string;
  errors: string[] | undefined;
  children: (control: { id: string; "aria-describedby": string; "aria-invalid": boolean | undefined }) => ReactNode;
}

/** A checkbox with its label beside it and its hint and messages tied to it, as FormField does for inputs. */
function CheckField({ id, label, hint, errors, children }: CheckFieldProps) {
  const hasErrors = (errors?.length ?? 0) > 0;
  return (
    <div className="admin-field">
      <label className="settings__check" htmlFor={id}>
        {children({ id, "aria-describedby": hasErrors ? `${id}-hint ${id}-error` : `${id}-hint`, "aria-invalid": hasErrors || undefined })}
        <span>{label}</span>
      </label>
      <p id={`${id}-hint`} className="admin-field__hint">{hint}</p>
      {hasErrors && <p id={`${id}-error`} className="admin-field__error">{errors!.join(" ")}</p>}
    </div>
  );
}

/** What an admin sees: the details as a list (only a superadmin may change them). */
function BusinessDetailsList(
  { details, loading, notLoaded }: { details: BusinessDetails | undefined; loading: boolean; notLoaded: NotLoadedState | null },
) {
  const id = useId();
  const text = (value: string) => (value.trim() === "" ? BUSINESS_TEXT.none : value);
  const shown = details ?? BUSINESS_DEFAULTS;
  const rows: [string, string][] = [
    [BUSINESS_TEXT.legalName, text(shown.legalName)],
    [BUSINESS_TEXT.abn, text(shown.abnFormatted || formatAbn(shown.abn))],
    [BUSINESS_TEXT.gstRegistered, shown.gstRegistered ? BUSINESS_TEXT.yes : BUSINESS_TEXT.no],
    [BUSINESS_TEXT.address, text(shown.address)],
    [BUSINESS_TEXT.phone, text(shown.phone)],
    [BUSINESS_TEXT.email, text(shown.email)],
    [BUSINESS_TEXT.paymentTerms, text(shown.paymentTerms)],
    [BUSINESS_TEXT.bankDetails, text(shown.bankDetails)],
    [BUSINESS_TEXT.emailInvoiceOnDone, shown.emailInvoiceOnDone ? BUSINESS_TEXT.yes : BUSINESS_TEXT.no],
  ];
  return (
    <section className="settings-card" aria-labelledby={`${id}-title`} aria-busy={loading}>
      <h2 id={`${id}-title`} className="settings-card__title">{BUSINESS_TEXT.title}</h2>
      <p className="settings__note">{BUSINESS_TEXT.readOnly}</p>
      {notLoaded ? (
        <div className="settings-card__not-loaded" role="alert">
          <p>{BUSINESS_TEXT.loadFailed}</p>
          <button type="button" className="admin-button" onClick={notLoaded.retry} disabled={notLoaded.retrying}>
            {notLoaded.retrying ? "Loading…" : "Retry"}
          </button>
        </div>
      ) : details && (
        <dl className="settings__details">
          {rows.map(([term, value]) => (
            <div key={term} className="settings__details-row">
              <dt>{term}</dt>
              <dd><bdi>{value}</bdi></dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}

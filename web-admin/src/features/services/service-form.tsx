import { useId, useState } from "react";
import { get } from "react-hook-form";
import { serverMessageOr } from "@yarra/api/client/error-catalogue.ts";
import type { PricingModel } from "@yarra/api/client/types.ts";
import { CATALOG_LIMITS, DEFAULT_VISIT_MINUTES } from "@yarra/core/catalog/constants.ts";
import { serviceInputSchema, serviceUpdateSchema } from "@yarra/core/catalog/schemas.ts";
import { PRICING_MODELS, SERVICE_DEFAULTS } from "@yarra/core/catalog/types.ts";
import { coreSchemaResolver, useStaffForm } from "../../lib/use-staff-form.ts";
import { FormField } from "../../ui/form-field.tsx";
import { MoneyInput } from "../../ui/money-input.tsx";
import { checklistErrorsByLine, checklistMessages, checklistOf, checklistText, sameChecklist, typedLines } from "./checklist-lines.ts";
import type { ServiceBody, StaffServiceDto } from "./services-api.ts";

const MODEL_LABELS: Record<PricingModel, string> = {
  HOURLY: "Hourly",
  BEDROOMS: "By bedrooms",
  FIXED: "Fixed price",
};

interface BedroomRow {
  key: number;
  bedrooms: string;
  price: string;
  /** How long a visit of this size takes, in minutes. */
  durationMinutes: string;
}

const VISIT = CATALOG_LIMITS.visitMinutes;
export const VISIT_LENGTH_HINT = `How long one visit takes: ${VISIT.min} to ${VISIT.max} minutes. A job must end by the close of the working day.`;
export const HOURLY_LENGTH_NOTE = "Visit length comes from the hours booked (3 hours is a 3-hour visit).";
/** Issue 31: what cleaners tick off on a job of this service (their My jobs screen shows it). */
export const CHECKLIST_TEXT = {
  label: "Checklist for cleaners",
  hint: `One item per line, up to ${CATALOG_LIMITS.checklistItems} lines of up to ${CATALOG_LIMITS.checklistItem} characters. ` +
    "Cleaners see it on each job of this service and tick items off as they go. Blank lines are left out.",
  placeholder: "Wipe kitchen benches\nClean inside the microwave\nVacuum and mop floors",
} as const;

/** The form keeps what staff type as text; numbers are read only when it is sent. */
interface ServiceDraft {
  name: string;
  slug: string;
  pricingModel: PricingModel;
  ratePerHour: string;
  minHours: string;
  maxHours: string;
  stepHours: string;
  basePrice: string;
  /** A FIXED visit's length in minutes. */
  durationMinutes: string;
  bedroomPrices: BedroomRow[];
  /** Issue 31: the cleaners' checklist, one item a line. */
  checklist: string;
}

let rowKey = 0;
const nextKey = () => ++rowKey;

function draftOf(service?: StaffServiceDto): ServiceDraft {
  const source = service ?? { ...SERVICE_DEFAULTS, name: "", slug: "", bedroomPrices: [], durationMinutes: DEFAULT_VISIT_MINUTES };
  return {
    name: source.name,
    slug: source.slug,
    pricingModel: source.pricingModel,
    ratePerHour: String(source.ratePerHour),
    minHours: String(source.minHours),
    maxHours: String(source.maxHours),
    stepHours: String(source.stepHours),
    basePrice: String(source.basePrice),
    // A service saved before visits had lengths reads as the default.
    durationMinutes: String(source.durationMinutes ?? DEFAULT_VISIT_MINUTES),
    bedroomPrices: source.bedroomPrices.length > 0
      ? source.bedroomPrices.map((row) => ({
        key: nextKey(),
        bedrooms: String(row.bedrooms),
        price: String(row.price),
        durationMinutes: String(row.durationMinutes ?? DEFAULT_VISIT_MINUTES),
      }))
      : [{ key: nextKey(), bedrooms: "1", price: "", durationMinutes: String(DEFAULT_VISIT_MINUTES) }],
    checklist: checklistText(service?.checklist),
  };
}

/** A slug suggested from the name while staff have not typed one of their own. */
export const slugify = (name: string) =>
  name.toLowerCase().normalize("NFKD").replace(/[\u0300-\u036f]/g, "").replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "");

/** The body as typed (numbers still text), so core's rules judge exactly what staff entered. */
function rawBody(draft: ServiceDraft): Record<string, unknown> {
  // The checklist as typed, line by line, so a message names the line of the box it is about.
  const body: Record<string, unknown> = {
    name: draft.name,
    slug: draft.slug.trim(),
    pricingModel: draft.pricingModel,
    checklist: typedLines(draft.checklist),
  };
  if (draft.pricingModel === "HOURLY") {
    Object.assign(body, {
      ratePerHour: draft.ratePerHour,
      minHours: draft.minHours,
      maxHours: draft.maxHours,
      stepHours: draft.stepHours,
    });
  } else if (draft.pricingModel === "BEDROOMS") {
    body.bedroomPrices = draft.bedroomPrices.map((row) => ({
      bedrooms: row.bedrooms,
      price: row.price,
      durationMinutes: row.durationMinutes,
    }));
  } else {
    body.basePrice = draft.basePrice;
    body.durationMinutes = draft.durationMinutes;
  }
  return body;
}

function toServiceBody(raw: Record<string, unknown>): ServiceBody {
  const num = (value: unknown) => Number(value);
  const body: ServiceBody = {
    name: String(raw.name).trim(),
    slug: String(raw.slug),
    pricingModel: raw.pricingModel as PricingModel,
  };
  for (const key of ["ratePerHour", "minHours", "maxHours", "stepHours", "basePrice", "durationMinutes"] as const) {
    if (raw[key] !== undefined) body[key] = num(raw[key]);
  }
  if (Array.isArray(raw.bedroomPrices)) {
    body.bedroomPrices = raw.bedroomPrices.map((row: { bedrooms: string; price: string; durationMinutes: string }) => ({
      bedrooms: num(row.bedrooms),
      price: num(row.price),
      durationMinutes: num(row.durationMinutes),
    }));
  }
  return body;
}

/**
 * The checklist goes when it says something new: on create when it has items, on edit when it
 * differs from the saved one (an edit sends only what it changes).
 */
function withChecklist(body: ServiceBody, text: string, service?: StaffServiceDto): ServiceBody {
  const checklist = checklistOf(text);
  const changed = service ? !sameChecklist(checklist, service.checklist ?? []) : checklist.length > 0;
  return changed ? { ...body, checklist } : body;
}

interface ServiceFormProps {
  /** The service being edited; absent when creating. */
  service?: StaffServiceDto;
  submitLabel: string;
  busyLabel: string;
  /** Sends the body; throws the ApiError of a failed call. */
  onSubmit: (body: ServiceBody) => Promise<void>;
  onCancel?: () => void;
  /** The failure text when the server gives none. */
  failureText: string;
}

/** Create and edit form of a service: the fields follow the pricing model (admin-area.md section 2). */
export function ServiceForm({ service, submitLabel, busyLabel, onSubmit, onCancel, failureText }: ServiceFormProps) {
  const [initial] = useState<ServiceDraft>(() => draftOf(service));
  const [slugTouched, setSlugTouched] = useState(Boolean(service));
  const { form, values: draft, errorsOf, failure, working, formRef, submit, setField: set } = useStaffForm({
    defaultValues: initial,
    // Core's rules judge the body as typed (numbers still text); the numbers are read only to send it.
    resolver: coreSchemaResolver<ServiceDraft, Record<string, unknown>>(service ? serviceUpdateSchema : serviceInputSchema, rawBody, true),
    onSubmit: async (raw, values) => {
      await onSubmit(withChecklist(toServiceBody(raw), values.checklist, service));
      // The empty form for the next one is what is "loaded" now: leaving it loses nothing (issue 34).
      if (!service) setSlugTouched(false);
    },
    afterSave: service ? "keep" : "empty",
    guardUnsaved: true,
    // The server counts the items sent (blank lines left out): its messages go to the lines typed.
    serverErrors: (fieldErrors, _body, values) => checklistErrorsByLine(fieldErrors, values.checklist),
  });
  const { register } = form;
  const modelName = useId();

  const setRow = (key: number, patch: Partial<BedroomRow>) =>
    set("bedroomPrices", draft.bedroomPrices.map((row) => (row.key === key ? { ...row, ...patch } : row)));
  const addRow = () => {
    const highest = Math.max(0, ...draft.bedroomPrices.map((row) => Number(row.bedrooms) || 0));
    set("bedroomPrices", [
      ...draft.bedroomPrices,
      { key: nextKey(), bedrooms: String(highest + 1), price: "", durationMinutes: String(DEFAULT_VISIT_MINUTES) },
    ]);
  };

  const rowsError = errorsOf("bedroomPrices");
  const checklistErrors = checklistMessages(get(form.formState.errors, "checklist"));

  return (
    <form ref={formRef} className="service-form" onSubmit={submit} noValidate>
      <div className="admin-form-grid">
        <FormField label="Name" errors={errorsOf("name")}>
          {(control) => (
            <input
              {...control}
              className="admin-input"
              required
              maxLength={120}
              {...register("name", {
                onChange: (event) => {
                  if (!slugTouched) set("slug", slugify(event.target.value));
                },
              })}
            />
          )}
        </FormField>
        <FormField label="Slug" errors={errorsOf("slug")} hint="Lowercase letters, numbers and hyphens.">
          {(control) => (
            <input
              {...control}
              className="admin-input"
              required
              maxLength={120}
              autoCapitalize="none"
              spellCheck={false}
              {...register("slug", { onChange: () => setSlugTouched(true) })}
            />
          )}
        </FormField>
        <fieldset className="admin-fieldset admin-form-grid--wide">
          <legend>Pricing model</legend>
          <div className="admin-radio-row">
            {PRICING_MODELS.map((model) => (
              <label key={model}>
                <input
                  type="radio"
                  name={modelName}
                  value={model}
                  checked={draft.pricingModel === model}
                  onChange={() => set("pricingModel", model)}
                />
                {MODEL_LABELS[model]}
              </label>
            ))}
          </div>
        </fieldset>

        {draft.pricingModel === "HOURLY" && (
          <>
            <FormField label="Rate per hour" errors={errorsOf("ratePerHour")}>
              {(control) => <MoneyInput {...control} value={draft.ratePerHour} onChange={(v) => set("ratePerHour", v)} />}
            </FormField>
            <FormField label="Minimum hours" errors={errorsOf("minHours")}>
              {(control) => (
                <input {...control} className="admin-input" type="number" inputMode="decimal" min={0} max={24} step="0.5" {...register("minHours")} />
              )}
            </FormField>
            <FormField label="Maximum hours" errors={errorsOf("maxHours")}>
              {(control) => (
                <input {...control} className="admin-input" type="number" inputMode="decimal" min={0} max={24} step="0.5" {...register("maxHours")} />
              )}
            </FormField>
            <FormField label="Step (hours)" errors={errorsOf("stepHours")}>
              {(control) => (
                <input {...control} className="admin-input" type="number" inputMode="decimal" min={0} step="0.5" {...register("stepHours")} />
              )}
            </FormField>
            <p className="admin-field__hint admin-form-grid--wide">{HOURLY_LENGTH_NOTE}</p>
          </>
        )}

        {draft.pricingModel === "FIXED" && (
          <>
            <FormField label="Base price" errors={errorsOf("basePrice")}>
              {(control) => <MoneyInput {...control} value={draft.basePrice} onChange={(v) => set("basePrice", v)} />}
            </FormField>
            <FormField label="Visit length (minutes)" hint={VISIT_LENGTH_HINT} errors={errorsOf("durationMinutes")}>
              {(control) => (
                <input {...control} className="admin-input" type="number" inputMode="numeric" min={VISIT.min} max={VISIT.max}
                  step={1} {...register("durationMinutes")} />
              )}
            </FormField>
          </>
        )}

        {draft.pricingModel === "BEDROOMS" && (
          <fieldset className="admin-fieldset admin-form-grid--wide" aria-describedby={rowsError ? `${modelName}-rows-error` : undefined}>
            <legend>Bedroom prices</legend>
            <p className="admin-field__hint service-form__rows-hint">
              One price per number of bedrooms; 0 bedrooms is a studio. Each row also says how long its visit takes:
              {" "}{VISIT.min} to {VISIT.max} minutes.
            </p>
            <ul className="service-form__rows">
              {draft.bedroomPrices.map((row, index) => (
                <li key={row.key} className="service-form__row">
                  <FormField label={index === 0 ? "Bedrooms" : `Bedrooms, row ${index + 1}`} labelHidden={index > 0}
                    errors={errorsOf(`bedroomPrices.${index}.bedrooms`)}>
                    {(control) => (
                      <input {...control} className="admin-input" type="number" inputMode="numeric" min={0} step={1}
                        value={row.bedrooms} onChange={(event) => setRow(row.key, { bedrooms: event.target.value })} />
                    )}
                  </FormField>
                  <FormField label={index === 0 ? "Price" : `Price, row ${index + 1}`} labelHidden={index > 0}
                    errors={errorsOf(`bedroomPrices.${index}.price`)}>
                    {(control) => <MoneyInput {...control} value={row.price} onChange={(v) => setRow(row.key, { price: v })} />}
                  </FormField>
                  <FormField label={index === 0 ? "Length (minutes)" : `Length (minutes), row ${index + 1}`}
                    labelHidden={index > 0} errors={errorsOf(`bedroomPrices.${index}.durationMinutes`)}>
                    {(control) => (
                      <input {...control} className="admin-input" type="number" inputMode="numeric" min={VISIT.min}
                        max={VISIT.max} step={1} value={row.durationMinutes}
                        onChange={(event) => setRow(row.key, { durationMinutes: event.target.value })} />
                    )}
                  </FormField>
                  <button
                    type="button"
                    className={`admin-button admin-button--danger admin-button--small service-form__remove${index === 0 ? " service-form__remove--first" : ""}`}
                    aria-label={`Remove row ${index + 1} (${row.bedrooms || "?"} bedrooms)`}
                    disabled={draft.bedroomPrices.length <= 1}
                    onClick={() => set("bedroomPrices", draft.bedroomPrices.filter((other) => other.key !== row.key))}
                  >
                    Remove
                  </button>
                </li>
              ))}
            </ul>
            {rowsError && <p id={`${modelName}-rows-error`} className="admin-field__error">{rowsError.join(" ")}</p>}
            <button type="button" className="admin-button admin-button--secondary admin-button--small" onClick={addRow}>
              Add row
            </button>
          </fieldset>
        )}
      </div>

      <FormField label={CHECKLIST_TEXT.label} hint={CHECKLIST_TEXT.hint} errors={checklistErrors} className="service-form__checklist">
        {(control) => (
          <textarea {...control} className="admin-input service-form__checklist-box" rows={6} placeholder={CHECKLIST_TEXT.placeholder}
            {...register("checklist")} />
        )}
      </FormField>

      {failure !== null && <p className="admin-alert service-form__failure" role="alert">{serverMessageOr(failure, failureText)}</p>}

      <div className="admin-form-actions">
        <button type="submit" className="admin-button admin-button--primary" disabled={working}>
          {working ? busyLabel : submitLabel}
        </button>
        {onCancel && (
          <button type="button" className="admin-button admin-button--secondary" onClick={onCancel} disabled={working}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}

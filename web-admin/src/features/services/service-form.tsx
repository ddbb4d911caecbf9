import { type FormEvent, useId, useRef, useState } from "react";
import { serverMessageOr } from "@yarra/api/client/error-catalogue.ts";
import type { PricingModel, ServiceDto } from "@yarra/api/client/types.ts";
import { CATALOG_LIMITS, DEFAULT_VISIT_MINUTES } from "@yarra/core/catalog/constants.ts";
import { PRICING_MODELS, SERVICE_DEFAULTS } from "@yarra/core/catalog/types.ts";
import { validateServiceInput } from "@yarra/core/catalog/validation.ts";
import { fieldErrorsOf } from "../../ui/failure.ts";
import { FormField } from "../../ui/form-field.tsx";
import { MoneyInput } from "../../ui/money-input.tsx";
import type { ServiceBody } from "./services-api.ts";
import { useUnsavedChanges } from "../../lib/unsaved-changes.ts";

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
}

let rowKey = 0;
const nextKey = () => ++rowKey;

function draftOf(service?: ServiceDto): ServiceDraft {
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
  };
}

/** A slug suggested from the name while staff have not typed one of their own. */
export const slugify = (name: string) =>
  name.toLowerCase().normalize("NFKD").replace(/[\u0300-\u036f]/g, "").replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "");

/** The body as typed (numbers still text), so core's rules judge exactly what staff entered. */
function rawBody(draft: ServiceDraft): Record<string, unknown> {
  const body: Record<string, unknown> = { name: draft.name, slug: draft.slug.trim(), pricingModel: draft.pricingModel };
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

interface ServiceFormProps {
  /** The service being edited; absent when creating. */
  service?: ServiceDto;
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
  const [draft, setDraft] = useState<ServiceDraft>(initial);
  // What was loaded, to tell unsaved changes from none (the draft's row keys are part of it).
  const [loaded, setLoaded] = useState(() => JSON.stringify(initial));
  const [slugTouched, setSlugTouched] = useState(Boolean(service));
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [working, setWorking] = useState(false);
  useUnsavedChanges(!working && JSON.stringify(draft) !== loaded);
  const mode = service ? "update" : "create";
  const modelName = useId();
  const formRef = useRef<HTMLFormElement>(null);

  const set = <K extends keyof ServiceDraft>(key: K, value: ServiceDraft[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));
  const setRow = (key: number, patch: Partial<BedroomRow>) =>
    set("bedroomPrices", draft.bedroomPrices.map((row) => (row.key === key ? { ...row, ...patch } : row)));
  const addRow = () => {
    const highest = Math.max(0, ...draft.bedroomPrices.map((row) => Number(row.bedrooms) || 0));
    set("bedroomPrices", [
      ...draft.bedroomPrices,
      { key: nextKey(), bedrooms: String(highest + 1), price: "", durationMinutes: String(DEFAULT_VISIT_MINUTES) },
    ]);
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (working) return;
    const raw = rawBody(draft);
    const verdict = validateServiceInput(raw, mode);
    if (!verdict.ok) {
      setErrors(verdict.error.fieldErrors ?? {});
      setFailure(null);
      // Focus the first field in error so keyboard and screen-reader users land on it.
      queueMicrotask(() => formRef.current?.querySelector<HTMLElement>("[aria-invalid='true']")?.focus());
      return;
    }
    setErrors({});
    setFailure(null);
    setWorking(true);
    try {
      await onSubmit(toServiceBody(raw));
      if (!service) {
        // The empty form for the next one is what is "loaded" now: leaving it loses nothing (issue 34).
        const fresh = draftOf();
        setDraft(fresh);
        setLoaded(JSON.stringify(fresh));
        setSlugTouched(false);
      }
    } catch (error) {
      setErrors(fieldErrorsOf(error));
      setFailure(serverMessageOr(error, failureText));
    } finally {
      setWorking(false);
    }
  }

  const rowsError = errors.bedroomPrices;

  return (
    <form ref={formRef} className="service-form" onSubmit={submit} noValidate>
      <div className="admin-form-grid">
        <FormField label="Name" errors={errors.name}>
          {(control) => (
            <input
              {...control}
              className="admin-input"
              value={draft.name}
              required
              maxLength={120}
              onChange={(event) => {
                const name = event.target.value;
                setDraft((current) => ({ ...current, name, slug: slugTouched ? current.slug : slugify(name) }));
              }}
            />
          )}
        </FormField>
        <FormField label="Slug" errors={errors.slug} hint="Lowercase letters, numbers and hyphens.">
          {(control) => (
            <input
              {...control}
              className="admin-input"
              value={draft.slug}
              required
              maxLength={120}
              autoCapitalize="none"
              spellCheck={false}
              onChange={(event) => {
                setSlugTouched(true);
                set("slug", event.target.value);
              }}
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
            <FormField label="Rate per hour" errors={errors.ratePerHour}>
              {(control) => <MoneyInput {...control} value={draft.ratePerHour} onChange={(v) => set("ratePerHour", v)} />}
            </FormField>
            <FormField label="Minimum hours" errors={errors.minHours}>
              {(control) => (
                <input {...control} className="admin-input" type="number" inputMode="decimal" min={0} max={24} step="0.5"
                  value={draft.minHours} onChange={(event) => set("minHours", event.target.value)} />
              )}
            </FormField>
            <FormField label="Maximum hours" errors={errors.maxHours}>
              {(control) => (
                <input {...control} className="admin-input" type="number" inputMode="decimal" min={0} max={24} step="0.5"
                  value={draft.maxHours} onChange={(event) => set("maxHours", event.target.value)} />
              )}
            </FormField>
            <FormField label="Step (hours)" errors={errors.stepHours}>
              {(control) => (
                <input {...control} className="admin-input" type="number" inputMode="decimal" min={0} step="0.5"
                  value={draft.stepHours} onChange={(event) => set("stepHours", event.target.value)} />
              )}
            </FormField>
            <p className="admin-field__hint admin-form-grid--wide">{HOURLY_LENGTH_NOTE}</p>
          </>
        )}

        {draft.pricingModel === "FIXED" && (
          <>
            <FormField label="Base price" errors={errors.basePrice}>
              {(control) => <MoneyInput {...control} value={draft.basePrice} onChange={(v) => set("basePrice", v)} />}
            </FormField>
            <FormField label="Visit length (minutes)" hint={VISIT_LENGTH_HINT} errors={errors.durationMinutes}>
              {(control) => (
                <input {...control} className="admin-input" type="number" inputMode="numeric" min={VISIT.min} max={VISIT.max}
                  step={1} value={draft.durationMinutes} onChange={(event) => set("durationMinutes", event.target.value)} />
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
                    errors={errors[`bedroomPrices.${index}.bedrooms`]}>
                    {(control) => (
                      <input {...control} className="admin-input" type="number" inputMode="numeric" min={0} step={1}
                        value={row.bedrooms} onChange={(event) => setRow(row.key, { bedrooms: event.target.value })} />
                    )}
                  </FormField>
                  <FormField label={index === 0 ? "Price" : `Price, row ${index + 1}`} labelHidden={index > 0}
                    errors={errors[`bedroomPrices.${index}.price`]}>
                    {(control) => <MoneyInput {...control} value={row.price} onChange={(v) => setRow(row.key, { price: v })} />}
                  </FormField>
                  <FormField label={index === 0 ? "Length (minutes)" : `Length (minutes), row ${index + 1}`}
                    labelHidden={index > 0} errors={errors[`bedroomPrices.${index}.durationMinutes`]}>
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

      {failure && <p className="admin-alert service-form__failure" role="alert">{failure}</p>}

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

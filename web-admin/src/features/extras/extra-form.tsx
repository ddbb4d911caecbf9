import { type FormEvent, useRef, useState } from "react";
import { serverMessageOr } from "@yarra/api/client/error-catalogue.ts";
import type { ExtraDto } from "@yarra/api/client/types.ts";
import { CATALOG_LIMITS, DEFAULT_EXTRA_MAX_QUANTITY } from "@yarra/core/catalog/constants.ts";
import { validateExtraInput } from "@yarra/core/catalog/validation.ts";
import { fieldErrorsOf } from "../../ui/failure.ts";
import { FormField } from "../../ui/form-field.tsx";
import { MoneyInput } from "../../ui/money-input.tsx";
import type { ExtraBody } from "./extras-api.ts";

export const IMAGE_HINT = "Previews show for https:// addresses only.";
export const IMAGE_BROKEN = "The image at this address could not be loaded.";
export const ADDS_MINUTES_HINT =
  `Minutes one of this extra adds to the visit (each unit, when it has a quantity): 0 to ${CATALOG_LIMITS.extraMinutes}.`;

/** True for an address the preview may load: https only, as the server accepts. */
export function isHttpsUrl(text: string): boolean {
  if (!/^https:\/\//i.test(text)) return false;
  try {
    return new URL(text).protocol === "https:";
  } catch {
    return false;
  }
}

interface ExtraDraft {
  title: string;
  price: string;
  hasQuantity: boolean;
  /** As typed, so the box can be cleared and retyped. */
  maxQuantity: string;
  /** Minutes one of it adds to the visit, as typed. */
  durationMinutes: string;
  imageUrl: string;
  description: string;
}

const draftOf = (extra?: ExtraDto): ExtraDraft => ({
  title: extra?.title ?? "",
  price: extra ? String(extra.price) : "",
  hasQuantity: extra?.hasQuantity ?? false,
  maxQuantity: String(extra?.maxQuantity ?? DEFAULT_EXTRA_MAX_QUANTITY),
  durationMinutes: String(extra?.durationMinutes ?? 0),
  imageUrl: extra?.imageUrl ?? "",
  description: extra?.description ?? "",
});

/** admin-area.md section 5: a service chosen, a title, and a price of 0 or more. */
export function canAddExtra(serviceId: string, draft: Pick<ExtraDraft, "title" | "price">): boolean {
  const price = draft.price.trim() === "" ? Number.NaN : Number(draft.price);
  return serviceId !== "" && draft.title.trim() !== "" && Number.isFinite(price) && price >= 0;
}

interface ExtraFormProps {
  /** The service new extras go to ('' when none is chosen). */
  serviceId: string;
  extra?: ExtraDto;
  submitLabel: string;
  busyLabel: string;
  failureText: string;
  onSubmit: (body: ExtraBody) => Promise<void>;
  onCancel?: () => void;
}

/** Add and edit form of an extra, with a live preview of an https image. */
export function ExtraForm({ serviceId, extra, submitLabel, busyLabel, failureText, onSubmit, onCancel }: ExtraFormProps) {
  const [draft, setDraft] = useState<ExtraDraft>(() => draftOf(extra));
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [working, setWorking] = useState(false);
  const [brokenUrl, setBrokenUrl] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const set = <K extends keyof ExtraDraft>(key: K, value: ExtraDraft[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));

  const ready = canAddExtra(extra ? extra.serviceId : serviceId, draft);
  const imageUrl = draft.imageUrl.trim();
  const showPreview = isHttpsUrl(imageUrl);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!ready || working) return;
    const body: ExtraBody = {
      title: draft.title.trim(),
      price: Number(draft.price),
      hasQuantity: draft.hasQuantity,
      // A maximum counts only for an extra sold by the unit; blank is not a number, so core names it.
      ...(draft.hasQuantity ? { maxQuantity: draft.maxQuantity.trim() === "" ? Number.NaN : Number(draft.maxQuantity) } : {}),
      durationMinutes: draft.durationMinutes.trim() === "" ? Number.NaN : Number(draft.durationMinutes),
      imageUrl,
      description: draft.description.trim(),
    };
    if (!extra) body.serviceId = serviceId;
    const verdict = validateExtraInput(body, extra ? "update" : "create");
    if (!verdict.ok) {
      setErrors(verdict.error.fieldErrors ?? {});
      queueMicrotask(() => formRef.current?.querySelector<HTMLElement>("[aria-invalid='true']")?.focus());
      return;
    }
    setErrors({});
    setFailure(null);
    setWorking(true);
    try {
      await onSubmit(body);
      if (!extra) setDraft(draftOf());
    } catch (error) {
      setErrors(fieldErrorsOf(error));
      setFailure(serverMessageOr(error, failureText));
    } finally {
      setWorking(false);
    }
  }

  return (
    <form ref={formRef} className="extra-form" onSubmit={submit} noValidate>
      <div className="admin-form-grid">
        <FormField label="Title" errors={errors.title}>
          {(control) => (
            <input {...control} className="admin-input" value={draft.title} maxLength={120} required
              onChange={(event) => set("title", event.target.value)} />
          )}
        </FormField>
        <FormField label="Price" errors={errors.price}>
          {(control) => <MoneyInput {...control} required value={draft.price} onChange={(value) => set("price", value)} />}
        </FormField>
        <div className="extra-form__check">
          <label className="admin-check">
            <input type="checkbox" checked={draft.hasQuantity} onChange={(event) => set("hasQuantity", event.target.checked)} />
            Has quantity
          </label>
        </div>
        {draft.hasQuantity && (
          <FormField
            label="Maximum quantity"
            hint={`The most one booking may take: 1 to ${CATALOG_LIMITS.maxQuantity}.`}
            errors={errors.maxQuantity}
          >
            {(control) => (
              <input {...control} className="admin-input" type="number" inputMode="numeric" min={1}
                max={CATALOG_LIMITS.maxQuantity} step={1} value={draft.maxQuantity}
                onChange={(event) => set("maxQuantity", event.target.value)} />
            )}
          </FormField>
        )}
        <FormField label="Adds minutes" hint={ADDS_MINUTES_HINT} errors={errors.durationMinutes}>
          {(control) => (
            <input {...control} className="admin-input" type="number" inputMode="numeric" min={0}
              max={CATALOG_LIMITS.extraMinutes} step={1} value={draft.durationMinutes}
              onChange={(event) => set("durationMinutes", event.target.value)} />
          )}
        </FormField>
        <FormField
          label="Image URL"
          className="admin-form-grid--wide"
          errors={errors.imageUrl}
          hint={imageUrl !== "" && !showPreview ? IMAGE_HINT : brokenUrl === imageUrl && showPreview ? IMAGE_BROKEN : undefined}
        >
          {(control) => (
            <input {...control} className="admin-input" type="url" inputMode="url" placeholder="https://"
              value={draft.imageUrl} onChange={(event) => set("imageUrl", event.target.value)} />
          )}
        </FormField>
        {showPreview && brokenUrl !== imageUrl && (
          <figure className="extra-form__preview admin-form-grid--wide">
            <img src={imageUrl} alt={`Preview of ${draft.title.trim() || "the extra"}`} onError={() => setBrokenUrl(imageUrl)} />
            <figcaption>Preview</figcaption>
          </figure>
        )}
        <FormField label="Description" className="admin-form-grid--wide" errors={errors.description}>
          {(control) => (
            <textarea {...control} className="admin-input" rows={2} maxLength={500} value={draft.description}
              onChange={(event) => set("description", event.target.value)} />
          )}
        </FormField>
      </div>
      {failure && <p className="admin-alert extra-form__failure" role="alert">{failure}</p>}
      <div className="admin-form-actions">
        <button type="submit" className="admin-button admin-button--primary" disabled={!ready || working}>
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

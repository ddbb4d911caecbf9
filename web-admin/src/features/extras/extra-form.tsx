import { useState } from "react";
import { serverMessageOr } from "@yarra/api/client/error-catalogue.ts";
import type { ExtraDto } from "@yarra/api/client/types.ts";
import { CATALOG_LIMITS, DEFAULT_EXTRA_MAX_QUANTITY } from "@yarra/core/catalog/constants.ts";
import { extraInputSchema, extraUpdateSchema } from "@yarra/core/catalog/schemas.ts";
import { coreSchemaResolver, useStaffForm } from "../../lib/use-staff-form.ts";
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

/** The request body of the draft; `serviceId` only for a new extra. */
function bodyOf(draft: ExtraDraft, serviceId: string | null): ExtraBody {
  const body: ExtraBody = {
    title: draft.title.trim(),
    price: Number(draft.price),
    hasQuantity: draft.hasQuantity,
    // A maximum counts only for an extra sold by the unit; blank is not a number, so core names it.
    ...(draft.hasQuantity ? { maxQuantity: draft.maxQuantity.trim() === "" ? Number.NaN : Number(draft.maxQuantity) } : {}),
    durationMinutes: draft.durationMinutes.trim() === "" ? Number.NaN : Number(draft.durationMinutes),
    imageUrl: draft.imageUrl.trim(),
    description: draft.description.trim(),
  };
  if (serviceId !== null) body.serviceId = serviceId;
  return body;
}

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
  const { form, values: draft, errorsOf, failure, working, formRef, submit, setField } = useStaffForm<ExtraDraft, ExtraBody>({
    defaultValues: draftOf(extra),
    // The body as built is what is sent; core's schema for a new extra or a patch checks it first.
    resolver: coreSchemaResolver(extra ? extraUpdateSchema : extraInputSchema, (values) => bodyOf(values, extra ? null : serviceId), true),
    onSubmit,
    afterSave: extra ? "keep" : "empty",
  });
  const { register } = form;
  const [brokenUrl, setBrokenUrl] = useState<string | null>(null);

  const ready = canAddExtra(extra ? extra.serviceId : serviceId, draft);
  const imageUrl = draft.imageUrl.trim();
  const showPreview = isHttpsUrl(imageUrl);

  return (
    <form ref={formRef} className="extra-form" onSubmit={(event) => (ready ? submit(event) : event.preventDefault())} noValidate>
      <div className="admin-form-grid">
        <FormField label="Title" errors={errorsOf("title")}>
          {(control) => <input {...control} className="admin-input" maxLength={120} required {...register("title")} />}
        </FormField>
        <FormField label="Price" errors={errorsOf("price")}>
          {(control) => <MoneyInput {...control} required value={draft.price} onChange={(value) => setField("price", value)} />}
        </FormField>
        <div className="extra-form__check">
          <label className="admin-check">
            <input type="checkbox" {...register("hasQuantity")} />
            Has quantity
          </label>
        </div>
        {draft.hasQuantity && (
          <FormField
            label="Maximum quantity"
            hint={`The most one booking may take: 1 to ${CATALOG_LIMITS.maxQuantity}.`}
            errors={errorsOf("maxQuantity")}
          >
            {(control) => (
              <input {...control} className="admin-input" type="number" inputMode="numeric" min={1}
                max={CATALOG_LIMITS.maxQuantity} step={1} {...register("maxQuantity")} />
            )}
          </FormField>
        )}
        <FormField label="Adds minutes" hint={ADDS_MINUTES_HINT} errors={errorsOf("durationMinutes")}>
          {(control) => (
            <input {...control} className="admin-input" type="number" inputMode="numeric" min={0}
              max={CATALOG_LIMITS.extraMinutes} step={1} {...register("durationMinutes")} />
          )}
        </FormField>
        <FormField
          label="Image URL"
          className="admin-form-grid--wide"
          errors={errorsOf("imageUrl")}
          hint={imageUrl !== "" && !showPreview ? IMAGE_HINT : brokenUrl === imageUrl && showPreview ? IMAGE_BROKEN : undefined}
        >
          {(control) => (
            <input {...control} className="admin-input" type="url" inputMode="url" placeholder="https://"
              {...register("imageUrl")} />
          )}
        </FormField>
        {showPreview && brokenUrl !== imageUrl && (
          <figure className="extra-form__preview admin-form-grid--wide">
            <img src={imageUrl} alt={`Preview of ${draft.title.trim() || "the extra"}`} onError={() => setBrokenUrl(imageUrl)} />
            <figcaption>Preview</figcaption>
          </figure>
        )}
        <FormField label="Description" className="admin-form-grid--wide" errors={errorsOf("description")}>
          {(control) => (
            <textarea {...control} className="admin-input" rows={2} maxLength={500} {...register("description")} />
          )}
        </FormField>
      </div>
      {failure !== null && <p className="admin-alert extra-form__failure" role="alert">{serverMessageOr(failure, failureText)}</p>}
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

import { ApiError, isApiError } from "@yarra/api/client/http.ts";
import { describeFailure } from "@yarra/api/client/error-catalogue.ts";
import { DEFAULT_INQUIRY_TYPE, type InquiryType } from "@yarra/core/inquiry/types.ts";
import { canSendInquiry } from "@yarra/core/inquiry/validation.ts";
import { type ChangeEvent, type FormEvent, useId, useRef, useState } from "react";
import "../../ui/button.css";
import { ErrorAlert } from "../../ui/error-alert.tsx";
import { INQUIRY_TYPE_OPTIONS } from "./inquiry-types.ts";
import { newIdempotencyKey } from "../../lib/idempotency-key.ts";
import { type InquiryFields, sendInquiry } from "./send-inquiry.ts";

/** public-site.md section 8. */
export const INQUIRY_SUCCESS = "Thanks! Your inquiry has been sent. We’ll contact you shortly.";
export const INQUIRY_FAILURE = "Could not send your inquiry";

type TextField = Exclude<keyof InquiryFields, "inquiryType">;
type Status = "idle" | "sending" | "success" | "error";

const EMPTY_TEXT: Omit<InquiryFields, "inquiryType"> = {
  firstName: "",
  lastName: "",
  email: "",
  phone: "",
  suburb: "",
  message: "",
};

const TEXT_FIELDS: { name: TextField; label: string; type: string; autoComplete: string; wide?: boolean }[] = [
  { name: "firstName", label: "First name", type: "text", autoComplete: "given-name" },
  { name: "lastName", label: "Last name", type: "text", autoComplete: "family-name" },
  { name: "email", label: "Email", type: "email", autoComplete: "email" },
  { name: "phone", label: "Phone", type: "tel", autoComplete: "tel" },
  { name: "suburb", label: "Suburb", type: "text", autoComplete: "address-level2", wide: true },
];

/** The commercial Get a Quote form: idle, sending, then success (cleared, type kept) or error. */
export function InquiryForm() {
  const id = useId();
  const [fields, setFields] = useState<InquiryFields>({ inquiryType: DEFAULT_INQUIRY_TYPE, ...EMPTY_TEXT });
  const [status, setStatus] = useState<Status>("idle");
  const [failure, setFailure] = useState<ApiError | null>(null);
  // One key per distinct submission: resending the same fields after a failure reuses it.
  const lastAttempt = useRef<{ body: string; key: string } | null>(null);

  const sending = status === "sending";
  const canSend = canSendInquiry(fields) && !sending;
  const fieldErrors = failure?.fieldErrors ?? {};

  const update = (name: keyof InquiryFields) => (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => {
    const value = event.target.value;
    setFields((current) => ({ ...current, [name]: value }));
    if (status === "success") setStatus("idle");
  };

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!canSend) return;
    const body = JSON.stringify(fields);
    const key = lastAttempt.current?.body === body ? lastAttempt.current.key : newIdempotencyKey();
    lastAttempt.current = { body, key };
    setStatus("sending");
    setFailure(null);
    try {
      await sendInquiry(fields, key);
      setFields((current) => ({ inquiryType: current.inquiryType, ...EMPTY_TEXT }));
      lastAttempt.current = null;
      setStatus("success");
    } catch (error) {
      setFailure(isApiError(error) ? error : new ApiError(describeFailure({}), { cause: error }));
      setStatus("error");
    }
  }

  const describedBy = (name: string, extra?: string) =>
    [fieldErrors[name]?.length ? `${id}-${name}-error` : "", extra ?? ""].filter(Boolean).join(" ") || undefined;
  const errorText = (name: string) =>
    fieldErrors[name]?.length
      ? <p className="inquiry-form__field-error" id={`${id}-${name}-error`}>{fieldErrors[name].join(" ")}</p>
      : null;

  return (
    <form className="inquiry-form" onSubmit={onSubmit} noValidate aria-describedby={`${id}-note`}>
      <p className="inquiry-form__note" id={`${id}-note`}>All fields are required.</p>

      <div className="inquiry-form__grid">
        <div className="inquiry-form__field inquiry-form__field--wide">
          <label htmlFor={`${id}-inquiryType`}>Inquiry type</label>
          <select
            id={`${id}-inquiryType`}
            name="inquiryType"
            value={fields.inquiryType}
            onChange={update("inquiryType")}
            required
            aria-invalid={fieldErrors.inquiryType?.length ? true : undefined}
            aria-describedby={describedBy("inquiryType")}
          >
            {INQUIRY_TYPE_OPTIONS.map((option) => (
              <option key={option.value} value={option.value as InquiryType}>{option.label}</option>
            ))}
          </select>
          {errorText("inquiryType")}
        </div>

        {TEXT_FIELDS.map((field) => (
          <div key={field.name} className={`inquiry-form__field${field.wide ? " inquiry-form__field--wide" : ""}`}>
            <label htmlFor={`${id}-${field.name}`}>{field.label}</label>
            <input
              id={`${id}-${field.name}`}
              name={field.name}
              type={field.type}
              autoComplete={field.autoComplete}
              value={fields[field.name]}
              onChange={update(field.name)}
              required
              aria-invalid={fieldErrors[field.name]?.length ? true : undefined}
              aria-describedby={describedBy(field.name)}
            />
            {errorText(field.name)}
          </div>
        ))}

        <div className="inquiry-form__field inquiry-form__field--wide">
          <label htmlFor={`${id}-message`}>Message</label>
          <textarea
            id={`${id}-message`}
            name="message"
            rows={5}
            value={fields.message}
            onChange={update("message")}
            required
            placeholder="Tell us about your site, how often you need cleaning and any special requirements."
            aria-invalid={fieldErrors.message?.length ? true : undefined}
            aria-describedby={describedBy("message")}
          />
          {errorText("message")}
        </div>
      </div>

      <div className="inquiry-form__status" role="status" aria-live="polite">
        {status === "success" && <p className="inquiry-form__success">{INQUIRY_SUCCESS}</p>}
        {status === "error" && <p className="inquiry-form__failure">{INQUIRY_FAILURE}</p>}
      </div>
      {status === "error" && failure && (
        <ErrorAlert
          failure={failure}
          onDismiss={() => {
            setFailure(null);
            setStatus("idle");
          }}
        />
      )}

      <button type="submit" className="button button--primary inquiry-form__send" disabled={!canSend}>
        {sending ? "Sending…" : "Send Inquiry"}
      </button>
    </form>
  );
}

import "../../lib/zod-without-eval.ts";
import { ApiError, isApiError } from "@yarra/api/client/http.ts";
import { describeFailure } from "@yarra/api/client/error-catalogue.ts";
import { inquirySchema } from "@yarra/core/inquiry/schemas.ts";
import { DEFAULT_INQUIRY_TYPE, type InquiryType } from "@yarra/core/inquiry/types.ts";
import { canSendInquiry } from "@yarra/core/inquiry/validation.ts";
import { parseInput } from "@yarra/core/shared/parse-input.ts";
import type { FieldErrors } from "@yarra/core/shared/result.ts";
import { type ChangeEvent, type FocusEvent, type FormEvent, useEffect, useId, useRef, useState } from "react";
import "../../ui/button.css";
import { ErrorAlert } from "../../ui/error-alert.tsx";
import { LegalLinks } from "../../ui/legal-links.tsx";
import { INQUIRY_TYPE_OPTIONS } from "./inquiry-types.ts";
import { newIdempotencyKey } from "../../lib/idempotency-key.ts";
import { type InquiryFields, sendInquiry } from "./send-inquiry.ts";

/** public-site.md section 8. */
export const INQUIRY_SUCCESS = "Thanks! Your inquiry has been sent. We’ll contact you shortly.";
export const INQUIRY_FAILURE = "Could not send your inquiry";
/** After the spec's success text (issue 34): the reference the e-mails quote too. */
export const inquiryReferenceText = (reference: string) => `Your reference is ${reference}.`;

type TextField = Exclude<keyof InquiryFields, "inquiryType">;
type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
/** invalid: Send found fields to fix before anything was sent. */
type Status = "idle" | "invalid" | "sending" | "success" | "error";

/**
 * The server's own rules and words (core's inquirySchema, which POST /api/inquiries validates
 * with): what the form shows under each field, keyed by field name. Empty when all is well.
 */
export function inquiryFieldErrors(fields: InquiryFields): FieldErrors {
  const checked = parseInput(inquirySchema, fields);
  return checked.ok ? {} : checked.error.fieldErrors ?? {};
}

/** Beside a Send the spec keeps disabled: what it is waiting for. */
export const INQUIRY_SEND_HINT = "Send unlocks once your name, a valid email, phone, suburb and message are filled in.";

/** The banner text of a Send with fields to fix (the booking form's). */
export const INQUIRY_FIX_FIELDS = "Please fix the highlighted fields, then try again.";

/** Without one field's messages (the customer changed it). */
function withoutField(errors: FieldErrors, name: string): FieldErrors {
  if (!(name in errors)) return errors;
  const { [name]: _changed, ...rest } = errors;
  return rest;
}

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
  // The last sent inquiry's reference, shown with the success message.
  const [reference, setReference] = useState<string | null>(null);
  const [failure, setFailure] = useState<ApiError | null>(null);
  // Shown under the fields: the form's own checks (on leaving a changed field, and on Send) and the server's 422.
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [focusRequest, setFocusRequest] = useState(0);
  const changed = useRef(new Set<keyof InquiryFields>());
  const formRef = useRef<HTMLFormElement>(null);
  // One key per distinct submission: resending the same fields after a failure reuses it.
  const lastAttempt = useRef<{ body: string; key: string } | null>(null);

  const sending = status === "sending";
  const complete = canSendInquiry(fields);

  // After the errors are on screen, the first field to fix takes focus (as in the booking form).
  useEffect(() => {
    if (focusRequest > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusRequest]);

  const showFieldErrors = (errors: FieldErrors) => {
    setFieldErrors(errors);
    setFocusRequest((n) => n + 1);
  };

  // Each control's name is its field's.
  const update = (event: ChangeEvent<Control>) => {
    const { name: control, value } = event.target;
    const name = control as keyof InquiryFields;
    changed.current.add(name);
    setFields((current) => ({ ...current, [name]: value }));
    setFieldErrors((current) => withoutField(current, name));
    if (status === "success" || status === "invalid") setStatus("idle");
  };

  // Leaving a field the customer changed says at once what is wrong with it; untouched ones wait for Send.
  const check = (event: FocusEvent<Control>) => {
    const name = event.target.name as keyof InquiryFields;
    if (!changed.current.has(name)) return;
    const messages = inquiryFieldErrors(fields)[name];
    setFieldErrors((current) => messages ? { ...current, [name]: messages } : withoutField(current, name));
  };

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    const found = inquiryFieldErrors(fields);
    if (Object.keys(found).length > 0) {
      setFailure(null);
      setStatus("invalid");
      showFieldErrors(found);
      return;
    }
    const body = JSON.stringify(fields);
    const key = lastAttempt.current?.body === body ? lastAttempt.current.key : newIdempotencyKey();
    lastAttempt.current = { body, key };
    setStatus("sending");
    setFailure(null);
    try {
      const sent = await sendInquiry(fields, key);
      setReference(sent.reference);
      setFields((current) => ({ inquiryType: current.inquiryType, ...EMPTY_TEXT }));
      changed.current.clear();
      setFieldErrors({});
      lastAttempt.current = null;
      setStatus("success");
    } catch (error) {
      const apiError = isApiError(error) ? error : new ApiError(describeFailure({}), { cause: error });
      setFailure(apiError);
      setStatus("error");
      if (apiError.fieldErrors && Object.keys(apiError.fieldErrors).length > 0) showFieldErrors(apiError.fieldErrors);
    }
  }

  const describedBy = (name: string, extra?: string) =>
    [fieldErrors[name]?.length ? `${id}-${name}-error` : "", extra ?? ""].filter(Boolean).join(" ") || undefined;
  const errorText = (name: string) =>
    fieldErrors[name]?.length
      ? <p className="inquiry-form__field-error" id={`${id}-${name}-error`}>{fieldErrors[name].join(" ")}</p>
      : null;

  return (
    <form ref={formRef} className="inquiry-form" onSubmit={onSubmit} noValidate aria-describedby={`${id}-note`}>
      <p className="inquiry-form__note" id={`${id}-note`}>All fields are required.</p>

      <div className="inquiry-form__grid">
        <div className="inquiry-form__field inquiry-form__field--wide">
          <label htmlFor={`${id}-inquiryType`}>Inquiry type</label>
          <select
            id={`${id}-inquiryType`}
            name="inquiryType"
            value={fields.inquiryType}
            onChange={update}
            onBlur={check}
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
              onChange={update}
              onBlur={check}
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
            onChange={update}
            onBlur={check}
            required
            placeholder="Tell us about your site, how often you need cleaning and any special requirements."
            aria-invalid={fieldErrors.message?.length ? true : undefined}
            aria-describedby={describedBy("message")}
          />
          {errorText("message")}
        </div>
      </div>

      <div className="inquiry-form__status" role="status" aria-live="polite">
        {status === "success" && (
          <div className="inquiry-form__success">
            <p>{INQUIRY_SUCCESS}</p>
            {reference && (
              <p className="inquiry-form__reference">
                Your reference is <strong>{reference}</strong>.
              </p>
            )}
          </div>
        )}
        {status === "invalid" && <p className="inquiry-form__failure">{INQUIRY_FIX_FIELDS}</p>}
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

      {/*
        public-site.md section 5: Send stays disabled until the required fields are filled and the
        email matches. Issue 14: it says why, beside it, and each field says what is wrong with it.
      */}
      <button
        type="submit"
        className="button button--primary inquiry-form__send"
        disabled={sending || !complete}
        aria-describedby={complete ? undefined : `${id}-send-hint`}
      >
        {sending ? "Sending…" : "Send Inquiry"}
      </button>
      {!complete && !sending && (
        <p className="inquiry-form__send-hint" id={`${id}-send-hint`}>{INQUIRY_SEND_HINT}</p>
      )}
      <LegalLinks action="sending this inquiry" className="inquiry-form__legal" />
    </form>
  );
}

import { useId, useState } from "react";
import { serverMessageOr } from "@yarra/api/client/error-catalogue.ts";
import type { QuestionScope, QuestionType, ServiceDto } from "@yarra/api/client/types.ts";
import { questionInputSchema } from "@yarra/core/catalog/schemas.ts";
import { type QuestionInput, QUESTION_OPTION_TEMPLATES } from "@yarra/core/catalog/validation.ts";
import { coreSchemaResolver, useStaffForm } from "../../lib/use-staff-form.ts";
import { FormField } from "../../ui/form-field.tsx";
import { QuestionPreview } from "./question-preview.tsx";

export const CREATE_FAILED = "Failed to create question";

const TYPE_LABELS: Record<QuestionType, string> = {
  SINGLE: "Single choice",
  MULTI: "Multiple choice",
  TEXT: "Text",
};
const TYPES: QuestionType[] = ["SINGLE", "MULTI", "TEXT"];
const SCOPE_LABELS: Record<QuestionScope, string> = {
  GLOBAL: "Global (every service)",
  SERVICE: "One service",
};

interface OptionRow {
  key: number;
  label: string;
  value: string;
}

let rowKey = 0;
const optionRow = (label = "", value = ""): OptionRow => ({ key: ++rowKey, label, value });

interface QuestionDraft {
  scope: QuestionScope;
  serviceId: string;
  text: string;
  type: QuestionType;
  helpText: string;
  placeholder: string;
  options: OptionRow[];
  order: string;
  required: boolean;
}

const emptyDraft = (): QuestionDraft => ({
  scope: "GLOBAL",
  serviceId: "",
  text: "",
  type: "SINGLE",
  helpText: "",
  placeholder: "",
  options: [optionRow()],
  order: "1",
  required: false,
});

/** The question as the API takes it, before core trims and checks it. */
function rawInput(draft: QuestionDraft): Record<string, unknown> {
  return {
    scope: draft.scope,
    serviceId: draft.scope === "SERVICE" ? draft.serviceId : null,
    text: draft.text,
    type: draft.type,
    required: draft.required,
    // A blank order is left out, so it defaults to 1.
    order: draft.order.trim() === "" ? undefined : draft.order,
    helpText: draft.helpText,
    placeholder: draft.placeholder,
    options: draft.type === "TEXT" ? [] : draft.options.map(({ label, value }) => ({ label, value })),
  };
}

/** Core's schema of a new question checks the draft as the API takes it, and hands on the trimmed input. */
const questionResolver = coreSchemaResolver<QuestionDraft, QuestionInput>(questionInputSchema, rawInput);

interface QuestionFormProps {
  services: readonly ServiceDto[];
  /** Sends the checked question; throws the ApiError of a failed call. */
  onCreate: (body: QuestionInput) => Promise<void>;
}

/** The add form of a question with its live preview (admin-area.md sections 2 and 5). */
export function QuestionForm({ services, onCreate }: QuestionFormProps) {
  const [initial] = useState(emptyDraft);
  const { form, values: draft, errorsOf, failure, working, formRef, submit, setField: set } = useStaffForm<QuestionDraft, QuestionInput>({
    defaultValues: initial,
    resolver: questionResolver,
    onSubmit: onCreate,
    afterSave: "empty",
  });
  const { register } = form;
  const groupName = useId();
  const optionsErrorId = `${groupName}-options-error`;

  const setOption = (key: number, patch: Partial<OptionRow>) =>
    set("options", draft.options.map((row) => (row.key === key ? { ...row, ...patch } : row)));

  const optionsErrors = errorsOf("options");
  const optionRowsInvalid = (optionsErrors?.length ?? 0) > 0;
  const seenValues = new Set<string>();
  const repeated = new Set<string>();
  for (const row of draft.options) {
    const value = row.value.trim();
    if (seenValues.has(value)) repeated.add(value);
    seenValues.add(value);
  }
  /** Marks an option input in error and ties it to the options' messages. */
  const invalidProps = (invalid: boolean) =>
    invalid ? { "aria-invalid": true as const, "aria-describedby": optionsErrorId } : {};

  return (
    <div className="question-form">
      <form ref={formRef} className="question-form__form" onSubmit={submit} noValidate>
        <div className="admin-form-grid">
          <fieldset className="admin-fieldset admin-form-grid--wide">
            <legend>Scope</legend>
            <div className="admin-radio-row">
              {(["GLOBAL", "SERVICE"] as const).map((scope) => (
                <label key={scope}>
                  <input type="radio" name={`${groupName}-scope`} value={scope} checked={draft.scope === scope}
                    onChange={() => set("scope", scope)} />
                  {SCOPE_LABELS[scope]}
                </label>
              ))}
            </div>
          </fieldset>
          {draft.scope === "SERVICE" && (
            <FormField label="Service" className="admin-form-grid--wide" errors={errorsOf("serviceId")}>
              {(control) => (
                <select {...control} className="admin-input" {...register("serviceId")}>
                  <option value="">Choose a service…</option>
                  {services.map((service) => <option key={service._id} value={service._id}>{service.name}</option>)}
                </select>
              )}
            </FormField>
          )}
          <FormField label="Question text" className="admin-form-grid--wide" errors={errorsOf("text")}>
            {(control) => <input {...control} className="admin-input" maxLength={300} required {...register("text")} />}
          </FormField>
          <fieldset className="admin-fieldset admin-form-grid--wide">
            <legend>Type</legend>
            <div className="admin-radio-row">
              {TYPES.map((type) => (
                <label key={type}>
                  <input type="radio" name={`${groupName}-type`} value={type} checked={draft.type === type}
                    onChange={() => set("type", type)} />
                  {TYPE_LABELS[type]}
                </label>
              ))}
            </div>
          </fieldset>
          <FormField label="Help text" className="admin-form-grid--wide" errors={errorsOf("helpText")}>
            {(control) => <input {...control} className="admin-input" maxLength={500} {...register("helpText")} />}
          </FormField>
          <FormField label="Placeholder" errors={errorsOf("placeholder")}>
            {(control) => <input {...control} className="admin-input" maxLength={200} {...register("placeholder")} />}
          </FormField>
          <FormField label="Order" errors={errorsOf("order")}>
            {(control) => (
              <input {...control} className="admin-input" type="number" inputMode="numeric" min={1} step={1} {...register("order")} />
            )}
          </FormField>
          <div className="question-form__required">
            <label className="admin-check">
              <input type="checkbox" {...register("required")} />
              Required
            </label>
          </div>

          {draft.type !== "TEXT" && (
            <fieldset className="admin-fieldset admin-form-grid--wide question-form__options"
              aria-describedby={optionRowsInvalid ? optionsErrorId : undefined}>
              <legend>Options</legend>
              <div className="question-form__templates" role="group" aria-label="Option templates">
                <span className="question-form__templates-label" aria-hidden="true">Templates:</span>
                {QUESTION_OPTION_TEMPLATES.map((template) => (
                  <button key={template.key} type="button" className="admin-button admin-button--secondary admin-button--small"
                    aria-label={`Use the ${template.name} template`}
                    onClick={() => set("options", template.options.map((option) => optionRow(option.label, option.value)))}>
                    {template.name}
                  </button>
                ))}
              </div>
              <ul className="question-form__rows">
                {draft.options.map((row, index) => (
                  <li key={row.key} className="question-form__row">
                    <FormField label={`Option ${index + 1} label`}>
                      {(control) => (
                        <input {...control} className="admin-input" value={row.label}
                          {...invalidProps(optionRowsInvalid && row.label.trim() === "")}
                          onChange={(event) => setOption(row.key, { label: event.target.value })} />
                      )}
                    </FormField>
                    <FormField label={`Option ${index + 1} value`}>
                      {(control) => (
                        <input {...control} className="admin-input" value={row.value} spellCheck={false} autoCapitalize="none"
                          {...invalidProps(optionRowsInvalid && (row.value.trim() === "" || repeated.has(row.value.trim())))}
                          onChange={(event) => setOption(row.key, { value: event.target.value })} />
                      )}
                    </FormField>
                    <button type="button" className="admin-button admin-button--danger admin-button--small question-form__remove"
                      aria-label={`Remove option ${index + 1}`}
                      onClick={() => set("options", draft.options.filter((other) => other.key !== row.key))}>
                      Remove
                    </button>
                  </li>
                ))}
              </ul>
              {optionsErrors && (
                <ul id={optionsErrorId} className="admin-field__error question-form__option-errors">
                  {optionsErrors.map((message) => <li key={message}>{message}</li>)}
                </ul>
              )}
              <button type="button" className="admin-button admin-button--secondary admin-button--small"
                onClick={() => set("options", [...draft.options, optionRow()])}>
                Add option
              </button>
            </fieldset>
          )}
        </div>
        {failure !== null && <p className="admin-alert question-form__failure" role="alert">{serverMessageOr(failure, CREATE_FAILED)}</p>}
        <div className="admin-form-actions">
          <button type="submit" className="admin-button admin-button--primary" disabled={working}>
            {working ? "Adding…" : "Add question"}
          </button>
        </div>
      </form>
      <QuestionPreview
        question={{ ...draft, options: draft.type === "TEXT" ? [] : draft.options }}
      />
    </div>
  );
}

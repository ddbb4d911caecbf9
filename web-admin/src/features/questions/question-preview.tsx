import type { QuestionOption, QuestionType } from "@yarra/api/client/types.ts";

export interface PreviewQuestion {
  text: string;
  type: QuestionType;
  required: boolean;
  helpText: string;
  placeholder: string;
  options: readonly QuestionOption[];
}

/**
 * How the question will look to a customer on the booking form. It is `inert`: a picture of the
 * form, not part of this one, so it never takes focus or joins this form's fields.
 */
export function QuestionPreview({ question }: { question: PreviewQuestion }) {
  const text = question.text.trim() || "Your question";
  const help = question.helpText.trim();
  const options = question.options.filter((option) => option.label.trim() !== "");
  const label = (
    <>
      {text}
      {question.required && <span className="question-preview__required"> *</span>}
    </>
  );
  return (
    <div className="question-preview" aria-label="Preview on the booking form" role="figure">
      <p className="question-preview__eyebrow">Preview on the booking form</p>
      <div className="question-preview__frame" inert>
        {question.type === "TEXT" ? (
          <label className="question-preview__field">
            <span className="question-preview__label">{label}</span>
            {help && <span className="question-preview__help">{help}</span>}
            <input className="admin-input" placeholder={question.placeholder.trim()} readOnly tabIndex={-1} />
          </label>
        ) : (
          <fieldset className="question-preview__field">
            <legend className="question-preview__label">{label}</legend>
            {help && <p className="question-preview__help">{help}</p>}
            {options.length === 0 && <p className="question-preview__help">Options appear here.</p>}
            <div className="question-preview__choices">
              {options.map((option, index) => (
                <label key={`${option.value}-${index}`} className="admin-check">
                  <input type={question.type === "SINGLE" ? "radio" : "checkbox"} name="preview" tabIndex={-1} />
                  {option.label.trim()}
                </label>
              ))}
            </div>
          </fieldset>
        )}
      </div>
    </div>
  );
}

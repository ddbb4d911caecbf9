import { formatFieldErrors, type FailureDescription } from "@yarra/api/client/error-catalogue.ts";
import { useId } from "react";
import "./error-alert.css";

interface ErrorAlertProps {
  /** The failure as the fetch client describes it (an ApiError is one). */
  failure: Pick<FailureDescription, "title" | "text" | "fieldErrors" | "serverMessage" | "code">;
  /** Replaces the catalogue's text, e.g. a screen's own message or the server's. */
  message?: string;
  onDismiss?: () => void;
}

/**
 * The spec's error alert (section 8): the catalogue title and text, the field errors as
 * 'field: messages' inside a Details expander, and a Dismiss button.
 */
export function ErrorAlert({ failure, message, onDismiss }: ErrorAlertProps) {
  const titleId = useId();
  const lines = formatFieldErrors(failure.fieldErrors);
  return (
    <div className="error-alert" role="alert" aria-labelledby={titleId}>
      <div className="error-alert__body">
        <p className="error-alert__title" id={titleId}>{failure.title}</p>
        <p className="error-alert__text">{message ?? failure.text}</p>
        {lines.length > 0 && (
          <details className="error-alert__details">
            <summary>Details</summary>
            <ul>
              {lines.map((line) => <li key={line}>{line}</li>)}
            </ul>
          </details>
        )}
      </div>
      {onDismiss && (
        <button type="button" className="error-alert__dismiss" onClick={onDismiss}>
          Dismiss
        </button>
      )}
    </div>
  );
}

import { useMutation } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { type FormEvent, useState } from "react";
import { ErrorAlert } from "@yarra/public-ui/error-alert.tsx";
import { isApiError } from "@yarra/api/client/http.ts";
import { ADMIN_ACCOUNT_LIMITS } from "@yarra/core/admin/admin-account-form.ts";
import { CLEANER_ACCOUNT_MESSAGES, validateSetPassword } from "@yarra/core/admin/cleaner-account-form.ts";
import { errorCodeOf } from "../../lib/error-code.ts";
import { asFailure, fieldErrorsOf } from "../../ui/failure.ts";
import { FormField } from "../../ui/form-field.tsx";
import { setPassword } from "./set-password-api.ts";
import "./set-password.css";

export const SET_PASSWORD_TEXT = {
  eyebrow: "Staff area",
  title: "Choose your password",
  intro: "Choose the password you’ll log in with.",
  password: "Password",
  passwordHint: `At least ${ADMIN_ACCOUNT_LIMITS.passwordMin} characters. A few unrelated words make a strong one.`,
  confirm: "Confirm password",
  confirmRequired: "Type the password again.",
  mismatch: "The passwords don’t match.",
  save: "Set password",
  saving: "Setting…",
  linkInvalid: CLEANER_ACCOUNT_MESSAGES.linkInvalid,
  linkInvalidTitle: "Link not valid",
  done: "Your password is set.",
  doneWith: (email: string) => `Log in with ${email} and your new password.`,
  logIn: "Log in",
} as const;

const T = SET_PASSWORD_TEXT;

interface FieldErrors {
  password?: string[];
  confirm?: string[];
}

/**
 * The page an invite's link opens (issue 31, /admin/set-password/<token>): the cleaner chooses a
 * password (the rules of every login: the shape is checked here, the rest by the server), then logs
 * in. A link that is unknown, used or expired says so and sends them to the office.
 */
export function SetPasswordPage({ token }: { token: string }) {
  const [password, setPasswordText] = useState("");
  const [confirm, setConfirm] = useState("");
  const [shown, setShown] = useState<FieldErrors>({});
  const save = useMutation({ mutationFn: (chosen: string) => setPassword(token, chosen) });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (save.isPending) return;
    const checked = validateSetPassword({ token, password });
    const errors: FieldErrors = {};
    if (!checked.ok && checked.error.fieldErrors?.password) errors.password = checked.error.fieldErrors.password;
    if (confirm === "") errors.confirm = [T.confirmRequired];
    else if (confirm !== password) errors.confirm = [T.mismatch];
    setShown(errors);
    if (errors.password || errors.confirm) return;
    save.mutate(password);
  }

  const linkInvalid = errorCodeOf(save.error) === "SET_PASSWORD_LINK_INVALID";
  const serverFieldErrors = save.isError ? fieldErrorsOf(save.error).password : undefined;
  const passwordErrors = shown.password ?? serverFieldErrors;
  // A refusal about the password shows on the field; anything else (no connection, the server busy) above the button.
  const otherFailure = save.isError && !linkInvalid && !serverFieldErrors ? save.error : null;

  return (
    <div className="set-password">
      <div className="set-password__card">
        <p className="set-password__eyebrow">{T.eyebrow}</p>
        <h1 className="set-password__title">{T.title}</h1>
        {save.isSuccess
          ? (
            <div className="set-password__done" role="status">
              <p className="set-password__lead">{T.done}</p>
              <p>{T.doneWith(save.data.email)}</p>
              <Link to="/login" className="admin-button admin-button--primary set-password__submit">{T.logIn}</Link>
            </div>
          )
          : linkInvalid
          ? (
            <div className="set-password__invalid" role="alert">
              <p className="set-password__lead">{T.linkInvalidTitle}</p>
              <p>{isApiError(save.error) && save.error.serverMessage ? save.error.serverMessage : T.linkInvalid}</p>
            </div>
          )
          : (
            <form className="set-password__form" onSubmit={onSubmit} noValidate>
              <p className="set-password__intro">{T.intro}</p>
              <FormField label={T.password} errors={passwordErrors} hint={T.passwordHint}>
                {(control) => (
                  <input
                    {...control}
                    className="admin-input"
                    type="password"
                    name="password"
                    autoComplete="new-password"
                    value={password}
                    onChange={(event) => setPasswordText(event.target.value)}
                  />
                )}
              </FormField>
              <FormField label={T.confirm} errors={shown.confirm}>
                {(control) => (
                  <input
                    {...control}
                    className="admin-input"
                    type="password"
                    name="confirm"
                    autoComplete="new-password"
                    value={confirm}
                    onChange={(event) => setConfirm(event.target.value)}
                  />
                )}
              </FormField>
              {otherFailure && (
                <ErrorAlert failure={asFailure(otherFailure)} message={isApiError(otherFailure) ? otherFailure.serverMessage : undefined} />
              )}
              <button type="submit" className="admin-button admin-button--primary set-password__submit" disabled={save.isPending}>
                {save.isPending ? T.saving : T.save}
              </button>
            </form>
          )}
      </div>
    </div>
  );
}

/**
 * A cleaner's login on the Team screen (issue 31): none yet, "Give a login" (the e-mail, and a
 * password or an invite e-mail with a link to set their own); one given, its e-mail, when they
 * were invited and last logged in, and "Remove login". Loaded with the first row opened.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId } from "react";
import { serverMessageOr } from "@yarra/api/client/error-catalogue.ts";
import { ADMIN_ACCOUNT_LIMITS, ADMIN_ACCOUNT_MESSAGES } from "@yarra/core/admin/admin-account-form.ts";
import { SET_PASSWORD_LINK_HOURS, validateNewCleanerAccount } from "@yarra/core/admin/cleaner-account-form.ts";
import { formatMelbourneDate, formatMelbourneDateTime } from "@yarra/core/shared/melbourne-time.ts";
import { ErrorAlert } from "@yarra/public-ui/error-alert.tsx";
import { errorCodeOf } from "../../lib/error-code.ts";
import { checkResolver, useStaffForm } from "../../lib/use-staff-form.ts";
import { confirmThen } from "../../ui/confirm-then.ts";
import { asFailure } from "../../ui/failure.ts";
import { FormField } from "../../ui/form-field.tsx";
import { useFlash } from "../../ui/use-flash.ts";
import { type CleanerAccount, type CleanerAccountBody, cleanerAccountQuery, giveLogin, removeLogin } from "./cleaner-login-api.ts";
import { CLEANERS_KEY, type Cleaner } from "./cleaners-api.ts";

export const CLEANER_LOGIN_TEXT = {
  loading: "Loading the login…",
  loadFailed: "Failed to load the login",
  tryAgain: "Try again",
  none: (name: string) => `${name} has no login yet. With one they see their own jobs on their phone and check in and out.`,
  inactive: (name: string) => `${name} is deactivated. Reactivate them to give them a login.`,
  inactiveHasLogin: "Their login doesn't work while they're deactivated.",
  email: "Login e-mail",
  how: "Their password",
  invite: "E-mail an invite",
  inviteHint: `They get a link to choose their own password. It works for ${SET_PASSWORD_LINK_HOURS} hours.`,
  setPassword: "Set a password now",
  password: "Password",
  passwordHint: "Tell it to them yourself; they can't change it from the app.",
  give: "Give a login",
  giving: "Giving a login…",
  giveFailed: "Giving a login failed",
  givenInvite: (name: string, email: string) => `${name} has a login. An invite was e-mailed to ${email}.`,
  givenPassword: (name: string, email: string) => `${name} has a login and can log in with ${email} now.`,
  invited: (date: string) => `Invited ${date}`,
  lastLogin: (when: string) => `Last login ${when}`,
  neverLoggedIn: "Not logged in yet",
  remove: "Remove login",
  removeLabel: (name: string) => `Remove ${name}'s login`,
  removing: "Removing…",
  removeFailed: "Removing the login failed",
  confirmRemove: (name: string) =>
    `Remove ${name}'s login? They're logged out at once and can't see their jobs until they're given a new one. They stay on the team.`,
  removed: (name: string) => `${name}'s login was removed.`,
} as const;

const T = CLEANER_LOGIN_TEXT;

interface LoginFormValues {
  email: string;
  how: "invite" | "password";
  password: string;
}

/** Core's e-mail and password rules; choosing "Set a password now" needs one typed. */
const loginResolver = checkResolver<LoginFormValues, CleanerAccountBody>(({ email, how, password }) => {
  const body: CleanerAccountBody = how === "password" ? { email, password } : { email, sendInvite: true };
  const verdict = validateNewCleanerAccount(body);
  const fieldErrors: Record<string, string[]> = verdict.ok ? {} : { ...verdict.error.fieldErrors };
  if (how === "password" && password.trim() === "") fieldErrors.password = [ADMIN_ACCOUNT_MESSAGES.passwordRequired];
  if (!verdict.ok || Object.keys(fieldErrors).length > 0) return { ok: false, fieldErrors };
  return { ok: true, value: { ...body, email: verdict.value.email } };
});

export function CleanerLogin({ cleaner }: { cleaner: Cleaner }) {
  const query = cleanerAccountQuery(cleaner._id);
  const account = useQuery(query);
  const flash = useFlash();
  const retrying = account.isError && account.isFetching;

  return (
    <div className="team-login">
      {(account.isPending || retrying) && <p className="team-login__note" role="status">{T.loading}</p>}
      {account.isError && !retrying && (
        <div className="team-login__load-error">
          <ErrorAlert failure={asFailure(account.error, T.loadFailed)} message={T.loadFailed} />
          <button type="button" className="admin-button admin-button--secondary admin-button--small" onClick={() => void account.refetch()}>
            {T.tryAgain}
          </button>
        </div>
      )}
      {account.isSuccess && account.data && <LoginDetails cleaner={cleaner} account={account.data} onRemoved={flash.show} />}
      {account.isSuccess && !account.data && (
        cleaner.active
          ? <GiveLoginForm cleaner={cleaner} onGiven={flash.show} />
          : <p className="team-login__note">{T.inactive(cleaner.name)}</p>
      )}
      {/* Always in the page, so the confirmation is announced as it is written. */}
      <p className="team-login__done" role="status">{flash.message}</p>
    </div>
  );
}

function LoginDetails({ cleaner, account, onRemoved }: { cleaner: Cleaner; account: CleanerAccount; onRemoved: (message: string) => void }) {
  const queryClient = useQueryClient();
  const query = cleanerAccountQuery(cleaner._id);
  const remove = useMutation({
    mutationFn: () => removeLogin(cleaner._id),
    onSuccess: () => {
      queryClient.setQueryData(query.queryKey, null);
      onRemoved(T.removed(cleaner.name));
    },
    onError: (error) => {
      // Removed meanwhile (another tab): the screen catches up.
      if (errorCodeOf(error) === "CLEANER_ACCOUNT_NOT_FOUND") void queryClient.invalidateQueries({ queryKey: query.queryKey });
    },
  });

  return (
    <>
      <p className="team-login__email">{T.email}: <bdi>{account.email}</bdi></p>
      <p className="team-login__when">
        {account.invitedAt && <span>{T.invited(formatMelbourneDate(new Date(account.invitedAt)))}</span>}
        <span>{account.lastLoginAt ? T.lastLogin(formatMelbourneDateTime(new Date(account.lastLoginAt))) : T.neverLoggedIn}</span>
      </p>
      {!cleaner.active && <p className="team-login__note">{T.inactiveHasLogin}</p>}
      <div className="admin-form-actions">
        <button type="button" className="admin-button admin-button--danger admin-button--small" aria-label={T.removeLabel(cleaner.name)}
          disabled={remove.isPending} onClick={() => void confirmThen(T.confirmRemove(cleaner.name), async () => remove.mutate())}>
          {remove.isPending ? T.removing : T.remove}
        </button>
      </div>
      {remove.isError && (
        <ErrorAlert failure={asFailure(remove.error, T.removeFailed)} message={serverMessageOr(remove.error, T.removeFailed)}
          onDismiss={() => remove.reset()} />
      )}
    </>
  );
}

function GiveLoginForm({ cleaner, onGiven }: { cleaner: Cleaner; onGiven: (message: string) => void }) {
  const queryClient = useQueryClient();
  const query = cleanerAccountQuery(cleaner._id);
  const howName = useId();
  const { form, values, errorsOf, failure, dismissFailure, working, formRef, submit, setField } = useStaffForm({
    defaultValues: { email: cleaner.email ?? "", how: "invite", password: "" } satisfies LoginFormValues as LoginFormValues,
    resolver: loginResolver,
    onSubmit: async (body) => {
      const account = await giveLogin(cleaner._id, body);
      queryClient.setQueryData(query.queryKey, account);
      onGiven(body.password ? T.givenPassword(cleaner.name, account.email) : T.givenInvite(cleaner.name, account.email));
    },
    // The e-mail another account has is the e-mail field's problem; a login made meanwhile, or the
    // cleaner deactivated meanwhile, is shown as it now stands.
    serverErrors: (fieldErrors, _body, _values, error) => {
      const code = errorCodeOf(error);
      if (code === "EMAIL_TAKEN") return { ...fieldErrors, email: [serverMessageOr(error, T.giveFailed)] };
      if (code === "CLEANER_HAS_ACCOUNT") {
        // The form gives way to the login: the server's words stay in the status line.
        onGiven(serverMessageOr(error, T.giveFailed));
        void queryClient.invalidateQueries({ queryKey: query.queryKey });
      }
      if (code === "CLEANER_INACTIVE") void queryClient.invalidateQueries({ queryKey: CLEANERS_KEY });
      return fieldErrors;
    },
    focusServerErrors: true,
  });
  const { register } = form;
  const hasFieldErrors = Object.keys(form.formState.errors).length > 0;

  return (
    <form ref={formRef} className="team-login__form" aria-label={`${T.give} to ${cleaner.name}`} onSubmit={submit} noValidate>
      <p className="team-login__note">{T.none(cleaner.name)}</p>
      <FormField label={T.email} errors={errorsOf("email")}>
        {(control) => (
          <input {...control} className="admin-input" type="email" maxLength={ADMIN_ACCOUNT_LIMITS.email} autoComplete="off"
            spellCheck={false} required {...register("email")} />
        )}
      </FormField>
      <fieldset className="admin-fieldset team-login__how">
        <legend>{T.how}</legend>
        <label className="team-login__choice">
          <input type="radio" name={howName} value="invite" checked={values.how === "invite"} onChange={() => setField("how", "invite")} />
          <span>
            {T.invite}
            <span className="admin-field__hint team-login__choice-hint">{T.inviteHint}</span>
          </span>
        </label>
        <label className="team-login__choice">
          <input type="radio" name={howName} value="password" checked={values.how === "password"} onChange={() => setField("how", "password")} />
          <span>{T.setPassword}</span>
        </label>
      </fieldset>
      {values.how === "password" && (
        <FormField label={T.password} hint={T.passwordHint} errors={errorsOf("password")}>
          {(control) => <input {...control} className="admin-input" type="password" autoComplete="new-password" {...register("password")} />}
        </FormField>
      )}
      {failure !== null && !hasFieldErrors && (
        <ErrorAlert failure={asFailure(failure, T.giveFailed)} message={serverMessageOr(failure, T.giveFailed)} onDismiss={dismissFailure} />
      )}
      <div className="admin-form-actions">
        <button type="submit" className="admin-button admin-button--primary admin-button--small" disabled={working}>
          {working ? T.giving : T.give}
        </button>
      </div>
    </form>
  );
}

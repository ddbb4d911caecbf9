import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { serverMessageOr } from "@yarra/api/client/error-catalogue.ts";
import type { LoginResponse } from "@yarra/api/client/types.ts";
import { api } from "../../lib/api.ts";
import { saveSession } from "../../lib/session.ts";
import "./login-form.css";

export const LOGIN_FAILED = "Login failed";

/**
 * The staff login card: POST /api/auth/login sets the session cookie; who signed in and until when
 * are kept for the shell, then onLoggedIn runs.
 */
export function LoginForm({ onLoggedIn }: { onLoggedIn: () => void }) {
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const login = useMutation({
    mutationFn: async (credentials: { email: string; password: string }) => {
      const result = await api.post<LoginResponse>("/api/auth/login", credentials);
      if (!result || typeof result.user !== "object" || typeof result.expiresAt !== "string") {
        throw new Error("The login answer had no session.");
      }
      saveSession(result.user, result.expiresAt);
      return result;
    },
    onSuccess: () => onLoggedIn(),
  });
  // Still working once logged in, until the next page replaces this one.
  const working = login.isPending || login.isSuccess;
  const error = login.isError ? serverMessageOr(login.error, LOGIN_FAILED) : null;
  const filled = email.trim() !== "" && password !== "";

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!filled || working) return;
    login.mutate({ email: email.trim(), password });
  }

  return (
    <div className="login">
      <form className="login__card" onSubmit={onSubmit} noValidate aria-labelledby="login-title">
        <p className="login__eyebrow">Staff area</p>
        <h1 id="login-title" className="login__title">Log in</h1>
        <label className="admin-field">
          <span className="admin-field__label">Email</span>
          <input
            className="admin-input"
            type="email"
            name="email"
            autoComplete="username"
            required
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
        </label>
        <label className="admin-field">
          <span className="admin-field__label">Password</span>
          <input
            className="admin-input"
            type="password"
            name="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        </label>
        {error && (
          <p className="admin-alert" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="admin-button admin-button--primary login__submit" disabled={!filled || working}>
          {working ? "Logging in…" : "Log in"}
        </button>
      </form>
    </div>
  );
}

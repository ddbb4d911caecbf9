import { createColumnHelper, FlexRender, tableFeatures } from "@tanstack/react-table";
import { type FormEvent, useCallback, useEffect, useId, useMemo, useRef, useState } from "react";
import { serverMessageOr } from "@yarra/api/client/error-catalogue.ts";
import { isApiError } from "@yarra/api/client/http.ts";
import type { AdminRole } from "@yarra/api/client/types.ts";
import { ADMIN_ACCOUNT_LIMITS, validateAdminChanges, validateNewAdmin } from "@yarra/core/admin/manage-admins.ts";
import { ADMIN_ROLES } from "@yarra/core/admin/types.ts";
import { api } from "../../lib/api.ts";
import { readSession } from "../../lib/session.ts";
import { useDataTable } from "../../lib/use-data-table.ts";
import { ErrorAlert } from "../../ui/error-alert.tsx";
import { useFlash } from "../../ui/use-flash.ts";
import "./admins.css";

export const ADMINS_TEXT = {
  loadFailed: "Could not load admins",
  createFailed: "Create admin failed",
  updateFailed: "Update admin failed",
  deleteFailed: "Delete admin failed",
  empty: "No admins yet.",
  created: "Admin created.",
  updated: "Admin updated.",
  deleted: "Admin deleted.",
} as const;

export const deletePrompt = (admin: { name: string; email: string }) =>
  `Permanently delete the admin account of ${admin.name || admin.email} (${admin.email})? This cannot be undone.`;

export interface AdminAccount {
  _id?: string;
  id?: string;
  name: string;
  email: string;
  role: AdminRole;
}

const idOf = (admin: AdminAccount) => admin._id ?? admin.id ?? admin.email;

type Failure = Parameters<typeof ErrorAlert>[0]["failure"];
type FieldErrors = Record<string, string[]>;

interface FormState {
  name: string;
  email: string;
  role: AdminRole;
  password: string;
}
const EMPTY_FORM: FormState = { name: "", email: "", role: "admin", password: "" };

const features = tableFeatures({});
const column = createColumnHelper<typeof features, AdminAccount>();

/** Admin accounts, superadmin only: a create/edit form and a table of accounts. */
export function AdminsPage() {
  const [admins, setAdmins] = useState<AdminAccount[]>([]);
  const [loading, setLoading] = useState(true);
  const [loadError, setLoadError] = useState<Failure | null>(null);
  const [editing, setEditing] = useState<AdminAccount | null>(null);
  const [form, setForm] = useState<FormState>(EMPTY_FORM);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<{ failure: Failure; text: string } | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);
  const [deleteError, setDeleteError] = useState<{ failure: Failure; text: string } | null>(null);
  const flash = useFlash();
  const nameInput = useRef<HTMLInputElement>(null);
  const ids = { name: useId(), email: useId(), role: useId(), password: useId(), passwordHint: useId(), formTitle: useId() };
  const myId = readSession()?.user._id;

  const load = useCallback(async () => {
    setLoading(true);
    setLoadError(null);
    try {
      setAdmins(await api.list<AdminAccount>("/api/admin/admins"));
    } catch (error) {
      setLoadError(isApiError(error) ? error : { title: "Error", text: ADMINS_TEXT.loadFailed });
    } finally {
      setLoading(false);
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  const startEdit = useCallback((admin: AdminAccount) => {
    setEditing(admin);
    setForm({ name: admin.name, email: admin.email, role: admin.role, password: "" });
    setFieldErrors({});
    setSaveError(null);
    nameInput.current?.focus();
  }, []);

  function cancelEdit() {
    setEditing(null);
    setForm(EMPTY_FORM);
    setFieldErrors({});
    setSaveError(null);
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSaveError(null);
    // The server's own rules (core/admin/manage-admins.ts), so the form and the API agree.
    const checked = editing ? validateAdminChanges(form) : validateNewAdmin(form);
    if (!checked.ok) {
      setFieldErrors(checked.error.fieldErrors ?? {});
      return;
    }
    setFieldErrors({});
    setSaving(true);
    const fallback = editing ? ADMINS_TEXT.updateFailed : ADMINS_TEXT.createFailed;
    try {
      if (editing) {
        const body: Partial<FormState> = { name: form.name.trim(), email: form.email.trim(), role: form.role };
        // A blank password keeps the current one.
        if (form.password !== "") body.password = form.password;
        const saved = await api.put<AdminAccount>(`/api/admin/admins/${encodeURIComponent(idOf(editing))}`, body);
        setAdmins((list) => list.map((admin) => (idOf(admin) === idOf(editing) ? { ...admin, ...saved } : admin)));
        flash.show(ADMINS_TEXT.updated);
      } else {
        const saved = await api.post<AdminAccount>("/api/admin/admins", {
          name: form.name.trim(),
          email: form.email.trim(),
          role: form.role,
          password: form.password,
        });
        setAdmins((list) => [...list, saved]);
        flash.show(ADMINS_TEXT.created);
      }
      setEditing(null);
      setForm(EMPTY_FORM);
    } catch (error) {
      if (isApiError(error) && error.fieldErrors) setFieldErrors(error.fieldErrors);
      setSaveError({ failure: isApiError(error) ? error : { title: "Error", text: fallback }, text: serverMessageOr(error, fallback) });
    } finally {
      setSaving(false);
    }
  }

  const onDelete = useCallback(async (admin: AdminAccount) => {
    if (!window.confirm(deletePrompt(admin))) return;
    const id = idOf(admin);
    setBusyId(id);
    setDeleteError(null);
    try {
      await api.delete(`/api/admin/admins/${encodeURIComponent(id)}`);
      setAdmins((list) => list.filter((item) => idOf(item) !== id));
      setEditing((current) => (current && idOf(current) === id ? null : current));
      flash.show(ADMINS_TEXT.deleted);
    } catch (error) {
      setDeleteError({
        failure: isApiError(error) ? error : { title: "Error", text: ADMINS_TEXT.deleteFailed },
        text: serverMessageOr(error, ADMINS_TEXT.deleteFailed),
      });
    } finally {
      setBusyId(null);
    }
  }, [flash.show]);

  const columns = useMemo(() => column.columns([
    column.accessor("name", {
      header: "Name",
      cell: (info) => (
        <>
          {info.getValue()}
          {myId && idOf(info.row.original) === myId && <span className="admins-table__you"> (you)</span>}
        </>
      ),
    }),
    column.accessor("email", { header: "Email" }),
    column.accessor("role", { header: "Role", cell: (info) => <span className="admin-chip admins-role">{info.getValue()}</span> }),
    column.display({
      id: "actions",
      header: "Actions",
      cell: ({ row }) => {
        const admin = row.original;
        const label = admin.name || admin.email;
        return (
          <div className="admins-table__actions">
            <button type="button" className="admin-button admins-button" aria-label={`Edit ${label}`} onClick={() => startEdit(admin)} disabled={busyId !== null}>
              Edit
            </button>
            <button
              type="button"
              className="admin-button admins-button admins-button--danger"
              aria-label={`Delete ${label}`}
              onClick={() => void onDelete(admin)}
              disabled={busyId !== null}
            >
              {busyId === idOf(admin) ? "Deleting…" : "Delete"}
            </button>
          </div>
        );
      },
    }),
  ]), [busyId, myId, onDelete, startEdit]);

  const table = useDataTable({ features, columns, data: admins, getRowId: idOf });

  const errorOf = (field: keyof FormState) => fieldErrors[field]?.join(" ");
  const describedBy = (field: keyof FormState, ...extra: string[]) =>
    [errorOf(field) ? `${ids[field]}-error` : "", ...extra].filter(Boolean).join(" ") || undefined;

  return (
    <section className="admins" aria-labelledby="admins-title">
      <h1 id="admins-title" className="admin-page-title">Admins</h1>

      <form className="admins-form" onSubmit={onSubmit} noValidate aria-labelledby={ids.formTitle}>
        <h2 id={ids.formTitle} className="admins-form__title">{editing ? `Edit ${editing.name || editing.email}` : "Create admin"}</h2>
        <div className="admins-form__grid">
          <div className="admin-field">
            <label className="admin-field__label" htmlFor={ids.name}>Name</label>
            <input
              ref={nameInput}
              id={ids.name}
              className="admin-input"
              autoComplete="off"
              maxLength={ADMIN_ACCOUNT_LIMITS.name}
              value={form.name}
              aria-invalid={Boolean(errorOf("name"))}
              aria-describedby={describedBy("name")}
              onChange={(event) => setForm({ ...form, name: event.target.value })}
            />
            {errorOf("name") && <p id={`${ids.name}-error`} className="admins-form__error">{errorOf("name")}</p>}
          </div>
          <div className="admin-field">
            <label className="admin-field__label" htmlFor={ids.email}>Email</label>
            <input
              id={ids.email}
              className="admin-input"
              type="email"
              autoComplete="off"
              maxLength={ADMIN_ACCOUNT_LIMITS.email}
              value={form.email}
              aria-invalid={Boolean(errorOf("email"))}
              aria-describedby={describedBy("email")}
              onChange={(event) => setForm({ ...form, email: event.target.value })}
            />
            {errorOf("email") && <p id={`${ids.email}-error`} className="admins-form__error">{errorOf("email")}</p>}
          </div>
          <div className="admin-field">
            <label className="admin-field__label" htmlFor={ids.role}>Role</label>
            <select
              id={ids.role}
              className="admin-input"
              value={form.role}
              aria-invalid={Boolean(errorOf("role"))}
              aria-describedby={describedBy("role")}
              onChange={(event) => setForm({ ...form, role: event.target.value as AdminRole })}
            >
              {ADMIN_ROLES.map((role) => <option key={role} value={role}>{role}</option>)}
            </select>
            {errorOf("role") && <p id={`${ids.role}-error`} className="admins-form__error">{errorOf("role")}</p>}
          </div>
          <div className="admin-field">
            <label className="admin-field__label" htmlFor={ids.password}>Password</label>
            <input
              id={ids.password}
              className="admin-input"
              type="password"
              autoComplete="new-password"
              maxLength={ADMIN_ACCOUNT_LIMITS.passwordMax}
              value={form.password}
              aria-invalid={Boolean(errorOf("password"))}
              aria-describedby={describedBy("password", ids.passwordHint)}
              onChange={(event) => setForm({ ...form, password: event.target.value })}
            />
            <p id={ids.passwordHint} className="admins-form__hint">
              {editing
                ? "Optional: leave blank to keep the current password."
                : `Required, at least ${ADMIN_ACCOUNT_LIMITS.passwordMin} characters.`}
            </p>
            {errorOf("password") && <p id={`${ids.password}-error`} className="admins-form__error">{errorOf("password")}</p>}
          </div>
        </div>
        {saveError && <ErrorAlert failure={saveError.failure} message={saveError.text} onDismiss={() => setSaveError(null)} />}
        <div className="admins-form__actions">
          <button type="submit" className="admin-button admin-button--primary" disabled={saving}>
            {saving ? "Saving…" : editing ? "Save changes" : "Create admin"}
          </button>
          {editing && (
            <button type="button" className="admin-button admins-button" onClick={cancelEdit}>
              Cancel edit
            </button>
          )}
          <p role="status" className="admins-form__saved">{flash.message}</p>
        </div>
      </form>

      {deleteError && <ErrorAlert failure={deleteError.failure} message={deleteError.text} onDismiss={() => setDeleteError(null)} />}
      {loadError && <ErrorAlert failure={loadError} message={ADMINS_TEXT.loadFailed} onDismiss={() => setLoadError(null)} />}
      {loading && <p role="status" className="admins-note">Loading admins…</p>}
      {!loading && !loadError && admins.length === 0 && <p className="admins-empty">{ADMINS_TEXT.empty}</p>}
      {!loading && admins.length > 0 && (
        <div className="admins-table__wrap">
          <table className="admins-table">
            <caption className="admins-table__caption">Admin accounts</caption>
            <thead>
              {table.getHeaderGroups().map((group) => (
                <tr key={group.id}>
                  {group.headers.map((header) => (
                    <th key={header.id} scope="col">
                      {header.isPlaceholder ? null : <FlexRender header={header} />}
                    </th>
                  ))}
                </tr>
              ))}
            </thead>
            <tbody>
              {table.getRowModel().rows.map((row) => (
                <tr key={row.id}>
                  {row.getAllCells().map((cell) => (
                    <td key={cell.id} data-label={String(cell.column.columnDef.header ?? "")}>
                      <FlexRender cell={cell} />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

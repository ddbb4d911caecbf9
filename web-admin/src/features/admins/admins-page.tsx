import { createColumnHelper, FlexRender, tableFeatures } from "@tanstack/react-table";
import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { serverMessageOr } from "@yarra/api/client/error-catalogue.ts";
import type { AdminRole } from "@yarra/api/client/types.ts";
import { ADMIN_ACCOUNT_LIMITS, validateAdminChanges, validateNewAdmin } from "@yarra/core/admin/admin-account-form.ts";
import { ADMIN_ROLES } from "@yarra/core/shared/staff-roles.ts";
import { ErrorAlert } from "@yarra/public-ui/error-alert.tsx";
import { api } from "../../lib/api.ts";
import { updateCachedList } from "../../lib/list-cache.ts";
import { readSession } from "../../lib/session.ts";
import { useDataTable } from "../../lib/use-data-table.ts";
import { useRowWrites } from "../../lib/use-row-writes.ts";
import { checkResolver, useStaffForm } from "../../lib/use-staff-form.ts";
import { asFailure } from "../../ui/failure.ts";
import { useDismissible } from "../../ui/use-dismissible.ts";
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

export const adminsQuery = queryOptions({ queryKey: ["admins"], queryFn: () => api.list<AdminAccount>("/api/admin/admins") });

type Failure = Parameters<typeof ErrorAlert>[0]["failure"];

interface FormState {
  name: string;
  email: string;
  role: AdminRole;
  password: string;
}
const EMPTY_FORM: FormState = { name: "", email: "", role: "admin", password: "" };

/** The server's own rules (core/admin/admin-account-form.ts), so the form and the API agree. */
const adminResolver = (editing: boolean) =>
  checkResolver<FormState, Partial<FormState>>((form) => {
    const checked = editing ? validateAdminChanges(form) : validateNewAdmin(form);
    if (!checked.ok) return { ok: false, fieldErrors: checked.error.fieldErrors ?? {} };
    const body: Partial<FormState> = { name: form.name.trim(), email: form.email.trim(), role: form.role };
    // A blank password keeps the current one; a new account always sends it.
    if (!editing || form.password !== "") body.password = form.password;
    return { ok: true, value: body };
  });

const NO_ADMINS: AdminAccount[] = [];
const features = tableFeatures({});
const column = createColumnHelper<typeof features, AdminAccount>();

/** Admin accounts, superadmin only: a create/edit form and a table of accounts. */
export function AdminsPage() {
  const queryClient = useQueryClient();
  const list = useQuery(adminsQuery);
  const admins = list.data ?? NO_ADMINS;
  const [loadError, dismissLoadError] = useDismissible(list.error);
  const [editing, setEditing] = useState<AdminAccount | null>(null);
  const [deleteError, setDeleteError] = useState<{ failure: Failure; text: string } | null>(null);
  const rowWrites = useRowWrites("admins");
  const flash = useFlash();
  const ids = { name: useId(), email: useId(), role: useId(), password: useId(), passwordHint: useId(), formTitle: useId() };
  const myId = readSession()?.user._id;

  const settle = (change: (admins: AdminAccount[]) => AdminAccount[]) => updateCachedList(queryClient, adminsQuery.queryKey, change);

  const { form: fields, values: form, errorsOf, failure, dismissFailure, working, submit, setField } = useStaffForm({
    defaultValues: EMPTY_FORM,
    resolver: adminResolver(editing !== null),
    onSubmit: async (body) => {
      if (editing) {
        const saved = await api.put<AdminAccount>(`/api/admin/admins/${encodeURIComponent(idOf(editing))}`, body);
        settle((list) => list.map((admin) => (idOf(admin) === idOf(editing) ? { ...admin, ...saved } : admin)));
        flash.show(ADMINS_TEXT.updated);
      } else {
        const saved = await api.post<AdminAccount>("/api/admin/admins", body);
        settle((list) => [...list, saved]);
        flash.show(ADMINS_TEXT.created);
      }
      setEditing(null);
    },
    // Back to a new account (an edit started the form from the account edited).
    afterSave: () => EMPTY_FORM,
  });
  const { register } = fields;
  const saveFallback = editing ? ADMINS_TEXT.updateFailed : ADMINS_TEXT.createFailed;
  const saveError = failure !== null ? { failure: asFailure(failure, saveFallback), text: serverMessageOr(failure, saveFallback) } : null;

  const startEdit = (admin: AdminAccount) => {
    setEditing(admin);
    fields.reset({ name: admin.name, email: admin.email, role: admin.role, password: "" });
    dismissFailure();
    fields.setFocus("name");
  };

  function cancelEdit() {
    setEditing(null);
    fields.reset(EMPTY_FORM);
    dismissFailure();
  }

  const onDelete = (admin: AdminAccount) => {
    if (!window.confirm(deletePrompt(admin))) return;
    const id = idOf(admin);
    void rowWrites.run(id, async () => {
      setDeleteError(null);
      try {
        await api.delete(`/api/admin/admins/${encodeURIComponent(id)}`);
        settle((list) => list.filter((item) => idOf(item) !== id));
        setEditing((current) => (current && idOf(current) === id ? null : current));
        flash.show(ADMINS_TEXT.deleted);
      } catch (error) {
        setDeleteError({ failure: asFailure(error, ADMINS_TEXT.deleteFailed), text: serverMessageOr(error, ADMINS_TEXT.deleteFailed) });
      }
    });
  };

  // Rebuilt each render: the row buttons follow the writes in flight (a handful of accounts).
  const columns = column.columns([
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
            <button type="button" className="admin-button admins-button" aria-label={`Edit ${label}`} onClick={() => startEdit(admin)} disabled={rowWrites.anyPending}>
              Edit
            </button>
            {/* The server refuses to delete the signed-in superadmin; don't offer it. */}
            {idOf(admin) !== myId && (
              <button
                type="button"
                className="admin-button admins-button admins-button--danger"
                aria-label={`Delete ${label}`}
                onClick={() => onDelete(admin)}
                disabled={rowWrites.anyPending}
              >
                {rowWrites.isPending(idOf(admin)) ? "Deleting…" : "Delete"}
              </button>
            )}
          </div>
        );
      },
    }),
  ]);

  const table = useDataTable({ features, columns, data: admins, getRowId: idOf });

  const errorOf = (field: keyof FormState) => errorsOf(field)?.join(" ");
  const describedBy = (field: keyof FormState, ...extra: string[]) =>
    [errorOf(field) ? `${ids[field]}-error` : "", ...extra].filter(Boolean).join(" ") || undefined;

  return (
    <section className="admins" aria-labelledby="admins-title">
      <h1 id="admins-title" className="admin-page-title">Admins</h1>

      <form className="admins-form" onSubmit={submit} noValidate aria-labelledby={ids.formTitle}>
        <h2 id={ids.formTitle} className="admins-form__title">{editing ? `Edit ${editing.name || editing.email}` : "Create admin"}</h2>
        <div className="admins-form__grid">
          <div className="admin-field">
            <label className="admin-field__label" htmlFor={ids.name}>Name</label>
            <input
              id={ids.name}
              className="admin-input"
              autoComplete="off"
              maxLength={ADMIN_ACCOUNT_LIMITS.name}
              aria-invalid={Boolean(errorOf("name"))}
              aria-describedby={describedBy("name")}
              {...register("name")}
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
              aria-invalid={Boolean(errorOf("email"))}
              aria-describedby={describedBy("email")}
              {...register("email")}
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
              onChange={(event) => setField("role", event.target.value as AdminRole)}
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
              aria-invalid={Boolean(errorOf("password"))}
              aria-describedby={describedBy("password", ids.passwordHint)}
              {...register("password")}
            />
            <p id={ids.passwordHint} className="admins-form__hint">
              {editing
                ? "Optional: leave blank to keep the current password."
                : `Required, at least ${ADMIN_ACCOUNT_LIMITS.passwordMin} characters.`}
              {/* The server's rules with context (issue 29), said before the admin meets them. */}
              {" Not the business's name, the website address or the account's e-mail."}
            </p>
            {errorOf("password") && <p id={`${ids.password}-error`} className="admins-form__error">{errorOf("password")}</p>}
          </div>
        </div>
        {saveError && <ErrorAlert failure={saveError.failure} message={saveError.text} onDismiss={dismissFailure} />}
        <div className="admins-form__actions">
          <button type="submit" className="admin-button admin-button--primary" disabled={working}>
            {working ? "Saving…" : editing ? "Save changes" : "Create admin"}
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
      {loadError && (
        <ErrorAlert failure={asFailure(loadError, ADMINS_TEXT.loadFailed)} message={ADMINS_TEXT.loadFailed} onDismiss={dismissLoadError} />
      )}
      {list.isFetching && <p role="status" className="admins-note">Loading admins…</p>}
      {!list.isFetching && list.isSuccess && admins.length === 0 && <p className="admins-empty">{ADMINS_TEXT.empty}</p>}
      {!list.isFetching && admins.length > 0 && (
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

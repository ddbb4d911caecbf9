import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { serverMessageOr } from "@yarra/api/client/error-catalogue.ts";
import type { ExtraDto } from "@yarra/api/client/types.ts";
import { formatAud } from "@yarra/core/shared/money.ts";
import { ErrorAlert } from "@yarra/public-ui/error-alert.tsx";
import { liveServicesQuery } from "../../lib/live-services.ts";
import { readSession } from "../../lib/session.ts";
import { useRowWrites } from "../../lib/use-row-writes.ts";
import { confirmThen } from "../../ui/confirm-then.ts";
import { EmptyState } from "../../ui/empty-state.tsx";
import { asFailure } from "../../ui/failure.ts";
import { FlashStatus } from "../../ui/flash-status.tsx";
import { PageHeader } from "../../ui/page-header.tsx";
import { ToggleSwitch } from "../../ui/toggle-switch.tsx";
import { useFlash } from "../../ui/use-flash.ts";
import { ExtraForm, isHttpsUrl } from "./extra-form.tsx";
import {
  createExtra,
  type ExtraBody,
  EXTRAS_KEY,
  extrasFilterOf,
  extrasQuery,
  type ExtrasSearch,
  hardDeleteExtra,
  reorderExtras,
  restoreExtra,
  softDeleteExtra,
  updateExtra,
} from "./extras-api.ts";
import "./extras.css";

export const EXTRAS_MESSAGES = {
  loadFailed: "Failed to load extras",
  servicesFailed: "Failed to load services",
  empty: "No extras yet.",
  chooseService: "Choose a service to see and add its extras.",
  createFailed: "Add extra failed",
  updateFailed: "Update extra failed",
  deleteFailed: "Delete extra failed",
  restoreFailed: "Restore extra failed",
  reorderFailed: "Reorder failed; the list was reloaded.",
  hardDeleteFailed: "Hard delete failed (superadmin only?)",
  confirmSoftDelete: (title: string) => `Delete the extra “${title}”? It will be hidden but recoverable: use Restore to bring it back.`,
  confirmHardDelete: (title: string) => `Permanently delete the extra “${title}”? This cannot be undone.`,
} as const;

const M = EXTRAS_MESSAGES;

/** Minutes as staff read them: 90 is '1 h 30 min', 60 '1 h', 45 '45 min'. */
export function formatMinutes(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

/** The row's line of price, quantity and the time it adds to a visit. */
export function extraSummary(extra: ExtraDto): string {
  const parts = [`${formatAud(extra.price)}${extra.hasQuantity ? ` each · up to ${extra.maxQuantity}` : ""}`];
  const minutes = extra.durationMinutes ?? 0;
  parts.push(minutes > 0 ? `adds ${formatMinutes(minutes)}${extra.hasQuantity ? " each" : ""}` : "adds no time");
  return parts.join(" · ");
}
const REORDER_KEY = "reorder";

interface ExtrasPageProps {
  /** The chosen service and the toggles, as the URL holds them. */
  search: ExtrasSearch;
  onSearchChange: (search: ExtrasSearch) => void;
}

/** Extras of one service: add, edit, reorder, disable/enable, soft-delete, restore, hard-delete. */
export function ExtrasPage({ search, onSearchChange }: ExtrasPageProps) {
  const queryClient = useQueryClient();
  const services = useQuery(liveServicesQuery);
  // Start on the first service so the screen shows something useful straight away.
  const serviceId = search.serviceId ?? services.data?.[0]?._id ?? "";
  const filter = extrasFilterOf(search, serviceId);
  const listQuery = extrasQuery(filter);
  const extras = useQuery({ ...listQuery, enabled: serviceId !== "" });
  const [editingId, setEditingId] = useState<string | null>(null);
  const [actionError, setActionError] = useState<{ error: unknown; message: string } | null>(null);
  const { run, isPending } = useRowWrites("extras");
  const flash = useFlash();
  const selectId = useId();
  const isSuperadmin = readSession()?.user.role === "superadmin";

  /** After a write every extras list reloads; the one on screen stays shown meanwhile. */
  const reload = () => queryClient.invalidateQueries({ queryKey: EXTRAS_KEY });

  const serviceName = services.data?.find((s) => s._id === serviceId)?.name;

  async function add(body: ExtraBody) {
    const saved = await createExtra(body);
    flash.show(`Extra “${saved.title}” added.`);
    await reload();
  }

  /** A row write: locks the row, reloads the list after it, shows the server's text on failure. */
  const rowAction = (extra: ExtraDto, fallback: string, action: () => Promise<unknown>) =>
    run(extra._id, async () => {
      setActionError(null);
      try {
        await action();
        await reload();
      } catch (error) {
        setActionError({ error, message: serverMessageOr(error, fallback) });
      }
    });

  async function saveEdit(extra: ExtraDto, body: ExtraBody) {
    const saved = await updateExtra(extra._id, body);
    setEditingId(null);
    flash.show(`Extra “${saved.title}” saved.`);
    await reload();
  }

  const toggleActive = (extra: ExtraDto) =>
    rowAction(extra, M.updateFailed, () => updateExtra(extra._id, { active: !extra.active }));
  const softDelete = (extra: ExtraDto) =>
    confirmThen(M.confirmSoftDelete(extra.title), () => rowAction(extra, M.deleteFailed, () => softDeleteExtra(extra._id)));
  const restore = (extra: ExtraDto) => rowAction(extra, M.restoreFailed, () => restoreExtra(extra._id));
  const hardDelete = (extra: ExtraDto) =>
    confirmThen(M.confirmHardDelete(extra.title), () =>
      run(extra._id, async () => {
        try {
          await hardDeleteExtra(extra._id);
          await reload();
        } catch (error) {
          window.alert(serverMessageOr(error, M.hardDeleteFailed));
        }
      }));

  /** Swaps two neighbours on screen at once, then saves the shown order from 1; a failure reloads. */
  const move = (index: number, step: -1 | 1) =>
    run(REORDER_KEY, async () => {
      if (!extras.data) return;
      const list = [...extras.data];
      const target = index + step;
      if (target < 0 || target >= list.length) return;
      [list[index], list[target]] = [list[target]!, list[index]!];
      queryClient.setQueryData(listQuery.queryKey, list);
      setActionError(null);
      try {
        await reorderExtras(serviceId, list.map((extra) => extra._id));
      } catch (error) {
        setActionError({ error, message: serverMessageOr(error, M.reorderFailed) });
        await reload();
      }
    });

  const reordering = isPending(REORDER_KEY);
  const shown = extras.data ?? [];
  // Try again shows the loading notes, as the first loads did.
  const servicesRetrying = services.isError && services.isFetching;
  const extrasRetrying = extras.isError && extras.isFetching;

  return (
    <section className="extras-page" aria-labelledby="extras-title">
      <PageHeader title="Extras" titleId="extras-title" />

      <div className="extras-page__controls">
        <div className="admin-field extras-page__service">
          <label className="admin-field__label" htmlFor={selectId}>Service</label>
          <select
            id={selectId}
            className="admin-input"
            value={serviceId}
            disabled={!services.isSuccess}
            onChange={(event) => {
              onSearchChange({ ...search, serviceId: event.target.value });
              setEditingId(null);
            }}
          >
            <option value="">Choose a service…</option>
            {services.data?.map((service) => (
              <option key={service._id} value={service._id}>{service.name}</option>
            ))}
          </select>
        </div>
        <div className="extras-page__toggles">
          <ToggleSwitch label="Show deleted" checked={filter.includeDeleted}
            onChange={(shown) => onSearchChange({ ...search, includeDeleted: shown || undefined })} />
          <ToggleSwitch label="Show inactive" checked={filter.includeInactive}
            onChange={(shown) => onSearchChange({ ...search, includeInactive: shown || undefined })} />
        </div>
      </div>

      {services.isError && !servicesRetrying && (
        <div className="extras-page__load-error">
          <ErrorAlert failure={asFailure(services.error)} message={M.servicesFailed} />
          <button type="button" className="admin-button admin-button--secondary" onClick={() => void services.refetch()}>Try again</button>
        </div>
      )}

      <div className="admin-card" role="region" aria-labelledby="extras-add-title">
        <h2 id="extras-add-title" className="admin-card__title">
          New extra{serviceName ? ` for ${serviceName}` : ""}
        </h2>
        <ExtraForm key={serviceId} serviceId={serviceId} submitLabel="Add extra" busyLabel="Adding…" failureText={M.createFailed} onSubmit={add} />
      </div>

      <FlashStatus message={flash.message} />
      {actionError && (
        <ErrorAlert failure={asFailure(actionError.error)} message={actionError.message} onDismiss={() => setActionError(null)} />
      )}

      <h2 className="extras-page__list-title">{serviceName ? `Extras of ${serviceName}` : "Extras"}</h2>
      {!serviceId && services.isSuccess && <EmptyState>{M.chooseService}</EmptyState>}
      {serviceId && (extras.isPending || extrasRetrying) && <p role="status">Loading extras…</p>}
      {serviceId && extras.isError && !extrasRetrying && (
        <div className="extras-page__load-error">
          <ErrorAlert failure={asFailure(extras.error)} message={M.loadFailed} />
          <button type="button" className="admin-button admin-button--secondary" onClick={() => void extras.refetch()}>Try again</button>
        </div>
      )}
      {serviceId && extras.isSuccess && shown.length === 0 && <EmptyState>{M.empty}</EmptyState>}
      {serviceId && extras.isSuccess && shown.length > 0 && (
        <ol className="admin-list" aria-label={`Extras of ${serviceName ?? "the service"}`}>
          {shown.map((extra, index) => {
            const busy = isPending(extra._id);
            const deleted = Boolean(extra.deletedAt);
            return (
              <li key={extra._id} className={`admin-row extras-page__row${deleted || !extra.active ? " admin-row--muted" : ""}`}>
                <div className="extras-page__order" role="group" aria-label={`Order of ${extra.title}`}>
                  <button type="button" className="admin-button admin-button--secondary admin-button--small extras-page__move"
                    aria-label={`Move ${extra.title} up`} disabled={index === 0 || reordering} onClick={() => void move(index, -1)}>
                    <span aria-hidden="true">↑</span>
                  </button>
                  <button type="button" className="admin-button admin-button--secondary admin-button--small extras-page__move"
                    aria-label={`Move ${extra.title} down`} disabled={index === shown.length - 1 || reordering}
                    onClick={() => void move(index, 1)}>
                    <span aria-hidden="true">↓</span>
                  </button>
                </div>
                {isHttpsUrl(extra.imageUrl) && <img className="extras-page__thumb" src={extra.imageUrl} alt="" />}
                <div className="admin-row__main">
                  <h3 className="admin-row__title">
                    {extra.title}
                    {deleted && <span className="admin-chip admin-chip--danger">DELETED</span>}
                    {!extra.active && <span className="admin-chip admin-chip--muted">INACTIVE</span>}
                  </h3>
                  <p className="admin-row__meta">
                    {extraSummary(extra)}
                  </p>
                  {extra.description && <p className="admin-row__meta">{extra.description}</p>}
                </div>
                <div className="admin-row__actions">
                  {!deleted && (
                    <>
                      <button type="button" className="admin-button admin-button--secondary admin-button--small"
                        aria-label={`Edit ${extra.title}`} aria-expanded={editingId === extra._id} disabled={busy}
                        onClick={() => setEditingId((id) => (id === extra._id ? null : extra._id))}>
                        Edit
                      </button>
                      <button type="button" className="admin-button admin-button--secondary admin-button--small"
                        aria-label={`${extra.active ? "Disable" : "Enable"} ${extra.title}`} disabled={busy}
                        onClick={() => void toggleActive(extra)}>
                        {extra.active ? "Disable" : "Enable"}
                      </button>
                      <button type="button" className="admin-button admin-button--danger admin-button--small"
                        aria-label={`Delete ${extra.title}`} disabled={busy} onClick={() => void softDelete(extra)}>
                        Delete
                      </button>
                    </>
                  )}
                  {deleted && (
                    <button type="button" className="admin-button admin-button--secondary admin-button--small"
                      aria-label={`Restore ${extra.title}`} disabled={busy} onClick={() => void restore(extra)}>
                      Restore
                    </button>
                  )}
                  {isSuperadmin && (
                    <button type="button" className="admin-button admin-button--danger admin-button--small"
                      aria-label={`Hard delete ${extra.title}`} disabled={busy} onClick={() => void hardDelete(extra)}>
                      Hard delete
                    </button>
                  )}
                </div>
                {editingId === extra._id && !deleted && (
                  <div className="admin-row__editor" role="region" aria-label={`Edit ${extra.title}`}>
                    <ExtraForm
                      serviceId={serviceId}
                      extra={extra}
                      submitLabel="Save changes"
                      busyLabel="Saving…"
                      failureText={M.updateFailed}
                      onSubmit={(body) => saveEdit(extra, body)}
                      onCancel={() => setEditingId(null)}
                    />
                  </div>
                )}
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}

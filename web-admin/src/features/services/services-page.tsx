import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { serverMessageOr } from "@yarra/api/client/error-catalogue.ts";
import type { ServiceDto } from "@yarra/api/client/types.ts";
import { DEFAULT_VISIT_MINUTES } from "@yarra/core/catalog/constants.ts";
import { formatAud } from "@yarra/core/shared/money.ts";
import { ErrorAlert } from "@yarra/public-ui/error-alert.tsx";
import { appending, removing, replacing, updateCachedList } from "../../lib/list-cache.ts";
import { liveServicesQuery } from "../../lib/live-services.ts";
import { readSession } from "../../lib/session.ts";
import { useRowWrites } from "../../lib/use-row-writes.ts";
import { confirmThen } from "../../ui/confirm-then.ts";
import { EmptyState } from "../../ui/empty-state.tsx";
import { asFailure } from "../../ui/failure.ts";
import { FlashStatus } from "../../ui/flash-status.tsx";
import { PageHeader } from "../../ui/page-header.tsx";
import { useFlash } from "../../ui/use-flash.ts";
import { ServiceForm } from "./service-form.tsx";
import {
  allServicesQuery,
  createService,
  hardDeleteService,
  restoreService,
  type ServiceBody,
  softDeleteService,
  updateService,
} from "./services-api.ts";
import "./services.css";

export const SERVICES_MESSAGES = {
  loadFailed: "Failed to load services",
  empty: "No services yet.",
  createFailed: "Create service failed",
  updateFailed: "Update service failed",
  deleteFailed: "Delete service failed",
  restoreFailed: "Restore service failed",
  hardDeleteFailed: "Hard delete failed (are you superadmin?)",
  confirmSoftDelete: (name: string) => `Delete the service “${name}”? It will be hidden but recoverable: use Restore to bring it back.`,
  confirmHardDelete: (name: string) =>
    `Permanently delete the service “${name}”? This removes its extras too and cannot be undone.`,
} as const;

const M = SERVICES_MESSAGES;
const hoursText = (n: number) => `${n} h`;

/** Minutes as staff read a visit's length: 150 is '2 h 30 min', 120 '2 h', 45 '45 min'. */
export function formatMinutes(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

/** One line of how long a visit takes, in the words of its pricing model. */
export function lengthSummary(service: ServiceDto): string {
  if (service.pricingModel === "HOURLY") return "Visit length: the hours booked";
  if (service.pricingModel === "BEDROOMS") {
    if (service.bedroomPrices.length === 0) return "Visit length: no rows yet";
    return `Visit length: ${
      service.bedroomPrices
        .map((row) => `${row.bedrooms === 0 ? "Studio" : `${row.bedrooms} bed`} ${formatMinutes(row.durationMinutes ?? DEFAULT_VISIT_MINUTES)}`)
        .join(", ")
    }`;
  }
  return `Visit length: ${formatMinutes(service.durationMinutes ?? DEFAULT_VISIT_MINUTES)}`;
}

/** One line of what a service costs, in the words of its pricing model. */
export function priceSummary(service: ServiceDto): string {
  if (service.pricingModel === "HOURLY") {
    return `${formatAud(service.ratePerHour)} per hour · ${hoursText(service.minHours)} to ${hoursText(service.maxHours)}, step ${hoursText(service.stepHours)}`;
  }
  if (service.pricingModel === "BEDROOMS") {
    if (service.bedroomPrices.length === 0) return "By bedrooms · no prices yet";
    return `By bedrooms · ${
      service.bedroomPrices
        .map((row) => `${row.bedrooms === 0 ? "Studio" : `${row.bedrooms} bed`} ${formatAud(row.price)}`)
        .join(", ")
    }`;
  }
  return `Fixed price ${formatAud(service.basePrice)}`;
}

interface ServicesPageProps {
  /** 'Show deleted', as the URL holds it. */
  showDeleted: boolean;
  onShowDeletedChange: (showDeleted: boolean) => void;
}

/** The staff index: create services, edit them, soft-delete, restore and (superadmins) hard-delete. */
export function ServicesPage({ showDeleted, onShowDeletedChange }: ServicesPageProps) {
  const queryClient = useQueryClient();
  const list = useQuery(allServicesQuery);
  const [editingId, setEditingId] = useState<string | null>(null);
  const [actionError, setActionError] = useState<{ error: unknown; message: string } | null>(null);
  const { run, isPending } = useRowWrites("services");
  const flash = useFlash();
  const isSuperadmin = readSession()?.user.role === "superadmin";

  /** A write's answer reaches this list at once; the selectors of Extras and Questions reload. */
  const settle = (change: (services: ServiceDto[]) => ServiceDto[]) => {
    updateCachedList(queryClient, allServicesQuery.queryKey, change);
    void queryClient.invalidateQueries({ queryKey: liveServicesQuery.queryKey });
  };

  async function create(body: ServiceBody) {
    const saved = await createService(body);
    settle(appending(saved));
    flash.show(`Service “${saved.name}” created.`);
  }

  async function update(id: string, body: ServiceBody) {
    const saved = await updateService(id, body);
    settle(replacing(saved));
    setEditingId(null);
    flash.show(`Service “${saved.name}” saved.`);
  }

  /** A row write: locks the row's buttons, shows the server's text (or `fallback`) when it fails. */
  const rowAction = (service: ServiceDto, fallback: string, action: () => Promise<void>) =>
    run(service._id, async () => {
      setActionError(null);
      try {
        await action();
      } catch (error) {
        setActionError({ error, message: serverMessageOr(error, fallback) });
      }
    });

  const softDelete = (service: ServiceDto) =>
    confirmThen(M.confirmSoftDelete(service.name), () =>
      rowAction(service, M.deleteFailed, async () => {
        settle(replacing(await softDeleteService(service._id)));
        if (editingId === service._id) setEditingId(null);
      }));

  const restore = (service: ServiceDto) =>
    rowAction(service, M.restoreFailed, async () => settle(replacing(await restoreService(service._id))));

  const hardDelete = (service: ServiceDto) =>
    confirmThen(M.confirmHardDelete(service.name), () =>
      run(service._id, async () => {
        try {
          await hardDeleteService(service._id);
          settle(removing(service._id));
        } catch (error) {
          window.alert(serverMessageOr(error, M.hardDeleteFailed));
        }
      }));

  // Try again shows the loading note, as the first load did.
  const retrying = list.isError && list.isFetching;
  const services = list.data ?? [];
  const deletedCount = services.filter((s) => s.deletedAt).length;
  const shown = showDeleted ? services : services.filter((s) => !s.deletedAt);

  return (
    <section className="services-page" aria-labelledby="services-title">
      <PageHeader title="Services" titleId="services-title">
        <button
          type="button"
          className="admin-button admin-button--secondary"
          onClick={() => onShowDeletedChange(!showDeleted)}
          disabled={!list.isSuccess}
        >
          {showDeleted ? "Hide deleted" : "Show deleted"} ({deletedCount})
        </button>
      </PageHeader>

      <div className="admin-card" role="region" aria-labelledby="services-create-title">
        <h2 id="services-create-title" className="admin-card__title">New service</h2>
        <ServiceForm submitLabel="Create service" busyLabel="Creating…" onSubmit={create} failureText={M.createFailed} />
      </div>

      <FlashStatus message={flash.message} />

      {actionError && (
        <ErrorAlert failure={asFailure(actionError.error)} message={actionError.message} onDismiss={() => setActionError(null)} />
      )}

      <h2 className="services-page__list-title">All services</h2>
      {(list.isPending || retrying) && <p role="status">Loading services…</p>}
      {list.isError && !retrying && (
        <div className="services-page__load-error">
          <ErrorAlert failure={asFailure(list.error)} message={M.loadFailed} />
          <button type="button" className="admin-button admin-button--secondary" onClick={() => void list.refetch()}>Try again</button>
        </div>
      )}
      {list.isSuccess && shown.length === 0 && <EmptyState>{M.empty}</EmptyState>}
      {list.isSuccess && shown.length > 0 && (
        <ul className="admin-list" aria-label="Services">
          {shown.map((service) => {
            const busy = isPending(service._id);
            const deleted = Boolean(service.deletedAt);
            return (
              <li key={service._id} className={`admin-row${deleted ? " admin-row--muted" : ""}`} aria-busy={busy || undefined}>
                <div className="admin-row__main">
                  <h3 className="admin-row__title">
                    {service.name}
                    {deleted && <span className="admin-chip admin-chip--danger">DELETED</span>}
                  </h3>
                  <p className="admin-row__meta">
                    <span className="services-page__slug">/{service.slug}</span> · {priceSummary(service)}
                  </p>
                  <p className="admin-row__meta">{lengthSummary(service)}</p>
                </div>
                <div className="admin-row__actions">
                  {!deleted && (
                    <button
                      type="button"
                      className="admin-button admin-button--secondary admin-button--small"
                      aria-label={`Edit ${service.name}`}
                      aria-expanded={editingId === service._id}
                      disabled={busy}
                      onClick={() => setEditingId((id) => (id === service._id ? null : service._id))}
                    >
                      Edit
                    </button>
                  )}
                  {!deleted && (
                    <button type="button" className="admin-button admin-button--danger admin-button--small"
                      aria-label={`Delete ${service.name}`} disabled={busy} onClick={() => void softDelete(service)}>
                      Delete
                    </button>
                  )}
                  {deleted && (
                    <button type="button" className="admin-button admin-button--secondary admin-button--small"
                      aria-label={`Restore ${service.name}`} disabled={busy} onClick={() => void restore(service)}>
                      Restore
                    </button>
                  )}
                  {isSuperadmin && (
                    <button type="button" className="admin-button admin-button--danger admin-button--small"
                      aria-label={`Hard delete ${service.name}`} disabled={busy} onClick={() => void hardDelete(service)}>
                      Hard delete
                    </button>
                  )}
                </div>
                {editingId === service._id && !deleted && (
                  <div className="admin-row__editor" role="region" aria-label={`Edit ${service.name}`}>
                    <ServiceForm
                      service={service}
                      submitLabel="Save changes"
                      busyLabel="Saving…"
                      failureText={M.updateFailed}
                      onSubmit={(body) => update(service._id, body)}
                      onCancel={() => setEditingId(null)}
                    />
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { lazy, type ReactNode, Suspense, useState } from "react";
import { serverMessageOr } from "@yarra/api/client/error-catalogue.ts";
import { ErrorAlert } from "@yarra/public-ui/error-alert.tsx";
import { removing, replacing, updateCachedList } from "../../lib/list-cache.ts";
import { useRowWrites } from "../../lib/use-row-writes.ts";
import { confirmThen } from "../../ui/confirm-then.ts";
import { EmptyState } from "../../ui/empty-state.tsx";
import { asFailure } from "../../ui/failure.ts";
import { FlashStatus } from "../../ui/flash-status.tsx";
import { PageHeader } from "../../ui/page-header.tsx";
import { ToggleSwitch } from "../../ui/toggle-switch.tsx";
import { useFlash } from "../../ui/use-flash.ts";
import { CleanerEditor } from "./cleaner-editor.tsx";
import { formatLeave, weekSummary } from "./team-hours-form.ts";
import { TimeOffPanel } from "./time-off-panel.tsx";
import { WorkingHoursEditor } from "./working-hours-editor.tsx";
import { EMPTY_CLEANER_FORM, formOf } from "./cleaner-form.ts";
import {
  type Cleaner,
  type CleanerBody,
  CLEANERS_KEY,
  cleanersQuery,
  createCleaner,
  deactivateCleaner,
  updateCleaner,
} from "./cleaners-api.ts";
import "./team.css";

// Issue 31: a cleaner's login, its own chunk (its form and core's password rules), loaded with the first row opened.
const CleanerLogin = lazy(() => import("./cleaner-login.tsx").then((module) => ({ default: module.CleanerLogin })));

export const TEAM_TEXT = {
  loadFailed: "Failed to load the team",
  empty: "No cleaners yet.",
  emptyActive: "No active cleaners. Turn on Show inactive to see the others.",
  showInactive: "Show inactive",
  createFailed: "Add cleaner failed",
  updateFailed: "Update cleaner failed",
  deactivateFailed: "Deactivate failed",
  reactivateFailed: "Reactivate failed",
  confirmDeactivate: (name: string) =>
    `Deactivate ${name}? They stay on the jobs they already have, but can't be given new ones. You can reactivate them later.`,
  added: (name: string) => `${name} added to the team.`,
  updated: (name: string) => `${name} saved.`,
  deactivated: (name: string) => `${name} deactivated.`,
  reactivated: (name: string) => `${name} is active again.`,
  hoursSaved: (name: string) => `Working hours saved for ${name}.`,
  hoursAndTimeOff: "Hours and time off",
  nextTimeOff: (leave: string, more: number) => `Time off: ${leave}${more > 0 ? ` (and ${more} more)` : ""}`,
  login: "Login",
  loginFor: (name: string) => `Login for ${name}`,
  loadingLogin: "Loading…",
} as const;

const T = TEAM_TEXT;
const NO_CLEANERS: Cleaner[] = [];
const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, "")}`;
const byName = (a: Cleaner, b: Cleaner) => a.name.localeCompare(b.name, "en-AU", { sensitivity: "base" });

interface TeamPageProps {
  showInactive: boolean;
  onShowInactiveChange: (shown: boolean) => void;
  /** Issue 32: a cleaner's average rating, the feedback feature's, as the route gives it. */
  ratingOf?: (cleanerId: string) => ReactNode;
}

/** The cleaners the office assigns to jobs (issue 16): add, edit, deactivate; inactive ones on request. */
export function TeamPage({ showInactive, onShowInactiveChange, ratingOf }: TeamPageProps) {
  const queryClient = useQueryClient();
  const query = cleanersQuery(showInactive);
  const list = useQuery(query);
  const team = list.data ?? NO_CLEANERS;
  const [editingId, setEditingId] = useState<string | null>(null);
  const [hoursOpenId, setHoursOpenId] = useState<string | null>(null);
  const [loginOpenId, setLoginOpenId] = useState<string | null>(null);
  const [actionError, setActionError] = useState<{ error: unknown; message: string } | null>(null);
  const { run, isPending } = useRowWrites("cleaners");
  const flash = useFlash();

  /** The answer goes into the list on screen; every team list and the schedule load afresh next time. */
  function settle(change: (cleaners: Cleaner[]) => Cleaner[]) {
    updateCachedList<Cleaner>(queryClient, query.queryKey, (cleaners) => change(cleaners).sort(byName));
    void queryClient.invalidateQueries({ queryKey: CLEANERS_KEY, refetchType: "none" });
    void queryClient.invalidateQueries({ queryKey: ["schedule"], refetchType: "none" });
  }

  async function add(body: CleanerBody) {
    const saved = await createCleaner(body);
    settle((cleaners) => [...cleaners, saved]);
    flash.show(T.added(saved.name));
  }

  async function save(cleaner: Cleaner, body: CleanerBody) {
    const saved = await updateCleaner(cleaner._id, body);
    settle(replacing(saved));
    setEditingId(null);
    flash.show(T.updated(saved.name));
  }

  const rowAction = (cleaner: Cleaner, fallback: string, action: () => Promise<void>) =>
    run(cleaner._id, async () => {
      setActionError(null);
      try {
        await action();
      } catch (error) {
        setActionError({ error, message: serverMessageOr(error, fallback) });
      }
    });

  const deactivate = (cleaner: Cleaner) =>
    confirmThen(T.confirmDeactivate(cleaner.name), () =>
      rowAction(cleaner, T.deactivateFailed, async () => {
        const saved = await deactivateCleaner(cleaner._id);
        settle(showInactive ? replacing<Cleaner>({ ...cleaner, ...saved, active: false }) : removing(cleaner._id));
        if (editingId === cleaner._id) setEditingId(null);
        flash.show(T.deactivated(cleaner.name));
      }));

  const reactivate = (cleaner: Cleaner) =>
    rowAction(cleaner, T.reactivateFailed, async () => {
      settle(replacing(await updateCleaner(cleaner._id, { active: true })));
      flash.show(T.reactivated(cleaner.name));
    });

  const retrying = list.isError && list.isFetching;

  return (
    <section className="team-page" aria-labelledby="team-title">
      <PageHeader title="Team" titleId="team-title">
        <ToggleSwitch label={T.showInactive} checked={showInactive} onChange={onShowInactiveChange} />
      </PageHeader>

      <div className="admin-card" role="region" aria-labelledby="team-add-title">
        <h2 id="team-add-title" className="admin-card__title">New cleaner</h2>
        <CleanerEditor
          initial={EMPTY_CLEANER_FORM}
          resetAfterSave
          submitLabel="Add cleaner"
          busyLabel="Adding…"
          failureText={T.createFailed}
          onSubmit={add}
        />
      </div>

      <FlashStatus message={flash.message} />
      {actionError && (
        <ErrorAlert failure={asFailure(actionError.error)} message={actionError.message} onDismiss={() => setActionError(null)} />
      )}

      <h2 className="team-page__list-title">{showInactive ? "All cleaners" : "Active cleaners"}</h2>
      {(list.isPending || retrying) && <p role="status">Loading the team…</p>}
      {list.isError && !retrying && (
        <div className="team-page__load-error">
          <ErrorAlert failure={asFailure(list.error)} message={T.loadFailed} />
          <button type="button" className="admin-button admin-button--secondary" onClick={() => void list.refetch()}>Try again</button>
        </div>
      )}
      {list.isSuccess && team.length === 0 && <EmptyState>{showInactive ? T.empty : T.emptyActive}</EmptyState>}
      {list.isSuccess && team.length > 0 && (
        <ul className="admin-list" aria-label="Cleaners">
          {team.map((cleaner) => {
            const busy = isPending(cleaner._id);
            const editing = editingId === cleaner._id;
            const hoursOpen = hoursOpenId === cleaner._id;
            const loginOpen = loginOpenId === cleaner._id;
            return (
              <li key={cleaner._id} className={`admin-row team-row${cleaner.active ? "" : " admin-row--muted"}`}>
                <div className="admin-row__main">
                  <h3 className="admin-row__title">
                    <span className="team-swatch" style={{ backgroundColor: cleaner.colour }} aria-hidden="true" />
                    <bdi>{cleaner.name}</bdi>
                    {cleaner.active
                      ? <span className="admin-chip">Active</span>
                      : <span className="admin-chip admin-chip--muted">Inactive</span>}
                  </h3>
                  <p className="admin-row__meta team-row__contacts">
                    {cleaner.phone
                      ? <a href={telHref(cleaner.phone)}>{cleaner.phone}</a>
                      : <span>No phone</span>}
                    {cleaner.email
                      ? <a href={`mailto:${cleaner.email}`}>{cleaner.email}</a>
                      : <span>No e-mail</span>}
                  </p>
                  <p className="admin-row__meta">Colour <code>{cleaner.colour}</code></p>
                  <p className="admin-row__meta">{weekSummary(cleaner)}</p>
                  {ratingOf?.(cleaner._id)}
                  {cleaner.timeOff.length > 0 && (
                    <p className="admin-row__meta">{T.nextTimeOff(formatLeave(cleaner.timeOff[0]), cleaner.timeOff.length - 1)}</p>
                  )}
                </div>
                <div className="admin-row__actions">
                  <button type="button" className="admin-button admin-button--secondary admin-button--small"
                    aria-label={`Edit ${cleaner.name}`} aria-expanded={editing} disabled={busy}
                    onClick={() => setEditingId(editing ? null : cleaner._id)}>
                    Edit
                  </button>
                  <button type="button" className="admin-button admin-button--secondary admin-button--small"
                    aria-label={`${T.hoursAndTimeOff} for ${cleaner.name}`} aria-expanded={hoursOpen}
                    onClick={() => setHoursOpenId(hoursOpen ? null : cleaner._id)}>
                    {T.hoursAndTimeOff}
                  </button>
                  <button type="button" className="admin-button admin-button--secondary admin-button--small"
                    aria-label={T.loginFor(cleaner.name)} aria-expanded={loginOpen}
                    onClick={() => setLoginOpenId(loginOpen ? null : cleaner._id)}>
                    {T.login}
                  </button>
                  {cleaner.active ? (
                    <button type="button" className="admin-button admin-button--danger admin-button--small"
                      aria-label={`Deactivate ${cleaner.name}`} disabled={busy} onClick={() => void deactivate(cleaner)}>
                      {busy ? "Deactivating…" : "Deactivate"}
                    </button>
                  ) : (
                    <button type="button" className="admin-button admin-button--secondary admin-button--small"
                      aria-label={`Reactivate ${cleaner.name}`} disabled={busy} onClick={() => void reactivate(cleaner)}>
                      {busy ? "Reactivating…" : "Reactivate"}
                    </button>
                  )}
                </div>
                {editing && (
                  <div className="admin-row__editor" role="region" aria-label={`Edit ${cleaner.name}`}>
                    <CleanerEditor
                      initial={formOf(cleaner)}
                      submitLabel="Save changes"
                      busyLabel="Saving…"
                      failureText={T.updateFailed}
                      onSubmit={(body) => save(cleaner, body)}
                      onCancel={() => setEditingId(null)}
                    />
                  </div>
                )}
                {loginOpen && (
                  <div className="admin-row__editor team-row__login" role="region" aria-label={T.loginFor(cleaner.name)}>
                    <Suspense fallback={<p role="status">{T.loadingLogin}</p>}>
                      <CleanerLogin cleaner={cleaner} />
                    </Suspense>
                  </div>
                )}
                {hoursOpen && (
                  <div className="admin-row__editor team-row__hours" role="region" aria-label={`${T.hoursAndTimeOff} for ${cleaner.name}`}>
                    <WorkingHoursEditor
                      key={JSON.stringify(cleaner.workingHours)}
                      cleaner={cleaner}
                      onSaved={(saved) => {
                        settle(replacing(saved));
                        flash.show(T.hoursSaved(saved.name));
                      }}
                    />
                    <TimeOffPanel
                      cleaner={cleaner}
                      onChanged={(changed, message) => {
                        settle(replacing(changed));
                        flash.show(message);
                      }}
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

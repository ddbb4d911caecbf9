import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useRef, useState } from "react";
import { serverMessageOr } from "@yarra/api/client/error-catalogue.ts";
import type { FrequencyDto } from "@yarra/api/client/types.ts";
import { clampDiscountPercent, validateFrequencyInput } from "@yarra/core/catalog/validation.ts";
import { ErrorAlert } from "@yarra/public-ui/error-alert.tsx";
import { appending, removing, replacing, updateCachedList } from "../../lib/list-cache.ts";
import { useRowWrites } from "../../lib/use-row-writes.ts";
import { confirmThen } from "../../ui/confirm-then.ts";
import { EmptyState } from "../../ui/empty-state.tsx";
import { asFailure, fieldErrorsOf } from "../../ui/failure.ts";
import { FlashStatus } from "../../ui/flash-status.tsx";
import { FormField } from "../../ui/form-field.tsx";
import { PageHeader } from "../../ui/page-header.tsx";
import { useFlash } from "../../ui/use-flash.ts";
import { createFrequency, deleteFrequency, type FrequencyBody, frequenciesQuery, updateFrequency } from "./frequencies-api.ts";
import "./frequencies.css";

export const FREQUENCIES_MESSAGES = {
  loadFailed: "Failed to load frequencies",
  empty: "No frequencies yet.",
  createFailed: "Add frequency failed",
  updateFailed: "Update failed",
  deleteFailed: "Delete failed",
  promptDiscount: (name: string) => `New discount percent for “${name}” (0 to 100):`,
  confirmDelete: (name: string) => `Delete the frequency “${name}”? Past bookings keep their discount.`,
} as const;

const M = FREQUENCIES_MESSAGES;

const discountText = (percent: number) => (percent > 0 ? `${percent}% off after the first service` : "No discount");

/** How often customers can book, and the discount each repeat gets. */
export function FrequenciesPage() {
  const queryClient = useQueryClient();
  const list = useQuery(frequenciesQuery);
  const [name, setName] = useState("");
  const [code, setCode] = useState("");
  const [discount, setDiscount] = useState("0");
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [actionError, setActionError] = useState<{ error: unknown; message: string } | null>(null);
  const { run, isPending } = useRowWrites("frequencies");
  const flash = useFlash();
  const formRef = useRef<HTMLFormElement>(null);

  const settle = (change: (frequencies: FrequencyDto[]) => FrequencyDto[]) =>
    updateCachedList(queryClient, frequenciesQuery.queryKey, change);

  const create = useMutation({
    mutationFn: createFrequency,
    onSuccess: (saved) => {
      settle(appending(saved));
      setName("");
      setCode("");
      setDiscount("0");
      flash.show(`Frequency “${saved.name}” added.`);
    },
    onError: (error) => setErrors(fieldErrorsOf(error)),
  });
  const createFailure = create.isError ? serverMessageOr(create.error, M.createFailed) : null;

  function add(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const raw = { name, code, discountPercent: discount };
    const verdict = validateFrequencyInput(raw, "create");
    if (!verdict.ok) {
      setErrors(verdict.error.fieldErrors ?? {});
      queueMicrotask(() => formRef.current?.querySelector<HTMLElement>("[aria-invalid='true']")?.focus());
      return;
    }
    const body: FrequencyBody = { name: verdict.value.name, code: verdict.value.code, discountPercent: verdict.value.discountPercent };
    setErrors({});
    if (!create.isPending) create.mutate(body);
  }

  const rowAction = (frequency: FrequencyDto, fallback: string, action: () => Promise<void>) =>
    run(frequency._id, async () => {
      setActionError(null);
      try {
        await action();
      } catch (error) {
        setActionError({ error, message: serverMessageOr(error, fallback) });
      }
    });

  function editPercent(frequency: FrequencyDto) {
    const answer = window.prompt(M.promptDiscount(frequency.name), String(frequency.discountPercent));
    if (answer === null) return;
    const discountPercent = clampDiscountPercent(answer);
    void rowAction(frequency, M.updateFailed, async () => {
      settle(replacing(await updateFrequency(frequency._id, { discountPercent })));
      flash.show(`“${frequency.name}” now has ${discountPercent}% off.`);
    });
  }

  const remove = (frequency: FrequencyDto) =>
    confirmThen(M.confirmDelete(frequency.name), () =>
      rowAction(frequency, M.deleteFailed, async () => {
        await deleteFrequency(frequency._id);
        settle(removing(frequency._id));
      }));

  const creating = create.isPending;
  // Try again shows the loading note, as the first load did.
  const retrying = list.isError && list.isFetching;

  return (
    <section className="frequencies-page" aria-labelledby="frequencies-title">
      <PageHeader title="Frequencies" titleId="frequencies-title" />

      <div className="admin-card" role="region" aria-labelledby="frequencies-add-title">
        <h2 id="frequencies-add-title" className="admin-card__title">New frequency</h2>
        <form ref={formRef} onSubmit={add} noValidate>
          <div className="admin-form-grid">
            <FormField label="Name" errors={errors.name}>
              {(control) => (
                <input {...control} className="admin-input" value={name} maxLength={120} required
                  onChange={(event) => setName(event.target.value)} />
              )}
            </FormField>
            <FormField label="Code" errors={errors.code} hint="Letters, numbers and underscores, e.g. WEEKLY.">
              {(control) => (
                <input {...control} className="admin-input frequencies-page__code" value={code} maxLength={40} required
                  autoCapitalize="characters" spellCheck={false} onChange={(event) => setCode(event.target.value)} />
              )}
            </FormField>
            <FormField label="Discount percent" errors={errors.discountPercent}>
              {(control) => (
                <input {...control} className="admin-input" type="number" inputMode="decimal" min={0} max={100} step="0.01"
                  value={discount} onChange={(event) => setDiscount(event.target.value)} />
              )}
            </FormField>
          </div>
          {createFailure && <p className="admin-alert frequencies-page__failure" role="alert">{createFailure}</p>}
          <div className="admin-form-actions">
            <button type="submit" className="admin-button admin-button--primary" disabled={creating}>
              {creating ? "Adding…" : "Add frequency"}
            </button>
          </div>
        </form>
      </div>

      <FlashStatus message={flash.message} />
      {actionError && (
        <ErrorAlert failure={asFailure(actionError.error)} message={actionError.message} onDismiss={() => setActionError(null)} />
      )}

      <h2 className="frequencies-page__list-title">All frequencies</h2>
      {(list.isPending || retrying) && <p role="status">Loading frequencies…</p>}
      {list.isError && !retrying && (
        <div className="frequencies-page__load-error">
          <ErrorAlert failure={asFailure(list.error)} message={M.loadFailed} />
          <button type="button" className="admin-button admin-button--secondary" onClick={() => void list.refetch()}>Try again</button>
        </div>
      )}
      {list.isSuccess && list.data.length === 0 && <EmptyState>{M.empty}</EmptyState>}
      {list.isSuccess && list.data.length > 0 && (
        <ul className="admin-list" aria-label="Frequencies">
          {list.data.map((frequency) => {
            const busy = isPending(frequency._id);
            return (
              <li key={frequency._id} className="admin-row">
                <div className="admin-row__main">
                  <h3 className="admin-row__title">
                    {frequency.name}
                    <code className="frequencies-page__code-chip">{frequency.code}</code>
                  </h3>
                  <p className="admin-row__meta">{discountText(frequency.discountPercent)}</p>
                </div>
                <div className="admin-row__actions">
                  <button type="button" className="admin-button admin-button--secondary admin-button--small"
                    aria-label={`Edit % of ${frequency.name}`} disabled={busy} onClick={() => editPercent(frequency)}>
                    Edit %
                  </button>
                  <button type="button" className="admin-button admin-button--danger admin-button--small"
                    aria-label={`Delete ${frequency.name}`} disabled={busy} onClick={() => void remove(frequency)}>
                    Delete
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

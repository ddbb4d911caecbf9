import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState } from "react";
import { frequencyInUseDetails, type FrequencyInUseDetails, serverMessageOr } from "@yarra/api/client/error-catalogue.ts";
import type { FrequencyDto } from "@yarra/api/client/types.ts";
import { repeatRuleErrors } from "@yarra/core/catalog/schemas.ts";
import { DEFAULT_FREQUENCY_CODE } from "@yarra/core/catalog/constants.ts";
import { clampDiscountPercent, validateFrequencyInput } from "@yarra/core/catalog/validation.ts";
import { ErrorAlert } from "@yarra/public-ui/error-alert.tsx";
import { appending, removing, replacing, updateCachedList } from "../../lib/list-cache.ts";
import { useRowWrites } from "../../lib/use-row-writes.ts";
import { checkResolver, useStaffForm } from "../../lib/use-staff-form.ts";
import { confirmThen } from "../../ui/confirm-then.ts";
import { EmptyState } from "../../ui/empty-state.tsx";
import { asFailure } from "../../ui/failure.ts";
import { FlashStatus } from "../../ui/flash-status.tsx";
import { FormField } from "../../ui/form-field.tsx";
import { PageHeader } from "../../ui/page-header.tsx";
import { useFlash } from "../../ui/use-flash.ts";
import { createFrequency, deleteFrequency, type FrequencyBody, frequenciesQuery, updateFrequency } from "./frequencies-api.ts";
import { bodyOf, defaultRepeatOf, draftOf, type RepeatDraft, RepeatFields, repeatLabel } from "./repeat-fields.tsx";
import "./frequencies.css";

export const FREQUENCIES_MESSAGES = {
  loadFailed: "Failed to load frequencies",
  empty: "No frequencies yet.",
  createFailed: "Add frequency failed",
  updateFailed: "Update failed",
  deleteFailed: "Delete failed",
  promptDiscount: (name: string) => `New discount percent for “${name}” (0 to 100):`,
  confirmDelete: (name: string) => `Delete the frequency “${name}”? Past bookings keep their discount.`,
  repeatSaved: (name: string, repeat: string) => `“${name}” now: ${repeat.toLowerCase()}.`,
  // Issue 28: a frequency in use is retired, not deleted.
  inUse: (name: string, { series, bookings }: FrequencyInUseDetails) => {
    const users = [
      series > 0 ? `${series} ${series === 1 ? "regular clean" : "regular cleans"}` : "",
      bookings > 0 ? `${bookings} ${bookings === 1 ? "coming booking" : "coming bookings"}` : "",
    ].filter(Boolean).join(" and ");
    return `“${name}” can’t be deleted: ${users} still use it. Retire it instead: it leaves the booking form, and they keep it.`;
  },
  retire: "Retire",
  retireInstead: "Retire instead",
  bringBack: "Bring back",
  retired: "Retired: not offered on the booking form",
  retiredFlash: (name: string) => `“${name}” is retired: the booking form no longer offers it.`,
  broughtBackFlash: (name: string) => `“${name}” is on the booking form again.`,
  editRepeat: "Edit repeat",
  saveRepeat: "Save repeat",
  cancel: "Cancel",
} as const;

const M = FREQUENCIES_MESSAGES;

const discountText = (percent: number) => (percent > 0 ? `${percent}% off after the first service` : "No discount");

interface NewFrequencyValues {
  name: string;
  code: string;
  /** As typed. */
  discountPercent: string;
  /** The repeat staff chose; until they choose (null), the one the code gets (WEEKLY: every week). */
  repeat: RepeatDraft | null;
}

const NEW_FREQUENCY: NewFrequencyValues = { name: "", code: "", discountPercent: "0", repeat: null };

const repeatOf = (values: NewFrequencyValues) => values.repeat ?? defaultRepeatOf(values.code);

/** Core's rules for a new frequency; the body as core reads it. */
const newFrequencyResolver = checkResolver<NewFrequencyValues, FrequencyBody>((values) => {
  const typed = { name: values.name, code: values.code, discountPercent: values.discountPercent, ...bodyOf(repeatOf(values)) };
  const verdict = validateFrequencyInput(typed, "create");
  if (!verdict.ok) return { ok: false, fieldErrors: verdict.error.fieldErrors ?? {} };
  const { name, code, discountPercent, repeatUnit, repeatEvery } = verdict.value;
  return { ok: true, value: { name, code, discountPercent, repeatUnit, repeatEvery } };
});

type RepeatBody = Pick<FrequencyBody, "repeatUnit" | "repeatEvery">;

/** Core's rules for the pair (the server judges it again with the stored one); a one-off's interval is 0. */
const repeatResolver = checkResolver<RepeatDraft, RepeatBody>((draft) => {
  const verdict = validateFrequencyInput(bodyOf(draft), "update");
  const found = verdict.ok ? repeatRuleErrors(verdict.value) : (verdict.error.fieldErrors ?? {});
  if (!verdict.ok || Object.keys(found).length > 0) return { ok: false, fieldErrors: found };
  const { repeatUnit, repeatEvery } = verdict.value;
  return { ok: true, value: { repeatUnit, repeatEvery: repeatUnit === "NONE" ? 0 : repeatEvery } };
});

/** The repeat's messages as RepeatFields takes them. */
const repeatErrorsOf = (errorsOf: (path: string) => string[] | undefined): Record<string, string[]> =>
  Object.fromEntries((["repeatUnit", "repeatEvery"] as const).flatMap((key) => errorsOf(key) ? [[key, errorsOf(key)!]] : []));

/** How often customers can book, and the discount each repeat gets. */
export function FrequenciesPage() {
  const queryClient = useQueryClient();
  const list = useQuery(frequenciesQuery);
  /** The frequency whose repeat is being edited in its row. */
  const [editing, setEditing] = useState<string | null>(null);
  const [actionError, setActionError] = useState<{ error: unknown; message: string } | null>(null);
  /** A delete refused because the frequency is in use: its counts, and Retire instead. */
  const [inUse, setInUse] = useState<{ frequency: FrequencyDto; use: FrequencyInUseDetails } | null>(null);
  const { run, isPending } = useRowWrites("frequencies");
  const flash = useFlash();

  const settle = (change: (frequencies: FrequencyDto[]) => FrequencyDto[]) =>
    updateCachedList(queryClient, frequenciesQuery.queryKey, change);

  const { form, values, errorsOf, failure: createError, working: creating, formRef, submit, setField } = useStaffForm({
    defaultValues: NEW_FREQUENCY,
    resolver: newFrequencyResolver,
    onSubmit: async (body) => {
      const saved = await createFrequency(body);
      settle(appending(saved));
      flash.show(`Frequency “${saved.name}” added.`);
    },
    afterSave: "empty",
  });
  const { register } = form;
  const createFailure = createError !== null ? serverMessageOr(createError, M.createFailed) : null;

  const rowAction = (frequency: FrequencyDto, fallback: string, action: () => Promise<void>) =>
    run(frequency._id, async () => {
      setActionError(null);
      setInUse(null);
      try {
        await action();
      } catch (error) {
        const use = frequencyInUseDetails(error);
        if (use) setInUse({ frequency, use });
        else setActionError({ error, message: serverMessageOr(error, fallback) });
      }
    });

  /** Retire (off the booking form) or bring back; bookings and series that use it keep it either way. */
  const setOnOffer = (frequency: FrequencyDto, active: boolean) =>
    rowAction(frequency, M.updateFailed, async () => {
      settle(replacing(await updateFrequency(frequency._id, { active })));
      flash.show(active ? M.broughtBackFlash(frequency.name) : M.retiredFlash(frequency.name));
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

  /** Sends a repeat core's rules passed; a failure shows in the page's alert. */
  const saveRepeat = (frequency: FrequencyDto, body: RepeatBody) =>
    rowAction(frequency, M.updateFailed, async () => {
      const saved = await updateFrequency(frequency._id, body);
      settle(replacing(saved));
      setEditing(null);
      flash.show(M.repeatSaved(saved.name, repeatLabel(saved.repeatUnit, saved.repeatEvery)));
    });

  const remove = (frequency: FrequencyDto) =>
    confirmThen(M.confirmDelete(frequency.name), () =>
      rowAction(frequency, M.deleteFailed, async () => {
        await deleteFrequency(frequency._id);
        settle(removing(frequency._id));
      }));

  // Try again shows the loading note, as the first load did.
  const retrying = list.isError && list.isFetching;

  return (
    <section className="frequencies-page" aria-labelledby="frequencies-title">
      <PageHeader title="Frequencies" titleId="frequencies-title" />

      <div className="admin-card" role="region" aria-labelledby="frequencies-add-title">
        <h2 id="frequencies-add-title" className="admin-card__title">New frequency</h2>
        <form ref={formRef} onSubmit={submit} noValidate>
          <div className="admin-form-grid">
            <FormField label="Name" errors={errorsOf("name")}>
              {(control) => <input {...control} className="admin-input" maxLength={120} required {...register("name")} />}
            </FormField>
            <FormField label="Code" errors={errorsOf("code")} hint="Letters, numbers and underscores, e.g. WEEKLY.">
              {(control) => (
                <input {...control} className="admin-input frequencies-page__code" maxLength={40} required
                  autoCapitalize="characters" spellCheck={false} {...register("code")} />
              )}
            </FormField>
            <FormField label="Discount percent" errors={errorsOf("discountPercent")}>
              {(control) => (
                <input {...control} className="admin-input" type="number" inputMode="decimal" min={0} max={100} step="0.01"
                  {...register("discountPercent")} />
              )}
            </FormField>
            <RepeatFields draft={repeatOf(values)} onChange={(draft) => setField("repeat", draft)} errors={repeatErrorsOf(errorsOf)} />
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
      {inUse && (
        <div className="admin-alert frequencies-page__in-use" role="alert">
          <p>{M.inUse(inUse.frequency.name, inUse.use)}</p>
          <div className="admin-form-actions">
            <button type="button" className="admin-button admin-button--primary admin-button--small"
              disabled={isPending(inUse.frequency._id)} onClick={() => void setOnOffer(inUse.frequency, false)}>
              {M.retireInstead}
            </button>
            <button type="button" className="admin-button admin-button--secondary admin-button--small" onClick={() => setInUse(null)}>
              {M.cancel}
            </button>
          </div>
        </div>
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
                  <p className="admin-row__meta">{repeatLabel(frequency.repeatUnit, frequency.repeatEvery)}</p>
                  {frequency.active === false && <p className="admin-row__meta frequencies-page__retired">{M.retired}</p>}
                </div>
                <div className="admin-row__actions">
                  <EditRepeatButton
                    frequency={frequency}
                    open={editing === frequency._id}
                    disabled={busy}
                    onToggle={() => setEditing(editing === frequency._id ? null : frequency._id)}
                  />
                  <button type="button" className="admin-button admin-button--secondary admin-button--small"
                    aria-label={`Edit % of ${frequency.name}`} disabled={busy} onClick={() => editPercent(frequency)}>
                    Edit %
                  </button>
                  {frequency.code !== DEFAULT_FREQUENCY_CODE && (
                    <button type="button" className="admin-button admin-button--secondary admin-button--small"
                      aria-label={`${frequency.active === false ? M.bringBack : M.retire} ${frequency.name}`} disabled={busy}
                      onClick={() => void setOnOffer(frequency, frequency.active === false)}>
                      {frequency.active === false ? M.bringBack : M.retire}
                    </button>
                  )}
                  <button type="button" className="admin-button admin-button--danger admin-button--small"
                    aria-label={`Delete ${frequency.name}`} disabled={busy} onClick={() => void remove(frequency)}>
                    Delete
                  </button>
                </div>
                {editing === frequency._id && (
                  <RepeatEditor
                    frequency={frequency}
                    busy={busy}
                    onSave={(body) => saveRepeat(frequency, body)}
                    onCancel={() => setEditing(null)}
                  />
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

/** Opens the row's repeat editor; focus comes back here when it closes (saved or cancelled). */
function EditRepeatButton({ frequency, open, disabled, onToggle }: { frequency: FrequencyDto; open: boolean; disabled: boolean; onToggle: () => void }) {
  const ref = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(open);
  useEffect(() => {
    if (open) wasOpen.current = true;
    // A disabled button cannot take focus: wait until the save has settled.
    else if (wasOpen.current && !disabled) {
      wasOpen.current = false;
      ref.current?.focus();
    }
  }, [open, disabled]);
  return (
    <button ref={ref} type="button" className="admin-button admin-button--secondary admin-button--small"
      aria-label={`${M.editRepeat} of ${frequency.name}`} aria-expanded={open} disabled={disabled} onClick={onToggle}>
      {M.editRepeat}
    </button>
  );
}

interface RepeatEditorProps {
  frequency: FrequencyDto;
  busy: boolean;
  /** Sends a repeat core's rules passed. */
  onSave: (body: RepeatBody) => Promise<unknown>;
  onCancel: () => void;
}

/** The row's "Repeats" fields: bookings from now on follow them; series already running keep theirs. */
function RepeatEditor({ frequency, busy, onSave, onCancel }: RepeatEditorProps) {
  const { values: draft, errorsOf, formRef, submit, setField } = useStaffForm({
    defaultValues: draftOf(frequency),
    resolver: repeatResolver,
    onSubmit: onSave,
  });
  const titleId = useId();

  return (
    <form ref={formRef} className="admin-row__editor frequencies-page__repeat" aria-labelledby={titleId} onSubmit={submit} noValidate>
      <p id={titleId} className="admin-field__hint">Repeat of {frequency.name}: new bookings follow it; regular cleans already running keep theirs.</p>
      <div className="admin-form-grid">
        <RepeatFields
          draft={draft}
          onChange={(next) => {
            setField("unit", next.unit);
            setField("every", next.every);
          }}
          errors={repeatErrorsOf(errorsOf)}
          disabled={busy}
        />
      </div>
      <div className="admin-form-actions">
        <button type="submit" className="admin-button admin-button--primary admin-button--small" disabled={busy}>{M.saveRepeat}</button>
        <button type="button" className="admin-button admin-button--secondary admin-button--small" disabled={busy}
          onClick={onCancel}>
          {M.cancel}
        </button>
      </div>
    </form>
  );
}

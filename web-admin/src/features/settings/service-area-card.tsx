import { queryOptions, useQueryClient } from "@tanstack/react-query";
import { useId } from "react";
import { serverMessageOr } from "@yarra/api/client/error-catalogue.ts";
import { serviceAreaInputSchema } from "@yarra/core/settings/schemas.ts";
import { normaliseServiceArea } from "@yarra/core/settings/service-area.ts";
import { SERVICE_AREA_DEFAULTS, type ServiceArea } from "@yarra/core/settings/types.ts";
import { parseInput } from "@yarra/core/shared/parse-input.ts";
import { ErrorAlert } from "@yarra/public-ui/error-alert.tsx";
import { api } from "../../lib/api.ts";
import { checkResolver, useStaffForm } from "../../lib/use-staff-form.ts";
import { asFailure } from "../../ui/failure.ts";
import { useFlash } from "../../ui/use-flash.ts";
import { NotLoaded, type NotLoadedState } from "./not-loaded.tsx";

export const SERVICE_AREA_TEXT = {
  title: "Service area",
  label: "Postcodes served",
  hint: "One per line or separated by commas; a range such as 3000-3207 covers every postcode from the first to the last.",
  everywhere: "An empty list means every postcode is accepted.",
  saved: "Service area saved.",
  failed: "Saving the service area failed",
} as const;

const SERVICE_AREA_PATH = "/api/admin/settings/service-area";

export const serviceAreaQuery = queryOptions({
  queryKey: ["settings", "service-area"],
  queryFn: async () => ({ ...SERVICE_AREA_DEFAULTS, ...(await api.get<ServiceArea>(SERVICE_AREA_PATH)) }),
});

/**
 * The entries of the box as staff typed them: split on new lines, commas, semicolons and spaces,
 * with spaces (or an en dash) around a range's hyphen read as the hyphen.
 */
export function postcodeEntries(text: string): string[] {
  return text.replace(/\s*[-–]\s*/g, "-").split(/[\s,;]+/).filter((entry) => entry !== "");
}

const textOf = (area: ServiceArea) => area.postcodes.join("\n");

/** One line per message: a bad entry's (`postcodes.3`) names the entry as sent; the list's own stands alone. */
export function entryMessages(fieldErrors: Record<string, string[]>, sent: readonly string[]): string[] {
  const lines: string[] = [];
  for (const [field, messages] of Object.entries(fieldErrors)) {
    const index = /^postcodes\.(\d+)$/.exec(field)?.[1];
    const entry = index === undefined ? undefined : sent[Number(index)];
    for (const message of messages) lines.push(entry === undefined ? message : `“${entry}”: ${message}`);
  }
  return lines;
}

/** The box's lines under the one field: a bad entry named as typed, or none (no key) when all is well. */
const linesOf = (fieldErrors: Record<string, string[]>, sent: readonly string[]): Record<string, string[]> => {
  const lines = entryMessages(fieldErrors, sent);
  return lines.length > 0 ? { postcodes: lines } : {};
};

/** The entries typed, checked by core's schema; a bad entry's message names it. */
const areaResolver = checkResolver<{ postcodes: string }, string[]>(({ postcodes: text }) => {
  const postcodes = postcodeEntries(text);
  const verdict = parseInput(serviceAreaInputSchema, { postcodes });
  return verdict.ok ? { ok: true, value: postcodes } : { ok: false, fieldErrors: linesOf(verdict.error.fieldErrors ?? {}, postcodes) };
});

/** The postcodes the business cleans in (issue 14): bookings outside them are refused, quotes still come. */
export function ServiceAreaCard(
  { saved, loading, notLoaded = null }: { saved: ServiceArea; loading: boolean; notLoaded?: NotLoadedState | null },
) {
  const queryClient = useQueryClient();
  const flash = useFlash();
  const id = useId();
  const { form, errorsOf, failure: saveError, dismissFailure, working, formRef, submit } = useStaffForm({
    defaultValues: { postcodes: textOf(saved) },
    resolver: areaResolver,
    onSubmit: async (postcodes) => {
      const answer = await api.put<ServiceArea>(SERVICE_AREA_PATH, { postcodes });
      // The saved list is trimmed, deduplicated and sorted; an answer without it reads as that.
      const next: ServiceArea = Array.isArray(answer?.postcodes) ? answer : { postcodes: normaliseServiceArea(postcodes) };
      queryClient.setQueryData(serviceAreaQuery.queryKey, next);
      flash.show(SERVICE_AREA_TEXT.saved);
      return next;
    },
    // The box shows the list the server kept.
    afterSave: (next) => ({ postcodes: textOf(next) }),
    // The server names a bad entry by its place in the list sent (postcodes.3): show it on the field.
    serverErrors: linesOf,
    focusServerErrors: true,
    guardUnsaved: true,
  });
  const problems = errorsOf("postcodes") ?? [];
  // Field errors are shown on the field; anything else in the alert.
  const failure = saveError !== null && problems.length === 0 ? saveError : null;

  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <form ref={formRef} className="settings-card" onSubmit={(event) => (notLoaded ? event.preventDefault() : submit(event))}
      aria-labelledby={`${id}-title`} noValidate>
      <h2 id={`${id}-title`} className="settings-card__title">{SERVICE_AREA_TEXT.title}</h2>
      <div className="admin-field">
        <label className="admin-field__label" htmlFor={id}>{SERVICE_AREA_TEXT.label}</label>
        <textarea
          id={id}
          className="admin-input settings__postcodes"
          rows={5}
          spellCheck={false}
          autoComplete="off"
          placeholder={"3000-3207\n3121"}
          aria-invalid={problems.length > 0 || undefined}
          aria-describedby={problems.length > 0 ? `${hintId} ${errorId}` : hintId}
          {...form.register("postcodes")}
        />
        <div id={hintId} className="admin-field__hint">
          <p className="settings__hint-line">{SERVICE_AREA_TEXT.hint}</p>
          <p className="settings__hint-line">{SERVICE_AREA_TEXT.everywhere}</p>
        </div>
        {problems.length > 0 && (
          <ul id={errorId} className="admin-field__error settings__problems">
            {problems.map((line) => <li key={line}>{line}</li>)}
          </ul>
        )}
      </div>
      {failure && (
        <ErrorAlert
          failure={asFailure(failure, SERVICE_AREA_TEXT.failed)}
          message={serverMessageOr(failure, SERVICE_AREA_TEXT.failed)}
          onDismiss={dismissFailure}
        />
      )}
      {notLoaded && <NotLoaded state={notLoaded} />}
      <div className="settings-card__actions">
        <button type="submit" className="admin-button admin-button--primary" disabled={loading || working || notLoaded !== null}>
          {working ? "Saving…" : "Save service area"}
        </button>
        <p role="status" className="settings__saved">{flash.message}</p>
      </div>
    </form>
  );
}

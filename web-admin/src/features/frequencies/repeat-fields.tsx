import type { FrequencyDto } from "@yarra/api/client/types.ts";
import { CATALOG_LIMITS, FREQUENCY_REPEAT_UNITS } from "@yarra/core/catalog/constants.ts";
import { REPEAT_BY_CODE } from "@yarra/core/catalog/schemas.ts";
import { FormField } from "../../ui/form-field.tsx";

export type RepeatUnit = FrequencyDto["repeatUnit"];

/** The repeat as its fields hold it: the interval as typed, so a half-typed number stays. */
export interface RepeatDraft {
  unit: RepeatUnit;
  every: string;
}

export const REPEAT_TEXT = {
  repeats: "Repeats",
  unit: { NONE: "Does not repeat", WEEK: "Every N weeks", MONTH: "Every N months" } satisfies Record<RepeatUnit, string>,
  every: { WEEK: "Every how many weeks", MONTH: "Every how many months" },
  hint: `1 to ${CATALOG_LIMITS.repeatEvery}. A booking with a repeating frequency starts a regular clean: its next visits are booked ahead.`,
} as const;

/** 'Every week', 'Every 2 weeks', 'Every month', 'Every 3 months', 'Does not repeat'. */
export function repeatLabel(unit: RepeatUnit, every: number): string {
  if (unit === "NONE" || every < 1) return "Does not repeat";
  const noun = unit === "WEEK" ? "week" : "month";
  return every === 1 ? `Every ${noun}` : `Every ${every} ${noun}s`;
}

export const draftOf = (frequency: Pick<FrequencyDto, "repeatUnit" | "repeatEvery">): RepeatDraft => ({
  unit: frequency.repeatUnit,
  every: frequency.repeatUnit === "NONE" ? "1" : String(frequency.repeatEvery),
});

/** What a new frequency with this code repeats by when staff choose nothing (core's defaults). */
export const defaultRepeatOf = (code: string): RepeatDraft =>
  draftOf(REPEAT_BY_CODE[code.trim().toUpperCase()] ?? { repeatUnit: "NONE", repeatEvery: 0 });

/** The fields as the API takes them: a one-off's interval is 0. */
export const bodyOf = (draft: RepeatDraft) => ({
  repeatUnit: draft.unit,
  repeatEvery: draft.unit === "NONE" ? 0 : draft.every,
});

interface RepeatFieldsProps {
  draft: RepeatDraft;
  onChange: (draft: RepeatDraft) => void;
  errors: Record<string, string[]>;
  disabled?: boolean;
}

/** "Repeats: does not repeat / every N weeks / every N months", and N when it repeats. */
export function RepeatFields({ draft, onChange, errors, disabled }: RepeatFieldsProps) {
  return (
    <>
      <FormField label={REPEAT_TEXT.repeats} errors={errors.repeatUnit}>
        {(control) => (
          <select {...control} className="admin-input" value={draft.unit} disabled={disabled}
            onChange={(event) => onChange({ ...draft, unit: event.target.value as RepeatUnit })}>
            {FREQUENCY_REPEAT_UNITS.map((unit) => <option key={unit} value={unit}>{REPEAT_TEXT.unit[unit]}</option>)}
          </select>
        )}
      </FormField>
      {draft.unit !== "NONE" && (
        <FormField label={REPEAT_TEXT.every[draft.unit]} hint={REPEAT_TEXT.hint} errors={errors.repeatEvery}>
          {(control) => (
            <input {...control} className="admin-input" type="number" inputMode="numeric" min={1} max={CATALOG_LIMITS.repeatEvery}
              step={1} value={draft.every} disabled={disabled} onChange={(event) => onChange({ ...draft, every: event.target.value })} />
          )}
        </FormField>
      )}
    </>
  );
}

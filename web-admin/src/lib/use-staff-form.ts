/**
 * The one way a staff form holds its state (issue 33): react-hook-form keeps the values, the dirty
 * flag and the submit state; core's zod schema (the one the API validates with) checks the values
 * through @hookform/resolvers, so the form and the server show the same words; the server's own
 * field errors (a 422's `fieldErrors`, keyed by the same dotted paths) land under the same fields.
 * Loaded only with the screens that have forms: never import it from the login screen or the shell.
 */
import { toNestErrors } from "@hookform/resolvers";
import { zodResolver } from "@hookform/resolvers/zod";
import { type FormEvent, useCallback, useEffect, useRef, useState } from "react";
import {
  type DefaultValues,
  type FieldError,
  type FieldValues,
  get,
  type Path,
  type Resolver,
  useForm,
  type UseFormReturn,
  useWatch,
} from "react-hook-form";
import type { z } from "zod";
import { fieldErrorsOf } from "../ui/failure.ts";
import { useUnsavedChanges } from "./unsaved-changes.ts";

/**
 * A resolver from a core schema. `toInput` turns the form's values (text as typed) into what the
 * schema checks (the request body); with `sendInput` the submit receives that input as built, not
 * the schema's parsed output (for forms that send exactly what they checked).
 */
export function coreSchemaResolver<TValues extends FieldValues, TBody>(
  schema: z.ZodType,
  toInput: (values: TValues) => unknown = (values) => values,
  sendInput = false,
): Resolver<TValues, unknown, TBody> {
  const check = zodResolver(schema as z.ZodType<unknown, FieldValues>, undefined, { raw: sendInput as false }) as unknown as Resolver<
    FieldValues,
    unknown,
    TBody
  >;
  return (values, context, options) =>
    check(toInput(values) as FieldValues, context, options as never) as ReturnType<Resolver<TValues, unknown, TBody>>;
}

/**
 * A resolver from a form's own check where no schema says it all (core's pricing rules, a date in
 * the past): field messages keyed by dotted path, as core's Results and the server's 422 carry them.
 */
export function checkResolver<TValues extends FieldValues, TBody>(
  check: (values: TValues) => { ok: true; value: TBody } | { ok: false; fieldErrors: Record<string, string[]> },
): Resolver<TValues, unknown, TBody> {
  return (values, _context, options) => {
    const verdict = check(values);
    if (verdict.ok) return { values: verdict.value, errors: {} };
    const flat = Object.fromEntries(
      Object.entries(verdict.fieldErrors).map(([path, messages]) => [path, { type: "check", message: messages.join(" "), types: { check: messages } }]),
    );
    return { values: {}, errors: toNestErrors(flat, options) };
  };
}

/** Every message of a field's error: all the schema's issues (criteriaMode "all") or the server's list. */
export function messagesOf(error: FieldError | undefined): string[] | undefined {
  if (!error) return undefined;
  const listed = Object.values(error.types ?? {}).flatMap((value) =>
    Array.isArray(value) ? value : typeof value === "string" ? [value] : []
  );
  if (listed.length > 0) return listed;
  return error.message ? [error.message] : undefined;
}

export interface StaffFormOptions<TValues extends FieldValues, TBody, TAnswer = unknown> {
  defaultValues: TValues;
  /** Checks before sending: coreSchemaResolver (a core zod schema) or checkResolver (a form's own rules). */
  resolver: Resolver<TValues, unknown, TBody>;
  /** Sends the checked body; throws the server's failure, whose field errors show under the fields. */
  onSubmit: (body: TBody, values: TValues) => Promise<TAnswer>;
  /**
   * After a save: "empty" starts over from the default values, "saved" keeps what was sent as the
   * new start, and a function starts over from the values it makes of the answer (what the server kept).
   */
  afterSave?: "keep" | "empty" | "saved" | ((answer: TAnswer, sent: TValues) => TValues);
  /** Feeds the unsaved-changes guard (issue 20) while the values differ from their start. */
  guardUnsaved?: boolean;
  /** The server's field messages take the focus too, as the form's own do. */
  focusServerErrors?: boolean;
  /**
   * Values held elsewhere (the cache) that the form follows: when they change (the server's answer,
   * another tab's save) the form starts over from them. Pass a memoised object.
   */
  follow?: TValues;
  /**
   * Where the server's field errors show when its paths are not the form's (a week sent as the days
   * ticked, shown as seven rows; a list sent as entries, shown in one box): the messages by form
   * path, given the server's (by the paths of the body sent), the body and the values sent, and the
   * failure itself (a refusal that names no field may still be about one).
   */
  serverErrors?: (fieldErrors: Record<string, string[]>, body: TBody, values: TValues, failure: unknown) => Record<string, string[]>;
}

export interface StaffForm<TValues extends FieldValues, TBody> {
  form: UseFormReturn<TValues, unknown, TBody>;
  /** The values now (re-renders on every change, as the screens derive hints and buttons from them). */
  values: TValues;
  /** The messages under a field, by its dotted path (the server's keys), or none. */
  errorsOf: (path: string) => string[] | undefined;
  /** The messages of a path and every path below it (extras.0.quantity under extras). */
  errorsUnder: (path: string) => string[];
  /** The last save's failure (the thrown value), cleared when the next save starts. */
  failure: unknown;
  /** Closes the failure (an alert's dismiss); the field messages stay until the next try. */
  dismissFailure: () => void;
  /**
   * Shows the failure of a write the submit did not make (the step after a preview; a button beside
   * the form that saves too) as the submit's own: kept as `failure`, the last check's messages
   * replaced by its field messages, the server's by their paths unless placed here by form path.
   */
  showFailure: (error: unknown, placed?: Record<string, string[]>) => void;
  working: boolean;
  dirty: boolean;
  formRef: React.RefObject<HTMLFormElement | null>;
  /** The form's onSubmit: checks, sends, and on a refusal focuses the first field in error. */
  submit: (event?: FormEvent<HTMLFormElement>) => void;
  /** Sets a value as staff would (dirty, not checked until the next submit); for controlled inputs. */
  setField: <P extends Path<TValues>>(path: P, value: TValues[P]) => void;
}

export function useStaffForm<TValues extends FieldValues, TBody, TAnswer = unknown>({
  defaultValues,
  resolver,
  onSubmit,
  afterSave = "keep",
  guardUnsaved = false,
  focusServerErrors = false,
  follow,
  serverErrors,
}: StaffFormOptions<TValues, TBody, TAnswer>): StaffForm<TValues, TBody> {
  const form = useForm<TValues, unknown, TBody>({
    defaultValues: defaultValues as DefaultValues<TValues>,
    resolver,
    values: follow,
    // Checked on submit only, and not again while typing: messages stay until the next try.
    mode: "onSubmit",
    reValidateMode: "onSubmit",
    criteriaMode: "all",
    // Focus follows the page's order (see below), not the order the fields were registered in.
    shouldFocusError: false,
  });
  const { isDirty, isSubmitting } = form.formState;
  const values = useWatch({ control: form.control }) as TValues;
  const [failure, setFailure] = useState<unknown>(null);
  const [focusRequest, setFocusRequest] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);

  useUnsavedChanges(guardUnsaved && isDirty && !isSubmitting);

  // After the messages are on screen, the first field in error (in the page's order) takes focus.
  useEffect(() => {
    if (focusRequest > 0) formRef.current?.querySelector<HTMLElement>("[aria-invalid='true']")?.focus();
  }, [focusRequest]);

  const { clearErrors, handleSubmit, reset, setError, setValue } = form;
  // A refused write: its field messages under the fields (focused if asked), the failure kept.
  const refuse = useCallback((error: unknown, fieldErrors: Record<string, string[]>) => {
    const placed = Object.entries(fieldErrors).filter(([, messages]) => messages.length > 0);
    for (const [path, messages] of placed) {
      setError(path as Path<TValues>, { type: "server", message: messages.join(" "), types: { server: messages } });
    }
    setFailure(error);
    if (focusServerErrors && placed.length > 0) setFocusRequest((count) => count + 1);
  }, [focusServerErrors, setError]);

  const submit = useCallback((event?: FormEvent<HTMLFormElement>) => {
    event?.preventDefault();
    if (form.formState.isSubmitting) return;
    // A new try clears the last one's failure; its field messages are replaced by the new check's.
    setFailure(null);
    void handleSubmit(
      async (body) => {
        const sent = form.getValues();
        try {
          const answer = await onSubmit(body, sent);
          if (afterSave === "empty") reset();
          else if (afterSave === "saved") reset(sent);
          else if (typeof afterSave === "function") reset(afterSave(answer, sent));
        } catch (error) {
          const fieldErrors = fieldErrorsOf(error);
          refuse(error, serverErrors ? serverErrors(fieldErrors, body, sent, error) : fieldErrors);
        }
      },
      () => setFocusRequest((count) => count + 1),
    )(event);
  }, [afterSave, form, handleSubmit, onSubmit, refuse, reset, serverErrors]);

  const showFailure = useCallback((error: unknown, placed?: Record<string, string[]>) => {
    clearErrors();
    refuse(error, placed ?? fieldErrorsOf(error));
  }, [clearErrors, refuse]);

  // Read in render so the form re-renders when messages change (react-hook-form's formState proxy).
  const errors = form.formState.errors;
  const errorsOf = (path: string) => {
    const error = get(errors, path) as (FieldError & { root?: FieldError }) | undefined;
    // A list's own message sits at `root` when its rows are registered fields.
    return messagesOf(error) ?? messagesOf(error?.root);
  };
  const setField = useCallback(<P extends Path<TValues>>(path: P, value: TValues[P]) =>
    setValue(path, value as never, { shouldDirty: true }), [setValue]);

  const errorsUnder = (path: string): string[] => {
    const walk = (node: unknown): string[] => {
      if (node === null || typeof node !== "object") return [];
      const own = messagesOf(node as FieldError) ?? [];
      const below = Object.entries(node).flatMap(([key, child]) =>
        key === "ref" || key === "types" || key === "message" || key === "type" ? [] : walk(child)
      );
      return [...own, ...below];
    };
    return walk(get(errors, path));
  };

  const dismissFailure = useCallback(() => setFailure(null), []);

  return {
    form, values, errorsOf, errorsUnder, failure, dismissFailure, showFailure, working: isSubmitting, dirty: isDirty, formRef, submit, setField,
  };
}

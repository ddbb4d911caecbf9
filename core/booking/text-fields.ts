/**
 * The booking's free-text fields, one list (issue 33): each is a column of `bookings`, a row of the
 * booking's details, a section of the run sheet, a CSV column, a field of the staff edit (checked,
 * audited) and a box on the staff form, all from its line here. A new one is a line here and a
 * migration adding its column (`text not null default ''`).
 *
 * The customer writes `notes` on the booking form (its rule and message are the draft's); the
 * office's own fields are written by staff alone and never reach the customer: not in an e-mail,
 * not on the manage page, and a change to them alone tells the customer nothing.
 */
import { z } from "zod";
import { asText } from "../shared/contact.ts";
import { bookingDraftSchema } from "./draft/validation.ts";

interface TextFieldLine {
  /** The record's key. */
  readonly key: string;
  /** Its column in `bookings`. */
  readonly column: string;
  /** Its name on the staff screens: the details, the run sheet, the form. */
  readonly label: string;
  /** Its header in the bookings CSV. */
  readonly csvHeader: string;
  /** Who writes it: the customer on the booking form (staff may correct it), or the office alone. */
  readonly writer: "customer" | "office";
  /** Printed on the cleaners' run sheet. */
  readonly onRunSheet: boolean;
  /** Under the office's box on the staff form. */
  readonly hint?: string;
  readonly description: string;
  readonly example: string;
}

/** The longest text an office field takes, as the customer's notes. */
export const OFFICE_TEXT_MAX = 2000;

export const BOOKING_TEXT_FIELDS = [
  {
    key: "notes",
    column: "notes",
    label: "Notes",
    csvHeader: "notes",
    writer: "customer",
    onRunSheet: true,
    description: "The customer's notes from the booking form",
    example: "Please use the side gate.",
  },
  {
    key: "officeNotes",
    column: "office_notes",
    label: "Office notes",
    csvHeader: "officeNotes",
    writer: "office",
    onRunSheet: true,
    hint: "Seen by the office and on the run sheet; never shown or sent to the customer.",
    description: "The office's own notes on the job (staff only; printed on the run sheet, never shown to the customer); '' when none",
    example: "Bring the tall ladder for the skylights.",
  },
] as const satisfies readonly TextFieldLine[];

export type BookingTextField = (typeof BOOKING_TEXT_FIELDS)[number];
export type BookingTextKey = BookingTextField["key"];
export type OfficeTextField = Extract<BookingTextField, { writer: "office" }>;
export type OfficeTextKey = OfficeTextField["key"];

export const OFFICE_TEXT_FIELDS = BOOKING_TEXT_FIELDS.filter((f): f is OfficeTextField => f.writer === "office");
export const OFFICE_TEXT_KEYS: readonly OfficeTextKey[] = OFFICE_TEXT_FIELDS.map((f) => f.key);

/** The office's text of a record or form, each field '' when it has none. */
export type OfficeText = { [K in OfficeTextKey]: string };

/** Every office field, empty. */
export const emptyOfficeText = (): OfficeText =>
  Object.fromEntries(OFFICE_TEXT_KEYS.map((key) => [key, ""])) as OfficeText;

/** The office fields of a record, a form or an edit; a field not given is ''. */
export const officeTextOf = (from: Partial<Record<OfficeTextKey, string | undefined>>): OfficeText =>
  Object.fromEntries(OFFICE_TEXT_KEYS.map((key) => [key, from[key] ?? ""])) as OfficeText;

/** The office fields an edit or a staff draft names (those it leaves out keep their values). */
export const officeTextGiven = (from: Partial<Record<OfficeTextKey, string | undefined>>): Partial<OfficeText> =>
  Object.fromEntries(OFFICE_TEXT_KEYS.flatMap((key) => (from[key] === undefined ? [] : [[key, from[key]]]))) as Partial<OfficeText>;

export const officeTextTooLong = (field: Pick<TextFieldLine, "label">): string =>
  `Please keep the ${field.label.toLowerCase()} under ${OFFICE_TEXT_MAX.toLocaleString("en-AU")} characters.`;

/** An office field as staff send it: text, trimmed, at most OFFICE_TEXT_MAX characters; anything but text reads as '', as the draft's notes. */
const officeInput = (field: OfficeTextField) =>
  z.preprocess(asText, z.string().trim().max(OFFICE_TEXT_MAX, { error: officeTextTooLong(field) }))
    .meta({ description: field.description, examples: [field.example] });

type InputShape = { [F in BookingTextField as F["key"]]: z.ZodOptional<z.ZodType<string, unknown>> };

/**
 * What the staff edit (and, for the office's fields, the staff draft) takes of each field, optional:
 * the customer's as the booking form reads it, the office's with its own limit.
 */
export const textFieldsEditShape = Object.fromEntries(BOOKING_TEXT_FIELDS.map((field) => [
  field.key,
  (field.writer === "customer" ? bookingDraftSchema.shape[field.key] : officeInput(field)).optional(),
])) as unknown as InputShape;

type OfficeInputShape = { [F in OfficeTextField as F["key"]]: z.ZodOptional<z.ZodType<string, unknown>> };

/** The office's fields a booking the office makes may carry from the start. */
export const officeTextDraftShape = Object.fromEntries(OFFICE_TEXT_FIELDS.map((field) => [field.key, officeInput(field).optional()])) as unknown as OfficeInputShape;

type RecordShape = {
  [F in BookingTextField as F["key"]]: F["writer"] extends "customer" ? z.ZodString : z.ZodOptional<z.ZodString>;
};

/**
 * The fields in the stored record's wire shape. The office's are optional in the type only, so a
 * record made before it is stored (or in a test) need not name them; every read gives each one.
 */
export const textFieldsRecordShape = Object.fromEntries(BOOKING_TEXT_FIELDS.map((field) => {
  const text = z.string().meta({ description: field.description, examples: [field.example] });
  return [field.key, field.writer === "customer" ? text : text.optional()];
})) as unknown as RecordShape;

/** The text of a record's field as stored ('' for an office field it does not name). */
export const textOfField = (record: Partial<Record<BookingTextKey, string>>, field: BookingTextField): string =>
  record[field.key] ?? "";

/** The fields printed on the run sheet, in order. */
export const RUN_SHEET_TEXT_FIELDS = BOOKING_TEXT_FIELDS.filter((field) => field.onRunSheet);

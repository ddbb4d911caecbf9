/**
 * The team at the API boundary (issue 16): what the server sends about a cleaner, and what staff
 * may send. Each field's rule and message is written here once; the API validates with these
 * schemas and the Team screen checks with them.
 */
import { z } from "zod";
import { DRAFT_MESSAGES } from "../booking/draft-validation.ts";
import { normaliseAuPhone } from "../booking/phone.ts";
import { EMAIL_PATTERN } from "../booking/types.ts";
import { oneLine } from "../shared/input.ts";

export const CLEANER_LIMITS = {
  name: 100,
  email: 254,
  phoneRaw: 40,
  /** The most cleaners one job may have. */
  perJob: 10,
} as const;

export const CLEANER_MESSAGES = {
  nameRequired: "Name is required",
  nameTooLong: `Name must be ${CLEANER_LIMITS.name} characters or fewer`,
  /** The booking form's own words: a cleaner's phone and e-mail follow the same rules. */
  phone: DRAFT_MESSAGES.phone,
  email: DRAFT_MESSAGES.email,
  colour: "Colour must be written #RRGGBB, e.g. #1f7a6d",
  active: "Active must be true or false",
  cleanerIds: "Send cleanerIds as a list of cleaner ids.",
  tooMany: `A job can have at most ${CLEANER_LIMITS.perJob} cleaners.`,
  repeated: "Each cleaner can be listed only once.",
  unknown: "Choose cleaners from the team.",
  inactive: (name: string) => `${name} is no longer active. Choose an active cleaner.`,
} as const;

const M = CLEANER_MESSAGES;
const L = CLEANER_LIMITS;

/** #RRGGBB, any letter case in, lower case stored. */
export const COLOUR_PATTERN = /^#[0-9a-fA-F]{6}$/;

// ------------------------------------------------------------ what the server sends

export const cleanerSchema = z.object({
  _id: z.string(),
  name: z.string(),
  phone: z.string().meta({ description: "Digits, as bookings keep them (0412345678); empty when not known" }),
  email: z.string().meta({ description: "Empty when not known" }),
  colour: z.string().meta({ description: "#rrggbb: the schedule draws the cleaner's column and jobs in it", example: "#1f7a6d" }),
  active: z.boolean().meta({ description: "false: deactivated; kept so past jobs still say who did them" }),
  createdAt: z.string().meta({ format: "date-time" }),
}).meta({ id: "Cleaner" });

export const cleanerListSchema = z.object({ items: z.array(cleanerSchema) }).meta({ id: "CleanerList" });

// ------------------------------------------------------------ what staff send

/** One line of text that must be given: anything but a string counts as blank. */
const name = z.preprocess(
  (value) => (typeof value === "string" ? value.trim() : ""),
  oneLine(z.string().min(1, M.nameRequired).max(L.name, M.nameTooLong)),
).meta({ type: "string", maxLength: L.name, examples: ["Priya Sharma"] });

/** Blank is "not known"; anything else must be an Australian number, kept as its digits. */
const phone = z.string({ error: M.phone }).trim()
  .refine((value) => value === "" || (value.length <= L.phoneRaw && normaliseAuPhone(value) !== null), M.phone)
  .overwrite((value) => (value === "" ? "" : normaliseAuPhone(value) ?? value))
  .meta({ description: "Australian landline or mobile, or empty; spaces, brackets and +61 accepted", examples: ["0412 345 678"] });

const email = z.string({ error: M.email }).trim()
  .refine((value) => value === "" || (value.length <= L.email && EMAIL_PATTERN.test(value)), M.email)
  .meta({ description: "Shaped like x@y.z, or empty", examples: ["priya@yarrashine.com.au"] });

const colour = z.string({ error: M.colour }).trim().regex(COLOUR_PATTERN, M.colour)
  .overwrite((value) => value.toLowerCase())
  .meta({ description: "#RRGGBB", examples: ["#1f7a6d"] });

export const cleanerInputSchema = z.object({
  name,
  phone: phone.default(""),
  email: email.default(""),
  colour: colour.optional().meta({ description: "#RRGGBB; without it, the first colour of the team's palette no active cleaner has" }),
}).meta({ id: "CleanerInput" });

export const cleanerPatchSchema = z.object({
  name: name.optional(),
  phone: phone.optional(),
  email: email.optional(),
  colour: colour.optional(),
  active: z.boolean({ error: M.active }).optional().meta({ description: "false deactivates, true brings the cleaner back" }),
}).meta({ id: "CleanerPatch", description: "Any fields of CleanerInput, and active" });

export type CleanerInput = z.output<typeof cleanerInputSchema>;
export type CleanerPatch = z.output<typeof cleanerPatchSchema>;

/**
 * The cleaners of a job, in order. Ids are only shaped here (text, each once, at most 10): whether
 * each is a cleaner of the team, and an active one, is the use case's to say.
 */
export const assignmentInputSchema = z.object({
  cleanerIds: z.array(z.string({ error: M.cleanerIds }).trim().min(1, M.cleanerIds), { error: M.cleanerIds })
    .max(L.perJob, M.tooMany)
    .refine((ids) => new Set(ids).size === ids.length, M.repeated)
    .meta({ description: `Cleaner _ids in the order to show them; [] unassigns everyone. At most ${L.perJob}.` }),
}).meta({ id: "CleanerAssignment" });

export type AssignmentInput = z.output<typeof assignmentInputSchema>;

export const cleanersQuerySchema = z.object({
  includeInactive: z.enum(["true", "false"]).optional().meta({ description: "Also deactivated cleaners; default false" })
    .transform((value) => value === "true"),
});

/** Admin inputs for the catalogue (admin-area.md sections 3 and 5), normalised or rejected by field. */
import {
  addFieldError,
  err,
  type FieldErrors,
  hasFieldErrors,
  ok,
  type Result,
  validationError,
} from "../shared/result.ts";
import { isRecord, readNumber, readText } from "../shared/input.ts";
import { roundHalfAwayFromZero, roundToCents } from "../shared/money.ts";
import {
  type BedroomPrice,
  PRICING_MODELS,
  QUESTION_SCOPES,
  QUESTION_TYPES,
  type QuestionOption,
  type QuestionScope,
  type Extra,
  type Frequency,
  type Question,
  type Service,
  SERVICE_DEFAULTS,
} from "./types.ts";

/** create: every rule and default applies; update: a partial patch, checked field by field. */
export type CatalogInputMode = "create" | "update";

export const CATALOG_LIMITS = {
  name: 120,
  slug: 120,
  description: 500,
  helpText: 500,
  placeholder: 200,
  questionText: 300,
  imageUrl: 2000,
  maxHours: 24,
} as const;

export const CATALOG_MESSAGES = {
  nameRequired: "Name is required",
  nameTooLong: "Name must be 120 characters or fewer",
  slugRequired: "Slug is required",
  slugPattern: "Slug may use lowercase letters, numbers and hyphens only",
  slugTooLong: "Slug must be 120 characters or fewer",
  pricingModel: "Pricing model must be HOURLY, BEDROOMS or FIXED",
  ratePerHour: "Rate per hour must be 0 or more",
  minHours: "Minimum hours must be more than 0 and no more than 24",
  maxHours: "Maximum hours must be more than 0 and no more than 24",
  minAboveMax: "Maximum hours must be at least the minimum hours",
  stepHours: "Step must be more than 0",
  bedroomPricesList: "Add at least one bedroom price",
  bedrooms: "Bedrooms must be a whole number of 0 (studio) or more",
  bedroomPrice: "Bedroom prices must be 0 or more",
  bedroomsUnique: "Each number of bedrooms can appear only once",
  basePrice: "Base price must be 0 or more",
  descriptionTooLong: "Description must be 500 characters or fewer",
  serviceRequired: "Please choose a service.",
  titleRequired: "Title is required",
  titleTooLong: "Title must be 120 characters or fewer",
  price: "Price must be 0 or more",
  hasQuantity: "Has quantity must be true or false",
  imageUrl: "Image URL must start with https://",
  active: "Active must be true or false",
  order: "Order must be a whole number of 1 or more",
  codeRequired: "Code is required",
  codePattern: "Code may use letters, numbers and underscores only",
  codeTooLong: "Code must be 40 characters or fewer",
  discount: "Discount must be between 0 and 100",
  questionText: "Question text is required",
  questionTextTooLong: "Question text must be 300 characters or fewer",
  questionType: "Type must be SINGLE, MULTI or TEXT",
  questionScope: "Scope must be GLOBAL or SERVICE",
  questionService: "Select a service",
  questionRequired: "Required must be true or false",
  helpTextTooLong: "Help text must be 500 characters or fewer",
  placeholderTooLong: "Placeholder must be 200 characters or fewer",
  optionsRequired: "At least one option is required",
  optionEmpty: "Option label/value cannot be empty",
  optionsUnique: "Option values must be unique",
} as const;

const M = CATALOG_MESSAGES;

/** Reads one input object: knows the mode, what was given, and collects errors. */
class FieldReader {
  readonly raw: Record<string, unknown>;
  readonly errors: FieldErrors = {};
  constructor(input: unknown, readonly mode: CatalogInputMode) {
    this.raw = isRecord(input) ? input : {};
  }
  /** A field is looked at when creating, or when an update sends it. */
  wants(key: string): boolean {
    return this.mode === "create" || this.raw[key] !== undefined;
  }
  given(key: string): boolean {
    return this.raw[key] !== undefined;
  }
  fail(path: string, message: string): void {
    addFieldError(this.errors, path, message);
  }
  requiredText(key: string, required: string, max: number, tooLong: string): string | undefined {
    if (!this.wants(key)) return undefined;
    const value = readText(this.raw[key]);
    if (value === "") this.fail(key, required);
    else if (value.length > max) this.fail(key, tooLong);
    else return value;
    return undefined;
  }
  optionalText(key: string, max: number, tooLong: string): string | undefined {
    if (!this.wants(key)) return undefined;
    const value = readText(this.raw[key]);
    if (value.length > max) {
      this.fail(key, tooLong);
      return undefined;
    }
    return value;
  }
  /** A number passing `ok`, or the create default when absent; rounded by `round`. */
  number(
    key: string,
    message: string,
    okWhen: (n: number) => boolean,
    createDefault?: number,
    round = (n: number) => n,
  ) {
    if (!this.wants(key)) return undefined;
    if (!this.given(key) && createDefault !== undefined) return createDefault;
    const n = readNumber(this.raw[key]);
    if (n === null || !okWhen(n)) {
      this.fail(key, message);
      return undefined;
    }
    return round(n);
  }
  boolean(key: string, message: string, createDefault: boolean): boolean | undefined {
    if (!this.wants(key)) return undefined;
    const value = this.raw[key];
    if (value === undefined) return createDefault;
    if (typeof value !== "boolean") {
      this.fail(key, message);
      return undefined;
    }
    return value;
  }
  oneOf<T extends string>(
    key: string,
    allowed: readonly T[],
    message: string,
    createDefault?: T,
  ): T | undefined {
    if (!this.wants(key)) return undefined;
    if (!this.given(key) && createDefault !== undefined) return createDefault;
    const value = readText(this.raw[key]).toUpperCase();
    if ((allowed as readonly string[]).includes(value)) return value as T;
    this.fail(key, message);
    return undefined;
  }
  result<T>(value: T): Result<T> {
    return hasFieldErrors(this.errors) ? err(validationError(this.errors)) : ok(value);
  }
}

/** Drops keys left undefined so a patch holds only what was sent. */
function defined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

const toHundredths = (n: number): number => roundHalfAwayFromZero(n * 100) / 100;
const isWholeFrom1 = (n: number): boolean => Number.isInteger(n) && n >= 1;
/** 0 bedrooms is a studio. */
const isWholeFrom0 = (n: number): boolean => Number.isInteger(n) && n >= 0;

// ---------------------------------------------------------------- services

/** A service as staff enter it: everything but the id and the deletion mark. */
export type ServiceInput = Omit<Service, "_id" | "deletedAt">;
export type ServicePatch = Partial<ServiceInput>;

function readBedroomPrices(reader: FieldReader): BedroomPrice[] | undefined {
  if (!reader.wants("bedroomPrices")) return undefined;
  const raw = reader.raw.bedroomPrices;
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw)) {
    reader.fail("bedroomPrices", M.bedroomPricesList);
    return undefined;
  }
  const rows: BedroomPrice[] = [];
  let rowsOk = true;
  raw.forEach((row, index) => {
    const record = isRecord(row) ? row : {};
    const bedrooms = readNumber(record.bedrooms);
    const price = readNumber(record.price);
    if (bedrooms === null || !isWholeFrom0(bedrooms)) {
      reader.fail(`bedroomPrices.${index}.bedrooms`, M.bedrooms);
      rowsOk = false;
    }
    if (price === null || price < 0) {
      reader.fail(`bedroomPrices.${index}.price`, M.bedroomPrice);
      rowsOk = false;
    }
    if (bedrooms !== null && price !== null) rows.push({ bedrooms, price: roundToCents(price) });
  });
  if (new Set(rows.map((r) => r.bedrooms)).size !== rows.length) {
    reader.fail("bedroomPrices", M.bedroomsUnique);
    return undefined;
  }
  return rowsOk ? rows.sort((a, b) => a.bedrooms - b.bedrooms) : undefined;
}

export function validateServiceInput(input: unknown, mode: "create"): Result<ServiceInput>;
export function validateServiceInput(input: unknown, mode: "update"): Result<ServicePatch>;
export function validateServiceInput(
  input: unknown,
  mode: CatalogInputMode,
): Result<ServiceInput | ServicePatch>;
export function validateServiceInput(
  input: unknown,
  mode: CatalogInputMode,
): Result<ServiceInput | ServicePatch> {
  const r = new FieldReader(input, mode);
  const name = r.requiredText("name", M.nameRequired, CATALOG_LIMITS.name, M.nameTooLong);
  let slug = r.requiredText("slug", M.slugRequired, CATALOG_LIMITS.slug, M.slugTooLong);
  if (slug !== undefined && !/^[a-z0-9-]+$/.test(slug)) {
    r.fail("slug", M.slugPattern);
    slug = undefined;
  }
  const pricingModel = r.oneOf(
    "pricingModel",
    PRICING_MODELS,
    M.pricingModel,
    SERVICE_DEFAULTS.pricingModel,
  );
  const ratePerHour = r.number(
    "ratePerHour",
    M.ratePerHour,
    (n) => n >= 0,
    SERVICE_DEFAULTS.ratePerHour,
    roundToCents,
  );
  const inHourRange = (n: number) => n > 0 && n <= CATALOG_LIMITS.maxHours;
  const minHours = r.number(
    "minHours",
    M.minHours,
    inHourRange,
    SERVICE_DEFAULTS.minHours,
    toHundredths,
  );
  const maxHours = r.number(
    "maxHours",
    M.maxHours,
    inHourRange,
    SERVICE_DEFAULTS.maxHours,
    toHundredths,
  );
  if (minHours !== undefined && maxHours !== undefined && minHours > maxHours) {
    r.fail("maxHours", M.minAboveMax);
  }
  const stepHours = r.number(
    "stepHours",
    M.stepHours,
    (n) => n > 0,
    SERVICE_DEFAULTS.stepHours,
    toHundredths,
  );
  const bedroomPrices = readBedroomPrices(r);
  if (pricingModel === "BEDROOMS" && bedroomPrices?.length === 0) {
    r.fail("bedroomPrices", M.bedroomPricesList);
  }
  const basePrice = r.number(
    "basePrice",
    M.basePrice,
    (n) => n >= 0,
    SERVICE_DEFAULTS.basePrice,
    roundToCents,
  );
  const description = r.optionalText(
    "description",
    CATALOG_LIMITS.description,
    M.descriptionTooLong,
  );
  return r.result(
    defined({
      name,
      slug,
      pricingModel,
      ratePerHour,
      minHours,
      maxHours,
      stepHours,
      bedroomPrices,
      basePrice,
      description,
    }),
  ) as Result<ServiceInput | ServicePatch>;
}

// ---------------------------------------------------------------- extras

/** An extra as staff enter it; `order` is absent on create (the store appends it at the end). */
export type ExtraInput = Omit<Extra, "_id" | "deletedAt" | "order"> & { order?: number };
export type ExtraPatch = Partial<ExtraInput>;

function isHttpsUrl(text: string): boolean {
  if (!text.startsWith("https://")) return false;
  try {
    return new URL(text).protocol === "https:";
  } catch {
    return false;
  }
}

export function validateExtraInput(input: unknown, mode: "create"): Result<ExtraInput>;
export function validateExtraInput(input: unknown, mode: "update"): Result<ExtraPatch>;
export function validateExtraInput(
  input: unknown,
  mode: CatalogInputMode,
): Result<ExtraInput | ExtraPatch>;
export function validateExtraInput(
  input: unknown,
  mode: CatalogInputMode,
): Result<ExtraInput | ExtraPatch> {
  const r = new FieldReader(input, mode);
  const serviceId = r.requiredText("serviceId", M.serviceRequired, 200, M.serviceRequired);
  const title = r.requiredText("title", M.titleRequired, CATALOG_LIMITS.name, M.titleTooLong);
  const price = r.number("price", M.price, (n) => n >= 0, undefined, roundToCents);
  const hasQuantity = r.boolean("hasQuantity", M.hasQuantity, false);
  let imageUrl = r.optionalText("imageUrl", CATALOG_LIMITS.imageUrl, M.imageUrl);
  if (imageUrl && !isHttpsUrl(imageUrl)) {
    r.fail("imageUrl", M.imageUrl);
    imageUrl = undefined;
  }
  const description = r.optionalText(
    "description",
    CATALOG_LIMITS.description,
    M.descriptionTooLong,
  );
  const active = r.boolean("active", M.active, true);
  const order = r.given("order") ? r.number("order", M.order, isWholeFrom1) : undefined;
  return r.result(
    defined({ serviceId, title, description, price, hasQuantity, imageUrl, active, order }),
  ) as Result<
    ExtraInput | ExtraPatch
  >;
}

// ---------------------------------------------------------------- frequencies

export type FrequencyInput = Omit<Frequency, "_id">;
export type FrequencyPatch = Partial<FrequencyInput>;

export function validateFrequencyInput(input: unknown, mode: "create"): Result<FrequencyInput>;
export function validateFrequencyInput(input: unknown, mode: "update"): Result<FrequencyPatch>;
export function validateFrequencyInput(
  input: unknown,
  mode: CatalogInputMode,
): Result<FrequencyInput | FrequencyPatch>;
export function validateFrequencyInput(
  input: unknown,
  mode: CatalogInputMode,
): Result<FrequencyInput | FrequencyPatch> {
  const r = new FieldReader(input, mode);
  const name = r.requiredText("name", M.nameRequired, CATALOG_LIMITS.name, M.nameTooLong);
  let code = r.requiredText("code", M.codeRequired, 40, M.codeTooLong)?.toUpperCase();
  if (code !== undefined && !/^[A-Z0-9_]+$/.test(code)) {
    r.fail("code", M.codePattern);
    code = undefined;
  }
  const discountPercent = r.number(
    "discountPercent",
    M.discount,
    (n) => n >= 0 && n <= 100,
    0,
    toHundredths,
  );
  return r.result(defined({ name, code, discountPercent })) as Result<
    FrequencyInput | FrequencyPatch
  >;
}

/** 'Edit %': clamps to 0..100 and falls back to 0 for anything that is not a number. */
export function clampDiscountPercent(value: unknown): number {
  const n = readNumber(value);
  if (n === null) return 0;
  return toHundredths(Math.min(100, Math.max(0, n)));
}

// ---------------------------------------------------------------- questions

/** A question as staff enter it: everything but the id. */
export type QuestionInput = Omit<Question, "_id">;
export type QuestionPatch = Partial<QuestionInput>;

export const QUESTION_OPTION_TEMPLATES: readonly {
  key: string;
  name: string;
  options: readonly QuestionOption[];
}[] = [
  {
    key: "yes-no",
    name: "Yes/No",
    options: [{ label: "Yes", value: "yes" }, { label: "No", value: "no" }],
  },
  {
    key: "access",
    name: "Access",
    options: [{ label: "Someone will be home", value: "someone_home" }, {
      label: "Lockbox",
      value: "lockbox",
    }],
  },
  {
    key: "pets",
    name: "Pets",
    options: [{ label: "No pets", value: "no_pets" }, { label: "Dog", value: "dog" }, {
      label: "Cat",
      value: "cat",
    }],
  },
];

/** Trimmed options; one message per kind of problem, under `options`. */
function readOptions(r: FieldReader, choiceType: boolean): QuestionOption[] | undefined {
  const raw = r.raw.options;
  const list = Array.isArray(raw) ? raw : [];
  const options = list.map((item) => {
    const record = isRecord(item) ? item : {};
    return { label: readText(record.label), value: readText(record.value) };
  });
  if (choiceType && options.length === 0) {
    r.fail("options", M.optionsRequired);
    return undefined;
  }
  let optionsOk = true;
  if (options.some((o) => o.label === "" || o.value === "")) {
    r.fail("options", M.optionEmpty);
    optionsOk = false;
  }
  if (new Set(options.map((o) => o.value)).size !== options.length) {
    r.fail("options", M.optionsUnique);
    optionsOk = false;
  }
  return optionsOk ? options : undefined;
}

export function validateQuestionInput(input: unknown, mode: "create"): Result<QuestionInput>;
export function validateQuestionInput(input: unknown, mode: "update"): Result<QuestionPatch>;
export function validateQuestionInput(
  input: unknown,
  mode: CatalogInputMode,
): Result<QuestionInput | QuestionPatch>;
export function validateQuestionInput(
  input: unknown,
  mode: CatalogInputMode,
): Result<QuestionInput | QuestionPatch> {
  const r = new FieldReader(input, mode);
  const text = r.requiredText(
    "text",
    M.questionText,
    CATALOG_LIMITS.questionText,
    M.questionTextTooLong,
  );
  const type = r.oneOf("type", QUESTION_TYPES, M.questionType);
  const scope = r.oneOf<QuestionScope>("scope", QUESTION_SCOPES, M.questionScope, "GLOBAL");

  let serviceId: string | null | undefined;
  if (scope === "GLOBAL") serviceId = null;
  else if (scope === "SERVICE") {
    serviceId = readText(r.raw.serviceId) || undefined;
    if (serviceId === undefined) r.fail("serviceId", M.questionService);
  } else if (scope === undefined && r.mode === "update" && readText(r.raw.serviceId) !== "") {
    // An update without scope may still move a service question to another service.
    serviceId = readText(r.raw.serviceId);
  }

  const required = r.boolean("required", M.questionRequired, false);
  const order = r.mode === "create" && !r.given("order")
    ? 1
    : r.number("order", M.order, isWholeFrom1);
  const helpText = r.optionalText("helpText", CATALOG_LIMITS.helpText, M.helpTextTooLong);
  const placeholder = r.optionalText(
    "placeholder",
    CATALOG_LIMITS.placeholder,
    M.placeholderTooLong,
  );

  let options: QuestionOption[] | undefined;
  if (type === "TEXT") options = [];
  else if (type === "SINGLE" || type === "MULTI") {
    // On update a choice type without options keeps the stored ones.
    if (r.mode === "create" || r.given("options")) options = readOptions(r, true);
  } else if (r.given("options")) options = readOptions(r, false);

  return r.result(
    defined({ scope, serviceId, text, type, required, order, helpText, placeholder, options }),
  ) as Result<
    QuestionInput | QuestionPatch
  >;
}

/**
 * The business details an invoice carries (issue 30): who issues it (legal name, ABN, address,
 * phone, e-mail), whether GST is charged, the payment terms and bank details printed under the
 * total, and whether the invoice is e-mailed when a job is marked DONE. A superadmin edits them;
 * until then they are drawn from the business profile.
 */
import { z } from "zod";
import { type Actor, auditEntry } from "../shared/audit.ts";
import { emailText, oneLineText } from "../shared/contact.ts";
import { oneLine } from "../shared/input.ts";
import { changesNothing } from "../shared/unchanged.ts";
import { abnDigits, formatAbn, isValidAbn } from "./abn.ts";
import { SETTINGS_ENTITY, type SettingsAdminTransactor } from "./admin-settings.ts";
import type { BusinessProfile } from "./types.ts";

export interface BusinessDetails {
  legalName: string;
  /** 11 digits without spaces; "" while none is given (allowed only when not GST-registered). */
  abn: string;
  gstRegistered: boolean;
  address: string;
  phone: string;
  email: string;
  /** e.g. "Due within 7 days"; "" prints nothing. */
  paymentTerms: string;
  /** Several lines (account name, BSB, number); "" prints nothing. */
  bankDetails: string;
  emailInvoiceOnDone: boolean;
}

export const BUSINESS_DETAILS_LIMITS = { legalName: 200, address: 300, phone: 40, email: 254, paymentTerms: 200, bankDetails: 500 } as const;
const L = BUSINESS_DETAILS_LIMITS;

export const BUSINESS_DETAILS_MESSAGES = {
  abn: "Please enter a valid ABN.",
  abnForGst: "Please enter a valid ABN: a GST-registered business shows it on every tax invoice.",
  legalName: "Please enter the business's legal name.",
  legalNameTooLong: `Please keep the legal name under ${L.legalName} characters.`,
  addressTooLong: `Please keep the address under ${L.address} characters.`,
  phoneTooLong: `Please keep the phone under ${L.phone} characters.`,
  email: "Please enter a valid email address.",
  paymentTermsTooLong: `Please keep the payment terms under ${L.paymentTerms} characters.`,
  bankDetailsTooLong: `Please keep the bank details under ${L.bankDetails} characters.`,
} as const;
const M = BUSINESS_DETAILS_MESSAGES;

/** Before any save: the profile's legal name, phone and e-mail; no ABN, not registered for GST. */
export function businessDetailsDefaults(profile: BusinessProfile | null): BusinessDetails {
  return {
    legalName: profile?.legalName ?? "",
    abn: "",
    gstRegistered: false,
    address: profile ? [profile.addressLocality, profile.addressRegion].filter(Boolean).join(" ") : "",
    phone: profile?.phone ?? "",
    email: profile?.email ?? "",
    paymentTerms: "",
    bankDetails: "",
    emailInvoiceOnDone: false,
  };
}

/** What a superadmin saves (PUT /api/admin/settings/business). */
export const businessDetailsInputSchema = z.object({
  legalName: oneLineText(1, L.legalName, M.legalName, M.legalNameTooLong),
  abn: z.string({ error: M.abn }).transform(abnDigits)
    .refine((abn) => abn === "" || isValidAbn(abn), { error: M.abn })
    .meta({ description: "11 digits; spaces are ignored; empty only while gstRegistered is false", examples: ["51 824 753 556"] }),
  gstRegistered: z.boolean(),
  address: oneLine(z.string().trim().max(L.address, { error: M.addressTooLong })).default(""),
  phone: oneLine(z.string().trim().max(L.phone, { error: M.phoneTooLong })).default(""),
  email: emailText(M.email, L.email),
  paymentTerms: oneLine(z.string().trim().max(L.paymentTerms, { error: M.paymentTermsTooLong })).default(""),
  bankDetails: z.string().trim().max(L.bankDetails, { error: M.bankDetailsTooLong }).default(""),
  emailInvoiceOnDone: z.boolean().default(false),
}).superRefine((details, ctx) => {
  if (details.gstRegistered && details.abn === "") ctx.addIssue({ code: "custom", path: ["abn"], message: M.abnForGst });
}).meta({ id: "BusinessDetailsInput" });

export type BusinessDetailsInput = z.output<typeof businessDetailsInputSchema>;

/** The answer: the details, and the ABN as it is printed. */
export const businessDetailsSchema = z.object({
  legalName: z.string().meta({ examples: ["Yarra Shine Cleaning Pty Ltd"] }),
  abn: z.string().meta({ description: "11 digits without spaces; empty when none", examples: ["51824753556"] }),
  abnFormatted: z.string().meta({ description: "As printed: 51 824 753 556; empty when none", examples: ["51 824 753 556"] }),
  gstRegistered: z.boolean(),
  address: z.string().meta({ examples: ["12 Smith St, Richmond VIC 3121"] }),
  phone: z.string().meta({ examples: ["0412 345 678"] }),
  email: z.string().meta({ examples: ["hello@yarrashine.com.au"] }),
  paymentTerms: z.string().meta({ examples: ["Due within 7 days"] }),
  bankDetails: z.string().meta({ examples: ["Yarra Shine Cleaning Pty Ltd\nBSB 063-000\nAccount 1234 5678"] }),
  emailInvoiceOnDone: z.boolean().meta({ description: "E-mail the customer the invoice PDF when staff mark a job DONE" }),
}).meta({ id: "BusinessDetails" });

export type BusinessDetailsView = z.output<typeof businessDetailsSchema>;

export const businessDetailsView = (details: BusinessDetails): BusinessDetailsView => ({
  ...details,
  abnFormatted: formatAbn(details.abn),
});

/** The save: audited as settings.business when something changed, as the other settings are. */
export function makeBusinessDetailsAdmin(deps: { transactor: SettingsAdminTransactor }) {
  return {
    save: (actor: Actor, input: BusinessDetailsInput): Promise<BusinessDetails> =>
      deps.transactor.run(async (tx) => {
        const current = await tx.settings.getBusinessDetails();
        const saved = await tx.settings.saveBusinessDetails({ ...input });
        if (!changesNothing(current, saved)) {
          await tx.audit.record(auditEntry(actor, "settings.business", SETTINGS_ENTITY, "business_details", current, saved));
        }
        return saved;
      }),
  };
}

export type BusinessDetailsAdmin = ReturnType<typeof makeBusinessDetailsAdmin>;

import type { SettingsStore } from "../core/settings/ports.ts";
import { DEMO_BUSINESS_PROFILE } from "../core/settings/demo-business-profile.ts";
import { type MessageContext, profileForEmails } from "../core/notifications/email-parts.ts";
import { emailsForRecord, type RecordEmailLinks } from "../core/notifications/record-emails.ts";
import { emailsForInquiry } from "../core/notifications/inquiry-emails.ts";
import type { BookingRecord } from "../core/booking/types.ts";
import type { Mailer } from "./app-deps.ts";

/**
 * The e-mails of bookings, quotes and inquiries, with the business's current profile and policy,
 * and the opening days and hours of its current scheduling settings.
 */
export function makeMailer(
  settings: Pick<SettingsStore, "getBusinessProfile" | "getBookingFormContent" | "getScheduling">,
  siteUrl?: string,
  /** The customer e-mails' logo; the site's /apple-touch-icon.png by default. */
  logoUrl: string | undefined = siteUrl ? `${siteUrl.replace(/\/+$/, "")}/apple-touch-icon.png` : undefined,
): Mailer {
  const context = async (): Promise<MessageContext> => {
    const [profile, content, scheduling] = await Promise.all([
      settings.getBusinessProfile(),
      settings.getBookingFormContent(),
      settings.getScheduling(),
    ]);
    return {
      profile: profileForEmails(profile ?? DEMO_BUSINESS_PROFILE, scheduling),
      cancellationPolicyHtml: content.cancellationPolicyHtml,
      siteUrl,
      logoUrl,
    };
  };
  return {
    context,
    async prepareForRecord() {
      const ctx = await context();
      // links.repeat (a booking that starts a series): its caller read the frequency's repeat.
      return (record: BookingRecord, links: RecordEmailLinks) => emailsForRecord(record, ctx, links);
    },
    async prepareForInquiry() {
      const ctx = await context();
      return (inquiry) => emailsForInquiry(inquiry, ctx);
    },
  };
}

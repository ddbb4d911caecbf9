/**
 * The invite a cleaner gets with their new login (issue 31): a one-time link to set their own
 * password, in the staff area (SITE_URL/admin/set-password/<token>). Written in the transaction
 * that makes the login, so there is never an invite for a login that was not made.
 */
import type { OutboxMessage } from "../shared/outbox.ts";
import { formatMelbourneMoment } from "../shared/melbourne-time.ts";
import { greeting, message, type MessageContext, signOff } from "./email-parts.ts";

/** The staff area's page that takes the link's token. */
export const setPasswordUrl = (siteUrl: string, token: string): string =>
  `${siteUrl.replace(/\/+$/, "")}/admin/set-password/${token}`;

export interface CleanerInvite {
  /** The cleaner's name as the team knows it; the e-mail greets their first name. */
  cleanerName: string;
  /** The login's e-mail, where the invite goes. */
  email: string;
  /** The link's token (only the e-mail ever carries it). */
  token: string;
  expiresAt: Date;
  /** The cleaner's id, for tracing the message. */
  cleanerId: string;
}

/** "Set up your Yarra Shine login": the link, what it is for, when it stops working. */
export function cleanerInviteEmail(invite: CleanerInvite, ctx: MessageContext, siteUrl: string): OutboxMessage {
  const brand = ctx.profile.brandName;
  const firstName = invite.cleanerName.trim().split(/\s+/)[0] || "there";
  return message(
    "cleaner-invite",
    invite.email,
    `Set up your ${brand} login`,
    [
      greeting({ firstName }),
      {
        kind: "paragraph",
        text: `${brand} has made you a login to see your jobs on your phone (times, addresses, access notes and ` +
          "checklists) and to check in and out on the day.",
      },
      { kind: "paragraph", text: `Choose your password to get started. You'll log in with ${invite.email}.` },
      { kind: "link", label: "Set your password", url: setPasswordUrl(ctx.siteUrl ?? siteUrl, invite.token) },
      {
        kind: "paragraph",
        text: `The link works once, until ${formatMelbourneMoment(invite.expiresAt)}. ` +
          "If it has expired, ask the office for a new one.",
      },
      signOff(ctx),
    ],
    invite.cleanerId,
  );
}

/** Who acted on an audit row: the admin by name now, the customer through their link, or the site itself. */
import type { AuditActor, AuditRowWithFacts } from "./types.ts";
import { textOf } from "./json-readers.ts";

/** The admin_email of rows the site writes itself (migration 018's clash repair). */
export const SYSTEM_ACTOR_EMAIL = "system";
/** The admin_email of the rows Stripe's reports write (issue 30); the same text as online.ts's STRIPE_ACTOR_EMAIL. */
export const STRIPE_ACTOR_EMAIL = "stripe";

export function auditActor(row: Pick<AuditRowWithFacts, "adminId" | "adminEmail" | "actorName">): AuditActor {
  if (row.adminId === null && row.adminEmail === SYSTEM_ACTOR_EMAIL) return { name: "The system", email: "", kind: "system" };
  // Issue 30: the card payments Stripe reports (core/booking/payments/online.ts STRIPE_ACTOR_EMAIL).
  if (row.adminId === null && row.adminEmail === STRIPE_ACTOR_EMAIL) return { name: "Stripe", email: "", kind: "system" };
  if (row.adminId === null) return { name: "Customer", email: row.adminEmail, kind: "customer" };
  return { name: textOf(row.actorName) ?? row.adminEmail, email: row.adminEmail, kind: "staff" };
}

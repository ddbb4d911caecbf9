/** Every admin write leaves a row: who, when, which record, before and after (issue 4). */
export interface AuditEntry {
  /** null when the actor is no staff member: the customer, through their manage-my-booking link. */
  adminId: string | null;
  adminEmail: string;
  /** e.g. service.create, booking.status, admin.delete */
  action: string;
  entity: string;
  entityId: string | null;
  before: unknown;
  after: unknown;
}

/** Records one row; the adapter writes it in the transaction of the change it describes. */
export interface AuditLog {
  record(entry: AuditEntry): Promise<void>;
}

export interface AuditRecord extends AuditEntry {
  id: number;
  at: Date;
}

export interface Actor {
  _id: string;
  email: string;
  /** The session the actor is using: changing their own password keeps it, ending the others. */
  sessionId?: string;
}

export const auditEntry = (
  actor: Actor,
  action: string,
  entity: string,
  entityId: string | null,
  before: unknown,
  after: unknown,
): AuditEntry => ({ adminId: actor._id, adminEmail: actor.email, action, entity, entityId, before, after });

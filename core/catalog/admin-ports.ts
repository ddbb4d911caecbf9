/** What the staff catalogue use cases need from storage (admin-area.md section 7). */
import type { AuditEntry } from "../shared/audit.ts";
import type { DomainError, Result } from "../shared/result.ts";
import type { Extra, Frequency, Question, StaffService } from "./types.ts";
import type { ExtraInput, FrequencyInput, QuestionInput, ServiceInput } from "./schemas.ts";

/** An extra's position in its service's list, starting at 1. */
export interface ExtraOrder {
  extraId: string;
  order: number;
}

export interface ExtraFilter {
  /** Absent: every service's extras. */
  serviceId?: string;
  includeDeleted: boolean;
  includeInactive: boolean;
}

/** Reads and writes inside one transaction; every write is audited through the same one. */
export interface CatalogAdminTx {
  /** The service, deleted or not, locked until the transaction ends (null when unknown). */
  lockService(id: string): Promise<StaffService | null>;
  /** The service's name, deleted or not, without a lock (null when unknown): for the audit row of its extras and questions. */
  serviceName(id: string): Promise<string | null>;
  /** True when another service (deleted ones included) already uses the slug. */
  slugTaken(slug: string, exceptId?: string): Promise<boolean>;
  insertService(input: ServiceInput): Promise<StaffService>;
  /** Replaces every field, bedroom prices included. */
  updateService(id: string, input: ServiceInput): Promise<StaffService>;
  setServiceDeletedAt(id: string, deletedAt: Date | null): Promise<StaffService>;
  /** Removes the service with its bedroom prices, extras and questions. */
  deleteService(id: string): Promise<void>;

  /** The service's extras (deleted and inactive too), by order. */
  extrasOfService(serviceId: string): Promise<Extra[]>;
  setExtraOrders(orders: ExtraOrder[]): Promise<void>;

  lockExtra(id: string): Promise<Extra | null>;
  /** `order` absent: after the last extra of the service. */
  insertExtra(input: ExtraInput): Promise<Extra>;
  updateExtra(id: string, input: ExtraInput): Promise<Extra>;
  setExtraDeletedAt(id: string, deletedAt: Date | null): Promise<Extra>;
  deleteExtra(id: string): Promise<void>;

  lockFrequency(id: string): Promise<Frequency | null>;
  codeTaken(code: string, exceptId?: string): Promise<boolean>;
  insertFrequency(input: FrequencyInput): Promise<Frequency>;
  updateFrequency(id: string, input: FrequencyInput): Promise<Frequency>;
  deleteFrequency(id: string): Promise<void>;
  /** Series not ENDED with this frequency code, and bookings and quotes still standing that start at or after `now`. */
  frequencyUse(code: string, now: Date): Promise<{ series: number; bookings: number }>;

  /** The SERVICE questions of one service. */
  questionsOfService(serviceId: string): Promise<Question[]>;
  lockQuestion(id: string): Promise<Question | null>;
  /** Options are stored in the order given. */
  insertQuestion(input: QuestionInput): Promise<Question>;
  updateQuestion(id: string, input: QuestionInput): Promise<Question>;
  deleteQuestion(id: string): Promise<void>;

  recordAudit(entry: AuditEntry): Promise<void>;
}

export interface CatalogAdminStore {
  /**
   * Runs `work` in one transaction: commits an ok result, rolls back a failed one or a throw.
   * `taken` names the unique values the work claims, as the errors it answers for them itself
   * (SLUG_TAKEN, CODE_TAKEN): one that a concurrent request took first comes back as that error
   * instead of a database error, so the result names only errors the work can give.
   */
  run<T, E extends DomainError>(
    work: (tx: CatalogAdminTx) => Promise<Result<T, E>>,
    taken?: readonly NoInfer<E>[],
  ): Promise<Result<T, E>>;

  listServices(options: { includeDeleted: boolean }): Promise<StaffService[]>;
  /** Deleted ones too. */
  getService(id: string): Promise<StaffService | null>;
  listExtras(filter: ExtraFilter): Promise<Extra[]>;
  listFrequencies(): Promise<Frequency[]>;
  /** GLOBAL questions plus those of `serviceId` when given; otherwise every question. */
  listQuestions(serviceId?: string): Promise<Question[]>;
}

import type { Extra, Frequency, Question, Service } from "./types.ts";

/** What the public booking form reads. Never returns soft-deleted or inactive records. */
export interface CatalogReader {
  listServices(): Promise<Service[]>;
  getService(id: string): Promise<Service | null>;
  /** Active, not deleted extras of one service, by `order`. */
  listExtras(serviceId: string): Promise<Extra[]>;
  listFrequencies(): Promise<Frequency[]>;
  /** GLOBAL questions plus those of `serviceId` when given, by `order`. */
  listQuestions(serviceId?: string): Promise<Question[]>;
}

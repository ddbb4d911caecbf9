/** What the reports need from storage (issue 32). */
import type { ReportQuery } from "./figures.ts";
import type { ReportSummary } from "./schemas.ts";

export interface ReportsStore {
  /**
   * Every figure of the range as figures.ts defines them, summed where the records are: the
   * answer equals summarise(records, query) over the same records.
   */
  summary(query: ReportQuery): Promise<ReportSummary>;
}

/** The reports' wire shapes (issue 32): the range asked for, and the figures answered. */
import { z } from "zod";
import { addDaysYmd, isYmd } from "../shared/melbourne-time.ts";
import { moneySchema as money } from "../shared/money-schema.ts";
import { YMD_MESSAGE, ymdText } from "../shared/ymd-schema.ts";

/** The longest range one summary answers, in Melbourne days, both ends counted: a year and a bit. */
export const REPORT_MAX_DAYS = 400;

export const REPORT_MESSAGES = {
  date: YMD_MESSAGE,
  order: "The end date must be on or after the start date.",
  span: `Choose a range of at most ${REPORT_MAX_DAYS} days.`,
} as const;

const M = REPORT_MESSAGES;

const dateQuery = ymdText(z.string({ error: M.date }));

export const reportRangeSchema = z.object({
  from: dateQuery.meta({ description: "First Melbourne day, YYYY-MM-DD", examples: ["2026-10-01"] }),
  to: dateQuery.meta({ description: `Last Melbourne day, included; at most ${REPORT_MAX_DAYS} days in all`, examples: ["2026-10-31"] }),
}).superRefine((range, ctx) => {
  // A date that failed its own rule has its message already.
  if (typeof range.from !== "string" || typeof range.to !== "string" || !isYmd(range.from) || !isYmd(range.to)) return;
  if (range.to < range.from) ctx.addIssue({ code: "custom", path: ["to"], message: M.order });
  else if (range.to > addDaysYmd(range.from, REPORT_MAX_DAYS - 1)) ctx.addIssue({ code: "custom", path: ["to"], message: M.span });
}).meta({ id: "ReportRange" });

/** Melbourne days 'YYYY-MM-DD', both included. */
export type ReportRange = z.output<typeof reportRangeSchema>;

const count = z.number().int().min(0);
const rating = z.number().nullable().meta({ description: "The mean of the ratings (1 to 5), to 1 decimal; null when none", examples: [4.6] });

export const reportWeekSchema = z.object({
  weekStart: z.string().meta({ description: "The Monday the Melbourne week starts on (may be before from)", examples: ["2026-09-28"] }),
  booked: money.meta({ description: "bookedRevenue of the week's days inside the range", examples: [1240] }),
  collected: money.meta({ description: "collected on the week's days inside the range", examples: [980.5] }),
  jobs: count,
  cancelled: count,
}).meta({ id: "ReportWeek" });

export const reportServiceSchema = z.object({
  serviceId: z.string().nullable().meta({ description: "null for a service deleted since (named as it was booked)" }),
  name: z.string().meta({ examples: ["Regular Clean"] }),
  jobs: count,
  booked: money,
}).meta({ id: "ReportService" });

export const reportCleanerSchema = z.object({
  cleanerId: z.string(),
  name: z.string(),
  jobs: count,
  hours: z.number().meta({ description: "Hours of their place-holding jobs in the range, to 2 decimals", examples: [31.5] }),
  utilisation: z.number().nullable().meta({
    description: "hours / working hours, a fraction to 3 decimals (1 = fully booked; above 1 when booked past their hours); null when they had no working hours",
    examples: [0.788],
  }),
  averageRating: rating,
}).meta({ id: "ReportCleaner" });

export const reportSummarySchema = z.object({
  from: z.string().meta({ examples: ["2026-10-01"] }),
  to: z.string().meta({ examples: ["2026-10-31"] }),
  bookedRevenue: money.meta({ examples: [15230] }),
  collected: money.meta({ examples: [14020.5] }),
  outstanding: money.meta({ examples: [640] }),
  jobs: count.meta({ examples: [84] }),
  cancelled: count.meta({ examples: [6] }),
  cancelledValue: money.meta({ examples: [1010] }),
  cancelReasons: z.array(z.object({
    reason: z.string().meta({ description: "As staff or the customer gave it; '' when none was given (shown as \"No reason given\")" }),
    count,
  })).meta({ description: "The cancelled jobs' reasons, most frequent first, then by reason" }),
  newCustomers: count,
  returningCustomers: count,
  recurringRunRate: money.meta({ description: "A$ per 4 weeks", examples: [5120.4] }),
  byWeek: z.array(reportWeekSchema),
  byService: z.array(reportServiceSchema).meta({ description: "Most booked first, then by name" }),
  byCleaner: z.array(reportCleanerSchema).meta({ description: "Active cleaners and any other on a job in the range, by name" }),
  averageRating: rating,
  ratings: count.meta({ description: "Ratings given for jobs in the range" }),
}).meta({ id: "ReportSummary" });

export type ReportSummary = z.output<typeof reportSummarySchema>;
export type ReportWeekFigures = z.output<typeof reportWeekSchema>;
export type ReportServiceFigures = z.output<typeof reportServiceSchema>;
export type ReportCleanerFigures = z.output<typeof reportCleanerSchema>;

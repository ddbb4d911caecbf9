/** The feedback calls' bodies and answers (issue 32), shared by the server, the document and the screens. */
import { z } from "zod";
import { FEEDBACK_COMMENT_MAX, RATING_MAX, RATING_MIN } from "./rules.ts";

export const FEEDBACK_MESSAGES = {
  rating: `Please choose a rating from ${RATING_MIN} to ${RATING_MAX}.`,
  comment: "Please write your comment as text.",
  commentTooLong: `Please keep your comment under ${FEEDBACK_COMMENT_MAX} characters.`,
} as const;
const M = FEEDBACK_MESSAGES;

/** POST /api/feedback/{token}: the customer's rating, and a comment if they like (trimmed; null or left out is none). */
export const feedbackRatingSchema = z.object({
  rating: z.number({ error: M.rating }).int({ error: M.rating }).min(RATING_MIN, { error: M.rating }).max(RATING_MAX, { error: M.rating })
    .meta({ description: "1 (poor) to 5 (excellent)", examples: [5] }),
  comment: z.preprocess(
    (value) => (value === null ? undefined : value),
    z.string({ error: M.comment }).trim().max(FEEDBACK_COMMENT_MAX, { error: M.commentTooLong }).optional().default(""),
  ).meta({ description: `Up to ${FEEDBACK_COMMENT_MAX} characters, trimmed`, examples: ["Spotless, thank you!"] }),
}).meta({ id: "FeedbackRating" });

export type FeedbackRatingInput = z.output<typeof feedbackRatingSchema>;

const instant = (description: string) => z.string().meta({ format: "date-time", description });

/** GET and POST /api/feedback/{token}: what the customer's page shows. */
export const feedbackViewSchema = z.object({
  reference: z.string().meta({ examples: ["YS-7K3F9Q"] }),
  serviceName: z.string().meta({ description: "The service as booked", examples: ["Regular Cleaning"] }),
  startTimeISO: instant("When the job started"),
  firstName: z.string().meta({ description: "The customer's first name, to greet them", examples: ["Jane"] }),
  cleanerFirstNames: z.array(z.string()).meta({ description: "Who cleaned, by first name, in the order staff gave them", examples: [["Priya", "Tom"]] }),
  businessName: z.string().meta({ examples: ["Yarra Shine Cleaning"] }),
  rating: z.number().int().nullable().meta({ description: "1-5 once rated; null before" }),
  comment: z.string().nullable().meta({ description: "The comment given with the rating ('' for none); null before" }),
  ratedAt: instant("When the customer rated").nullable(),
  reviewUrl: z.string().nullable().meta({ description: "The business's review page, once rated 4 or 5 and when the business has one; else null" }),
}).meta({ id: "FeedbackView" });

export type FeedbackView = z.output<typeof feedbackViewSchema>;

/** A job's feedback as staff see it. */
export const staffFeedbackSchema = z.object({
  requestedAt: instant("When the link now working was e-mailed"),
  expiresAt: instant("When that link stops working"),
  requestCount: z.number().int().meta({ description: "1 for the first request, + 1 each time staff asked again" }),
  rating: z.number().int().nullable().meta({ description: "1-5 once rated; null before" }),
  comment: z.string().nullable().meta({ description: "'' for none; null before the rating" }),
  ratedAt: instant("When the customer rated").nullable(),
}).meta({ id: "StaffFeedback" });

export type StaffFeedbackView = z.output<typeof staffFeedbackSchema>;

/** GET /api/admin/bookings/{id}/feedback and POST …/feedback-request. */
export const bookingFeedbackSchema = z.object({
  feedback: staffFeedbackSchema.nullable().meta({ description: "null while the customer has never been asked" }),
}).meta({ id: "BookingFeedback" });

export type BookingFeedbackView = z.output<typeof bookingFeedbackSchema>;

export const FEEDBACK_LIST_LIMITS = { defaultLimit: 20, maxLimit: 100 } as const;

/** GET /api/admin/feedback's query. */
export const ratedJobsQuerySchema = z.object({
  customerId: z.string().max(100, "customerId is too long.").optional().meta({ description: "Only this customer's jobs" }),
  cleanerId: z.string().max(100, "cleanerId is too long.").optional().meta({ description: "Only jobs this cleaner was on" }),
  limit: z.coerce.number({ error: "limit must be a number." }).int("limit must be a whole number.").min(1, "limit must be at least 1.")
    .max(FEEDBACK_LIST_LIMITS.maxLimit, `limit must be at most ${FEEDBACK_LIST_LIMITS.maxLimit}.`).optional()
    .meta({ description: `How many, default ${FEEDBACK_LIST_LIMITS.defaultLimit}, at most ${FEEDBACK_LIST_LIMITS.maxLimit}` }),
}).transform((query) => ({ ...query, limit: query.limit ?? FEEDBACK_LIST_LIMITS.defaultLimit }));

const averageSchema = z.number().nullable().meta({ description: "To 1 decimal; null when there is no rating" });

export const ratedJobsSchema = z.object({
  items: z.array(z.object({
    bookingId: z.string(),
    reference: z.string(),
    customerName: z.string().meta({ description: "As on the booking" }),
    startTime: instant("When the job started"),
    serviceName: z.string(),
    rating: z.number().int(),
    comment: z.string(),
    ratedAt: instant("When the customer rated"),
    cleanerNames: z.array(z.string()),
  }).meta({ id: "RatedJob" })).meta({ description: "Newest rated first" }),
  averageRating: averageSchema.meta({ description: "Over every rating the filters select, not only this page; 1 decimal; null for none" }),
  ratings: z.number().int().meta({ description: "How many ratings the filters select" }),
}).meta({ id: "RatedJobs" });

export type RatedJobsView = z.output<typeof ratedJobsSchema>;

export const cleanerRatingsSchema = z.object({
  items: z.array(z.object({
    cleanerId: z.string(),
    averageRating: z.number().meta({ description: "To 1 decimal" }),
    ratings: z.number().int(),
  }).meta({ id: "CleanerRating" })).meta({ description: "Cleaners with at least one rating, all time" }),
}).meta({ id: "CleanerRatings" });

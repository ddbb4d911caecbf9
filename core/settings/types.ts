/** Scheduling settings (admin-area.md section 9, decisions.md Scheduling). */
export interface SchedulingSettings {
  /** Minutes either side of a start within which other starts count against the cap. */
  slotBufferMin: number;
  maxConcurrentPerSlot: number;
  enforceBuffer: boolean;
  /** Earliest bookable date is this many days after today in Melbourne. */
  leadDays: number;
  /** Latest bookable date is this many days after today in Melbourne (the booking horizon). */
  horizonDays: number;
  /** First and last start hour, Melbourne wall clock, inclusive. */
  firstSlotHour: number;
  lastSlotHour: number;
  /** Days with no starts, 0 = Sunday ... 6 = Saturday. */
  closedWeekdays: number[];
  /** Close of the working day, Melbourne wall clock: every job must end by this hour (issue 14). */
  dayEndHour: number;
  /** Hours before a job its reminder e-mail goes to the customer (issue 15). */
  reminderHoursBefore: number;
  /**
   * Up to this many hours before the start the customer may move or cancel free of charge on the
   * manage-my-booking page (the cancellation policy's 24 hours); inside it they call.
   */
  freeChangeCutoffHours: number;
  /** How many weeks ahead the visits of a series of regular cleans exist (issue 17). */
  seriesHorizonWeeks: number;
  /**
   * Issue 28: "SLOTS" (the seed's rule: maxConcurrentPerSlot places a start) or "TEAM" (a start is
   * offered only when a cleaner is working and free for the whole visit, and the job goes to them;
   * maxConcurrentPerSlot still caps).
   */
  availabilityMode: "SLOTS" | "TEAM";
  /** Team mode: the minutes a cleaner needs between two jobs (travel), kept free around each visit. */
  teamGapMin: number;
}

export const SCHEDULING_DEFAULTS: SchedulingSettings = {
  slotBufferMin: 120,
  maxConcurrentPerSlot: 1,
  enforceBuffer: true,
  leadDays: 4,
  horizonDays: 365,
  firstSlotHour: 8,
  lastSlotHour: 16,
  closedWeekdays: [0],
  dayEndHour: 18,
  reminderHoursBefore: 48,
  freeChangeCutoffHours: 24,
  seriesHorizonWeeks: 8,
  availabilityMode: "SLOTS",
  teamGapMin: 30,
};

/** A date the business is closed (public holiday, team day off): no job starts on it. */
export interface ClosedDate {
  /** Melbourne date, YYYY-MM-DD. */
  date: string;
  label: string;
}

/**
 * The postcodes the business cleans in: each entry a postcode ("3121") or an inclusive range
 * ("3000-3207"). Empty means everywhere (no restriction).
 */
export interface ServiceArea {
  postcodes: string[];
}

export const SERVICE_AREA_DEFAULTS: ServiceArea = { postcodes: [] };

/** Booking-form content (admin-area.md section 3). */
export interface BookingFormContent {
  generalCommentEnabled: boolean;
  generalCommentLabel: string;
  generalCommentPlaceholder: string;
  /** Sanitised HTML shown on the public booking page. */
  cancellationPolicyHtml: string;
}

export const DEFAULT_COMMENT_LABEL = "General comments";
export const DEFAULT_COMMENT_PLACEHOLDER = "Any special instructions?";

export const DEFAULT_CANCELLATION_POLICY_HTML =
  "<ul>" +
  "<li>Free changes up to 24 hours before the appointment.</li>" +
  "<li>Changes or cancellations within 24 hours may incur a 50% fee.</li>" +
  "<li>You are charged only after the job is completed.</li>" +
  "<li>Online bookings are requests until availability is verified.</li>" +
  "</ul>";

export const BOOKING_FORM_CONTENT_DEFAULTS: BookingFormContent = {
  generalCommentEnabled: true,
  generalCommentLabel: DEFAULT_COMMENT_LABEL,
  generalCommentPlaceholder: DEFAULT_COMMENT_PLACEHOLDER,
  cancellationPolicyHtml: DEFAULT_CANCELLATION_POLICY_HTML,
};

export interface Council {
  name: string;
  suburbs: string[];
}

export interface SocialLink {
  network: "facebook" | "instagram" | "whatsapp" | "linkedin";
  label: string;
  url: string;
}

/** Who the business is: read by the site's layout, footer, contact page and e-mails. */
export interface BusinessProfile {
  brandName: string;
  legalName: string;
  phone: string;
  /** Messaging-app (WhatsApp) number in international digits, e.g. 61412345678. */
  whatsappNumber: string;
  whatsappPrefill: string;
  email: string;
  /** Where booking/quote/inquiry notifications go. */
  notificationEmail: string;
  addressLocality: string;
  addressRegion: string;
  contactHours: string;
  foundedYear: number;
  socials: SocialLink[];
  councils: Council[];
  developerCredit: { label: string; url: string };
}

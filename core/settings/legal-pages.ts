/**
 * The site's Privacy Policy and Terms (issue 14): default wording for a Melbourne cleaning
 * business that takes names, contacts, home addresses and notes, with the brand and contacts
 * filled in from the business profile. Structured data, zod-free: GET /api/legal/{page} serves it
 * and the web pages render (and prerender) the same thing.
 */
import type { BusinessProfile } from "./types.ts";

export const LEGAL_PAGE_NAMES = ["privacy", "terms"] as const;

export type LegalPageName = (typeof LEGAL_PAGE_NAMES)[number];

export interface LegalSection {
  heading: string;
  paragraphs: string[];
}

export interface LegalPage {
  page: LegalPageName;
  title: string;
  /** When the wording last changed, YYYY-MM-DD. */
  lastUpdated: string;
  sections: LegalSection[];
}

/** The profile fields the pages name. */
export type LegalProfile = Pick<
  BusinessProfile,
  "brandName" | "legalName" | "email" | "phone" | "contactHours" | "addressLocality" | "addressRegion"
>;

/** Bump with any change of the wording below. */
export const LEGAL_PAGES_LAST_UPDATED = "2026-11-23";

export const LEGAL_PAGE_TITLES: Record<LegalPageName, string> = {
  privacy: "Privacy Policy",
  terms: "Terms and Conditions",
};

export const isLegalPageName = (value: string): value is LegalPageName =>
  (LEGAL_PAGE_NAMES as readonly string[]).includes(value);

const STATE_NAMES: Record<string, string> = {
  VIC: "Victoria",
  NSW: "New South Wales",
  QLD: "Queensland",
  SA: "South Australia",
  WA: "Western Australia",
  TAS: "Tasmania",
  ACT: "the Australian Capital Territory",
  NT: "the Northern Territory",
};

/** 'Yarra Shine Cleaning (Yarra Shine Cleaning Pty Ltd)', or the brand alone. */
function businessName(profile: LegalProfile): string {
  const legal = profile.legalName.trim();
  return legal && legal !== profile.brandName ? `${profile.brandName} (${legal})` : profile.brandName;
}

/** 'Melbourne, VIC', or whichever part is known. */
const placeOf = (profile: LegalProfile) => [profile.addressLocality, profile.addressRegion].filter(Boolean).join(", ");

/** 'e-mail hello@… or call 0412 345 678 (Mon–Sun 8:00am–5:00pm)', leaving out what the profile lacks. */
function howToReach(profile: LegalProfile): string {
  const ways: string[] = [];
  if (profile.email) ways.push(`e-mail ${profile.email}`);
  if (profile.phone) ways.push(`call ${profile.phone}${profile.contactHours ? ` (${profile.contactHours})` : ""}`);
  return ways.length > 0 ? ways.join(" or ") : "use the details on our Contact Us page";
}

function privacyPolicy(profile: LegalProfile): LegalSection[] {
  const reach = howToReach(profile);
  const place = placeOf(profile);
  return [
    {
      heading: "About this policy",
      paragraphs: [
        `${businessName(profile)} (“we”, “us”) is a cleaning business${place ? ` based in ${place}` : ""}. This policy explains what personal information we collect when you visit our website, book a clean, request a quote or send us an inquiry, and how we use, share, store and protect it.`,
        "We handle personal information in line with the Australian Privacy Principles (APPs) in the Privacy Act 1988 (Cth).",
      ],
    },
    {
      heading: "What we collect",
      paragraphs: [
        "When you book a clean or request a quote: your first and last name, e-mail address and phone number; the address of the home to be cleaned (unit, street, suburb, state and postcode); the service, size, add-ons, date, start time and frequency you choose; your answers to our questions about the home (such as access, parking and pets); and any notes you write for us.",
        "When you send a commercial inquiry: your name, e-mail address, phone number and suburb, the type of workplace and your message.",
        "When you use the website: our server records each request’s internet (IP) address, the page asked for and the time, to keep the site secure and to stop abuse. The booking form may keep what you type in your browser’s session storage until you send it or close the tab, so a reload does not lose it; it reaches us only when you send it. We use no advertising or analytics cookies, and we never take card details on this website.",
        "Please do not put alarm codes or key-safe combinations in the form: tell us by phone and we will note them securely.",
      ],
    },
    {
      heading: "Why we collect it",
      paragraphs: [
        "We use your information to price and quote your clean; to arrange, carry out and confirm it; to reach and enter your home as agreed with you; to contact you about your booking by e-mail or phone (confirmations, changes and reminders); to answer your inquiries; to take payment and keep the business and tax records the law requires; and to look into any complaint or claim.",
        "We do not sell or rent your personal information. We send you offers only if you have agreed to receive them, and you can opt out at any time.",
        "Without your name, contact details and the address we cannot book a clean for you. You are welcome to ask us general questions without telling us who you are.",
      ],
    },
    {
      heading: "Who sees it",
      paragraphs: [
        "Our staff who manage bookings, and the cleaners assigned to your job. Cleaners see what they need for the visit: your name, the address, the job’s details, your answers and your notes.",
        "The companies that host our website and database and deliver our e-mail, only to provide those services and under a duty to keep it confidential. Some of them may store data outside Australia; where they do, we take reasonable steps to make sure your information is handled in line with the APPs.",
        "Anyone else only with your consent, or where the law requires or allows it (for example, a court order).",
      ],
    },
    {
      heading: "How we keep it safe",
      paragraphs: [
        "Your information is kept in a password-protected system that only our staff can sign in to, and it travels between your browser and our website over an encrypted (HTTPS) connection.",
        "If a data breach is likely to cause you serious harm, we will tell you and the Office of the Australian Information Commissioner (OAIC), as the Notifiable Data Breaches scheme requires.",
      ],
    },
    {
      heading: "How long we keep it",
      paragraphs: [
        "Bookings and payments: while you are a customer and for five years after, the time Australian tax law requires us to keep business records.",
        "Quote requests and inquiries that do not lead to a booking: up to two years, in case you come back to us.",
        "Server request logs: up to 90 days.",
        "After that we delete your information or remove everything that identifies you.",
      ],
    },
    {
      heading: "Seeing and correcting your information",
      paragraphs: [
        `You can ask for a copy of the personal information we hold about you, and ask us to correct anything that is wrong, out of date or incomplete: ${reach}. We will answer within 30 days, free of charge. If we cannot give you access, we will tell you why in writing.`,
      ],
    },
    {
      heading: "Complaints",
      paragraphs: [
        `If you think we have mishandled your personal information, please tell us first: ${reach}. We will look into it and reply within 30 days.`,
        "If you are not satisfied with our answer, you can complain to the Office of the Australian Information Commissioner (OAIC): www.oaic.gov.au, 1300 363 992.",
      ],
    },
    {
      heading: "Contact us",
      paragraphs: [`For anything about your privacy or this policy, ${reach}.`],
    },
    {
      heading: "Changes to this policy",
      paragraphs: [
        "We may update this policy as our services change. The date at the top shows when it last changed, and the current version is always on this page.",
      ],
    },
  ];
}

function termsAndConditions(profile: LegalProfile): LegalSection[] {
  const reach = howToReach(profile);
  const state = STATE_NAMES[profile.addressRegion.trim().toUpperCase()] ?? "Victoria";
  return [
    {
      heading: "About these terms",
      paragraphs: [
        `These terms apply when you book a clean or request a quote from ${businessName(profile)} (“we”, “us”) through this website. By booking you agree to them.`,
        "Nothing in these terms limits your rights under the Australian Consumer Law.",
      ],
    },
    {
      heading: "Prices and quotes",
      paragraphs: [
        "Prices on this website are in Australian dollars and include GST. The price shown when you book is for the service, size and add-ons you choose.",
        "If the home is much larger, or needs much more work, than the booking describes, we will talk with you before doing extra work; nothing extra is charged without your agreement.",
        "Loyalty discounts on regular cleans apply from the second clean onwards.",
        "A quote request is not a booking: we send you a quote, and the clean is booked once you accept it.",
      ],
    },
    {
      heading: "Bookings",
      paragraphs: [
        "An online booking is a request until we confirm it. We confirm by e-mail; if we cannot do the time you chose, we will offer another.",
        "Please give us correct contact details and the right address, and tell us about anything that affects the job, such as access, parking, pets or hazards.",
      ],
    },
    {
      heading: "Access, parking and your home",
      paragraphs: [
        "Please make sure we can get in at the booked time and tell us where to park. If our cleaner cannot get in, or cannot find parking within 20 minutes, a cancellation fee may apply.",
        "Please have running water and electricity on, keep pets secure, and put away cash, valuables and fragile items you do not want moved.",
        "Windows are cleaned on the inside only. A light tidy is part of every clean; an extended tidy-up takes at most 30 minutes.",
      ],
    },
    {
      heading: "Changes and cancellations",
      paragraphs: [
        "The cancellation policy shown on the booking form when you book applies to your booking. Unless it says otherwise, changes are free up to 24 hours before the appointment, and changes or cancellations within 24 hours of it may incur a 50% fee.",
        "If illness, severe weather or another event outside our control means we must move your clean, we will tell you as early as we can, and you pay nothing for a visit that does not happen.",
      ],
    },
    {
      heading: "Payment",
      paragraphs: [
        "Nothing is charged when you book: you pay only after the job is completed.",
      ],
    },
    {
      heading: "Our happiness guarantee",
      paragraphs: [
        "If something is not right, tell us as soon as you can, ideally within 24 hours, and we will make it right. The guarantee does not apply to hourly bookings, where you choose how the time is spent.",
      ],
    },
    {
      heading: "Care of your home",
      paragraphs: [
        "Our cleaners are police-checked and we are fully insured. If anything is damaged during a clean, tell us as soon as possible and we will repair or replace it, or claim on our insurance.",
        "We are not responsible for damage that comes from an existing fault or ordinary wear, except where the law says otherwise.",
      ],
    },
    {
      heading: "Your information",
      paragraphs: [
        "We handle your personal information as our Privacy Policy describes.",
      ],
    },
    {
      heading: "Contact us and governing law",
      paragraphs: [
        `Questions about these terms or a booking: ${reach}.`,
        `These terms are governed by the laws of ${state}, Australia.`,
      ],
    },
  ];
}

/** One page's wording for a business profile. */
export function legalPage(page: LegalPageName, profile: LegalProfile): LegalPage {
  return {
    page,
    title: LEGAL_PAGE_TITLES[page],
    lastUpdated: LEGAL_PAGES_LAST_UPDATED,
    sections: page === "privacy" ? privacyPolicy(profile) : termsAndConditions(profile),
  };
}

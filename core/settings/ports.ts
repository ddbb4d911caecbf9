import { declareError } from "../shared/result.ts";
import type { PaymentSettings } from "./payment-settings.ts";
import type { BookingFormContent, BusinessProfile, ClosedDate, SchedulingSettings, ServiceArea } from "./types.ts";
import type { BusinessDetails } from "./business-details.ts";

/** What a read of the business profile answers while none has been saved. */
export const PROFILE_NOT_FOUND = declareError("not_found", "PROFILE_NOT_FOUND", "Business profile not set.");

/** Stored settings; each getter falls back to the defaults when nothing was saved yet. */
export interface SettingsStore {
  getScheduling(): Promise<SchedulingSettings>;
  saveScheduling(settings: SchedulingSettings): Promise<SchedulingSettings>;
  getBookingFormContent(): Promise<BookingFormContent>;
  saveBookingFormContent(content: BookingFormContent): Promise<BookingFormContent>;
  /** Null until a profile is saved (PROFILE_NOT_FOUND to a caller). */
  getBusinessProfile(): Promise<BusinessProfile | null>;
  saveBusinessProfile(profile: BusinessProfile): Promise<BusinessProfile>;
  getServiceArea(): Promise<ServiceArea>;
  saveServiceArea(area: ServiceArea): Promise<ServiceArea>;
  /** Issue 30: the deposit and the balance online; the defaults (none, off) until saved. */
  getPaymentSettings(): Promise<PaymentSettings>;
  savePaymentSettings(settings: PaymentSettings): Promise<PaymentSettings>;
  /** Issue 30: the invoice's business details; the profile's defaults until saved. */
  getBusinessDetails(): Promise<BusinessDetails>;
  saveBusinessDetails(details: BusinessDetails): Promise<BusinessDetails>;
}

/** The dates the business is closed (issue 14), Melbourne dates written YYYY-MM-DD. */
export interface ClosedDatesStore {
  /** In date order; `from`/`to` inclusive when given. */
  list(range?: { from?: string; to?: string }): Promise<ClosedDate[]>;
  get(date: string): Promise<ClosedDate | null>;
  /** Stores the date; false when it was already closed (nothing changes). */
  add(closed: ClosedDate): Promise<boolean>;
  /** The removed date, or null when it was not closed. */
  remove(date: string): Promise<ClosedDate | null>;
}

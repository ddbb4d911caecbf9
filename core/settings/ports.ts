import type { BookingFormContent, BusinessProfile, SchedulingSettings } from "./types.ts";

/** Stored settings; each getter falls back to the defaults when nothing was saved yet. */
export interface SettingsStore {
  getScheduling(): Promise<SchedulingSettings>;
  saveScheduling(settings: SchedulingSettings): Promise<SchedulingSettings>;
  getBookingFormContent(): Promise<BookingFormContent>;
  saveBookingFormContent(content: BookingFormContent): Promise<BookingFormContent>;
  getBusinessProfile(): Promise<BusinessProfile | null>;
  saveBusinessProfile(profile: BusinessProfile): Promise<BusinessProfile>;
}

/**
 * The cleaners' own app (issue 31): who calls the team API, and a cleaner's marks on one job.
 * Nothing here carries money: a cleaner never sees prices, payments or other customers.
 */

/** The caller of a team call: the cleaner's login and the cleaner of the team it belongs to. */
export interface TeamMember {
  /** The login's id (a row of admins with role 'cleaner'): the audit rows' actor. */
  accountId: string;
  cleanerId: string;
  email: string;
}

/**
 * A cleaner's marks on one job (migration 031): the server's times of their taps, where they were
 * (when the phone said), their notes, and the office's last correction of a time.
 */
export interface Attendance {
  bookingId: string;
  cleanerId: string;
  onMyWayAt: Date | null;
  checkInAt: Date | null;
  checkInNote: string;
  checkInLat: number | null;
  checkInLng: number | null;
  checkOutAt: Date | null;
  checkOutNote: string;
  checkOutLat: number | null;
  checkOutLng: number | null;
  correctedByAdminId: string | null;
  correctedAt: Date | null;
}

/** A job and cleaner with no marks yet. */
export const noMarks = (bookingId: string, cleanerId: string): Attendance => ({
  bookingId,
  cleanerId,
  onMyWayAt: null,
  checkInAt: null,
  checkInNote: "",
  checkInLat: null,
  checkInLng: null,
  checkOutAt: null,
  checkOutNote: "",
  checkOutLat: null,
  checkOutLng: null,
  correctedByAdminId: null,
  correctedAt: null,
});

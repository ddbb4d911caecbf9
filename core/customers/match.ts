/**
 * How bookings, quotes and inquiries find their customer record (issue 17): by the e-mail,
 * trimmed and lower-cased, so "Ada@Example.com " and "ada@example.com" are one person.
 * Phones only suggest merges (a household shares one; people change numbers): staff decide.
 */
export const customerEmailKey = (email: string): string => email.trim().toLowerCase();

/** Who a record names: what its customer record is created with or refreshed from. */
export interface CustomerContact {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
}

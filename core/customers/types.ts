/**
 * Customer records (issue 17): one per person, matched by normalised e-mail (match.ts). The read
 * shapes are the wire schemas' (one declaration), with their instants as Dates.
 */
import type { z } from "zod";
import type {
  customerBookingSchema,
  customerDetailSchema,
  customerDuplicateSchema,
  customerInquirySchema,
  customerSeriesSchema,
  customerSummarySchema,
  customerTotalsSchema,
} from "./schemas.ts";

/** A customer record as stored: what staff change and what a merge reads under its lock. */
export interface Customer {
  _id: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  notes: string;
  tags: string[];
  /** Set once staff merged this record into another; it then keeps no bookings of its own. */
  mergedInto: string | null;
  createdAt: Date;
}

/** The fields staff change on a record. */
export type CustomerChanges = Partial<Pick<Customer, "notes" | "tags" | "phone">>;

type Wire<S extends z.ZodType> = z.output<S>;

export type CustomerSummary = Omit<Wire<typeof customerSummarySchema>, "nextVisit" | "lastVisit" | "createdAt"> & {
  nextVisit: Date | null;
  lastVisit: Date | null;
  createdAt: Date;
};

/** A row of the CSV export: the summary and the lasting notes. */
export type CustomerExportRow = CustomerSummary & { notes: string };

export type CustomerBooking = Omit<Wire<typeof customerBookingSchema>, "startTime"> & { startTime: Date };
export type CustomerInquiry = Omit<Wire<typeof customerInquirySchema>, "createdAt"> & { createdAt: Date };
export type CustomerSeries = Wire<typeof customerSeriesSchema>;
export type CustomerDuplicate = Wire<typeof customerDuplicateSchema>;
export type CustomerTotals = Wire<typeof customerTotalsSchema>;
export type CustomerAddress = Wire<typeof customerDetailSchema>["addresses"][number];

/** A series as the store reads it; the wall-clock start and weekday are the core's to write. */
export interface CustomerSeriesFacts {
  _id: string;
  status: CustomerSeries["status"];
  frequencyName: string;
  /** Melbourne date, YYYY-MM-DD. */
  anchorDate: string;
  /** Minutes after Melbourne midnight. */
  startMinutes: number;
}

/** What the store reads for one record's page; the use case adds the totals and series' wall-clock times. */
export interface CustomerRecordFacts {
  summary: CustomerSummary;
  notes: string;
  mergedInto: string | null;
  addresses: CustomerAddress[];
  bookings: CustomerBooking[];
  inquiries: CustomerInquiry[];
  series: CustomerSeriesFacts[];
  possibleDuplicates: CustomerDuplicate[];
}

export type CustomerDetail =
  & Omit<Wire<typeof customerDetailSchema>, "nextVisit" | "lastVisit" | "createdAt" | "bookings" | "inquiries">
  & CustomerSummary
  & { bookings: CustomerBooking[]; inquiries: CustomerInquiry[] };

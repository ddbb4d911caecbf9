/**
 * What a cleaner sees of one of their jobs (issue 31): built field by field from the booking, so
 * nothing of money (prices, totals, payments, balances) and no other customer ever reaches them.
 */
import { formatAddress, mapSearchUrl } from "../shared/contact.ts";
import { sizeLabel } from "../booking/staff/schedule.ts";
import type { TeamJobFacts } from "./ports.ts";
import type { TeamJob } from "./schemas.ts";

const iso = (at: Date | null | undefined): string | null => at?.toISOString() ?? null;

export function teamJobView(facts: TeamJobFacts): TeamJob {
  const { record, marks } = facts;
  return {
    _id: record._id,
    reference: record.reference,
    status: record.status as TeamJob["status"],
    startTime: record.startTime.toISOString(),
    endTime: record.endTime.toISOString(),
    serviceName: record.serviceNameAtBooking,
    sizeLabel: sizeLabel(record),
    customerFirstName: record.firstName,
    customerPhone: record.phone,
    address: {
      unit: record.address.unit ?? "",
      street: record.address.street,
      suburb: record.address.suburb,
      state: record.address.state,
      postCode: record.address.postCode,
    },
    mapUrl: mapSearchUrl(formatAddress(record.address)),
    // An answer left blank tells the cleaner nothing.
    access: record.answers
      .filter((answer) => answer.displayValue.trim() !== "")
      .map((answer) => ({ label: answer.label, displayValue: answer.displayValue })),
    extras: record.extras.map((extra) => ({ title: extra.titleAtBooking, quantity: extra.quantity })),
    notes: record.notes,
    officeNotes: record.officeNotes ?? "",
    customerNotes: facts.customerNotes,
    checklist: facts.checklist,
    otherCleaners: facts.otherCleaners,
    onMyWayAt: iso(marks?.onMyWayAt),
    checkInAt: iso(marks?.checkInAt),
    checkOutAt: iso(marks?.checkOutAt),
    checkOutNote: marks?.checkOutNote ?? "",
  };
}

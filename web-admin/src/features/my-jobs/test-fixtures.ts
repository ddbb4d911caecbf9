import type { TeamJob } from "./my-jobs-api.ts";

/** A cleaner's job as GET /api/team/jobs answers it: Thu 26 Nov 2026, 9:00 am – 12:00 pm Melbourne (AEDT). */
export function aTeamJob(overrides: Partial<TeamJob> = {}): TeamJob {
  return {
    _id: "b1",
    reference: "YS-7K3F9Q",
    status: "CONFIRMED",
    startTime: "2026-11-25T22:00:00.000Z",
    endTime: "2026-11-26T01:00:00.000Z",
    serviceName: "Regular Cleaning",
    sizeLabel: "3 bedrooms",
    customerFirstName: "Jane",
    customerPhone: "0412 345 678",
    address: { unit: "3", street: "12 Smith St", suburb: "Fitzroy", state: "VIC", postCode: "3065" },
    mapUrl: "https://www.google.com/maps/search/?api=1&query=3%2F12%20Smith%20St%2C%20Fitzroy%20VIC%203065",
    access: [{ label: "How will we get in?", displayValue: "Key in lockbox (code 4821)" }],
    extras: [{ title: "Inside oven", quantity: 2 }, { title: "Balcony", quantity: 1 }],
    notes: "Please use the side gate.",
    officeNotes: "Bring the tall ladder for the skylights.",
    customerNotes: "Friendly dog, Biscuit.",
    checklist: ["Kitchen benches", "Vacuum floors", "Bathroom mirror"],
    otherCleaners: ["Tom Nguyen"],
    onMyWayAt: null,
    checkInAt: null,
    checkOutAt: null,
    checkOutNote: "",
    ...overrides,
  };
}

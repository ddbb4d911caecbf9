/** The Services page's checklist: which tasks each package covers, area by area. */
export type ChecklistPackage = "flatRate" | "springClean" | "endOfLease";

export const CHECKLIST_COLUMNS: { key: ChecklistPackage; label: string }[] = [
  { key: "flatRate", label: "Flat Rate" },
  { key: "springClean", label: "Spring Clean" },
  { key: "endOfLease", label: "End of Lease" },
];

export interface ChecklistArea {
  area: string;
  tasks: { task: string; included: ChecklistPackage[] }[];
}

const BOTH: ChecklistPackage[] = ["flatRate", "springClean"];
const SPRING: ChecklistPackage[] = ["springClean"];

// public-site.md: the End of Lease column is empty, so no task lists it.
export const CHECKLIST: ChecklistArea[] = [
  {
    area: "All Areas",
    tasks: [
      { task: "Dust reachable surfaces and furniture", included: BOTH },
      { task: "Wipe light switches and door handles", included: BOTH },
      { task: "Remove cobwebs", included: BOTH },
      { task: "Empty bins and replace liners", included: BOTH },
      { task: "Wipe skirting boards and door frames", included: SPRING },
    ],
  },
  {
    area: "Floors",
    tasks: [
      { task: "Vacuum carpets and rugs", included: BOTH },
      { task: "Mop hard floors", included: BOTH },
      { task: "Vacuum under light furniture", included: SPRING },
    ],
  },
  {
    area: "Bathrooms",
    tasks: [
      { task: "Clean and disinfect toilets", included: BOTH },
      { task: "Clean showers, baths and basins", included: BOTH },
      { task: "Polish mirrors and tapware", included: BOTH },
      { task: "Scrub tile grout and remove soap scum", included: SPRING },
    ],
  },
  {
    area: "Kitchen",
    tasks: [
      { task: "Wipe benchtops and splashbacks", included: BOTH },
      { task: "Clean the sink and taps", included: BOTH },
      { task: "Wipe appliance exteriors", included: BOTH },
      { task: "Clean inside the microwave", included: SPRING },
      { task: "Wipe cupboard fronts", included: SPRING },
    ],
  },
  {
    area: "Bedrooms/Living Areas",
    tasks: [
      { task: "Make beds (linen change if left out)", included: BOTH },
      { task: "Dust shelves, frames and decor", included: BOTH },
      { task: "Wipe interior glass and mirrors", included: BOTH },
      { task: "Dust blinds and window sills", included: SPRING },
    ],
  },
];

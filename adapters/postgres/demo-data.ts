/**
 * Demo catalogue and business profile used to seed an EMPTY database for
 * "Yarra Shine Cleaning", a Melbourne residential and commercial cleaning
 * business founded in September 2024. All ids are fixed v4-format UUIDs so
 * extras and questions can reference their services.
 *
 * Pure data: no I/O. Prices are A$ (GST inclusive, believable Melbourne rates).
 */
import { DEFAULT_EXTRA_MAX_QUANTITY } from "../../core/catalog/constants.ts";
import type { Extra, Frequency, Question, Service } from "../../core/catalog/types.ts";
import { CLEANER_PALETTE } from "../../core/cleaners/rules.ts";
import type { Cleaner } from "../../core/cleaners/types.ts";
import {
  BOOKING_FORM_CONTENT_DEFAULTS,
  type BookingFormContent,
  type ClosedDate,
} from "../../core/settings/types.ts";
import { melbourneYmd } from "../../core/shared/melbourne-time.ts";
import { nationalPublicHolidays } from "../holidays/national-public-holidays.ts";

// ---------------------------------------------------------------------------
// Service ids
// ---------------------------------------------------------------------------

export const DEMO_SERVICE_IDS = {
  hourly: "62684706-ec03-4ed4-99c0-a526747259e8",
  regular: "86b8cdc8-7352-4d26-b9c5-3826239533f4",
  spring: "d927c831-46a8-4d13-8ad4-1c2a208f23b9",
  moveInOut: "4baaf471-175b-43f9-b441-e4d51c05bce4",
  office: "ff1624da-0967-4c9f-9d57-d328c561025f",
  school: "60fc8fc2-9e0b-4446-9026-2d33042fb8ac",
  airbnb: "479d0c61-3ca8-4e20-ada2-673db332ab43",
} as const;

/** Hourly fields for non-HOURLY services: the admin create defaults. */
const HOURLY_DEFAULTS = { ratePerHour: 60, minHours: 2, maxHours: 20, stepHours: 0.5 } as const;

/**
 * Where the demo business cleans: Melbourne's metropolitan postcodes (3000-3207) and the eastern
 * and south-eastern suburbs out to the Dandenongs and Frankston (3750-3810, 3910-3944, 3975-3978).
 */
export const DEMO_SERVICE_AREA = ["3000-3207", "3750-3810", "3910-3944", "3975-3978"];

// ---------------------------------------------------------------------------
// 1. Services (the home page's six families; Regular and Spring are separate)
// ---------------------------------------------------------------------------

export const DEMO_SERVICES: Omit<Service, "deletedAt">[] = [
  {
    _id: DEMO_SERVICE_IDS.hourly,
    name: "Hourly Cleaning",
    slug: "hourly-cleaning",
    pricingModel: "HOURLY",
    ratePerHour: 55,
    minHours: 2,
    maxHours: 8,
    stepHours: 0.5,
    bedroomPrices: [],
    basePrice: 0,
    durationMinutes: 120,
    description: "Book a police-checked cleaner by the hour and tell us which rooms matter most.",
  },
  {
    _id: DEMO_SERVICE_IDS.regular,
    name: "Regular Clean",
    slug: "regular-clean",
    pricingModel: "BEDROOMS",
    ...HOURLY_DEFAULTS,
    bedroomPrices: [
      { bedrooms: 0, price: 129, durationMinutes: 90 },
      { bedrooms: 1, price: 149, durationMinutes: 120 },
      { bedrooms: 2, price: 179, durationMinutes: 150 },
      { bedrooms: 3, price: 219, durationMinutes: 180 },
      { bedrooms: 4, price: 269, durationMinutes: 240 },
      { bedrooms: 5, price: 329, durationMinutes: 300 },
    ],
    basePrice: 0,
    durationMinutes: 120,
    description:
      "A flat-rate maintenance clean of kitchen, bathrooms, floors and living areas to keep your home fresh week to week.",
  },
  {
    _id: DEMO_SERVICE_IDS.spring,
    name: "Spring Clean",
    slug: "spring-clean",
    pricingModel: "BEDROOMS",
    ...HOURLY_DEFAULTS,
    bedroomPrices: [
      { bedrooms: 0, price: 219, durationMinutes: 150 },
      { bedrooms: 1, price: 249, durationMinutes: 180 },
      { bedrooms: 2, price: 299, durationMinutes: 240 },
      { bedrooms: 3, price: 369, durationMinutes: 300 },
      { bedrooms: 4, price: 449, durationMinutes: 360 },
      { bedrooms: 5, price: 539, durationMinutes: 420 },
    ],
    basePrice: 0,
    durationMinutes: 120,
    description:
      "A top-to-bottom deep clean that reaches skirting boards, light switches, doors and the corners a regular clean skips.",
  },
  {
    _id: DEMO_SERVICE_IDS.moveInOut,
    name: "Move In / Move Out Clean",
    slug: "move-in-move-out-clean",
    pricingModel: "BEDROOMS",
    ...HOURLY_DEFAULTS,
    bedroomPrices: [
      { bedrooms: 0, price: 249, durationMinutes: 180 },
      { bedrooms: 1, price: 289, durationMinutes: 210 },
      { bedrooms: 2, price: 379, durationMinutes: 270 },
      { bedrooms: 3, price: 479, durationMinutes: 330 },
      { bedrooms: 4, price: 599, durationMinutes: 420 },
      { bedrooms: 5, price: 749, durationMinutes: 480 },
    ],
    basePrice: 0,
    durationMinutes: 120,
    description:
      "An end-of-lease style clean of an empty property, built around what Melbourne agents check at the final inspection.",
  },
  {
    _id: DEMO_SERVICE_IDS.office,
    name: "Office Clean",
    slug: "office-clean",
    pricingModel: "HOURLY",
    ratePerHour: 68,
    minHours: 2,
    maxHours: 12,
    stepHours: 0.5,
    bedroomPrices: [],
    basePrice: 0,
    durationMinutes: 120,
    description:
      "Before- or after-hours cleaning of workstations, kitchenettes, meeting rooms and bathrooms for small and medium offices.",
  },
  {
    _id: DEMO_SERVICE_IDS.school,
    name: "School & Educational Facility Clean",
    slug: "school-educational-facility-clean",
    pricingModel: "HOURLY",
    ratePerHour: 72,
    minHours: 3,
    maxHours: 16,
    stepHours: 0.5,
    bedroomPrices: [],
    basePrice: 0,
    durationMinutes: 120,
    description:
      "Child-safe cleaning of classrooms, staffrooms and amenities for schools, kindergartens and childcare centres.",
  },
  {
    _id: DEMO_SERVICE_IDS.airbnb,
    name: "Airbnb Turnover Clean",
    slug: "airbnb-turnover-clean",
    pricingModel: "FIXED",
    ...HOURLY_DEFAULTS,
    bedroomPrices: [],
    basePrice: 129,
    durationMinutes: 120,
    description:
      "A fast, hotel-standard turnover between guests so your short-term rental is photo-ready for the next check-in.",
  },
];

/**
 * Issue 31: what the cleaners tick off on a job of each service (staff calls only; the public
 * catalogue never carries it), in the order a team works a home or a site.
 */
export const DEMO_SERVICE_CHECKLISTS: Record<string, string[]> = {
  [DEMO_SERVICE_IDS.hourly]: [
    "Ask the customer which rooms matter most today",
    "Kitchen benches, sink and splashback",
    "Bathroom: shower, toilet, basin and mirror",
    "Dust reachable surfaces, top to bottom",
    "Vacuum and mop the floors",
    "Empty the bins",
    "Tell the customer what wasn't reached in the time",
  ],
  [DEMO_SERVICE_IDS.regular]: [
    "Kitchen benches, sink, splashback and appliance fronts",
    "Wipe the stovetop and microwave inside",
    "Bathrooms: shower, bath, toilet, basin and mirrors",
    "Dust surfaces, skirting tops and light switches",
    "Make beds (linen left out by the customer)",
    "Vacuum carpets and rugs",
    "Mop hard floors",
    "Empty the bins and replace liners",
  ],
  [DEMO_SERVICE_IDS.spring]: [
    "Kitchen benches, cupboard fronts and appliance fronts",
    "Degrease stovetop and rangehood filter",
    "Bathrooms: descale shower screens, taps and grout",
    "Wipe skirting boards, doors and door frames",
    "Light switches, power points and handles",
    "Dust blinds, sills and window tracks",
    "Cobwebs from ceilings and corners",
    "Vacuum carpets, under beds and sofas",
    "Mop hard floors, edges included",
    "Empty the bins",
  ],
  [DEMO_SERVICE_IDS.moveInOut]: [
    "Inside every cupboard, drawer and wardrobe",
    "Oven, stovetop and rangehood",
    "Bathrooms: shower, bath, toilet, basin, mirrors and exhaust fan",
    "Walls spot-cleaned, skirting boards and doors",
    "Window tracks, sills and inside glass",
    "Light switches and power points",
    "Vacuum carpets and mop hard floors",
    "Photos of each room for the agent's checklist",
    "Keys and remotes left where the office says",
  ],
  [DEMO_SERVICE_IDS.office]: [
    "Sign in at reception or with the site contact",
    "Empty bins and recycling; replace liners",
    "Wipe desks, phones and keyboards (clear desks only)",
    "Kitchenette: benches, sink, microwave and dishwasher",
    "Bathrooms: toilets, basins, mirrors and restock paper",
    "Vacuum carpets and mop hard floors",
    "Lock up and set the alarm as instructed",
  ],
  [DEMO_SERVICE_IDS.school]: [
    "Sign the visitor register and wear your ID",
    "Use child-safe products only",
    "Classrooms: desks, chairs and door handles",
    "Empty bins and recycling",
    "Amenities: toilets, basins and restock supplies",
    "Staffroom kitchen benches and sink",
    "Vacuum and mop floors",
    "Report any damage or hazards to the office",
  ],
  [DEMO_SERVICE_IDS.airbnb]: [
    "Strip beds and remake with fresh linen",
    "Start a wash of the used linen and towels",
    "Kitchen: dishes, benches, fridge check and bins",
    "Bathroom: shower, toilet, basin and fresh towels",
    "Restock toiletries, coffee and toilet paper",
    "Vacuum and mop throughout",
    "Check for guest damage or left items and photograph them",
    "Stage the rooms as in the listing photos",
  ],
};

// ---------------------------------------------------------------------------
// 2. Extras (per service; order from 1 within each service; all active)
// ---------------------------------------------------------------------------

/** Extras sold by the unit say how many a visit can take; the rest keep the default. */
type ExtraRow = Pick<Extra, "_id" | "title" | "description" | "price" | "hasQuantity"> & { maxQuantity?: number };

/** Minutes one of each add-on adds to a visit, as a team of cleaners would quote them. */
const EXTRA_MINUTES: Record<string, number> = {
  "Balcony": 30,
  "Change bed linen (per bed)": 10,
  "Consumables restock": 15,
  "Desk & chair sanitise (per classroom)": 20,
  "Garage sweep-out": 30,
  "Glass partitions (per room)": 20,
  "Inside cabinets": 45,
  "Inside fridge": 30,
  "Inside oven": 45,
  "Interior windows (per classroom)": 20,
  "Interior windows (per room)": 15,
  "Kitchenette deep clean": 45,
  "Laundry & ironing (per load)": 30,
  "Rangehood & splashback degrease": 30,
  "Restock guest amenities": 10,
  "Staff fridge clean-out": 20,
  "Staffroom kitchen deep clean": 45,
  "Steam carpet (per classroom)": 30,
  "Steam carpet (per room)": 25,
  "Wall spot-clean (per room)": 20,
};

function extrasFor(serviceId: string, rows: ExtraRow[]): Omit<Extra, "deletedAt">[] {
  return rows.map((row, i) => ({
    ...row,
    maxQuantity: row.maxQuantity ?? DEFAULT_EXTRA_MAX_QUANTITY,
    durationMinutes: EXTRA_MINUTES[row.title] ?? 0,
    serviceId,
    imageUrl: "",
    active: true,
    order: i + 1,
  }));
}

export const DEMO_EXTRAS: Omit<Extra, "deletedAt">[] = [
  ...extrasFor(DEMO_SERVICE_IDS.hourly, [
    {
      _id: "3933f579-f8f6-4b03-8f7b-111b3eb62b7f",
      title: "Inside oven",
      description: "Degrease racks, trays, glass door and oven interior.",
      price: 65,
      hasQuantity: false,
    },
    {
      _id: "83025570-9082-45e1-a1c2-4b708bd6a617",
      title: "Inside fridge",
      description: "Empty, wipe shelves and drawers, and sanitise seals.",
      price: 45,
      hasQuantity: false,
    },
    {
      _id: "248301aa-5a19-4bf0-9c93-d495e6e3ce49",
      title: "Interior windows (per room)",
      description: "Inside glass, frames and sills. Interior windows only.",
      price: 15,
      hasQuantity: true,
      maxQuantity: 12,
    },
    {
      _id: "85286f3f-380c-4636-bfe4-18f7da117b85",
      title: "Laundry & ironing (per load)",
      description: "Wash, hang or dry, and iron one load of laundry.",
      price: 30,
      hasQuantity: true,
      maxQuantity: 5,
    },
    {
      _id: "8b6d3ba5-f125-4782-8d32-18a053ac212a",
      title: "Balcony",
      description: "Sweep, mop and wipe railings on one balcony.",
      price: 35,
      hasQuantity: false,
    },
    {
      _id: "05cb110b-7835-4543-b4a9-1a3f50584c3e",
      title: "Change bed linen (per bed)",
      description: "Strip and remake a bed with your fresh linen.",
      price: 12,
      hasQuantity: true,
      maxQuantity: 8,
    },
  ]),
  ...extrasFor(DEMO_SERVICE_IDS.regular, [
    {
      _id: "fb20856d-6885-4cde-84ba-c69fa78d74c3",
      title: "Inside oven",
      description: "Degrease racks, trays, glass door and oven interior.",
      price: 65,
      hasQuantity: false,
    },
    {
      _id: "47926315-e391-4a96-8f64-ef552db27813",
      title: "Inside fridge",
      description: "Empty, wipe shelves and drawers, and sanitise seals.",
      price: 45,
      hasQuantity: false,
    },
    {
      _id: "73859c6f-9dfa-475a-97ad-b25bae3cc5c5",
      title: "Interior windows (per room)",
      description: "Inside glass, frames and sills. Interior windows only.",
      price: 15,
      hasQuantity: true,
      maxQuantity: 12,
    },
    {
      _id: "4faded98-7052-4452-b655-949fc88a2639",
      title: "Balcony",
      description: "Sweep, mop and wipe railings on one balcony.",
      price: 35,
      hasQuantity: false,
    },
    {
      _id: "3cfdfa5a-1c48-499f-9c0b-c9f4e349b786",
      title: "Change bed linen (per bed)",
      description: "Strip and remake a bed with your fresh linen.",
      price: 12,
      hasQuantity: true,
      maxQuantity: 8,
    },
    {
      _id: "34982b5f-693e-4069-9525-e4c8b5377d0b",
      title: "Laundry & ironing (per load)",
      description: "Wash, hang or dry, and iron one load of laundry.",
      price: 30,
      hasQuantity: true,
      maxQuantity: 5,
    },
  ]),
  ...extrasFor(DEMO_SERVICE_IDS.spring, [
    {
      _id: "99de394f-c163-492d-b421-6027a4da14df",
      title: "Inside oven",
      description: "Degrease racks, trays, glass door and oven interior.",
      price: 65,
      hasQuantity: false,
    },
    {
      _id: "304b1bc0-c277-4f8e-ad67-551b12d141c5",
      title: "Inside fridge",
      description: "Empty, wipe shelves and drawers, and sanitise seals.",
      price: 45,
      hasQuantity: false,
    },
    {
      _id: "63331df7-677a-4468-9840-1b4d7b9f9430",
      title: "Inside cabinets",
      description: "Wipe inside kitchen and bathroom cupboards (emptied beforehand).",
      price: 55,
      hasQuantity: false,
    },
    {
      _id: "2cec05fc-88aa-48c1-a47d-23c026d9c317",
      title: "Wall spot-clean (per room)",
      description: "Remove scuffs and marks from painted walls.",
      price: 20,
      hasQuantity: true,
      maxQuantity: 12,
    },
    {
      _id: "e29a2f0c-46c3-49b1-8009-4a31218407b1",
      title: "Interior windows (per room)",
      description: "Inside glass, frames and sills. Interior windows only.",
      price: 15,
      hasQuantity: true,
      maxQuantity: 12,
    },
    {
      _id: "609cfb06-2dca-4e49-a173-176560f172e0",
      title: "Steam carpet (per room)",
      description: "Hot-water extraction of one carpeted room. Book at least 3 days ahead.",
      price: 45,
      hasQuantity: true,
      maxQuantity: 10,
    },
    {
      _id: "9b226fa6-8b78-465d-8c3a-8ba480961035",
      title: "Balcony",
      description: "Sweep, mop and wipe railings on one balcony.",
      price: 35,
      hasQuantity: false,
    },
  ]),
  ...extrasFor(DEMO_SERVICE_IDS.moveInOut, [
    {
      _id: "545f18bb-adc0-438a-9374-8d5f7a5c9c78",
      title: "Steam carpet (per room)",
      description: "Hot-water extraction of one carpeted room. Book at least 3 days ahead.",
      price: 45,
      hasQuantity: true,
      maxQuantity: 10,
    },
    {
      _id: "e40f4353-4567-4020-acdb-549329a36506",
      title: "Wall spot-clean (per room)",
      description: "Remove scuffs and marks from painted walls.",
      price: 20,
      hasQuantity: true,
      maxQuantity: 12,
    },
    {
      _id: "971ff466-56df-4d36-92ec-ef6e8c40843e",
      title: "Inside oven",
      description: "Degrease racks, trays, glass door and oven interior.",
      price: 65,
      hasQuantity: false,
    },
    {
      _id: "9675fd29-5c4a-4928-814e-2bd7807bb73c",
      title: "Balcony",
      description: "Sweep, mop and wipe railings on one balcony.",
      price: 35,
      hasQuantity: false,
    },
    {
      _id: "ddb43edd-f938-4885-a974-78a54c7e63cd",
      title: "Interior windows (per room)",
      description: "Inside glass, frames and sills. Interior windows only.",
      price: 15,
      hasQuantity: true,
      maxQuantity: 12,
    },
    {
      _id: "ab030cc3-62c1-40d4-93c5-a49bf47ade95",
      title: "Rangehood & splashback degrease",
      description: "Degrease filters, rangehood and splashback tiles.",
      price: 39,
      hasQuantity: false,
    },
    {
      _id: "4e358949-49d3-421a-a5f0-0a169bb40970",
      title: "Garage sweep-out",
      description: "Sweep the garage floor and remove cobwebs.",
      price: 49,
      hasQuantity: false,
    },
  ]),
  ...extrasFor(DEMO_SERVICE_IDS.office, [
    {
      _id: "d477be25-7e18-410f-9501-db2fb6df2f05",
      title: "Kitchenette deep clean",
      description: "Microwave, sink, benches and cupboard fronts degreased.",
      price: 55,
      hasQuantity: false,
    },
    {
      _id: "f0f3aa42-1a48-44c8-b5d1-4f7df667abd8",
      title: "Staff fridge clean-out",
      description: "Empty out-of-date items and sanitise shelves.",
      price: 45,
      hasQuantity: false,
    },
    {
      _id: "169e4928-4969-41a6-855d-754938faa33a",
      title: "Glass partitions (per room)",
      description: "Streak-free clean of internal glass walls and doors.",
      price: 25,
      hasQuantity: true,
      maxQuantity: 20,
    },
    {
      _id: "76fd91dd-e7ae-441d-9f00-a1db407514da",
      title: "Steam carpet (per room)",
      description: "Hot-water extraction of one carpeted room. Book at least 3 days ahead.",
      price: 45,
      hasQuantity: true,
      maxQuantity: 10,
    },
    {
      _id: "c11b6a47-4274-42c9-884b-fbe06725f824",
      title: "Consumables restock",
      description: "Refill hand soap, paper towel and toilet paper you supply.",
      price: 20,
      hasQuantity: false,
    },
  ]),
  ...extrasFor(DEMO_SERVICE_IDS.school, [
    {
      _id: "6e64e16e-e49b-4add-9119-92042ca898ed",
      title: "Desk & chair sanitise (per classroom)",
      description: "Disinfect desktops, chairs and shared equipment.",
      price: 30,
      hasQuantity: true,
      maxQuantity: 30,
    },
    {
      _id: "a71aca7d-bbd1-44d6-99e2-b7d4abd031b2",
      title: "Interior windows (per classroom)",
      description: "Inside glass, frames and sills. Interior windows only.",
      price: 25,
      hasQuantity: true,
      maxQuantity: 20,
    },
    {
      _id: "14405df4-14c9-40bf-8655-404527e296d6",
      title: "Steam carpet (per classroom)",
      description: "Hot-water extraction of classroom carpet. Book at least 3 days ahead.",
      price: 55,
      hasQuantity: true,
      maxQuantity: 20,
    },
    {
      _id: "50c92ae2-495d-42e0-b167-c07b6db9cec4",
      title: "Staffroom kitchen deep clean",
      description: "Appliances, sink, benches and cupboard fronts degreased.",
      price: 60,
      hasQuantity: false,
    },
  ]),
  ...extrasFor(DEMO_SERVICE_IDS.airbnb, [
    {
      _id: "c5b1866d-f205-4de2-b5ff-a72a5dd09c73",
      title: "Change bed linen (per bed)",
      description: "Strip, remake and style a bed with your spare set.",
      price: 15,
      hasQuantity: true,
      maxQuantity: 8,
    },
    {
      _id: "087c5df3-7938-463f-9000-dbd896e3c240",
      title: "Laundry & ironing (per load)",
      description: "Wash, dry and fold towels and linen, one load.",
      price: 30,
      hasQuantity: true,
      maxQuantity: 5,
    },
    {
      _id: "773b774d-917e-4daa-ac88-667f8bf2cd3d",
      title: "Restock guest amenities",
      description: "Top up toiletries, coffee, tea and paper goods you supply.",
      price: 25,
      hasQuantity: false,
    },
    {
      _id: "240c4ac3-c004-43a8-891a-84605bb1cf16",
      title: "Inside fridge",
      description: "Clear guest leftovers and sanitise shelves.",
      price: 45,
      hasQuantity: false,
    },
    {
      _id: "bc724066-db6f-4734-8bad-c79edd08bbd6",
      title: "Inside oven",
      description: "Degrease racks, trays, glass door and oven interior.",
      price: 65,
      hasQuantity: false,
    },
    {
      _id: "3eeac987-8fc7-4eb4-b14a-79970ea1e367",
      title: "Balcony",
      description: "Sweep, mop and wipe outdoor furniture on one balcony.",
      price: 35,
      hasQuantity: false,
    },
  ]),
];

// ---------------------------------------------------------------------------
// 3. Frequencies (discount applies after the first service)
// ---------------------------------------------------------------------------

export const DEMO_FREQUENCIES: Frequency[] = [
  {
    _id: "c372d6e2-c266-4c0b-bbfd-ef6f73a397cb",
    name: "One-time",
    code: "ONE_TIME",
    discountPercent: 0,
    repeatUnit: "NONE",
    repeatEvery: 0,
    active: true,
  },
  {
    _id: "77759078-768c-4060-bbfd-348894378e64",
    name: "Weekly",
    code: "WEEKLY",
    discountPercent: 15,
    repeatUnit: "WEEK",
    repeatEvery: 1,
    active: true,
  },
  {
    _id: "28a5746a-da34-4a20-8355-05f71830f799",
    name: "Fortnightly",
    code: "FORTNIGHTLY",
    discountPercent: 10,
    repeatUnit: "WEEK",
    repeatEvery: 2,
    active: true,
  },
  {
    _id: "b65eaec5-dce8-49be-89b5-0b1f2fa43fb0",
    name: "Monthly",
    code: "MONTHLY",
    discountPercent: 5,
    repeatUnit: "MONTH",
    repeatEvery: 1,
    active: true,
  },
];

// ---------------------------------------------------------------------------
// 4. Questions (GLOBAL ones have serviceId null; orders start at 1 per scope/service)
// ---------------------------------------------------------------------------

export const DEMO_QUESTIONS: Question[] = [
  {
    _id: "a6669e0f-0642-4478-b04c-37c8b1254aa0",
    scope: "GLOBAL",
    serviceId: null,
    text: "How will we get in?",
    type: "SINGLE",
    required: true,
    order: 1,
    helpText: "We'll confirm access details with you before the day.",
    placeholder: "",
    options: [
      { label: "Someone will be home", value: "someone_home" },
      { label: "Lockbox", value: "lockbox" },
      { label: "Key under arrangement", value: "key_arrangement" },
      { label: "Building concierge / reception", value: "concierge" },
      { label: "Other (tell us in comments)", value: "other" },
    ],
  },
  {
    _id: "e8a3af0b-bcd4-41bf-82f4-615b9d1dab5a",
    scope: "GLOBAL",
    serviceId: null,
    text: "Any pets at home?",
    type: "MULTI",
    required: false,
    order: 2,
    helpText: "Helps us bring the right vacuum attachments and keep gates closed.",
    placeholder: "",
    options: [
      { label: "No pets", value: "no_pets" },
      { label: "Dog", value: "dog" },
      { label: "Cat", value: "cat" },
      { label: "Other", value: "other" },
    ],
  },
  {
    _id: "37e6b9ca-f826-40f2-a82f-32650ee665a9",
    scope: "GLOBAL",
    serviceId: null,
    text: "Where can our cleaner park?",
    type: "TEXT",
    required: false,
    order: 3,
    helpText: "If our cleaner can't find parking within 20 minutes, a cancellation fee may apply.",
    placeholder:
      "e.g. Visitor bay 3, or free 2P street parking out front (20-minute limit to find a spot)",
    options: [],
  },
  {
    _id: "933e893c-1324-4105-9b9a-d9cd05ed0887",
    scope: "SERVICE",
    serviceId: DEMO_SERVICE_IDS.moveInOut,
    text: "Is the property empty?",
    type: "SINGLE",
    required: true,
    order: 1,
    helpText: "End-of-lease cleans are quickest once furniture and belongings are out.",
    placeholder: "",
    options: [
      { label: "Yes", value: "yes" },
      { label: "No", value: "no" },
    ],
  },
  {
    _id: "7df203da-ddbc-4959-8b50-ccfb934592ee",
    scope: "SERVICE",
    serviceId: DEMO_SERVICE_IDS.spring,
    text: "Which areas need the most attention?",
    type: "MULTI",
    required: false,
    order: 1,
    helpText: "We'll start with these.",
    placeholder: "",
    options: [
      { label: "Kitchen", value: "kitchen" },
      { label: "Bathrooms", value: "bathrooms" },
      { label: "Bedrooms", value: "bedrooms" },
      { label: "Living areas", value: "living_areas" },
      { label: "Laundry", value: "laundry" },
    ],
  },
  {
    _id: "74b240e0-16a2-4e93-9442-66151c223655",
    scope: "SERVICE",
    serviceId: DEMO_SERVICE_IDS.office,
    text: "Approximate floor area (m²)?",
    type: "TEXT",
    required: false,
    order: 1,
    helpText: "A rough figure is fine; it helps us plan the team size.",
    placeholder: "e.g. 250",
    options: [],
  },
  {
    _id: "6324859c-b7da-4fa4-af3b-d67c1758f6e7",
    scope: "SERVICE",
    serviceId: DEMO_SERVICE_IDS.school,
    text: "When can we clean?",
    type: "SINGLE",
    required: true,
    order: 1,
    helpText: "We clean outside class time.",
    placeholder: "",
    options: [
      { label: "After school hours", value: "after_hours" },
      { label: "Saturday", value: "saturday" },
      { label: "School holidays", value: "school_holidays" },
    ],
  },
  {
    _id: "8cc5bd86-d258-4938-975e-107afeac48e9",
    scope: "SERVICE",
    serviceId: DEMO_SERVICE_IDS.airbnb,
    text: "Guest check-in time",
    type: "TEXT",
    required: false,
    order: 1,
    helpText: "We'll make sure the property is ready before your next guests arrive.",
    placeholder: "e.g. 3:00pm",
    options: [],
  },
];

// ---------------------------------------------------------------------------
// 5. Business profile
// ---------------------------------------------------------------------------

export { DEMO_BUSINESS_PROFILE } from "../../core/settings/demo-business-profile.ts";

// ---------------------------------------------------------------------------
// 6. Booking-form content (spec defaults, including the cancellation policy)
// ---------------------------------------------------------------------------

export const DEMO_BOOKING_FORM_CONTENT: BookingFormContent = { ...BOOKING_FORM_CONTENT_DEFAULTS };

// ---------------------------------------------------------------------------
// 7. The team (issue 16): four cleaners, each in a palette colour of their own
// ---------------------------------------------------------------------------

export const DEMO_CLEANERS: Omit<Cleaner, "createdAt">[] = [
  {
    _id: "93f5c10e-3bef-45e5-9a5b-1fc6eb64a3dc",
    name: "Priya Sharma",
    phone: "0413572846",
    email: "priya.sharma@yarrashine.com.au",
    colour: CLEANER_PALETTE[0],
    active: true,
  },
  {
    _id: "ce0acf4a-de9e-41ab-be43-4b76331bb0d9",
    name: "Tom Nguyen",
    phone: "0422918305",
    email: "tom.nguyen@yarrashine.com.au",
    colour: CLEANER_PALETTE[1],
    active: true,
  },
  {
    _id: "e43e0997-45f0-451e-b8a2-caba1b6b11b6",
    name: "Sofia Russo",
    phone: "0431604772",
    email: "sofia.russo@yarrashine.com.au",
    colour: CLEANER_PALETTE[2],
    active: true,
  },
  {
    _id: "841907b6-2aff-41d6-99d4-def8b7f67334",
    name: "Liam O’Connor",
    phone: "0448250193",
    email: "liam.oconnor@yarrashine.com.au",
    colour: CLEANER_PALETTE[3],
    active: true,
  },
];

// ---------------------------------------------------------------------------
// Closed dates (issue 28)
// ---------------------------------------------------------------------------

/**
 * The demo business is closed on the national public holidays (Christmas, Boxing Day, New Year's
 * Day, Good Friday, Easter Monday, Anzac Day, with Victoria's substitute days) of the Melbourne
 * year of `today` and the next, as date-holidays knows them. The office adds the state's others
 * (Melbourne Cup, the Grand Final Friday...) with "Add Victoria's public holidays" if it wants.
 */
export function demoClosedDates(today: Date): ClosedDate[] {
  const year = Number(melbourneYmd(today).slice(0, 4));
  return nationalPublicHolidays(`${year}-01-01`, `${year + 1}-12-31`);
}

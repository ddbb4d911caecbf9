/**
 * Issue 32: eight weeks of a small business's past work for the demo (`npm start`), so the reports,
 * the ratings and the ledger have something to show on the first visit: jobs on the open days
 * before today, most of them DONE and paid (some in part, some still owing), a few cancelled with
 * their reasons, yesterday's still CONFIRMED (the office has not marked them done), the cleaner's
 * check-in and check-out on each finished job, and feedback on about half of them. The same every time for a given day (a seeded generator), and
 * only ever written into a demo that has no bookings. Tests seed without it.
 */
import { newManageToken } from "../../core/booking/manage/token.ts";
import { addDaysYmd, melbourneInstant, melbourneYmd, weekdayOfYmd } from "../../core/shared/melbourne-time.ts";
import type { Queryable } from "./db.ts";
import { DEMO_CLEANERS, DEMO_SERVICE_IDS, DEMO_SERVICES } from "./demo-data.ts";

/** How far back the demo's history reaches. */
export const DEMO_HISTORY_DAYS = 56;

const REFERENCE_ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ";

interface DemoCustomer {
  firstName: string;
  lastName: string;
  street: string;
  suburb: string;
  postCode: string;
  phone: string;
}

const CUSTOMERS: DemoCustomer[] = [
  { firstName: "Olivia", lastName: "Bennett", street: "14 Coppin St", suburb: "Richmond", postCode: "3121", phone: "0412000101" },
  { firstName: "Noah", lastName: "Papadopoulos", street: "7 Rae St", suburb: "Fitzroy North", postCode: "3068", phone: "0412000102" },
  { firstName: "Charlotte", lastName: "Wong", street: "22 Drummond St", suburb: "Carlton", postCode: "3053", phone: "0412000103" },
  { firstName: "Jack", lastName: "Fitzgerald", street: "3 Acland St", suburb: "St Kilda", postCode: "3182", phone: "0412000104" },
  { firstName: "Amelia", lastName: "Kaur", street: "58 Toorak Rd", suburb: "South Yarra", postCode: "3141", phone: "0412000105" },
  { firstName: "William", lastName: "Haddad", street: "9 High St", suburb: "Northcote", postCode: "3070", phone: "0412000106" },
  { firstName: "Isla", lastName: "MacDonald", street: "41 Cotham Rd", suburb: "Kew", postCode: "3101", phone: "0412000107" },
  { firstName: "Lucas", lastName: "Romano", street: "16 Glenferrie Rd", suburb: "Hawthorn", postCode: "3122", phone: "0412000108" },
  { firstName: "Mia", lastName: "Tanaka", street: "5 Chapel St", suburb: "Windsor", postCode: "3181", phone: "0412000109" },
  { firstName: "Henry", lastName: "Okafor", street: "30 Gertrude St", suburb: "Fitzroy", postCode: "3065", phone: "0412000110" },
  { firstName: "Grace", lastName: "Lindqvist", street: "12 Bay St", suburb: "Brighton", postCode: "3186", phone: "0412000111" },
  { firstName: "Thomas", lastName: "Dimitriou", street: "88 Sydney Rd", suburb: "Brunswick", postCode: "3056", phone: "0412000112" },
  { firstName: "Chloe", lastName: "Ferreira", street: "2 Station St", suburb: "Camberwell", postCode: "3124", phone: "0412000113" },
  { firstName: "Oscar", lastName: "Nakamura", street: "19 Napier St", suburb: "Footscray", postCode: "3011", phone: "0412000114" },
];

/** The services the demo's past jobs were for, with a size each time (prices from the catalogue). */
const JOB_KINDS = [
  { serviceId: DEMO_SERVICE_IDS.regular, bedrooms: [1, 2, 2, 3, 3, 4] },
  { serviceId: DEMO_SERVICE_IDS.spring, bedrooms: [2, 3, 3] },
  { serviceId: DEMO_SERVICE_IDS.moveInOut, bedrooms: [1, 2, 3] },
  { serviceId: DEMO_SERVICE_IDS.hourly, hours: [2, 2.5, 3, 4] },
] as const;

const CANCEL_REASONS = ["Customer away that week", "Moved house", "", "Booked with another company"];
const PAYMENT_METHODS = ["CARD", "BANK_TRANSFER", "CASH", "CARD"] as const;
const RATINGS = [5, 5, 5, 5, 4, 4, 5, 3, 2];
const COMMENTS: Record<number, string[]> = {
  5: ["Spotless, thank you!", "Best clean we've had. The oven looks new.", "", "Always on time and so thorough."],
  4: ["Great job overall, missed the skirting in the hall.", "", "Very good, lovely team."],
  3: ["Fine, but the bathroom mirror was streaky."],
  2: ["Arrived 40 minutes late and rushed the kitchen."],
};

/** mulberry32: a small seeded generator, so the demo is the same on every fresh start of a day. */
function generator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const pick = <T>(random: () => number, items: readonly T[]): T => items[Math.floor(random() * items.length)];

/**
 * Writes the history before `today` (a Melbourne day) into an empty book: customers, jobs, their
 * cleaners, payments and feedback. Returns the number of jobs written (0 when the book had any).
 */
export async function seedDemoHistory(tx: Queryable, today: Date, closedYmds: ReadonlySet<string> = new Set()): Promise<number> {
  const [{ count }] = await tx<{ count: number }[]>`select count(*)::int as count from bookings`;
  if (count > 0) return 0;
  const random = generator(20_261_127);
  const todayYmd = melbourneYmd(today);
  // The last two days' jobs are still CONFIRMED: the office has not marked them done yet.
  const lastUnmarked = addDaysYmd(todayYmd, -2);
  const cleaners = DEMO_CLEANERS.filter((c) => c.active);
  const references = new Set<string>();
  const reference = () => {
    for (;;) {
      let code = "YS-";
      for (let i = 0; i < 6; i++) code += pick(random, REFERENCE_ALPHABET.split(""));
      if (!references.has(code)) {
        references.add(code);
        return code;
      }
    }
  };

  const customerIds = CUSTOMERS.map(() => crypto.randomUUID());
  const firstSeen = addDaysYmd(todayYmd, -DEMO_HISTORY_DAYS - 14);
  for (const [i, c] of CUSTOMERS.entries()) {
    const email = `${c.firstName}.${c.lastName}@example.com`.toLowerCase();
    await tx`insert into customers (id, email_key, first_name, last_name, email, phone, created_at)
             values (${customerIds[i]}, ${email}, ${c.firstName}, ${c.lastName}, ${email}, ${c.phone},
                     ${melbourneInstant(firstSeen, 9)})`;
  }

  let jobs = 0;
  for (let back = DEMO_HISTORY_DAYS; back >= 1; back--) {
    const day = addDaysYmd(todayYmd, -back);
    if (weekdayOfYmd(day) === 0 || closedYmds.has(day)) continue;
    const jobsToday = 1 + Math.floor(random() * 3);
    for (let slot = 0; slot < jobsToday; slot++) {
      const who = Math.floor(random() * CUSTOMERS.length);
      const customer = CUSTOMERS[who];
      const kind = pick(random, JOB_KINDS);
      const service = DEMO_SERVICES.find((s) => s._id === kind.serviceId)!;
      let price: number;
      let minutes: number;
      let hours: number | null = null;
      let bedrooms: number | null = null;
      if ("hours" in kind) {
        hours = pick(random, kind.hours);
        price = Math.round(service.ratePerHour * hours * 100) / 100;
        minutes = hours * 60;
      } else {
        bedrooms = pick(random, kind.bedrooms);
        const size = service.bedroomPrices.find((p) => p.bedrooms === bedrooms)!;
        price = size.price;
        minutes = size.durationMinutes;
      }
      // Three starts a day, each with its own cleaner, so no one is on two jobs at once.
      const start = melbourneInstant(day, [8, 11, 13][slot], slot === 1 ? 30 : 0);
      const end = new Date(start.getTime() + minutes * 60_000);
      const createdAt = new Date(start.getTime() - (3 + Math.floor(random() * 12)) * 86_400_000);
      const cancelled = day < lastUnmarked && random() < 0.09;
      const status = cancelled ? "CANCELLED" : day >= lastUnmarked ? "CONFIRMED" : "DONE";
      const cancelReason = cancelled ? pick(random, CANCEL_REASONS) : "";
      const id = crypto.randomUUID();
      const email = `${customer.firstName}.${customer.lastName}@example.com`.toLowerCase();

      // The ledger: most finished jobs paid in full on the day or soon after, some in part, some owing.
      const payments: { amount: number; method: string; receivedAt: Date }[] = [];
      if (status === "DONE") {
        const paid = random();
        const receivedAt = new Date(end.getTime() + Math.floor(random() * 3) * 86_400_000);
        if (paid < 0.78) payments.push({ amount: price, method: pick(random, PAYMENT_METHODS), receivedAt });
        else if (paid < 0.88) payments.push({ amount: Math.round(price * 50) / 100, method: "BANK_TRANSFER", receivedAt });
      }
      const totalPaid = payments.reduce((sum, p) => sum + p.amount, 0);
      const paidInFull = totalPaid >= price;

      await tx`
        insert into bookings (id, reference, type, status, payment_status, first_name, last_name, email, phone,
                              address_street, address_suburb, address_state, address_post_code, service_id,
                              service_name_at_booking, pricing_model, hours, bedrooms, frequency_code,
                              frequency_name_at_booking, frequency_discount_percent, start_time, end_time,
                              base_amount, extras_amount, first_service_total, recurring_total, total_paid, paid_at,
                              cancel_reason, customer_id, created_at, updated_at)
        values (${id}, ${reference()}, 'BOOKING', ${status}, ${paidInFull ? "PAID" : "UNPAID"},
                ${customer.firstName}, ${customer.lastName}, ${email}, ${customer.phone}, ${customer.street},
                ${customer.suburb}, 'VIC', ${customer.postCode}, ${service._id}, ${service.name},
                ${service.pricingModel}, ${hours}, ${bedrooms}, 'ONE_TIME', 'One-time', 0, ${start}, ${end},
                ${price}, 0, ${price}, ${price}, ${totalPaid > 0 ? totalPaid : null},
                ${paidInFull ? payments[payments.length - 1].receivedAt : null}, ${cancelReason}, ${customerIds[who]},
                ${createdAt}, ${createdAt})`;
      const cleaner = cleaners[(back + slot) % cleaners.length];
      await tx`insert into booking_cleaners (booking_id, cleaner_id, position, start_time, end_time, holds_place)
               values (${id}, ${cleaner._id}, 0, ${start}, ${end}, ${status !== "CANCELLED"})`;
      for (const p of payments) {
        await tx`insert into booking_payments (id, booking_id, amount, method, note, received_at, recorded_by_name,
                                               recorded_by_email, created_at)
                 values (${crypto.randomUUID()}, ${id}, ${p.amount}, ${p.method}, '', ${p.receivedAt}, 'Demo office',
                         'admin@yarrashine.com.au', ${p.receivedAt})`;
      }
      // The cleaner's taps on a finished job (issue 31), so the demo's timesheets have hours: on the
      // way half an hour before, in within ten minutes either side of the start, out near the end.
      if (status === "DONE") {
        const minutes = (n: number) => n * 60_000;
        const checkIn = new Date(start.getTime() + minutes(Math.floor(random() * 21) - 10));
        const checkOut = new Date(Math.max(checkIn.getTime() + minutes(30), end.getTime() + minutes(Math.floor(random() * 31) - 15)));
        await tx`insert into job_attendance (booking_id, cleaner_id, on_my_way_at, check_in_at, check_out_at)
                 values (${id}, ${cleaner._id}, ${new Date(checkIn.getTime() - minutes(30))}, ${checkIn}, ${checkOut})`;
      }
      // Feedback asked of every finished job; about half answered, within a few hours.
      if (status === "DONE") {
        const requestedAt = new Date(end.getTime() + 60 * 60_000);
        const answered = random() < 0.55;
        const rating = answered ? pick(random, RATINGS) : null;
        const comment = rating ? pick(random, COMMENTS[rating]) : "";
        await tx`insert into booking_feedback (booking_id, token_hash, requested_at, expires_at, rating, comment, rated_at)
                 values (${id}, ${newManageToken().hash}, ${requestedAt},
                         ${new Date(requestedAt.getTime() + 30 * 86_400_000)}, ${rating}, ${comment},
                         ${rating ? new Date(requestedAt.getTime() + 3 * 60 * 60_000) : null})`;
      }
      jobs++;
    }
  }
  return jobs;
}

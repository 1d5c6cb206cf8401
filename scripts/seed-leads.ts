/**
 * `node --import tsx scripts/seed-leads.ts --count 1000000`: fills the leads table with
 * realistic generated submissions of every form (names, businesses, real ZIP and city
 * pairs, phones, the pages each form is on, quotes with delivery windows, newsletter
 * sign-ups), spread over the last --days days, some already worked (status, assignee).
 * Rows go in with multi-row INSERTs inside large transactions, with the same searchable
 * columns the site computes when it stores a lead. Uses DATABASE_URL like the server
 * (unset: data/fillway.db), or --db (a URL, or a path to a SQLite file).
 *
 * Options: --count N (1,000,000), --days N (730), --seed N (1), --batch N (rows per INSERT).
 */
import { parseArgs } from "node:util";
import { sql } from "kysely";
import { openDb, type Db } from "../app/platform/db/db.server";
import { catchUpSearch } from "../app/features/leads/desk/search.server";
import { searchColumns } from "../app/features/leads/desk/search-columns.server";
import { pageFormType } from "../app/features/leads/forms/form-types";
import { deliveryWindows } from "../app/features/leads/forms/kinds/quote-business";

/** A small, fast, seeded PRNG (mulberry32): the same seed gives the same rows. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const FIRST = [
  "James",
  "Mary",
  "Robert",
  "Patricia",
  "John",
  "Jennifer",
  "Michael",
  "Linda",
  "David",
  "Elizabeth",
  "William",
  "Barbara",
  "Richard",
  "Susan",
  "Joseph",
  "Jessica",
  "Thomas",
  "Sarah",
  "Carlos",
  "Karen",
  "Daniel",
  "Lisa",
  "Matthew",
  "Nancy",
  "Anthony",
  "Betty",
  "Mark",
  "Sandra",
  "José",
  "Ashley",
  "Zoë",
  "Kimberly",
  "Paul",
  "Emily",
  "Andrew",
  "Donna",
  "Joshua",
  "Michelle",
  "Kenneth",
  "Carol",
  "Kevin",
  "Amanda",
  "Brian",
  "Dorothy",
  "George",
  "Melissa",
  "Timothy",
  "Deborah",
  "Renée",
  "Stephanie",
  "Wei",
  "Aaliyah",
  "Mohammed",
  "Priya",
  "Björn",
  "Chloé",
  "Nguyen",
  "Siobhán",
  "Mateo",
  "Fatima",
];
const LAST = [
  "Smith",
  "Johnson",
  "Williams",
  "Brown",
  "Jones",
  "Garcia",
  "Miller",
  "Davis",
  "Rodriguez",
  "Martinez",
  "Hernandez",
  "Lopez",
  "Gonzalez",
  "Wilson",
  "Anderson",
  "Thomas",
  "Taylor",
  "Moore",
  "Jackson",
  "Martin",
  "Lee",
  "Perez",
  "Thompson",
  "White",
  "Harris",
  "Sanchez",
  "Clark",
  "Ramirez",
  "Lewis",
  "Robinson",
  "Walker",
  "Young",
  "Allen",
  "King",
  "Wright",
  "Scott",
  "Torres",
  "Nguyen",
  "Hill",
  "Flores",
  "Green",
  "Adams",
  "Nelson",
  "Baker",
  "Hall",
  "Rivera",
  "Campbell",
  "Mitchell",
  "Carter",
  "Roberts",
  "Núñez",
  "O'Brien",
  "Müller",
  "Ångström",
  "Kowalski",
  "Okafor",
  "Patel",
  "Kim",
  "Schmidt",
  "Dubois",
];
const BUSINESS_HEAD = [
  "Lone Star",
  "Gulf Coast",
  "Summit",
  "Prairie",
  "Red River",
  "Blue Ridge",
  "Metro",
  "Pioneer",
  "Eagle",
  "Cornerstone",
  "Trinity",
  "Bayou",
  "Frontier",
  "Liberty",
  "Keystone",
  "Northgate",
  "Silverline",
  "Ironwood",
  "Harbor",
  "Canyon",
];
const BUSINESS_TAIL = [
  "Logistics",
  "Haulage",
  "Construction",
  "Freight",
  "Transit",
  "Delivery",
  "Landscaping",
  "Plumbing",
  "Couriers",
  "Rentals",
  "Paving",
  "Movers",
  "Utilities",
  "Services",
  "Fleet Co",
  "Trucking",
  "Excavation",
  "Supply",
  "Waste Services",
  "Electric",
];
/** Real ZIP, city and state triples. */
const PLACES: [string, string, string][] = [
  ["75201", "Dallas", "TX"],
  ["75001", "Addison", "TX"],
  ["75019", "Coppell", "TX"],
  ["75024", "Plano", "TX"],
  ["75039", "Irving", "TX"],
  ["75080", "Richardson", "TX"],
  ["76102", "Fort Worth", "TX"],
  ["77002", "Houston", "TX"],
  ["77494", "Katy", "TX"],
  ["78701", "Austin", "TX"],
  ["78205", "San Antonio", "TX"],
  ["73301", "Austin", "TX"],
  ["10001", "New York", "NY"],
  ["11201", "Brooklyn", "NY"],
  ["90012", "Los Angeles", "CA"],
  ["94103", "San Francisco", "CA"],
  ["92101", "San Diego", "CA"],
  ["60601", "Chicago", "IL"],
  ["30303", "Atlanta", "GA"],
  ["33130", "Miami", "FL"],
  ["32801", "Orlando", "FL"],
  ["85004", "Phoenix", "AZ"],
  ["80202", "Denver", "CO"],
  ["98101", "Seattle", "WA"],
  ["97204", "Portland", "OR"],
  ["02108", "Boston", "MA"],
  ["19103", "Philadelphia", "PA"],
  ["15222", "Pittsburgh", "PA"],
  ["20001", "Washington", "DC"],
  ["37203", "Nashville", "TN"],
  ["28202", "Charlotte", "NC"],
  ["46204", "Indianapolis", "IN"],
  ["43215", "Columbus", "OH"],
  ["48226", "Detroit", "MI"],
  ["55401", "Minneapolis", "MN"],
  ["64105", "Kansas City", "MO"],
  ["70112", "New Orleans", "LA"],
  ["84101", "Salt Lake City", "UT"],
  ["89101", "Las Vegas", "NV"],
  ["87102", "Albuquerque", "NM"],
];
const DOMAINS = ["gmail.com", "yahoo.com", "outlook.com", "icloud.com", "hotmail.com", "aol.com", "proton.me", "comcast.net"];
const AGENTS = [
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36",
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_6) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15",
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36",
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:132.0) Gecko/20100101 Firefox/132.0",
];
const MESSAGES = [
  "We run 12 box trucks out of one yard and would like a quote for weekly diesel.",
  "Interested in on-site fueling for our campus shuttles.",
  "Please call me about gasoline delivery for my landscaping vans.",
  "",
  "",
  "What does it cost per gallon for a fleet of 30?",
  "Can you fuel overnight at our depot?",
  "Looking for DEF and diesel for construction equipment on two job sites.",
];
const COMPANY_SIZES = ["10-50", "50-100", "100-200"];
const LEAD_FLEET = ["10", "20", "30"];
const LEAD_FUEL = ["Gasoline with clear diesel plus DEF", "Red diesel plus DEF with gasoline", "Diesel/DEF other"];
const FLEET_SIZES = ["1-10", "11-50", "51-200", "201-500", "500+"];
const FLEET_TYPES = ["Cars and vans", "Pickup and box trucks", "Semi trucks", "Construction equipment", "Buses", "Mixed fleet"];
const STATUSES = ["contacted", "qualified", "won", "lost", "spam"];

const PERSONAL_TYPES = [1, 2, 3, 4, 6, 7, 8, 9, 10, 11, 12, 15, 16];
const BUSINESS_TYPES = [5, 13, 14, 20];
/** Form kinds with their share of the submissions. */
const MIX: [string, number][] = [
  ["lead-personal", 0.52],
  ["lead-business", 0.14],
  ["lead-saas", 0.05],
  ["fleet", 0.08],
  ["quote-short", 0.08],
  ["quote-business", 0.06],
  ["newsletter", 0.07],
];

const pagesByType = new Map<number, string[]>();
for (const [path, type] of Object.entries(pageFormType)) pagesByType.set(type, [...(pagesByType.get(type) ?? []), path]);

export interface SeedOptions {
  count: number;
  days?: number;
  seed?: number;
  batch?: number;
  now?: Date;
  /** Staff ids leads may be assigned to. */
  assignees?: number[];
  onProgress?: (done: number) => void;
}

type Row = Record<string, string | number | null>;

/** Inserts `count` generated leads; returns how many were written. */
export async function seedLeads(db: Db, opts: SeedOptions): Promise<number> {
  const rand = prng(opts.seed ?? 1);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)] as T;
  const days = opts.days ?? 730;
  const end = (opts.now ?? new Date()).getTime();
  const start = end - days * 86_400_000;
  const batch = opts.batch ?? (db.dialect === "sqlite" ? 500 : 1000);
  const perTransaction = 20_000;
  const assignees = opts.assignees ?? [];
  const step = (end - start) / opts.count;

  const make = (i: number): Row => {
    const r = rand();
    let acc = 0;
    let kind = "lead-personal";
    for (const [k, share] of MIX) {
      acc += share;
      if (r < acc) {
        kind = k;
        break;
      }
    }
    const first = pick(FIRST);
    const last = pick(LAST);
    const [zip, city, state] = pick(PLACES);
    const business = `${pick(BUSINESS_HEAD)} ${pick(BUSINESS_TAIL)}`;
    const local = `${first}.${last}`
      .normalize("NFD")
      .replace(/[^A-Za-z.]/g, "")
      .toLowerCase();
    const email =
      kind === "lead-business" || kind === "quote-business"
        ? `${pick(["ops", "fleet", "info", "purchasing", local])}${i}@${business.toLowerCase().replace(/[^a-z]/g, "")}.com`
        : `${local}${i}@${pick(DOMAINS)}`;
    const phone = `${pick(["214", "469", "972", "817", "713", "512", "212", "312", "404", "305"])}555${String(Math.floor(rand() * 10000)).padStart(4, "0")}`;
    const message = pick(MESSAGES);
    let type: number;
    let payload: Record<string, unknown>;
    switch (kind) {
      case "lead-business":
        type = pick(BUSINESS_TYPES);
        payload = {
          bussinessName: business,
          email,
          phone,
          zipCode: zip,
          bussinessAddress: `${100 + Math.floor(rand() * 9000)} Main St, ${city}, ${state}`,
          companySize: pick(COMPANY_SIZES),
          fleetSize: pick(LEAD_FLEET),
          fuelType: pick(LEAD_FUEL),
        };
        break;
      case "lead-saas":
        type = 18;
        payload = { firstName: first, lastName: last, email, city, zipCode: zip };
        break;
      case "fleet":
        type = 17;
        payload = {
          firstName: first,
          lastName: last,
          email,
          phone,
          companyName: business,
          city,
          stateId: state,
          zipCode: zip,
          fleetSize: pick(FLEET_SIZES),
          fleetType: pick(FLEET_TYPES),
        };
        break;
      case "quote-short":
        type = 19;
        payload = {
          firstName: first,
          lastName: last,
          email,
          phoneNumber: phone,
          businessAddress: `${100 + Math.floor(rand() * 9000)} Elm St`,
          city,
          zipCode: zip,
        };
        break;
      case "quote-business": {
        type = 19;
        const w = pick(deliveryWindows);
        const year = new Date(start + i * step).getUTCFullYear();
        payload = {
          businessName: business,
          email,
          phoneNumber: phone,
          address2: `${100 + Math.floor(rand() * 9000)} Commerce St`,
          city,
          state,
          zipCode: zip,
          country: "United States",
          businessAddress: `${100 + Math.floor(rand() * 9000)} Commerce St, ${city}, ${state} ${zip}`,
          employeeSize: pick([50, 100, 200, 500, 1000]),
          fleetSize: 5 + Math.floor(rand() * 200),
          gallons: 500 + Math.floor(rand() * 20000),
          numberOfLocation: 1 + Math.floor(rand() * 8),
          frequency: pick(["daily", "alternate", "weekly"]),
          fuelType: pick(["Gasoline", "Diesel Clear/Red", "Others"]),
          tankType: pick(["Over Ground", "Under Ground"]),
          deliveryWindowStartTime: w.start,
          deliveryWindowEndTime: w.end,
          campaignStartDate: Date.UTC(year, 0, 1),
          campaignEndDate: Date.UTC(year, 11, 31, 23, 59, 59, 999),
        };
        break;
      }
      case "newsletter":
        type = pick([1, 3, 4]);
        payload = { email };
        break;
      default:
        type = pick(PERSONAL_TYPES);
        payload = { firstName: first, lastName: last, email, phone, city, zipCode: zip };
    }
    if (message && kind !== "newsletter" && kind !== "fleet") payload[kind.startsWith("quote") ? "descriptionQuote" : "message"] = message;
    payload.type = type;
    const page =
      kind === "newsletter"
        ? ({ 1: "/retail-and-rurface-parking-lots", 3: "/careers", 4: "/" } as Record<number, string>)[type]
        : pick(pagesByType.get(type) ?? ["/"]);
    const age = (end - (start + i * step)) / 86_400_000;
    // Older leads are more often worked; the last few days are mostly new.
    const worked = kind !== "newsletter" && rand() < Math.min(0.8, age / 30);
    // Newsletter sign-ups: most confirmed within minutes, some never, a few unsubscribed since.
    const draw = kind === "newsletter" ? rand() : 1;
    const status = kind === "newsletter" ? (draw < 0.04 ? "unsubscribed" : draw < 0.12 ? "pending" : "subscribed") : worked ? pick(STATUSES) : "new";
    const at = Math.floor(start + i * step);
    return {
      submission_id: null,
      kind,
      type,
      email,
      payload: JSON.stringify(payload),
      page_path: page ?? "/",
      user_agent: pick(AGENTS),
      ip_hash: null,
      created_at: new Date(at).toISOString(),
      status,
      confirmed_at: kind === "newsletter" && status !== "pending" ? new Date(at + 600_000).toISOString() : null,
      unsubscribed_at: status === "unsubscribed" ? new Date(at + 86_400_000).toISOString() : null,
      assignee_id: worked && assignees.length ? pick(assignees) : null,
      ...searchColumns(email, payload, kind),
    };
  };

  let done = 0;
  while (done < opts.count) {
    const upto = Math.min(opts.count, done + perTransaction);
    await db.kysely.transaction().execute(async (trx) => {
      for (let i = done; i < upto; i += batch) {
        const rows: Row[] = [];
        for (let j = i; j < Math.min(upto, i + batch); j++) rows.push(make(j));
        await trx
          .insertInto("leads")
          // biome-ignore lint/suspicious/noExplicitAny: generated rows match LeadsTable's insert shape
          .values(rows as any)
          .execute();
      }
    });
    done = upto;
    opts.onProgress?.(done);
  }
  return done;
}

async function main() {
  const { values } = parseArgs({
    options: {
      count: { type: "string", default: "1000000" },
      days: { type: "string", default: "730" },
      seed: { type: "string", default: "1" },
      batch: { type: "string" },
      db: { type: "string" },
    },
  });
  const count = Number(values.count);
  if (!Number.isInteger(count) || count < 1) throw new Error("--count must be a positive whole number");
  // --db takes a database URL, or a plain path to a SQLite file.
  const url = values.db && !/^(file:|postgres)/.test(values.db) ? `file:${values.db}` : values.db;
  const db = await openDb(url ?? process.env.DATABASE_URL);
  if (db.dialect === "sqlite") {
    // Generated rows: a crash mid-seed loses nothing worth keeping, so skip the per-commit
    // fsync, and keep the indexes' pages in memory while they grow.
    await sql`PRAGMA synchronous = OFF`.execute(db.kysely);
    await sql`PRAGMA cache_size = -262144`.execute(db.kysely);
  }
  const staff = await db.kysely.selectFrom("staff").select("id").where("role", "in", ["admin", "sales"]).execute();
  const started = Date.now();
  const written = await seedLeads(db, {
    count,
    days: Number(values.days),
    seed: Number(values.seed),
    batch: values.batch ? Number(values.batch) : undefined,
    assignees: staff.map((s) => Number(s.id)),
    onProgress: (n) => process.stdout.write(`\r${n.toLocaleString("en-US")} leads`),
  });
  // The search index takes the new leads in batches (SQLite), as the server would.
  await catchUpSearch(db);
  await sql.raw(db.dialect === "sqlite" ? "ANALYZE" : "ANALYZE leads").execute(db.kysely);
  const s = (Date.now() - started) / 1000;
  console.log(
    `\n${written.toLocaleString("en-US")} leads in ${s.toFixed(1)} s (${Math.round(written / s).toLocaleString("en-US")} rows/s) into ${db.describe}`,
  );
  await db.close();
}

if (import.meta.url === `file://${process.argv[1]}`) await main();

import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, Migrator, SqliteDialect, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "~/platform/db/db.server";
import { migrations } from "~/platform/db/migrations/index";
import type { Database } from "~/platform/db/schema";
import { parseCsv as parse } from "../../../../tests/helpers/csv";
import { streamText } from "../../../../tests/helpers/leads";
import { openTestDb } from "../../../../tests/helpers/test-db";
import { saveLoggedCall } from "../routing/lead-work.server";
import { storeLead } from "../store.server";
import { csvCell, csvLine, csvStream, leadCsvHeader } from "./export.server";
import { factColumns } from "./export-values.server";
import { kindLabel, labelledFields, typeLabel, whoOf } from "./labels.server";
import { deleteByEmail, findByEmail } from "./privacy.server";
import { loadEnv } from "~/platform/env.server";
import { countsBy, leadsPerDay } from "./stats.server";
import { testServices } from "../../../../tests/helpers/services";
import { createLogger } from "~/platform/logger.server";

describe("CSV cells", () => {
  it("neutralises formulas and quotes what needs quoting", () => {
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
    for (const lead of ["+1+1", "-2+3", "-A1", "+cmd|' /C calc'!A0", "@SUM(A1)", "\tx", "\rx", "=1"])
      expect(csvCell(lead).replace(/^"/, "").startsWith("'"), lead).toBe(true);
    // A plain number is no formula: a longitude or a negative amount stays a number.
    for (const n of ["-96.8044", "+1", "-2", "1e5", "-.5"]) expect(csvCell(n)).toBe(n);
    expect(csvCell("Zoë, Ångström")).toBe('"Zoë, Ångström"');
    expect(csvCell(42)).toBe("42");
    expect(csvCell(null)).toBe("");
    expect(csvLine(["a", "b\nc"])).toBe('a,"b\nc"\r\n');
  });
});

describe("labels", () => {
  it("names type codes and shows a quote in words", () => {
    expect(typeLabel(9)).toBe("Gasoline (9)");
    expect(typeLabel(4, "newsletter")).toBe("Home newsletter (4)");
    // "Tell me when you arrive" leads are a kind of their own, with the ZIP code's market.
    expect(kindLabel("waitlist")).toBe('Waitlist ("Do we deliver to you?")');
    expect(labelledFields({ zipCode: "99501", market: "Seattle, WA" }).map((f) => f.label)).toEqual(["ZIP code", "Market (nearest)"]);
    const fields = labelledFields({
      businessName: "Zeta",
      deliveryWindowStartTime: 57_600_000,
      deliveryWindowEndTime: 72_000_000,
      frequency: "alternate",
      state: "TX",
      type: 19,
      extra: "kept",
    });
    expect(fields).toEqual([
      { key: "businessName", label: "Business name", value: "Zeta" },
      { key: "state", label: "State", value: "Texas (TX)" },
      { key: "frequency", label: "Delivery frequency", value: "Every other day" },
      { key: "deliveryWindow", label: "Delivery window", value: "16:00 to 20:00" },
      { key: "extra", label: "extra", value: "kept" },
    ]);
    expect(whoOf({ firstName: "Ana", lastName: "López", companyName: "Acme" })).toBe("Ana López, Acme");
  });

  it("says what the visitor chose: the place name is no suite, the employee range as picked, a waitlist is a waitlist", () => {
    expect(labelledFields({ address2: "2100 Ross Avenue", address1: "Dallas", employeeSize: 500 })).toEqual([
      { key: "address2", label: "Street address", value: "2100 Ross Avenue" },
      { key: "address1", label: "Place name", value: "Dallas" },
      { key: "employeeSize", label: "Employees", value: "200–500" },
    ]);
    // A number an API client sent that is no range's upper bound stays the number.
    expect(labelledFields({ employeeSize: 320 })[0]?.value).toBe("320");
    expect(typeLabel(1, "waitlist")).toBe("Waitlist (1)");
    expect(typeLabel(1, "lead-personal")).toMatch(/^General enquiry/);
  });
});

describe("desk data on the database", () => {
  let db: Db;
  beforeAll(async () => {
    db = await openTestDb();
  });
  afterAll(async () => db.close());

  it("streams a CSV with a BOM, a header and one line per lead", async () => {
    await storeLead(db, {
      kind: "lead-personal",
      type: 9,
      email: "csv@example.com",
      payload: { firstName: "Zoë", lastName: "=cmd", email: "csv@example.com", type: 9 },
    });
    const text = await streamText(csvStream(db, { leads: { q: "csv@example.com", kind: "lead-personal" } }, new Map()));
    expect(text.startsWith("\uFEFF")).toBe(true);
    const lines = text.slice(1).split("\r\n").filter(Boolean);
    // Only the columns a contact-form lead can fill: no business, fleet or campaign columns, always empty.
    expect(lines[0]).toBe(
      leadCsvHeader("UTC", factColumns(["lead-personal"]))
        .map(csvCell)
        .join(","),
    );
    expect(lines[0]).toContain(",First name,Last name,E-mail,Phone,City,ZIP code,Message,Notes,Calls,Follow-ups,");
    expect(lines[0]).not.toMatch(/Fleet size|Campaign ends|Business|Latitude/);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(",Zoë,'=cmd,");
  });

  it("exports each lead's calls and follow-ups, with their times and words, and the fuel chosen in words", async () => {
    const lead = await storeLead(db, {
      kind: "lead-business",
      type: 2,
      email: "calls@example.com",
      payload: { bussinessName: "Calls Co", email: "calls@example.com", fuelType: "Red diesel plus DEF with gasoline", type: 2 },
    });
    const staff = Number(
      (
        await db.kysely
          .insertInto("staff")
          .values({
            email: "caller@fillway.test",
            name: "Cal",
            role: "sales",
            password_hash: null,
            password_changed_at: null,
            created_at: new Date().toISOString(),
          })
          .returning("id")
          .executeTakeFirstOrThrow()
      ).id,
    );
    await saveLoggedCall(db, lead.id, staff, {
      outcome: "voicemail",
      note: "Call back after 3",
      followUp: { due: "2026-12-01T21:00:00.000Z", note: "Quote for 40 trucks" },
    });
    const text = await streamText(csvStream(db, { leads: { q: "calls@example.com" } }, new Map(), undefined, "America/Chicago"));
    const [header, row] = parse(text.slice(1));
    const cell = (name: string) => row?.[header?.indexOf(name) ?? -1];
    expect(cell("Fuel type")).toBe("Red diesel, DEF and gasoline");
    expect(cell("Calls")).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2} Left a voicemail$/);
    expect(cell("Notes")).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}: Call back after 3$/);
    expect(cell("Follow-ups")).toMatch(/^due 2026-12-01 15:00: Quote for 40 trucks \(set \d{4}-\d{2}-\d{2} \d{2}:\d{2}\)$/);
  });

  it("counts per day by form, by status and page", async () => {
    const now = new Date();
    const days = await leadsPerDay(db, 90, now);
    expect(days).toHaveLength(90);
    expect(days.at(-1)?.day).toBe(now.toISOString().slice(0, 10));
    expect(days.at(-1)?.byKind["lead-personal"]).toBeGreaterThanOrEqual(1);
    expect((await countsBy(db, "status", 7)).find((c) => c.key === "new")?.n).toBeGreaterThanOrEqual(1);
  });

  it("counts per day in the member's zone: a lead of a Chicago evening is that Chicago day's", async () => {
    const stored = await storeLead(db, { kind: "lead-personal", type: 1, email: "evening@zone.example", payload: { email: "evening@zone.example", type: 1 } });
    await db.kysely.updateTable("leads").set({ created_at: "2024-05-02T03:00:00.000Z" }).where("id", "=", stored.id).execute();
    const now = new Date("2024-05-02T12:00:00Z");
    const chicago = await leadsPerDay(db, 3, now, "America/Chicago");
    expect(chicago.map((d) => [d.day, d.total])).toEqual([
      ["2024-04-30", 0],
      ["2024-05-01", 1],
      ["2024-05-02", 0],
    ]);
    const utc = await leadsPerDay(db, 3, now, "UTC");
    expect(utc.map((d) => [d.day, d.total])).toEqual([
      ["2024-04-30", 0],
      ["2024-05-01", 0],
      ["2024-05-02", 1],
    ]);
  });

  it("deletes everything about an e-mail and keeps others' replies under an emptied comment", async () => {
    const email = "Forget.Me@example.com";
    await storeLead(db, { kind: "lead-personal", type: 1, email, payload: { email, type: 1, firstName: "For" } });
    await storeLead(db, { kind: "newsletter", type: 4, email: email.toLowerCase(), payload: { email, type: 4 } });
    const now = new Date().toISOString();
    await db.kysely
      .insertInto("posts")
      .values({
        id: "p-privacy",
        title: "T",
        sub_title: "",
        description_html: "",
        body_text: "",
        created_on: now,
        is_published: 1,
        is_article: 0,
        updated_at: now,
        image_thumbnail: null,
        image_original: null,
        article_url: null,
        video_url: null,
        published_by: null,
        source_file: null,
        source_hash: null,
      })
      .execute();
    const comment = (id: string, by: string, mail: string, parent: string | null = null) => ({
      id,
      post_id: "p-privacy",
      parent_id: parent,
      comment_by: by,
      email: mail,
      company_name: "",
      text: `by ${by}`,
      created_on: now,
      submission_id: null,
      ip_hash: null,
    });
    await db.kysely
      .insertInto("comments")
      .values([comment("c1", "For", email), comment("c2", "Other", "other@example.com", "c1"), comment("c3", "For", email)])
      .execute();
    const services = testServices({
      db,
      env: { ...loadEnv({ NODE_ENV: "test", MAIL_DIR: mkdtempSync(join(tmpdir(), "fillway-mail-")) }), IP_HASH_SALT: "desk-data-salt-012345" },
      log: createLogger("silent"),
    });
    const none = { outbox: 0, mailFiles: 0, audit: 0, insight: 0, conversations: 0 };
    expect(await findByEmail(services, "forget.me@EXAMPLE.com")).toEqual({ leads: 1, subscriptions: 1, comments: 2, ...none });
    expect(await deleteByEmail(services, email)).toMatchObject({ leads: 1, subscriptions: 1, comments: 2, ...none });
    expect(await findByEmail(services, email)).toEqual({ leads: 0, subscriptions: 0, comments: 0, ...none });
    const left = await db.kysely
      .selectFrom("comments")
      .select(["id", "comment_by", "email", "text"])
      .where("post_id", "=", "p-privacy")
      .orderBy("id")
      .execute();
    expect(left).toEqual([
      { id: "c1", comment_by: "Deleted", email: "", text: "This comment was removed at its author's request." },
      { id: "c2", comment_by: "Other", email: "other@example.com", text: "by Other" },
    ]);
  });
});

describe("migration 004 on existing leads (SQLite)", () => {
  it("fills the searchable columns and the status of rows stored before it", async () => {
    const file = join(mkdtempSync(join(tmpdir(), "fillway-m004-")), "old.db");
    const kysely = new Kysely<Database>({ dialect: new SqliteDialect({ database: new SQLite(file) }) });
    const all = migrations("sqlite");
    const migrator = (names: string[]) =>
      new Migrator({ db: kysely, provider: { getMigrations: async () => Object.fromEntries(names.map((n) => [n, all[n] as (typeof all)[string]])) } });
    expect((await migrator(["001-leads", "002-blog", "003-staff"]).migrateToLatest()).error).toBeUndefined();
    await sql`INSERT INTO leads (kind, type, email, payload, created_at) VALUES
      ('lead-business', 13, 'Ops@Acme.example', '{"bussinessName":"Acme  Haulage","phone":"+1 (469) 555-0111","zipCode":"75001"}', '2025-01-01T00:00:00.000Z'),
      ('newsletter', 4, 'r@example.com', '{"email":"r@example.com"}', '2025-01-02T00:00:00.000Z')`.execute(kysely);
    expect((await migrator(Object.keys(all)).migrateToLatest()).error).toBeUndefined();
    const rows = await kysely.selectFrom("leads").select(["email_norm", "business_norm", "phone_norm", "zip", "status"]).orderBy("id").execute();
    expect(rows).toEqual([
      { email_norm: "ops@acme.example", business_norm: "acme haulage", phone_norm: "4695550111", zip: "75001", status: "new" },
      { email_norm: "r@example.com", business_norm: null, phone_norm: null, zip: null, status: "subscribed" },
    ]);
    await kysely.destroy();
  });
});

import { type Kysely, type Migration, sql } from "kysely";
import type { Dialect } from "./index";

/**
 * Migration 004: the desk works leads. Every lead gains a status and an assignee, the
 * searchable columns taken out of its payload (backfilled here for older rows), and the
 * indexes the inbox's keyset pages need at a million rows: each filter column followed by
 * (created_at, id), the order of the inbox. lead_events is the timeline of a lead (status,
 * assignee and notes, each with who and when); desk_visits remembers each member of
 * staff's last look at the desk home for "new since your last visit".
 */
export function leadWorkMigration(dialect: Dialect): Migration {
  const id = dialect === "sqlite" ? "integer" : "bigserial";
  return {
    async up(db: Kysely<unknown>) {
      const columns: [string, "text" | "integer"][] = [
        ["status", "text"],
        ["assignee_id", "integer"],
        ["email_norm", "text"],
        ["name_norm", "text"],
        ["last_norm", "text"],
        ["business_norm", "text"],
        ["phone_norm", "text"],
        ["zip", "text"],
        ["city", "text"],
      ];
      for (const [name, type] of columns) {
        await db.schema
          .alterTable("leads")
          .addColumn(name, type, (c) => (name === "status" ? c.notNull().defaultTo("new") : c))
          .execute();
      }
      await sql`UPDATE leads SET status = 'subscribed' WHERE kind = 'newsletter'`.execute(db);
      await backfill(db);

      // (created_at, id) and the filters' indexes replace the first migration's two.
      await db.schema.dropIndex("leads_created_at").ifExists().execute();
      await db.schema.dropIndex("leads_kind_type").ifExists().execute();
      const indexes: [string, string[]][] = [
        ["leads_created", ["created_at", "id"]],
        ["leads_kind_created", ["kind", "created_at", "id"]],
        ["leads_type_created", ["type", "created_at", "id"]],
        ["leads_page_created", ["page_path", "created_at", "id"]],
        ["leads_status_created", ["status", "created_at", "id"]],
        ["leads_email_norm", ["email_norm", "created_at", "id"]],
      ];
      for (const [name, cols] of indexes) {
        await db.schema.createIndex(name).ifNotExists().on("leads").columns(cols).execute();
      }
      // Columns many rows leave empty (a new lead has no assignee, a newsletter sign-up no
      // name or phone, a business form no person's name) are indexed only where filled:
      // those rows cost nothing to insert, and any comparison on the column implies
      // IS NOT NULL, so both databases still use these indexes for the desk's queries.
      const partial: [string, string][] = [
        ["leads_assignee_created", "assignee_id"],
        ["leads_name_norm", "name_norm"],
        ["leads_last_norm", "last_norm"],
        ["leads_business_norm", "business_norm"],
        ["leads_phone_norm", "phone_norm"],
        ["leads_zip", "zip"],
      ];
      for (const [name, col] of partial) {
        await db.schema.createIndex(name).ifNotExists().on("leads").columns([col, "created_at", "id"]).where(sql.ref(col), "is not", null).execute();
      }

      await db.schema
        .createTable("lead_events")
        .ifNotExists()
        .addColumn("id", id as "integer", (c) => (dialect === "sqlite" ? c.primaryKey().autoIncrement() : c.primaryKey()))
        .addColumn("lead_id", "integer", (c) => c.notNull())
        .addColumn("staff_id", "integer")
        .addColumn("action", "text", (c) => c.notNull())
        .addColumn("value", "text")
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("lead_events_lead").ifNotExists().on("lead_events").columns(["lead_id", "id"]).execute();

      await db.schema
        .createTable("desk_visits")
        .ifNotExists()
        .addColumn("staff_id", "integer", (c) => c.primaryKey())
        .addColumn("seen_at", "text", (c) => c.notNull())
        .execute();
    },
  };
}

/** Fills the searchable columns of the rows stored before this migration, in batches. */
async function backfill(db: Kysely<unknown>): Promise<void> {
  let after = 0;
  for (;;) {
    const { rows } = await sql<{ id: number; email: string; payload: string }>`
      SELECT id, email, payload FROM leads WHERE id > ${after} ORDER BY id LIMIT 1000`.execute(db);
    if (rows.length === 0) return;
    for (const row of rows) {
      let payload: Record<string, unknown> = {};
      try {
        payload = JSON.parse(row.payload) as Record<string, unknown>;
      } catch {
        // A payload that is not JSON keeps its searchable columns empty but its e-mail.
      }
      const c = searchColumns(row.email, payload);
      await sql`UPDATE leads SET email_norm = ${c.email_norm}, name_norm = ${c.name_norm}, last_norm = ${c.last_norm},
        business_norm = ${c.business_norm}, phone_norm = ${c.phone_norm}, zip = ${c.zip}, city = ${c.city}
        WHERE id = ${row.id}`.execute(db);
    }
    after = Number(rows[rows.length - 1]?.id);
  }
}

/*
 * The searchable columns of a submission as this migration's version computed them
 * (features/leads/desk/search-columns.server.ts at the time). A migration is frozen: a
 * later change there must not change what 004 wrote.
 */
const normaliseText = (value: string) => value.normalize("NFKC").toLowerCase().replace(/\s+/g, " ").trim();
const phoneDigits = (value: string) => {
  const digits = value.replace(/\D+/g, "");
  return digits.length === 11 && digits.startsWith("1") ? digits.slice(1) : digits;
};
const text = (v: unknown): string | null => (typeof v === "string" && v.trim() !== "" ? v.trim() : null);
const norm = (v: unknown): string | null => {
  const t = text(v);
  return t === null ? null : normaliseText(t) || null;
};
function searchColumns(email: string, payload: Record<string, unknown>) {
  const first = text(payload.firstName);
  const last = text(payload.lastName);
  const name = [first, last].filter(Boolean).join(" ");
  const phone = text(payload.phone) ?? text(payload.phoneNumber);
  const zip = text(payload.zipCode);
  return {
    email_norm: normaliseText(email),
    name_norm: name ? normaliseText(name) : null,
    last_norm: norm(last),
    business_norm: norm(payload.bussinessName) ?? norm(payload.businessName) ?? norm(payload.companyName),
    phone_norm: phone ? phoneDigits(phone) || null : null,
    zip: zip ? zip.slice(0, 10) : null,
    city: text(payload.city)?.slice(0, 80) ?? null,
  };
}

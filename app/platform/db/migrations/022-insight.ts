import { type CreateTableBuilder, type Kysely, type Migration, sql } from "kysely";
import type { Dialect } from "./index";

/**
 * Migration 022: first-party insight (decision record 031). `insight_events` holds the raw
 * events (page views, form steps, Web Vitals) for INSIGHT_RAW_DAYS, with the visitor as a
 * hash under a salt of the day that is never stored; the rollups keep the counts by hour
 * and by day for ever, so the desk never reads the raw events of a long period.
 * `insight_state` holds how far the raw events have been rolled up.
 */
export function insightMigration(dialect: Dialect): Migration {
  const id = dialect === "sqlite" ? "integer" : "bigserial";
  // On SQLite a rollup is its primary key's b-tree itself: a period's rows are read in one range, with their counts.
  const clustered = <T extends string>(t: CreateTableBuilder<T, never>) => (dialect === "sqlite" ? t.modifyEnd(sql`without rowid`) : t);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("insight_events")
        .ifNotExists()
        .addColumn("id", id as "integer", (c) => (dialect === "sqlite" ? c.primaryKey().autoIncrement() : c.primaryKey()))
        .addColumn("at", "text", (c) => c.notNull())
        .addColumn("day", "text", (c) => c.notNull())
        .addColumn("kind", "text", (c) => c.notNull())
        .addColumn("visitor", "text", (c) => c.notNull())
        .addColumn("view_id", "text", (c) => c.notNull())
        .addColumn("path", "text", (c) => c.notNull())
        .addColumn("referrer_host", "text")
        .addColumn("utm_source", "text")
        .addColumn("utm_medium", "text")
        .addColumn("utm_campaign", "text")
        .addColumn("device", "text", (c) => c.notNull())
        .addColumn("browser", "text", (c) => c.notNull())
        .addColumn("os", "text", (c) => c.notNull())
        .addColumn("form", "text")
        .addColumn("step", "text")
        .addColumn("fields", "text")
        .addColumn("submission_id", "text")
        .addColumn("metric", "text")
        .addColumn("value", "real")
        .execute();
      await db.schema.createIndex("insight_events_day").ifNotExists().on("insight_events").columns(["day", "id"]).execute();
      await db.schema.createIndex("insight_events_visitor").ifNotExists().on("insight_events").columns(["visitor", "day", "kind", "id"]).execute();
      await db.schema.createIndex("insight_events_submission").ifNotExists().on("insight_events").column("submission_id").execute();
      // grain: "hour" (bucket 2026-11-26T13) or "day" (bucket 2026-11-26); dim: all, page, source, referrer, campaign, device, browser, os.
      await db.schema
        .createTable("insight_rollup")
        .ifNotExists()
        .addColumn("grain", "text", (c) => c.notNull())
        .addColumn("bucket", "text", (c) => c.notNull())
        .addColumn("dim", "text", (c) => c.notNull())
        .addColumn("key", "text", (c) => c.notNull())
        .addColumn("views", "integer", (c) => c.notNull())
        .addColumn("visitors", "integer", (c) => c.notNull())
        .addPrimaryKeyConstraint("insight_rollup_pk", ["grain", "dim", "bucket", "key"])
        .$call(clustered)
        .execute();
      // One row per day, form, step and failing field ("" for the step itself).
      await db.schema
        .createTable("insight_form_rollup")
        .ifNotExists()
        .addColumn("day", "text", (c) => c.notNull())
        .addColumn("form", "text", (c) => c.notNull())
        .addColumn("step", "text", (c) => c.notNull())
        .addColumn("field", "text", (c) => c.notNull())
        .addColumn("n", "integer", (c) => c.notNull())
        .addPrimaryKeyConstraint("insight_form_rollup_pk", ["day", "form", "step", "field"])
        .$call(clustered)
        .execute();
      // Web Vitals per day, route, device class and metric: how many, and their histogram
      // ("bin:count bin:count", bins of wire.ts's vitalBin), one row each so a period reads few rows.
      await db.schema
        .createTable("insight_vitals_rollup")
        .ifNotExists()
        .addColumn("day", "text", (c) => c.notNull())
        .addColumn("path", "text", (c) => c.notNull())
        .addColumn("device", "text", (c) => c.notNull())
        .addColumn("metric", "text", (c) => c.notNull())
        .addColumn("n", "integer", (c) => c.notNull())
        .addColumn("hist", "text", (c) => c.notNull())
        .addPrimaryKeyConstraint("insight_vitals_rollup_pk", ["day", "path", "device", "metric"])
        .$call(clustered)
        .execute();
      await db.schema
        .createTable("insight_state")
        .ifNotExists()
        .addColumn("key", "text", (c) => c.primaryKey())
        .addColumn("value", "text", (c) => c.notNull())
        .execute();
    },
  };
}

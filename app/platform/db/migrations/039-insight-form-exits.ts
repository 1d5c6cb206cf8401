import { type Kysely, type Migration, sql } from "kysely";
import type { Dialect } from "./index";

/**
 * Migration 039: where visitors give up on a form. One row per day, form and visitor (the
 * hash under the day's salt, as in the raw events) that focused a field of the form: the
 * last field focused, and whether the form was submitted since. The insight screen counts
 * the rows not submitted by their last field ("gave up after"); once the day is over the
 * rollup counts them into insight_form_rollup (step "gave-up") and deletes them, so the
 * table holds today's visitors only. No value typed is kept, only the field's name.
 */
export function insightFormExitsMigration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("insight_form_exits")
        .ifNotExists()
        .addColumn("day", "text", (c) => c.notNull())
        .addColumn("form", "text", (c) => c.notNull())
        .addColumn("visitor", "text", (c) => c.notNull())
        .addColumn("field", "text", (c) => c.notNull())
        .addColumn("done", "integer", (c) => c.notNull())
        .addPrimaryKeyConstraint("insight_form_exits_pk", ["day", "form", "visitor"])
        .$call((t) => (dialect === "sqlite" ? t.modifyEnd(sql`without rowid`) : t))
        .execute();
      // The screen reads a period's forms left unsent by their last field from this index alone.
      await sql`CREATE INDEX IF NOT EXISTS insight_form_exits_left ON insight_form_exits (done, day, form, field)`.execute(db);
    },
  };
}

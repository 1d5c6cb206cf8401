import { z } from "zod";
import type { Db } from "~/platform/db/db.server";
import { writeQueueFor } from "~/platform/db/write-queue.server";
import { fieldList, templateFields, unknownFields } from "./fields";

/** The e-mail templates sales starts from (mail_templates), kept by admins at /desk/templates. */

export interface MailTemplate {
  id: number;
  name: string;
  subject: string;
  body: string;
  updatedAt: string;
}

const noUnknownFields = (what: string) => (v: string) => {
  const unknown = unknownFields(v);
  return unknown.length === 0 || `The ${what} names ${unknown.join(", ")}, which is no field. The fields are ${fieldList(templateFields.map((f) => f.key))}.`;
};

export const templateSchema = z.object({
  name: z.string().trim().min(1, "Give the template a name").max(100, "A name is at most 100 characters"),
  subject: z
    .string()
    .trim()
    .min(1, "Give the e-mail a subject")
    .max(200, "A subject is at most 200 characters")
    .superRefine((v, ctx) => {
      const r = noUnknownFields("subject")(v);
      if (r !== true) ctx.addIssue({ code: "custom", message: r });
    }),
  body: z
    .string()
    .max(20_000, "A body is at most 20,000 characters")
    .refine((v) => v.trim().length > 0, "Write the e-mail's text")
    .superRefine((v, ctx) => {
      const r = noUnknownFields("text")(v);
      if (r !== true) ctx.addIssue({ code: "custom", message: r });
    }),
});
export type TemplateInput = z.infer<typeof templateSchema>;

const toTemplate = (r: { id: number; name: string; subject: string; body: string; updated_at: string }): MailTemplate => ({
  id: Number(r.id),
  name: r.name,
  subject: r.subject,
  body: r.body,
  updatedAt: r.updated_at,
});

export async function listTemplates(db: Db): Promise<MailTemplate[]> {
  const rows = await db.kysely
    .selectFrom("mail_templates")
    .select(["id", "name", "subject", "body", "updated_at"])
    .orderBy("name")
    .orderBy("id")
    .limit(500)
    .execute();
  return rows.map(toTemplate);
}

export async function getTemplate(db: Db, id: number): Promise<MailTemplate | null> {
  const r = await db.kysely.selectFrom("mail_templates").select(["id", "name", "subject", "body", "updated_at"]).where("id", "=", id).executeTakeFirst();
  return r ? toTemplate(r) : null;
}

/** Whether another template has this name (names are unique, in any letter case). */
async function nameTaken(db: Db, name: string, except: number | null): Promise<boolean> {
  let q = db.kysely
    .selectFrom("mail_templates")
    .select("id")
    .where((eb) => eb(eb.fn("lower", ["name"]), "=", name.toLowerCase()));
  if (except !== null) q = q.where("id", "<>", except);
  return (await q.limit(1).executeTakeFirst()) !== undefined;
}

export type SaveResult = { ok: true; id: number } | { ok: false; status: 404 | 409; error: string };

/** Saves a new template (`id` null) or changes one. */
export async function saveTemplate(db: Db, id: number | null, input: TemplateInput, staffId: number, now = new Date()): Promise<SaveResult> {
  if (await nameTaken(db, input.name, id)) return { ok: false, status: 409, error: `There is a template named “${input.name}” already: choose another name.` };
  const at = now.toISOString();
  return writeQueueFor(db).run(async (trx) => {
    if (id === null) {
      const row = await trx
        .insertInto("mail_templates")
        .values({ name: input.name, subject: input.subject, body: input.body, updated_by: staffId, created_at: at, updated_at: at })
        .returning("id")
        .executeTakeFirstOrThrow();
      return { ok: true as const, id: Number(row.id) };
    }
    const changed = await trx
      .updateTable("mail_templates")
      .set({ name: input.name, subject: input.subject, body: input.body, updated_by: staffId, updated_at: at })
      .where("id", "=", id)
      .executeTakeFirst();
    if (Number(changed.numUpdatedRows) === 0) return { ok: false as const, status: 404 as const, error: "This template was deleted meanwhile." };
    return { ok: true as const, id };
  });
}

export async function deleteTemplate(db: Db, id: number): Promise<boolean> {
  const r = await writeQueueFor(db).run((trx) => trx.deleteFrom("mail_templates").where("id", "=", id).executeTakeFirst());
  return Number(r.numDeletedRows) > 0;
}

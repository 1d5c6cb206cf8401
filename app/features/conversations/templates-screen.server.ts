import { data, redirect } from "react-router";
import { audit } from "~/features/staff/audit.server";
import { DESK_HEADERS, deskServices } from "~/features/staff/auth.server";
import { type DeskArgs, signedIn } from "~/features/staff/desk-guard.server";
import { templateFields } from "./fields";
import { deleteTemplate, getTemplate, listTemplates, saveTemplate, templateSchema } from "./templates.server";

/** The templates screens (routes/desk/templates.tsx, template.tsx): list, write, change, delete. */

export async function loadTemplates({ context }: DeskArgs) {
  const { db } = deskServices(context);
  const templates = await listTemplates(db);
  return data(
    { templates: templates.map((t) => ({ id: t.id, name: t.name, subject: t.subject, updatedAt: t.updatedAt })), fields: templateFields },
    { headers: DESK_HEADERS },
  );
}

/** `new`, or a template's number. */
function templateId(param: string | undefined): number | null {
  if (param === "new") return null;
  if (!param || !/^[1-9]\d{0,15}$/.test(param)) throw data({ message: "This is not a template number." }, { status: 404, headers: DESK_HEADERS });
  return Number(param);
}

export async function loadTemplate({ context, params }: DeskArgs) {
  const { db } = deskServices(context);
  const id = templateId(params.id);
  const template = id === null ? null : await getTemplate(db, id);
  if (id !== null && !template) throw data({ message: `There is no template ${id}.` }, { status: 404, headers: DESK_HEADERS });
  return data({ template, fields: templateFields }, { headers: DESK_HEADERS });
}

export async function templateAction({ request, context, params }: DeskArgs) {
  const me = signedIn(context);
  const { db } = deskServices(context);
  const id = templateId(params.id);
  const existing = id === null ? null : await getTemplate(db, id);
  if (id !== null && !existing) throw data({ message: `There is no template ${id}.` }, { status: 404, headers: DESK_HEADERS });
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "save");
  const values = { name: String(form.get("name") ?? ""), subject: String(form.get("subject") ?? ""), body: String(form.get("body") ?? "") };
  const answer = (status: number, errors: string[] | null, confirmDelete = false) =>
    data({ errors, values: errors ? values : null, confirmDelete }, { status, headers: DESK_HEADERS });

  if (intent === "delete") {
    if (!existing || id === null) return answer(400, ["A template not yet saved cannot be deleted."]);
    // Asked first: the first press shows "Yes, delete", which sends confirm=yes.
    if (String(form.get("confirm") ?? "") !== "yes") return answer(200, null, true);
    if (await deleteTemplate(db, id)) await audit(db, { staffId: me.id, action: "template.delete", subject: String(id), detail: { name: existing.name } });
    throw redirect("/desk/templates?deleted=1", { headers: DESK_HEADERS });
  }
  if (intent !== "save") return answer(400, ["This form is not one of this page's."]);
  const parsed = templateSchema.safeParse(values);
  if (!parsed.success) return answer(422, [...new Set(parsed.error.issues.map((i) => i.message))]);
  const saved = await saveTemplate(db, id, parsed.data, me.id);
  if (!saved.ok) return answer(saved.status, [saved.error]);
  await audit(db, { staffId: me.id, action: "template.save", subject: String(saved.id), detail: { name: parsed.data.name } });
  throw redirect(`/desk/templates?saved=${saved.id}`, { headers: DESK_HEADERS });
}

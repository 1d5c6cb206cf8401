import { Form, Link } from "react-router";
import type { Column } from "~/ui/desk/kit";
import { When } from "~/ui/desk/time";
import { deskDanger, deskInput, deskLink, deskPrimary, Field } from "~/ui/desk/ui";

export interface TemplateRow {
  id: number;
  name: string;
  subject: string;
  updatedAt: string;
}

export const templateColumns: Column<TemplateRow>[] = [
  {
    header: "Name",
    className: "max-md:w-full",
    cell: (t) => (
      <Link to={`/desk/templates/${t.id}`} className={deskLink}>
        {t.name}
      </Link>
    ),
  },
  { header: "Subject", className: "break-words max-md:w-full", cell: (t) => t.subject },
  { header: "Changed", cell: (t) => <When iso={t.updatedAt} /> },
];

/** The fields a template may name, each with what it becomes. */
export function FieldHelp({ fields }: { fields: readonly { key: string; says: string }[] }) {
  return (
    <div className="text-sm">
      <p>Write a field in braces; it is filled from the lead when a salesperson picks the template, and they can still change every word before sending:</p>
      <ul className="mt-1 list-disc pl-5">
        {fields.map((f) => (
          <li key={f.key}>
            <code>{`{${f.key}}`}</code>: {f.says}
          </li>
        ))}
      </ul>
      <p className="mt-1">A field the lead does not have stays in braces; the desk says which, and sends nothing until it is written out or removed.</p>
    </div>
  );
}

export function TemplateForm({ values, busy }: { values: { name: string; subject: string; body: string }; busy: boolean }) {
  return (
    <Form method="post" className="max-w-2xl space-y-3">
      <input type="hidden" name="intent" value="save" />
      <Field id="t-name" label="Name (what sales picks it by)">
        <input id="t-name" name="name" required maxLength={100} defaultValue={values.name} className={deskInput} />
      </Field>
      <Field id="t-subject" label="Subject">
        <input id="t-subject" name="subject" required maxLength={200} defaultValue={values.subject} className={deskInput} />
      </Field>
      <Field id="t-body" label="Text (Markdown or plain text)">
        <textarea id="t-body" name="body" required rows={12} maxLength={20000} defaultValue={values.body} className={deskInput} />
      </Field>
      <button type="submit" className={deskPrimary} disabled={busy}>
        Save the template
      </button>
    </Form>
  );
}

/** Delete, asked first: the first press shows "Yes, delete". */
export function DeleteTemplate({ name, asking, busy }: { name: string; asking: boolean; busy: boolean }) {
  return (
    <Form method="post" className="mt-8 space-y-2">
      <input type="hidden" name="intent" value="delete" />
      {asking ? (
        <>
          <p role="alert" className="text-sm font-semibold">
            Delete the template “{name}”? Leads' e-mails sent from it stay as they were sent.
          </p>
          <input type="hidden" name="confirm" value="yes" />
          <button type="submit" className={deskDanger} disabled={busy}>
            Yes, delete “{name}”
          </button>
        </>
      ) : (
        <button type="submit" className={deskDanger} disabled={busy}>
          Delete this template
        </button>
      )}
    </Form>
  );
}

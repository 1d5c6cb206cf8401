import { data, Form, Link } from "react-router";
import { z } from "zod";
import { deskInput, deskLink, deskPrimary, deskSecondary, deskTable, deskTd, deskTh, ErrorList, Field, PageTitle } from "~/components/desk/ui";
import { listAccounts } from "~/server/desk/accounts.server";
import { DESK_HEADERS, deskServices, requireStaff } from "~/server/desk/auth.server";
import { problems } from "~/server/desk/forms.server";
import type { Route } from "./+types/audit";

export const meta = () => [{ title: "Audit log · Fillway desk" }];
export const headers = () => DESK_HEADERS;

const PAGE_SIZE = 100;
const day = z.union([
  z.literal(""),
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, "Dates look like 2026-03-31.")
    .refine((v) => !Number.isNaN(Date.parse(v)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), "That date does not exist."),
]);
const filterSchema = z.object({
  person: z.union([z.literal(""), z.literal("system"), z.string().regex(/^\d{1,12}$/, "Choose a person from the list.")]).default(""),
  from: day.default(""),
  to: day.default(""),
  before: z.union([z.literal(""), z.string().regex(/^\d{1,15}$/, "That page link is broken; start from the first page.")]).default(""),
});

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context, ["admin"]);
  const { db } = deskServices(context);
  const url = new URL(request.url);
  const raw = Object.fromEntries(["person", "from", "to", "before"].map((k) => [k, url.searchParams.get(k) ?? ""]));
  const people = (await listAccounts(db)).map((a) => ({ id: a.id, email: a.email }));
  const parsed = filterSchema.safeParse(raw);
  if (!parsed.success) return data({ raw, people, rows: [], next: null, errors: problems(parsed.error) }, { status: 400, headers: DESK_HEADERS });
  const f = parsed.data;
  if (f.from && f.to && f.from > f.to)
    return data({ raw, people, rows: [], next: null, errors: ["The start date is after the end date."] }, { status: 400, headers: DESK_HEADERS });
  let q = db.kysely.selectFrom("audit_log").select(["id", "at", "staff_id", "actor", "action", "subject", "detail"]);
  if (f.person === "system") q = q.where("staff_id", "is", null);
  else if (f.person) q = q.where("staff_id", "=", Number(f.person));
  if (f.from) q = q.where("at", ">=", `${f.from}T00:00:00.000Z`);
  if (f.to) q = q.where("at", "<", new Date(Date.parse(`${f.to}T00:00:00.000Z`) + 86_400_000).toISOString());
  if (f.before) q = q.where("id", "<", Number(f.before));
  const rows = await q
    .orderBy("id", "desc")
    .limit(PAGE_SIZE + 1)
    .execute();
  const more = rows.length > PAGE_SIZE;
  const page = rows.slice(0, PAGE_SIZE).map((r) => ({
    id: Number(r.id),
    at: r.at,
    who: r.actor ?? (r.staff_id === null ? "Command line or unknown" : `Account ${r.staff_id}`),
    action: r.action,
    subject: r.subject ?? "",
    detail: r.detail
      ? Object.entries(JSON.parse(r.detail) as Record<string, unknown>)
          .map(([k, v]) => `${k}: ${typeof v === "string" ? v : JSON.stringify(v)}`)
          .join(", ")
      : "",
  }));
  return data({ raw, people, rows: page, next: more ? String(page.at(-1)?.id ?? "") : null, errors: null as string[] | null }, { headers: DESK_HEADERS });
}

const when = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC`;

export default function Audit({ loaderData: d }: Route.ComponentProps) {
  const nextHref = d.next ? `?${new URLSearchParams({ ...d.raw, before: d.next }).toString()}` : null;
  return (
    <>
      <PageTitle>Audit log</PageTitle>
      <ErrorList errors={d.errors} />
      <Form method="get" className="mb-4 flex flex-wrap items-end gap-3">
        <Field id="person" label="Person">
          <select id="person" name="person" defaultValue={d.raw.person} className={deskInput}>
            <option value="">Everyone</option>
            <option value="system">Command line and unknown e-mails</option>
            {d.people.map((p) => (
              <option key={p.id} value={p.id}>
                {p.email}
              </option>
            ))}
          </select>
        </Field>
        <Field id="from" label="From (UTC)">
          <input id="from" name="from" type="date" defaultValue={d.raw.from} className={deskInput} />
        </Field>
        <Field id="to" label="To (UTC)">
          <input id="to" name="to" type="date" defaultValue={d.raw.to} className={deskInput} />
        </Field>
        <button type="submit" className={deskPrimary}>
          Show
        </button>
        <Link to="/desk/audit" className={deskSecondary}>
          Clear
        </Link>
      </Form>
      {d.rows.length === 0 ? (
        <p>Nothing in the log for this choice.</p>
      ) : (
        <div className="overflow-x-auto">
          <table className={deskTable}>
            <caption className="sr-only">Audit log, newest first</caption>
            <thead>
              <tr>
                <th scope="col" className={deskTh}>
                  When
                </th>
                <th scope="col" className={deskTh}>
                  Who
                </th>
                <th scope="col" className={deskTh}>
                  What
                </th>
                <th scope="col" className={deskTh}>
                  Subject
                </th>
                <th scope="col" className={deskTh}>
                  Details
                </th>
              </tr>
            </thead>
            <tbody>
              {d.rows.map((r) => (
                <tr key={r.id}>
                  <td className={`${deskTd} whitespace-nowrap`}>{when(r.at)}</td>
                  <td className={deskTd}>{r.who}</td>
                  <td className={deskTd}>{r.action}</td>
                  <td className={`${deskTd} break-all`}>{r.subject}</td>
                  <td className={`${deskTd} break-all`}>{r.detail}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {nextHref ? (
        <nav aria-label="Audit log pages" className="mt-4">
          <Link to={nextHref} className={deskLink} rel="next">
            Older entries
          </Link>
        </nav>
      ) : null}
    </>
  );
}

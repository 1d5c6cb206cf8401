import { data } from "react-router";
import { z } from "zod";
import { any, type Column, DeskTable, dateFields, FilterBar, Pager } from "~/ui/desk/kit";
import { ErrorList, PageTitle } from "~/ui/desk/ui";
import { listAccounts } from "~/features/staff/accounts.server";
import { DESK_HEADERS, deskServices } from "~/features/staff/auth.server";
import { problems } from "~/features/staff/forms.server";
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

/** Entries made without a signed-in person: the command line, or a sign-in attempt for an unknown address. */
const SYSTEM = { value: "system", label: "Command line and unknown e-mails" };

const when = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC`;

type Entry = Route.ComponentProps["loaderData"]["rows"][number];

const columns: Column<Entry>[] = [
  { header: "When", className: "whitespace-nowrap", cell: (r) => when(r.at) },
  { header: "Who", cell: (r) => r.who },
  { header: "What", cell: (r) => r.action },
  { header: "Subject", className: "break-all", cell: (r) => r.subject },
  { header: "Details", className: "break-all", cell: (r) => r.detail },
];

export default function Audit({ loaderData: d }: Route.ComponentProps) {
  const nextHref = d.next ? `?${new URLSearchParams({ ...d.raw, before: d.next }).toString()}` : null;
  return (
    <>
      <PageTitle>Audit log</PageTitle>
      <ErrorList errors={d.errors} />
      <FilterBar
        idPrefix=""
        values={d.raw}
        gap="gap-3"
        clear={{ to: "/desk/audit", label: "Clear" }}
        fields={[
          {
            type: "select",
            name: "person",
            label: "Person",
            first: [...any("Everyone"), SYSTEM],
            options: d.people.map((p) => ({ value: String(p.id), label: p.email })),
          },
          ...dateFields(["From (UTC)", "To (UTC)"]),
        ]}
      />
      {d.rows.length === 0 ? (
        <p>Nothing in the log for this choice.</p>
      ) : (
        <DeskTable caption="Audit log, newest first" columns={columns} rows={d.rows} frame="overflow-x-auto" />
      )}
      {nextHref ? <Pager label="Audit log pages" links={[{ to: nextHref, label: "Older entries", rel: "next" }]} plain /> : null}
    </>
  );
}

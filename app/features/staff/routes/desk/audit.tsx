import { When } from "~/ui/desk/time";
import { data } from "react-router";
import { z } from "zod";
import { any, type Column, DeskTable, dateFields, FilterBar, Pager } from "~/ui/desk/kit";
import { ErrorList, PageTitle } from "~/ui/desk/ui";
import { listAccounts } from "~/features/staff/accounts.server";
import { listAudit } from "~/features/staff/audit.server";
import { auditKinds } from "~/features/staff/audit-words.server";
import { DESK_HEADERS, deskServices } from "~/features/staff/auth.server";
import { signedIn } from "~/features/staff/desk-guard.server";
import { shownZone } from "~/features/staff/time-zone.server";

import type { Route } from "./+types/audit";
import { issueMessages } from "~/shared/forms/issues";

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
  action: z.union([z.literal(""), z.string().refine((a) => Object.hasOwn(auditKinds, a), "Choose an action from the list.")]).default(""),
  subject: z.string().trim().max(200, "Keep the subject under 200 characters.").default(""),
  q: z.string().trim().max(200, "Keep the search under 200 characters.").default(""),
});

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = deskServices(context);
  const url = new URL(request.url);
  const raw = Object.fromEntries(["person", "action", "subject", "q", "from", "to", "before"].map((k) => [k, url.searchParams.get(k) ?? ""]));
  // Days and times are the reader's (UTC when neither they nor their browser named a zone).
  const zone = shownZone(request, signedIn(context)) ?? "UTC";
  const people = (await listAccounts(db)).map((a) => ({ id: a.id, email: a.email, name: a.name }));
  const actions = Object.entries(auditKinds)
    .map(([value, k]) => ({ value, label: k.label }))
    .sort((a, b) => a.label.localeCompare(b.label));
  const parsed = filterSchema.safeParse(raw);
  if (!parsed.success)
    return data({ raw, zone, people, actions, rows: [], next: null, errors: issueMessages(parsed.error) }, { status: 400, headers: DESK_HEADERS });
  if (parsed.data.from && parsed.data.to && parsed.data.from > parsed.data.to)
    return data(
      { raw, zone, people, actions, rows: [], next: null, errors: ["The start date is after the end date."] },
      { status: 400, headers: DESK_HEADERS },
    );
  const { rows, next } = await listAudit(db, parsed.data, PAGE_SIZE, zone);
  return data({ raw, zone, people, actions, rows, next, errors: null as string[] | null }, { headers: DESK_HEADERS });
}

/** Entries made without a signed-in person: the command line, or a sign-in attempt for an unknown address. */
const SYSTEM = { value: "system", label: "Command line and unknown e-mails" };

type Entry = Route.ComponentProps["loaderData"]["rows"][number];

const columns: Column<Entry>[] = [
  { header: "When", className: "whitespace-nowrap", cell: (r) => <When iso={r.at} /> },
  { header: "What happened", cell: (r) => r.sentence },
  {
    header: "Details",
    className: "text-xs",
    cell: (r) =>
      r.detail.length ? (
        <dl className="grid grid-cols-[auto_1fr] gap-x-2">
          {r.detail.map((d) => (
            <div key={d.label} className="contents">
              <dt className="font-medium">{d.label}</dt>
              <dd className="break-words">{d.iso ? <When iso={d.iso} /> : d.text}</dd>
            </div>
          ))}
        </dl>
      ) : null,
  },
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
            options: d.people.map((p) => ({ value: String(p.id), label: p.name ? `${p.name} (${p.email})` : p.email })),
          },
          { type: "select", name: "action", label: "Action", first: any("Any action"), options: d.actions },
          { type: "text", name: "subject", label: "Subject", maxLength: 200, placeholder: "e-mail, post, lead…" },
          { type: "search", name: "q", label: "Search", maxLength: 200 },
          ...dateFields([`From (${d.zone})`, `To (${d.zone})`]),
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

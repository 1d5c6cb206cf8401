import type { Db } from "~/platform/db/db.server";
import { DESK_HEADERS } from "~/features/staff/auth.server";
import type { LeadFilters, SubscriberFilters } from "./filters.server";
import { kindLabel, type LeadStatus, parsePayload, statusLabels, typeLabel } from "./labels.server";
import { eachLeadBatch, exportColumn as at, leadKindsIn } from "./query.server";
import { type FactColumn, factColumns, type LeadWork, localTimes, workOf } from "./export-values.server";
import { NOT_RECORDED } from "../consent.server";
import { ATTRIBUTION_FIELDS } from "../attribution.server";
import type { StaffName } from "~/features/staff/people.server";
import { submissionReference } from "~/shared/forms/success";

const BOM = "\uFEFF";

/**
 * One CSV cell. Text a spreadsheet would run as a formula (it begins with =, +, -, @, a
 * tab or a carriage return) is prefixed with an apostrophe, so it shows as the text that
 * was typed; a plain number ("-96.8044", "+1") is no formula and stays a number. Cells
 * with a comma, quote or line break are quoted.
 */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return "";
  let text = typeof value === "string" ? value : typeof value === "object" ? JSON.stringify(value) : String(value);
  if (text === "") return "";
  const first = text.charCodeAt(0);
  // = + - @ tab CR
  if ((first === 61 || first === 43 || first === 45 || first === 64 || first === 9 || first === 13) && !PLAIN_NUMBER.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const NEEDS_QUOTES = /[",\r\n]/;
const PLAIN_NUMBER = /^[-+]?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?$/;

export const csvLine = (cells: unknown[]) => `${cells.map(csvCell).join(",")}\r\n`;

const attributionColumns = ATTRIBUTION_FIELDS.map(([, column]) => at[column]);

/**
 * The leads export's header: one column per fact across the forms (factColumns; given
 * `facts`, those the exported leads' forms can fill), values as a person reads them, times
 * in `zone` (named in the header).
 */
export function leadCsvHeader(zone = "UTC", facts: FactColumn[] = factColumns()): string[] {
  return [
    "ID",
    "Reference",
    "Contact",
    `Received (${zone})`,
    "Form",
    "Type",
    "Status",
    "Owner",
    ...facts.map((c) => c.label),
    "Notes",
    "Calls",
    "Follow-ups",
    "Consent version",
    `Consent shown (${zone})`,
    "Page",
    ...ATTRIBUTION_FIELDS.map(([, , label]) => label),
    "User agent",
  ];
}
export const subscriberCsvHeader = (zone = "UTC") => ["ID", `Subscribed (${zone})`, "E-mail", "Type code", "Type", "Status", "Page", `Confirmed (${zone})`];

/** The Notes, Calls and Follow-ups cells of one lead: one entry a line, each with its time. */
function workCells(work: LeadWork, time: (iso: string) => string): string {
  const tail = (note: string | null) => (note ? `: ${note}` : "");
  return [
    work.notes.map((n) => `${time(n.at)}: ${n.text}`),
    work.calls.map((c) => `${time(c.at)} ${c.outcome}${tail(c.note)}`),
    work.followUps.map((f) => `due ${time(f.due)}${tail(f.note)} (set ${time(f.at)})`),
  ]
    .map((lines) => csvCell(lines.join("\n")))
    .join(",");
}

/**
 * Rows read and written per step. Small enough that a batch is written and dropped before
 * the young generation fills: with 2,000 rows the row objects and parsed payloads of a
 * batch were alive at most collections and were copied and promoted, and GC took more
 * time than writing the CSV.
 */
const EXPORT_BATCH = 500;
const EXPORT_AHEAD = 4;

/** `make(key)` once per key: the few forms, types and assignees repeat on every row. */
function memo<K, V>(make: (key: K) => V): (key: K) => V {
  const seen = new Map<K, V>();
  return (key) => {
    let v = seen.get(key);
    if (v === undefined) {
      v = make(key);
      seen.set(key, v);
    }
    return v;
  };
}

/**
 * The CSV of a filter as a stream: rows are read in keyset batches as the client takes
 * them, so memory stays the same whether the filter matches ten rows or a million.
 */
export function csvStream(
  db: Db,
  scope: { leads: LeadFilters } | { subscribers: SubscriberFilters },
  staff: Map<number, StaffName>,
  onDone?: (rows: number) => void,
  /** The exporter's time zone (an IANA name); UTC when not given. */
  timeZone = "UTC",
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const times = localTimes(timeZone);
  let facts = factColumns();
  const statusCell = memo((status: string) => csvCell(statusLabels[status as LeadStatus] ?? status));
  const kindCell = memo((kind: string) => csvCell(kindLabel(kind)));
  const typeCell = memo((key: string) => {
    const [kind = "", type = ""] = key.split("\0");
    return csvCell(typeLabel(Number(type), kind));
  });
  // The owner by name (the address when the account has none).
  const assigneeCell = memo((id: number) => {
    const s = staff.get(id);
    return csvCell(s ? s.name || s.email : `Former member of staff #${id}`);
  });
  const batches = eachLeadBatch(db, scope, EXPORT_BATCH);
  const isLeads = "leads" in scope;
  let rows = 0;
  return new ReadableStream<Uint8Array>(
    {
      async start(controller) {
        // Only the columns the exported leads' forms can fill.
        if (isLeads) facts = factColumns(await leadKindsIn(db, scope.leads));
        controller.enqueue(encoder.encode(BOM + csvLine(isLeads ? leadCsvHeader(times.zone, facts) : subscriberCsvHeader(times.zone))));
      },
      async pull(controller) {
        const next = await batches.next();
        if (next.done) {
          onDone?.(rows);
          controller.close();
          return;
        }
        let chunk = "";
        // The batch's notes, calls and follow-ups in one query; a lead's are joined, oldest first, one a line.
        const work = isLeads
          ? await workOf(
              db,
              next.value.map((r) => Number(r[at.id])),
            )
          : undefined;
        for (const r of next.value) {
          if (isLeads) {
            const payload = parsePayload(r[at.payload] as string);
            const assigneeId = r[at.assignee_id];
            const assignee = assigneeId === null ? "" : assigneeCell(Number(assigneeId));
            const kind = r[at.kind] as string;
            const submissionId = r[at.submission_id] as string | null;
            const contact = r[at.contact_id] ?? r[at.id];
            let line = `${r[at.id]},${submissionId ? submissionReference(submissionId) : ""},${contact},${times.format(r[at.created_at])},${kindCell(kind)},${typeCell(`${kind}\0${r[at.type]}`)},${statusCell(r[at.status] as string)},${assignee}`;
            // Values as a person reads them: "08:00–12:00", "January 1, 2026", "200–500", "Texas (TX)".
            for (const fact of facts) line += `,${csvCell(fact.value(payload))}`;
            const version = r[at.consent_version];
            const done = work?.get(Number(r[at.id]));
            line += `,${done ? workCells(done, times.format) : ",,"},${version ? csvCell(version) : NOT_RECORDED},${version ? times.format(r[at.consent_shown_at]) : ""},${csvCell(r[at.page_path])}`;
            for (const column of attributionColumns) line += `,${csvCell(r[column])}`;
            chunk += `${line},${csvCell(r[at.user_agent])}\r\n`;
          } else {
            chunk += csvLine([
              r[at.id],
              times.format(r[at.created_at]),
              r[at.email],
              r[at.type],
              typeLabel(Number(r[at.type]), r[at.kind] as string),
              r[at.status],
              r[at.page_path],
              times.format(r[at.confirmed_at]),
            ]);
          }
        }
        rows += next.value.length;
        controller.enqueue(encoder.encode(chunk));
      },
      async cancel() {
        await batches.return(undefined);
      },
      // A few batches ahead (each about 200 KB): the next one is read and written while the
      // last ones are still on their way through the socket, instead of after.
    },
    new CountQueuingStrategy({ highWaterMark: EXPORT_AHEAD }),
  );
}

/** "leads-2026-11-23.csv" */
export function csvFileName(what: "leads" | "subscribers", now = new Date()): string {
  return `${what}-${now.toISOString().slice(0, 10)}.csv`;
}

/** The download: never cached, saved under a dated name. */
export function csvResponse(stream: ReadableStream<Uint8Array>, what: "leads" | "subscribers"): Response {
  return new Response(stream, {
    headers: { ...DESK_HEADERS, "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": `attachment; filename="${csvFileName(what)}"` },
  });
}

/** A 400 that says which filter cannot be used (an export link edited by hand). */
export function badFiltersResponse(errors: string[]): Response {
  return new Response(`These filters cannot be used: ${errors.join("; ")}\n`, {
    status: 400,
    headers: { ...DESK_HEADERS, "Content-Type": "text/plain; charset=utf-8" },
  });
}

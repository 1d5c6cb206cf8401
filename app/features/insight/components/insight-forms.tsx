import { deskTable, deskTd, deskTh, EmptyRow } from "~/ui/desk/ui";
import { CsvLink, ScrollFrame } from "./insight-charts";
import type { Insight } from "../queries.server";
import { discardedLabel } from "../discarded";

const STEPS = [
  ["seen", "Seen"],
  ["started", "Started"],
  ["submitted", "Submitted"],
  ["stored", "Stored"],
] as const;

const fieldList = (xs: { label: string; n: number }[]) => xs.map((x) => `${x.label} (${x.n})`).join(", ") || "–";

/**
 * Every form's funnel as bars (hidden from screen readers), then the same in a table with
 * the failing fields and where visitors gave up, each form by its name.
 */
export function FormFunnels({ forms, csv }: { forms: Insight["forms"]; csv: string }) {
  return (
    <div>
      {forms.map((f) => (
        <div key={f.form} className="mb-3" aria-hidden="true">
          <p className="text-sm font-semibold">{f.label}</p>
          {STEPS.map(([k, label]) => (
            <div key={k} className="flex items-center gap-2 text-xs">
              <span className="w-20">{label}</span>
              <span
                className="inline-block h-3 bg-teal-700 dark:bg-teal-300"
                style={{ width: `${f.seen ? Math.max(1, (f[k] / Math.max(f.seen, f[k])) * 60) : 0}%` }}
              />
              <span className="tabular-nums">{f[k]}</span>
            </div>
          ))}
        </div>
      ))}
      <p className="mb-2 text-sm">
        Gave up after: of the visitors who moved into a field of the form and did not send it that day, how many left with each field the last they were in.
      </p>
      <ScrollFrame label="Form funnels">
        <table className={deskTable}>
          <caption className="mb-1 text-left font-semibold">Form funnels: seen, started, submitted, stored</caption>
          <thead>
            <tr>
              <th scope="col" className={deskTh}>
                Form
              </th>
              {["Seen", "Started", "Failed checks", "Submitted", "Refused", "Stored", "Gave up"].map((h) => (
                <th key={h} scope="col" className={`${deskTh} text-right`}>
                  {h}
                </th>
              ))}
              <th scope="col" className={deskTh}>
                Fields failing most
              </th>
              <th scope="col" className={deskTh}>
                Gave up after
              </th>
            </tr>
          </thead>
          <tbody>
            {forms.map((f) => (
              <tr key={f.form} data-form={f.form}>
                <th scope="row" className={`${deskTd} font-normal`}>
                  {f.label}
                </th>
                {[f.seen, f.started, f.failed, f.submitted, f.refused, f.stored, f.gaveUp].map((n, i) => (
                  <td key={STEPS[i]?.[0] ?? i} className={`${deskTd} text-right tabular-nums`}>
                    {n}
                  </td>
                ))}
                <td className={deskTd}>{fieldList(f.failing)}</td>
                <td className={deskTd}>{fieldList(f.left)}</td>
              </tr>
            ))}
            {forms.length === 0 ? <EmptyRow columns={10}>No form was seen in this period.</EmptyRow> : null}
          </tbody>
        </table>
      </ScrollFrame>
      <CsvLink href={csv} />
    </div>
  );
}

const ratingColour: Record<string, string> = {
  good: "bg-green-100 text-green-900 dark:bg-green-900 dark:text-green-100",
  "needs improvement": "bg-yellow-100 text-yellow-900 dark:bg-yellow-900 dark:text-yellow-100",
  poor: "bg-red-100 text-red-900 dark:bg-red-900 dark:text-red-100",
};

/** Web Vitals at the 75th percentile per page and device class, rated against Google's thresholds. */
export function VitalsTable({ vitals, csv }: { vitals: Insight["vitals"]; csv: string }) {
  return (
    <div>
      <ScrollFrame label="Web Vitals">
        <table className={deskTable}>
          <caption className="mb-1 text-left font-semibold">
            Web Vitals at the 75th percentile (good: LCP ≤ 2.5 s, INP ≤ 200 ms, CLS ≤ 0.1, FCP ≤ 1.8 s, TTFB ≤ 0.8 s)
          </caption>
          <thead>
            <tr>
              {["Page", "Device", "Metric"].map((h) => (
                <th key={h} scope="col" className={deskTh}>
                  {h}
                </th>
              ))}
              <th scope="col" className={`${deskTh} text-right`}>
                75th percentile
              </th>
              <th scope="col" className={deskTh}>
                Rating
              </th>
              <th scope="col" className={`${deskTh} text-right`}>
                Samples
              </th>
            </tr>
          </thead>
          <tbody>
            {vitals.map((v) => (
              <tr key={`${v.path} ${v.device} ${v.metric}`}>
                <th scope="row" className={`${deskTd} break-all font-normal`}>
                  {v.path}
                </th>
                <td className={deskTd}>{v.device}</td>
                <td className={deskTd}>{v.metric}</td>
                <td className={`${deskTd} text-right tabular-nums`}>{v.metric === "CLS" ? v.p75.toFixed(3) : `${v.p75} ms`}</td>
                <td className={deskTd}>
                  <span className={`rounded px-1.5 py-0.5 text-xs font-semibold ${ratingColour[v.rating]}`}>{v.rating}</span>
                </td>
                <td className={`${deskTd} text-right tabular-nums`}>{v.n}</td>
              </tr>
            ))}
            {vitals.length === 0 ? <EmptyRow columns={6}>No measurements in this period.</EmptyRow> : null}
          </tbody>
        </table>
      </ScrollFrame>
      <CsvLink href={csv} />
    </div>
  );
}

/** What the endpoint did not count as traffic over the period, each reason with its count; the automated ones say so. */
export function DiscardedTable({ discarded, perAddress, csv }: { discarded: Insight["discarded"]; perAddress: number; csv: string }) {
  return (
    <div>
      <ScrollFrame label="Not counted as traffic">
        <table className={deskTable}>
          <caption className="mb-1 text-left font-semibold">Not counted as traffic</caption>
          <thead>
            <tr>
              <th scope="col" className={deskTh}>
                What
              </th>
              <th scope="col" className={deskTh}>
                Kind
              </th>
              <th scope="col" className={`${deskTh} text-right`}>
                Count
              </th>
            </tr>
          </thead>
          <tbody>
            {discarded.map((d) => (
              <tr key={d.reason} data-reason={d.reason}>
                <th scope="row" className={`${deskTd} font-normal`}>
                  {discardedLabel(d.reason, perAddress)}
                </th>
                <td className={deskTd}>{d.automated ? "Suspected automated" : "Discarded"}</td>
                <td className={`${deskTd} text-right tabular-nums`}>{d.n.toLocaleString("en-US")}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollFrame>
      <CsvLink href={csv} />
    </div>
  );
}

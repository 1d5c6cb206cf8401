import type { ReactNode } from "react";
import { ChartSvg, ChartTable, DayLabel, dayColumns } from "~/ui/desk/chart";
import { deskLink, deskTable, deskTd, deskTh, EmptyRow } from "~/ui/desk/ui";
import { type Conversion, conversion, conversionText } from "../conversion";

type Day = { day: string; visitors: number; views: number; leads: number };
type Totals = { views: number; visitors: number; leads: number };

/** Visitors per day (the member's days in `zone`) as bars, leads as dots, with the same figures in a table for screen readers. */
export function PerDayChart({ perDay, zone }: { perDay: Day[]; zone: string }) {
  const H = 200;
  const pad = { left: 40, bottom: 22, top: 8 };
  const max = Math.max(1, ...perDay.map((d) => d.visitors));
  const maxLeads = Math.max(1, ...perDay.map((d) => d.leads));
  const cols = dayColumns(pad.left, perDay.length);
  const y = (n: number, of: number) => H - pad.bottom - (n / of) * (H - pad.bottom - pad.top);
  const every = Math.ceil(perDay.length / 8);
  return (
    <figure>
      <ChartSvg height={H} {...pad} max={max}>
        {perDay.map((d, i) => (
          <g key={d.day}>
            <rect
              x={cols.barX(i)}
              y={y(d.visitors, max)}
              width={cols.barWidth}
              height={H - pad.bottom - y(d.visitors, max)}
              className="fill-teal-700 dark:fill-teal-300"
            />
            {d.leads ? <circle cx={cols.x(i) + cols.step / 2} cy={y(d.leads, maxLeads)} r={3} className="fill-orange-700 dark:fill-orange-300" /> : null}
            <DayLabel i={i} every={every} x={cols.x(i)} height={H} day={d.day} />
          </g>
        ))}
      </ChartSvg>
      <figcaption className="mt-2 text-sm">
        <span aria-hidden="true" className="mr-1 inline-block size-3 rounded-sm bg-teal-700 dark:bg-teal-300" /> Visitors per day (bars, up to {max}){" "}
        <span aria-hidden="true" className="mr-1 ml-3 inline-block size-3 rounded-full bg-orange-700 dark:bg-orange-300" /> Leads per day (dots, up to{" "}
        {maxLeads}
        ), days in {zone}.
      </figcaption>
      <ChartTable
        caption={`Visitors, views and leads per day (days in ${zone})`}
        columns={["Day", "Visitors", "Views", "Leads"]}
        rows={perDay.map((d) => ({ head: d.day, cells: [d.visitors, d.views, d.leads] }))}
      />
    </figure>
  );
}

/**
 * The lists' visits, the forms, Web Vitals and discarded counts are kept per UTC day only
 * (queries.server.ts, periodOf): for a member in another zone, which UTC days they cover.
 */
export function UtcDaysNote({ utcDays }: { utcDays: { from: string; to: string } }) {
  return (
    <p className="mb-3 text-sm" data-utc-days>
      The visits in these lists, the forms, the Web Vitals and what was not counted are kept per UTC day: they cover the UTC days from {utcDays.from} to{" "}
      {utcDays.to}, which hold your days. Leads are your days&apos; own.
    </p>
  );
}

/** The link that downloads a view of the insight screen as CSV. */
export function CsvLink({ href }: { href: string }) {
  return (
    <a href={href} className={`${deskLink} text-sm`} download>
      Download as CSV
    </a>
  );
}

function change(now: number, before: number) {
  if (!before) return now ? "new this period" : "no change";
  const c = ((now - before) / before) * 100;
  return `${c >= 0 ? "+" : ""}${c.toFixed(0)} % on the previous period (${before})`;
}

/** The period's totals against the period before. */
export function TotalsList({ current, previous }: { current: Totals; previous: Totals }) {
  const items: [string, keyof Totals][] = [
    ["Visitors", "visitors"],
    ["Page views", "views"],
    ["Leads", "leads"],
  ];
  return (
    <dl className="mb-6 grid gap-4 sm:grid-cols-4">
      {items.map(([label, k]) => (
        <div key={k} className="rounded-md border border-slate-300 p-3 dark:border-slate-600">
          <dt className="text-sm">{label}</dt>
          <dd className="text-2xl font-semibold tabular-nums" data-total={k}>
            {current[k]}
          </dd>
          <dd className="text-xs">{change(current[k], previous[k])}</dd>
        </div>
      ))}
      <div className="rounded-md border border-slate-300 p-3 dark:border-slate-600">
        <dt className="text-sm">Conversion</dt>
        <dd className="text-2xl font-semibold tabular-nums" data-total="conversion">
          {conversionText(conversion(current.leads, current.visitors))}
        </dd>
        <dd className="text-xs">leads per visit</dd>
      </div>
    </dl>
  );
}

type Row = { key: string; views: number | null; visitors: number | null; leads: number; rate: Conversion };

const count = (n: number | null) => (n === null ? "—" : n.toLocaleString("en-US"));

/**
 * A table that may be wider than a phone scrolls in its own frame, never the page: the frame
 * is focusable, so a keyboard scrolls it too.
 */
export function ScrollFrame({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region is reached by keyboard to scroll it
    <section aria-label={label} tabIndex={0} className="max-w-full overflow-x-auto rounded focus-visible:outline-2 focus-visible:outline-offset-2">
      {children}
    </section>
  );
}

/**
 * A top list ranked by leads, with its visits and conversion; `views` adds the page views
 * column. A key whose leads came with no counted visit says so; `none` names the row of
 * the leads whose first touch has no such key.
 */
export function TopTable({
  caption,
  what,
  rows,
  views,
  none,
  csv,
}: {
  caption: string;
  what: string;
  rows: Row[];
  views?: boolean;
  none: string;
  csv: string;
}) {
  return (
    <div className="min-w-0">
      <ScrollFrame label={caption}>
        <table className={deskTable}>
          <caption className="mb-1 text-left font-semibold">{caption}</caption>
          <thead>
            <tr>
              <th scope="col" className={deskTh}>
                {what}
              </th>
              <th scope="col" className={`${deskTh} text-right`}>
                Leads
              </th>
              {views ? (
                <th scope="col" className={`${deskTh} text-right`}>
                  Views
                </th>
              ) : null}
              <th scope="col" className={`${deskTh} text-right`}>
                {views ? "Landing visits" : "Visits"}
              </th>
              <th scope="col" className={`${deskTh} text-right`}>
                Conversion
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.slice(0, 20).map((r) => (
              <tr key={r.key} data-key={r.key}>
                <th scope="row" className={`${deskTd} min-w-32 break-all font-normal`}>
                  {r.key || none}
                  {r.key && r.visitors === null ? (
                    <span className="block break-normal text-xs text-slate-600 dark:text-slate-400">No recorded visit</span>
                  ) : null}
                </th>
                <td className={`${deskTd} text-right tabular-nums`}>{r.leads}</td>
                {views ? <td className={`${deskTd} text-right tabular-nums`}>{count(r.views)}</td> : null}
                <td className={`${deskTd} text-right tabular-nums`}>{count(r.visitors)}</td>
                <td className={`${deskTd} text-right tabular-nums`}>{conversionText(r.rate)}</td>
              </tr>
            ))}
            {rows.length === 0 ? <EmptyRow columns={views ? 5 : 4}>Nothing in this period.</EmptyRow> : null}
          </tbody>
        </table>
      </ScrollFrame>
      <CsvLink href={csv} />
    </div>
  );
}

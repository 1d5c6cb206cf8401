import { Form, Link } from "react-router";
import { DESK_HEADERS } from "~/features/staff/auth.server";
import { deskLink, deskPrimary, deskTable, deskTd, deskTh, ErrorList, PageTitle, SelectField } from "~/ui/desk/ui";
import { PERIODS } from "~/features/leads/overview-periods";
import type { Route } from "./+types/index";
import { loadDeskHome } from "~/features/leads/desk/overview.server";

export const meta = () => [{ title: "At a glance · Fillway desk" }];
export const headers = () => DESK_HEADERS;

export const loader = (args: Route.LoaderArgs) => loadDeskHome(args);

/** Fill classes per form kind: distinct hues, darker in light theme, lighter in dark. */
const kindColours = [
  "fill-teal-700 dark:fill-teal-300 bg-teal-700 dark:bg-teal-300",
  "fill-blue-700 dark:fill-blue-300 bg-blue-700 dark:bg-blue-300",
  "fill-orange-700 dark:fill-orange-300 bg-orange-700 dark:bg-orange-300",
  "fill-violet-700 dark:fill-violet-300 bg-violet-700 dark:bg-violet-300",
  "fill-pink-700 dark:fill-pink-300 bg-pink-700 dark:bg-pink-300",
  "fill-yellow-700 dark:fill-yellow-300 bg-yellow-700 dark:bg-yellow-300",
  "fill-slate-500 dark:fill-slate-400 bg-slate-500 dark:bg-slate-400",
];

type Day = { day: string; total: number; byKind: Record<string, number> };

function PerDayChart({ perDay, kinds }: { perDay: Day[]; kinds: { key: string; label: string }[] }) {
  const W = 900;
  const H = 220;
  const pad = { left: 36, bottom: 22, top: 8 };
  const max = Math.max(1, ...perDay.map((d) => d.total));
  const step = (W - pad.left) / perDay.length;
  const scale = (H - pad.bottom - pad.top) / max;
  const total = perDay.reduce((s, d) => s + d.total, 0);
  return (
    <figure>
      <svg viewBox={`0 0 ${W} ${H}`} className="h-auto w-full text-slate-600 dark:text-slate-300" aria-hidden="true" focusable="false">
        <line x1={pad.left} x2={W} y1={H - pad.bottom} y2={H - pad.bottom} stroke="currentColor" strokeWidth="1" />
        <text x={pad.left - 4} y={pad.top + 8} textAnchor="end" fontSize="11" fill="currentColor">
          {max}
        </text>
        <text x={pad.left - 4} y={H - pad.bottom} textAnchor="end" fontSize="11" fill="currentColor">
          0
        </text>
        {perDay.map((d, i) => {
          let y = H - pad.bottom;
          return (
            <g key={d.day}>
              {kinds.map((k, ki) => {
                const n = d.byKind[k.key] ?? 0;
                if (!n) return null;
                const h = n * scale;
                y -= h;
                return (
                  <rect
                    key={k.key}
                    x={pad.left + i * step + 0.5}
                    y={y}
                    width={Math.max(1, step - 1)}
                    height={h}
                    className={kindColours[ki % kindColours.length]}
                  />
                );
              })}
              {i % 15 === 0 ? (
                <text x={pad.left + i * step} y={H - 6} fontSize="11" fill="currentColor">
                  {d.day.slice(5)}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
      <figcaption className="mt-2 text-sm">
        {total} leads in the last 90 days (UTC days).{" "}
        <span className="inline-flex flex-wrap gap-x-3 gap-y-1 align-middle">
          {kinds.map((k, ki) => (
            <span key={k.key} className="inline-flex items-center gap-1">
              <span aria-hidden="true" className={`inline-block size-3 rounded-sm ${kindColours[ki % kindColours.length]}`} />
              {k.label}
            </span>
          ))}
        </span>
      </figcaption>
    </figure>
  );
}

function CountTable({ caption, rows }: { caption: string; rows: { label: string; n: number }[] }) {
  return (
    <table className={deskTable}>
      <caption className="mb-1 text-left font-semibold">{caption}</caption>
      <thead>
        <tr>
          <th scope="col" className={deskTh}>
            {caption.startsWith("By status") ? "Status" : "Page"}
          </th>
          <th scope="col" className={`${deskTh} text-right`}>
            Leads
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.label}>
            <th scope="row" className={`${deskTd} break-all font-normal`}>
              {r.label}
            </th>
            <td className={`${deskTd} text-right tabular-nums`}>{r.n}</td>
          </tr>
        ))}
        {rows.length === 0 ? (
          <tr>
            <td colSpan={2} className={deskTd}>
              No leads in this period.
            </td>
          </tr>
        ) : null}
      </tbody>
    </table>
  );
}

export default function DeskHome({ loaderData }: Route.ComponentProps) {
  const { errors, period, periodLabel, kinds, perDay, byStatus, byPage, fresh } = loaderData;
  return (
    <div>
      <PageTitle>At a glance</PageTitle>
      <p className="mb-6 rounded-md border border-slate-300 p-3 dark:border-slate-600" role="status">
        {fresh.since ? (
          <>
            <strong>{fresh.count}</strong> new {fresh.count === 1 ? "lead" : "leads"} since your last visit ({fresh.since}).{" "}
          </>
        ) : (
          <>Welcome to the desk. </>
        )}
        <Link to="/desk/leads" className={deskLink}>
          Open the leads inbox
        </Link>
      </p>

      <section aria-labelledby="per-day" className="mb-8">
        <h2 id="per-day" className="mb-2 text-lg font-semibold">
          Leads per day, last 90 days
        </h2>
        <PerDayChart perDay={perDay} kinds={kinds} />
        <table className="sr-only">
          <caption>Leads per day by form, last 90 days</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              {kinds.map((k) => (
                <th key={k.key} scope="col">
                  {k.label}
                </th>
              ))}
              <th scope="col">Total</th>
            </tr>
          </thead>
          <tbody>
            {perDay.map((d) => (
              <tr key={d.day}>
                <th scope="row">{d.day}</th>
                {kinds.map((k) => (
                  <td key={k.key}>{d.byKind[k.key as keyof typeof d.byKind] ?? 0}</td>
                ))}
                <td>{d.total}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>

      <section aria-labelledby="counts">
        <h2 id="counts" className="mb-2 text-lg font-semibold">
          Counts for {periodLabel.toLowerCase()}
        </h2>
        <ErrorList errors={errors} title="This period cannot be used" />
        <Form method="get" className="mb-4 flex items-end gap-2" key={period}>
          <SelectField id="g-days" name="days" label="Period" options={PERIODS} defaultValue={period} />
          <button type="submit" className={deskPrimary}>
            Show
          </button>
        </Form>
        <div className="grid gap-6 md:grid-cols-2">
          <CountTable caption={`By status, ${periodLabel.toLowerCase()}`} rows={byStatus} />
          <CountTable caption={`By page, ${periodLabel.toLowerCase()}`} rows={byPage} />
        </div>
      </section>
    </div>
  );
}

import { AxisLabel, CHART_WIDTH, ChartKey, ChartSvg, ChartTable, chartColours } from "~/ui/desk/chart";

/** Six hues: yellow is left out of this chart. */
const colours = chartColours.filter((c) => !c.startsWith("fill-yellow"));

type Data = { weeks: string[]; people: { label: string; medians: (number | null)[] }[] };

const shown = (m: number | null) => (m === null ? "–" : m < 120 ? `${m} min` : `${(m / 60).toFixed(1)} h`);

/** Median first-response time per person and week: bars (hidden from screen readers) and the same figures as a table. */
export function ResponseChart({ data }: { data: Data }) {
  const H = 200;
  const pad = { left: 44, bottom: 22, top: 8 };
  const max = Math.max(1, ...data.people.flatMap((p) => p.medians.map((m) => m ?? 0)));
  const group = (CHART_WIDTH - pad.left) / data.weeks.length;
  const bar = Math.max(2, (group - 8) / Math.max(1, data.people.length));
  const scale = (H - pad.bottom - pad.top) / max;
  return (
    <section aria-labelledby="response" className="mb-8">
      <h2 id="response" className="mb-2 text-lg font-semibold">
        First response, median per person and week
      </h2>
      <p className="mb-2 text-sm text-slate-700 dark:text-slate-300">
        The first e-mail written to the lead from the desk or the first logged call, whichever came first.
      </p>
      {data.people.length ? (
        <figure>
          <ChartSvg height={H} {...pad} max={shown(max)}>
            {data.weeks.map((w, wi) => (
              <g key={w}>
                {data.people.map((p, pi) => {
                  const m = p.medians[wi] ?? 0;
                  const h = m * scale;
                  return m ? (
                    <rect
                      key={p.label}
                      x={pad.left + wi * group + 4 + pi * bar}
                      y={H - pad.bottom - h}
                      width={bar - 1}
                      height={h}
                      className={colours[pi % colours.length]}
                    />
                  ) : null;
                })}
                <AxisLabel x={pad.left + wi * group + 4} height={H}>
                  {w.slice(5)}
                </AxisLabel>
              </g>
            ))}
          </ChartSvg>
          <figcaption className="mt-2 flex flex-wrap gap-x-3 gap-y-1 text-sm">
            <ChartKey series={data.people.map((p) => ({ key: p.label, label: p.label }))} colours={colours} />
          </figcaption>
        </figure>
      ) : (
        <p className="text-sm">No lead answered in the last {data.weeks.length} weeks.</p>
      )}
      <ChartTable
        caption="Median minutes to the first response, by owner and week (weeks from Monday, UTC)"
        columns={["Owner", ...data.weeks.map((w) => `Week of ${w}`)]}
        rows={data.people.map((p) => ({ head: p.label, cells: p.medians.map(shown) }))}
      />
    </section>
  );
}

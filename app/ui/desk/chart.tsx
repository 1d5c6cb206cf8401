import type { ReactNode } from "react";

/** The width every desk chart is drawn at; it scales to its column. */
export const CHART_WIDTH = 900;

/** Fill and swatch classes per series: distinct hues, darker in light theme, lighter in dark. */
export const chartColours = [
  "fill-teal-700 dark:fill-teal-300 bg-teal-700 dark:bg-teal-300",
  "fill-blue-700 dark:fill-blue-300 bg-blue-700 dark:bg-blue-300",
  "fill-orange-700 dark:fill-orange-300 bg-orange-700 dark:bg-orange-300",
  "fill-violet-700 dark:fill-violet-300 bg-violet-700 dark:bg-violet-300",
  "fill-pink-700 dark:fill-pink-300 bg-pink-700 dark:bg-pink-300",
  "fill-yellow-700 dark:fill-yellow-300 bg-yellow-700 dark:bg-yellow-300",
  "fill-slate-500 dark:fill-slate-400 bg-slate-500 dark:bg-slate-400",
];

/**
 * A chart's drawing, hidden from screen readers (its figures are in a ChartTable): the
 * baseline, the top value at the left and, when `zero`, a 0 at the baseline; the bars come as children.
 */
export function ChartSvg({
  height,
  left,
  bottom,
  top,
  max,
  zero = false,
  children,
}: {
  height: number;
  left: number;
  bottom: number;
  top: number;
  max: ReactNode;
  zero?: boolean;
  children: ReactNode;
}) {
  return (
    <svg viewBox={`0 0 ${CHART_WIDTH} ${height}`} className="h-auto w-full text-slate-600 dark:text-slate-300" aria-hidden="true" focusable="false">
      <line x1={left} x2={CHART_WIDTH} y1={height - bottom} y2={height - bottom} stroke="currentColor" strokeWidth="1" />
      <text x={left - 4} y={top + 8} textAnchor="end" fontSize="11" fill="currentColor">
        {max}
      </text>
      {zero ? (
        <text x={left - 4} y={height - bottom} textAnchor="end" fontSize="11" fill="currentColor">
          0
        </text>
      ) : null}
      {children}
    </svg>
  );
}

/** A label under the baseline of a ChartSvg `height` high. */
export function AxisLabel({ x, height, children }: { x: number; height: number; children: ReactNode }) {
  return (
    <text x={x} y={height - 6} fontSize="11" fill="currentColor">
      {children}
    </text>
  );
}

/** A chart with one column per day from `left`: where day `i` starts, and its bar's left edge and width (a pixel apart). */
export function dayColumns(left: number, days: number) {
  const step = (CHART_WIDTH - left) / Math.max(1, days);
  return { step, x: (i: number) => left + i * step, barX: (i: number) => left + i * step + 0.5, barWidth: Math.max(1, step - 1) };
}

/** Day `i`'s date (MM-DD) under the baseline, on every `every`th day only. */
export function DayLabel({ i, every, x, height, day }: { i: number; every: number; x: number; height: number; day: string }) {
  return i % every === 0 ? (
    <AxisLabel x={x} height={height}>
      {day.slice(5)}
    </AxisLabel>
  ) : null;
}

/** The key of a chart's series: a swatch of each one's colour and its label. */
export function ChartKey({ series, colours = chartColours }: { series: { key: string; label: string }[]; colours?: string[] }) {
  return series.map((s, i) => (
    <span key={s.key} className="inline-flex items-center gap-1">
      <span aria-hidden="true" className={`inline-block size-3 rounded-sm ${colours[i % colours.length]}`} />
      {s.label}
    </span>
  ));
}

/**
 * A chart's figures as a table for screen readers. In a box: a table keeps its rows' height
 * whatever height it is given, so a bare sr-only table would leave blank page below.
 */
export function ChartTable({ caption, columns, rows }: { caption: string; columns: string[]; rows: { head: string; cells: ReactNode[] }[] }) {
  return (
    <div className="sr-only">
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c} scope="col">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.head}>
              <th scope="row">{r.head}</th>
              {r.cells.map((c, i) => (
                <td key={columns[i + 1]}>{c}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

import type { Truck } from "~/copy/pages/gui-fleet";
import { CheckList } from "./check-list";
import { IllustratedPanel } from "./illustrated-panel";

/** One truck size: illustration, key facts and what it is best for. */
export function TruckPanel({ truck }: { truck: Truck }) {
  return (
    <IllustratedPanel image={truck.image} title={truck.name} body={truck.summary}>
      <dl className="mt-6 grid grid-cols-1 gap-3 xs:grid-cols-3">
        {truck.specs.map((s) => (
          <div key={s.term} className="rounded-xl bg-brand-50 px-4 py-3 dark:bg-brand-950">
            <dt className="text-xs font-bold uppercase tracking-wider text-brand-800 dark:text-brand-200">{s.term}</dt>
            <dd className="mt-1 font-bold text-slate-900 dark:text-white">{s.value}</dd>
          </div>
        ))}
      </dl>
      <h4 className="mt-6 font-bold">Best for</h4>
      <CheckList items={truck.bestFor} className="mt-3 text-slate-700 dark:text-slate-300" />
    </IllustratedPanel>
  );
}

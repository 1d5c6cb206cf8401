import type { ChargeTab } from "~/content/pages/chargeitup";
import { CheckList } from "./check-list";

/** One slide of the EV charging offer. */
export function ChargeTabPanel({ tab }: { tab: ChargeTab }) {
  return (
    <div className="grid items-center gap-8 rounded-3xl border border-slate-200 bg-white p-6 text-left shadow-sm sm:p-8 lg:grid-cols-2 dark:border-slate-800 dark:bg-slate-900">
      <img
        src={tab.image.src}
        alt={tab.image.alt}
        width={tab.image.width}
        height={tab.image.height}
        loading="lazy"
        decoding="async"
        className="h-auto w-full rounded-2xl"
      />
      <div>
        <h3 className="text-2xl font-extrabold">{tab.title}</h3>
        <p className="mt-3 text-slate-600 dark:text-slate-300">{tab.body}</p>
        <CheckList items={tab.points} className="mt-5 text-slate-700 dark:text-slate-300" />
      </div>
    </div>
  );
}

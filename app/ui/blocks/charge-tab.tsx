import type { ChargeTab } from "~/copy/pages/chargeitup";
import { CheckList } from "./check-list";
import { IllustratedPanel } from "./illustrated-panel";

/** One slide of the EV charging offer. */
export function ChargeTabPanel({ tab }: { tab: ChargeTab }) {
  return (
    <IllustratedPanel image={tab.image} title={tab.title} body={tab.body}>
      <CheckList items={tab.points} className="mt-5 text-slate-700 dark:text-slate-300" />
    </IllustratedPanel>
  );
}

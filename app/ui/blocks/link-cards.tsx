import type { LinkCard } from "~/copy/pages/types";
import { FeatureGrid } from "~/ui/widgets/feature-grid";

/** Cards that each lead to another page (fuel types, offerings). */
export function LinkCards({ items }: { items: LinkCard[] }) {
  return <FeatureGrid columns={items.length >= 3 ? 3 : 2} items={items.map(({ to, linkLabel, ...card }) => ({ ...card, link: { to, label: linkLabel } }))} />;
}

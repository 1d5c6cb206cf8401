import { PageHero } from "~/components/layout/page-hero";
import { pageMeta } from "~/lib/seo";

export const meta = () => pageMeta("/autonomous-fleet-equipment");

export default function Page() {
  return <PageHero path="/autonomous-fleet-equipment" />;
}

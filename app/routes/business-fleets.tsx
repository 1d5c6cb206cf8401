import { PageHero } from "~/components/layout/page-hero";
import { pageMeta } from "~/lib/seo";

export const meta = () => pageMeta("/business-fleets-trucking-and-construction-companies");

export default function Page() {
  return <PageHero path="/business-fleets-trucking-and-construction-companies" />;
}

import { PageHero } from "~/components/layout/page-hero";
import { pageMeta } from "~/lib/seo";

export const meta = () => pageMeta("/fuel-management-software");

export default function Page() {
  return <PageHero path="/fuel-management-software" />;
}

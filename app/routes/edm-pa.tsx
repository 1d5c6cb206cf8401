import { PageHero } from "~/components/layout/page-hero";
import { pageMeta } from "~/lib/seo";

export const meta = () => pageMeta("/edm-pa");

export default function Page() {
  return <PageHero path="/edm-pa" />;
}

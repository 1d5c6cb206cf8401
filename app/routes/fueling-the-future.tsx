import { PageHero } from "~/components/layout/page-hero";
import { pageMeta } from "~/lib/seo";

export const meta = () => pageMeta("/fueling-the-future");

export default function Page() {
  return <PageHero path="/fueling-the-future" />;
}

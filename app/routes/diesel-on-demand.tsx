import { PageHero } from "~/components/layout/page-hero";
import { pageMeta } from "~/lib/seo";

export const meta = () => pageMeta("/diesel-on-demand");

export default function Page() {
  return <PageHero path="/diesel-on-demand" />;
}

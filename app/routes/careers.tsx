import { PageHero } from "~/components/layout/page-hero";
import { pageMeta } from "~/lib/seo";

export const meta = () => pageMeta("/careers");

export default function Page() {
  return <PageHero path="/careers" />;
}

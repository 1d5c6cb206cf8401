import { PageHero } from "~/components/layout/page-hero";
import { pageMeta } from "~/lib/seo";

export const meta = () => pageMeta("/environmental-impact");

export default function Page() {
  return <PageHero path="/environmental-impact" />;
}

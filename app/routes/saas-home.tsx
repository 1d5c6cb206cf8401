import { PageHero } from "~/components/layout/page-hero";
import { pageMeta } from "~/lib/seo";

export const meta = () => pageMeta("/saas/home");

export default function Page() {
  return <PageHero path="/saas/home" />;
}

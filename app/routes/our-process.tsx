import { PageHero } from "~/components/layout/page-hero";
import { pageMeta } from "~/lib/seo";

export const meta = () => pageMeta("/our-process");

export default function Page() {
  return <PageHero path="/our-process" />;
}

import { PageHero } from "~/components/layout/page-hero";
import { pageMeta } from "~/lib/seo";

export const meta = () => pageMeta("/corporate-and-college-campuses-stadiums-and-arenas");

export default function Page() {
  return <PageHero path="/corporate-and-college-campuses-stadiums-and-arenas" />;
}

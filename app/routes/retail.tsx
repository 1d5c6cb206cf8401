import { PageHero } from "~/components/layout/page-hero";
import { pageMeta } from "~/lib/seo";

export const meta = () => pageMeta("/retail-and-rurface-parking-lots");

export default function Page() {
  return <PageHero path="/retail-and-rurface-parking-lots" />;
}

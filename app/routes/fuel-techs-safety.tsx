import { PageHero } from "~/components/layout/page-hero";
import { pageMeta } from "~/lib/seo";

export const meta = () => pageMeta("/our-fuel-techs-and-sefaty");

export default function Page() {
  return <PageHero path="/our-fuel-techs-and-sefaty" />;
}

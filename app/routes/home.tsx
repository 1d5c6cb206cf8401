import { PageHero } from "~/components/layout/page-hero";
import { pageMeta } from "~/lib/seo";

export const meta = () => pageMeta("/");

export default function Page() {
  return <PageHero path="/" />;
}

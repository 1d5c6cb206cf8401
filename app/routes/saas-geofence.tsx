import { PageHero } from "~/components/layout/page-hero";
import { pageMeta } from "~/lib/seo";

export const meta = () => pageMeta("/saas/geofence");

export default function Page() {
  return <PageHero path="/saas/geofence" />;
}

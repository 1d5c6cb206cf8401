import { SaasProductPage } from "~/components/pages/saas-page";
import { saasProduct } from "~/content/pages/saas";
import { pageMeta } from "~/lib/seo";

const product = saasProduct("geofence");

export const meta = () => pageMeta("/saas/geofence");

export default function Page() {
  return <SaasProductPage product={product} />;
}

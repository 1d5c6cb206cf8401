import { SaasProductPage } from "~/components/pages/saas-page";
import { saasProduct } from "~/content/pages/saas";
import { pageMeta } from "~/lib/seo";

const product = saasProduct("geofence");

export const meta = () => pageMeta("/saas/geofence");
export { formAction as action } from "~/server/form-action.server";

export default function Page() {
  return <SaasProductPage product={product} />;
}

import { SaasProductPage } from "~/ui/pages/saas-page";
import { saasProduct } from "~/copy/pages/saas";
import { pageMeta } from "~/shared/seo";

const product = saasProduct("geofence");

export const meta = () => pageMeta("/saas/geofence");
export { formAction as action } from "~/features/leads/form-action.server";

export default function Page() {
  return <SaasProductPage product={product} />;
}

import { SaasProductPage } from "~/site/saas-page";
import { saasProduct } from "~/copy/pages/saas";
import { pageMeta } from "~/shared/seo";
import { page } from "~/copy/page-info/saas-geofence";

const product = saasProduct("geofence");

export const meta = () => pageMeta(page);
export { formAction as action } from "~/features/leads/form-action.server";

export default function Page() {
  return <SaasProductPage product={product} page={page} />;
}

import { SaasProductPage } from "~/ui/pages/saas-page";
import { saasProduct } from "~/copy/pages/saas";
import { pageMeta } from "~/shared/seo";

const product = saasProduct("fleet-management");

export const meta = () => pageMeta("/saas/fleetmanagement");
export { formAction as action } from "~/features/leads/form-action.server";

export default function Page() {
  return <SaasProductPage product={product} />;
}

import { SaasProductPage } from "~/components/pages/saas-page";
import { saasProduct } from "~/content/pages/saas";
import { pageMeta } from "~/lib/seo";

const product = saasProduct("fuel-management");

export const meta = () => pageMeta("/saas/fuelmanagement");
export { formAction as action } from "~/server/form-action.server";

export default function Page() {
  return <SaasProductPage product={product} />;
}

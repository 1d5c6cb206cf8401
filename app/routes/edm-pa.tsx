import { AutomatedFleetPage } from "~/site/automated-fleet-page";
import { pageMeta } from "~/shared/seo";
import { page } from "~/copy/page-info/edm-pa";

export const meta = () => pageMeta(page);
export { formAction as action } from "~/features/leads/form-action.server";

export default function Page() {
  return <AutomatedFleetPage variant={2} page={page} />;
}

import { AutomatedFleetPage } from "~/site/automated-fleet-page";
import { pageMeta } from "~/shared/seo";
import { page } from "~/copy/page-info/automated-fleet";

export const meta = () => pageMeta(page);
export { formAction as action } from "~/features/leads/form-action.server";

export default function Page() {
  return <AutomatedFleetPage variant={1} page={page} />;
}

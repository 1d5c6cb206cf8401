import { AutomatedFleetPage } from "~/ui/pages/automated-fleet-page";
import { pageMeta } from "~/shared/seo";

export const meta = () => pageMeta("/edm-pa");
export { formAction as action } from "~/features/leads/form-action.server";

export default function Page() {
  return <AutomatedFleetPage variant={2} path="/edm-pa" />;
}

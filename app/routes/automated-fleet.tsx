import { AutomatedFleetPage } from "~/ui/pages/automated-fleet-page";
import { pageMeta } from "~/shared/seo";

export const meta = () => pageMeta("/automated-fleet");
export { formAction as action } from "~/features/leads/form-action.server";

export default function Page() {
  return <AutomatedFleetPage variant={1} path="/automated-fleet" />;
}

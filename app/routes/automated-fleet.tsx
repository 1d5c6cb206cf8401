import { AutomatedFleetPage } from "~/components/pages/automated-fleet-page";
import { pageMeta } from "~/lib/seo";

export const meta = () => pageMeta("/automated-fleet");
export { formAction as action } from "~/server/form-action.server";

export default function Page() {
  return <AutomatedFleetPage variant={1} path="/automated-fleet" />;
}

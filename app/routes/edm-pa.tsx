import { AutomatedFleetPage } from "~/components/pages/automated-fleet-page";
import { pageMeta } from "~/lib/seo";

export const meta = () => pageMeta("/edm-pa");
export { formAction as action } from "~/server/form-action.server";

export default function Page() {
  return <AutomatedFleetPage variant={2} path="/edm-pa" />;
}

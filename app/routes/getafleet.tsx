import { QuoteForms } from "~/components/forms/quote-forms";
import { PageHero } from "~/components/layout/page-hero";
import { pageMeta } from "~/lib/seo";

export const meta = () => pageMeta("/getafleet");
export { formAction as action } from "~/server/form-action.server";

export default function Page() {
  return (
    <>
      <PageHero path="/getafleet" />
      <QuoteForms />
    </>
  );
}

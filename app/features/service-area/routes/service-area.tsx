import { WaitlistForm } from "~/features/service-area/components/waitlist-form";
import { ZipCheck, type ZipCheckResult } from "~/features/service-area/components/zip-check";
import { isRegisteredType } from "~/features/leads/forms/registry";
import { seo } from "~/shared/seo";
import { answerSentence, ZIP_UNKNOWN_MESSAGE, zipProblem } from "~/features/service-area/service-area";
import { serviceForZip } from "~/features/service-area/service-area.server";
import { zipIndex } from "~/features/service-area/zip-data.server";
import type { Route } from "./+types/service-area";

export { formAction as action } from "~/features/leads/form-action.server";

/**
 * The answer of the ZIP check without JavaScript: the check is a GET form to this page,
 * which answers on the server with the same code as the API, and offers the waitlist
 * form (a plain POST to this page) outside our active markets.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const zip = (url.searchParams.get("zip") ?? "").trim().slice(0, 10);
  const typeParam = Number(url.searchParams.get("type"));
  const type = isRegisteredType(typeParam) ? typeParam : 1;
  if (!url.searchParams.has("zip")) return { zip, type, result: undefined };
  const problem = zipProblem(zip);
  let result: ZipCheckResult;
  if (problem) result = { error: problem };
  else {
    const answer = serviceForZip(await zipIndex(), zip);
    result = answer ? { zip, status: answer.status, market: answer.market, sentence: answerSentence(answer) } : { error: ZIP_UNKNOWN_MESSAGE };
  }
  return { zip, type, result };
}

export const meta: Route.MetaFunction = ({ location }) => [
  ...seo({ title: "Do we deliver to you?", description: "Check by ZIP code whether Fillway delivers fuel where you are.", path: location.pathname }),
  { name: "robots", content: "noindex" },
];

export default function ServiceAreaPage({ loaderData }: Route.ComponentProps) {
  const { zip, type, result } = loaderData;
  return (
    <section aria-labelledby="service-area-title" className="mx-auto max-w-3xl px-4 py-14 sm:px-6 sm:py-20">
      <h1 id="service-area-title" className="text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl dark:text-white">
        Do we deliver to you?
      </h1>
      <p className="mt-4 text-lg text-slate-700 dark:text-slate-300">
        Fillway delivers in the cities marked active on{" "}
        <a
          href="/#locations"
          className="font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800 dark:text-brand-300 dark:hover:text-brand-200"
        >
          our map
        </a>
        , and we are on our way to more. Check your ZIP code.
      </p>
      <ZipCheck key={zip} type={type} initial={result} initialZip={zip} Waitlist={WaitlistForm} titleId="service-area-title" className="mt-8" />
    </section>
  );
}

import { data } from "react-router";
import { NewsletterLinkPage } from "~/features/newsletter/components/link-page";
import { NEWSLETTER_PAGE_HEADERS, newsletterLinkPage } from "~/features/newsletter/pages.server";
import { servicesOf } from "~/platform/http/request-context.server";
import type { Route } from "./+types/newsletter-link";

/**
 * /newsletter/confirm and /newsletter/unsubscribe, the links in newsletter e-mails: one
 * route for both (each route costs every page a line of the route manifest). Rendered
 * per request, never pre-rendered, cached, indexed or listed in the sitemap.
 */
export const headers = () => NEWSLETTER_PAGE_HEADERS;

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data?.view.title ?? "Newsletter"} | Fillway` },
  { name: "robots", content: "noindex, nofollow" },
];

async function answer({ request, context, params }: Route.LoaderArgs | Route.ActionArgs) {
  const page = await newsletterLinkPage(servicesOf(context), request, params.step);
  if (!page) throw data(null, { status: 404 });
  return data({ view: page.view }, { status: page.status, headers: NEWSLETTER_PAGE_HEADERS });
}

export const loader = (args: Route.LoaderArgs) => answer(args);
export const action = (args: Route.ActionArgs) => answer(args);

export default function NewsletterLink({ loaderData, actionData }: Route.ComponentProps) {
  return <NewsletterLinkPage view={(actionData ?? loaderData).view} />;
}

import { data } from "react-router";
import { NewsletterLinkPage } from "~/components/newsletter/link-page";
import { NEWSLETTER_PAGE_HEADERS, unsubscribePage } from "~/server/newsletter/pages.server";
import type { Route } from "./+types/newsletter-unsubscribe";

/** Rendered per request, never pre-rendered, cached, indexed or listed in the sitemap. */
export const headers = () => NEWSLETTER_PAGE_HEADERS;

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data?.view.title ?? "Unsubscribe"} | Fillway` },
  { name: "robots", content: "noindex, nofollow" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const answer = await unsubscribePage(context, request);
  return data({ view: answer.view }, { status: answer.status, headers: NEWSLETTER_PAGE_HEADERS });
}

export async function action({ request, context }: Route.ActionArgs) {
  const answer = await unsubscribePage(context, request);
  return data({ view: answer.view }, { status: answer.status, headers: NEWSLETTER_PAGE_HEADERS });
}

export default function NewsletterUnsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  return <NewsletterLinkPage view={(actionData ?? loaderData).view} />;
}

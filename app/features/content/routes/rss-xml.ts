import { rssXml } from "~/features/content/feeds.server";
import { servicesOf } from "~/platform/http/request-context.server";
import type { Route } from "./+types/rss-xml";

export async function loader({ context }: Route.LoaderArgs) {
  const services = servicesOf(context);
  return new Response(await rssXml(services), {
    headers: { "Content-Type": "application/rss+xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}

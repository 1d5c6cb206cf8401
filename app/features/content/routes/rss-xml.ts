import { rssXml } from "~/features/content/feeds.server";
import type { Route } from "./+types/rss-xml";

export async function loader({ context }: Route.LoaderArgs) {
  if (!context.services) throw new Response("Not available while pre-rendering", { status: 503 });
  return new Response(await rssXml(context.services), {
    headers: { "Content-Type": "application/rss+xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}

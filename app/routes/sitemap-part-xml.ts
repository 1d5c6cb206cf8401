import { sitemapPartXml } from "~/features/content/feeds.server";
import { servicesOf } from "~/platform/http/request-context.server";
import type { Route } from "./+types/sitemap-part-xml";

/** /sitemap/N.xml: a part of the sitemap once it is split (over 50,000 URLs). */
export async function loader({ context, params }: Route.LoaderArgs) {
  const services = servicesOf(context);
  const m = /^([1-9]\d{0,5})\.xml$/.exec(params.part ?? "");
  const body = m ? await sitemapPartXml(services, Number(m[1])) : null;
  if (body === null) throw new Response("There is no such part of the sitemap.", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  return new Response(body, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}

import { useEffect } from "react";
import { useFetcher } from "react-router";
import { timeInZone } from "~/shared/zoned-time";
import { useDeskTimeZone } from "~/ui/desk/time";

type Visit = { landing: string; source: string; campaign: string | null; medium: string | null; device: string; pages: { path: string; at: string }[] } | null;

/** On a lead's page: the visit that brought the lead (landing page, source, pages seen before the form), from the insight events. */
export function LeadVisit({ leadId }: { leadId: number | string }) {
  const fetcher = useFetcher<{ visit: Visit }>();
  const zone = useDeskTimeZone();
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per lead
  useEffect(() => {
    fetcher.load(`/desk/insights/visit/${leadId}`);
  }, [leadId]);
  const visit = fetcher.data?.visit;
  return (
    <section aria-labelledby="lead-visit" className="mt-6">
      <h2 id="lead-visit" className="mb-2 text-lg font-semibold">
        The visit
      </h2>
      {fetcher.data === undefined ? (
        <p className="text-sm">Loading…</p>
      ) : !visit ? (
        <p className="text-sm">Not known: the visitor's browser sent no page views, or they are older than the raw events are kept.</p>
      ) : (
        <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="font-semibold">Landing page</dt>
          <dd className="break-all">{visit.landing}</dd>
          <dt className="font-semibold">Source</dt>
          <dd>
            {visit.source}
            {visit.medium ? ` / ${visit.medium}` : ""}
            {visit.campaign ? `, campaign ${visit.campaign}` : ""}
          </dd>
          <dt className="font-semibold">Device</dt>
          <dd>{visit.device}</dd>
          <dt className="font-semibold">Pages before the form</dt>
          <dd>
            <ol className="list-decimal pl-5">
              {visit.pages.map((p, i) => (
                <li key={`${i} ${p.path}`} className="break-all">
                  {p.path}{" "}
                  <span className="text-xs">
                    (<time dateTime={p.at}>{timeInZone(p.at, zone)}</time>)
                  </span>
                </li>
              ))}
            </ol>
          </dd>
        </dl>
      )}
    </section>
  );
}

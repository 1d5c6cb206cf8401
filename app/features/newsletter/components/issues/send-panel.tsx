import { useEffect } from "react";
import { Form, Link, useRevalidator } from "react-router";
import { useDeskTimeZone } from "~/ui/desk/time";
import { deskDanger, deskInput, deskPrimary, deskSecondary, Field } from "~/ui/desk/ui";

const n = (v: number) => v.toLocaleString("en-US");

/** Send a test to yourself; send to every confirmed subscriber now or at a time, after a confirmation naming how many. */
export function SendPanel({
  id,
  state,
  sendAt,
  recipients,
  ask,
  subject,
  testOnly = false,
}: {
  id: number;
  state: string;
  sendAt: string | null;
  recipients: number;
  ask: { n: number; when: string; at: string; zone: string } | null;
  subject: string;
  /** Started or sent: a test can still be sent, nothing else. */
  testOnly?: boolean;
}) {
  // "Send at" is typed in the zone the desk shows times in, and sent with it.
  const zone = useDeskTimeZone();
  return (
    <section aria-labelledby="send-title" className="space-y-4 rounded-md border border-slate-300 p-4 dark:border-slate-600">
      <h2 id="send-title" className="text-lg font-semibold">
        Send
      </h2>
      <Form method="post">
        <button type="submit" name="intent" value="test" className={deskSecondary}>
          Send a test to me
        </button>
      </Form>
      {testOnly ? null : state === "scheduled" ? (
        <Form method="post" className="flex flex-wrap items-center gap-2">
          <p className="text-sm">Scheduled for {sendAt}.</p>
          <button type="submit" name="intent" value="unschedule" className={deskSecondary}>
            Unschedule
          </button>
        </Form>
      ) : null}
      {testOnly ? null : ask ? (
        <Form method="post" className="space-y-2 rounded-md border border-red-700 p-3 dark:border-red-400" aria-label="Confirm sending">
          <p role="alert" className="text-sm font-semibold">
            Send “{subject}” to {n(ask.n)} confirmed {ask.n === 1 ? "subscriber" : "subscribers"} {ask.when === "now" ? "now" : `at ${ask.when}`}? It cannot be
            recalled once it starts.
          </p>
          <input type="hidden" name="confirm" value={ask.n} />
          <input type="hidden" name="sendAt" value={ask.at} />
          <input type="hidden" name="zone" value={ask.zone} />
          <div className="flex flex-wrap gap-2">
            <button type="submit" name="intent" value="send" className={deskDanger}>
              Yes, send to {n(ask.n)} {ask.n === 1 ? "subscriber" : "subscribers"}
            </button>
            <Link to={`/desk/newsletters/${id}`} className={deskSecondary}>
              Cancel
            </Link>
          </div>
        </Form>
      ) : (
        <Form method="post" className="flex flex-wrap items-end gap-2">
          <div className="w-60">
            <Field id="send-at" label={`Send at (${zone}; empty for now)`}>
              <input id="send-at" name="sendAt" type="datetime-local" className={deskInput} />
            </Field>
            <input type="hidden" name="zone" value={zone} />
          </div>
          <button type="submit" name="intent" value="ask" className={deskPrimary}>
            Send to {n(recipients)} {recipients === 1 ? "subscriber" : "subscribers"}…
          </button>
        </Form>
      )}
    </section>
  );
}

/** How the sending goes, read again every few seconds while messages wait. */
export function IssueCounts({ counts, sending }: { counts: { queued: number; sent: number; failed: number; unsubscribed: number }; sending: boolean }) {
  const revalidator = useRevalidator();
  const busy = sending || counts.queued > 0;
  useEffect(() => {
    if (!busy) return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle" && document.visibilityState === "visible") void revalidator.revalidate();
    }, 3000);
    return () => clearInterval(timer);
  }, [busy, revalidator]);
  const items: [string, number][] = [
    ["Queued", counts.queued],
    ["Sent", counts.sent],
    ["Failed", counts.failed],
    ["Unsubscribed since", counts.unsubscribed],
  ];
  return (
    <section aria-labelledby="counts-title" className="mb-4">
      <h2 id="counts-title" className="text-lg font-semibold">
        Delivery
      </h2>
      <dl className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-4" aria-live="polite">
        {items.map(([label, value]) => (
          <div key={label} className="rounded-md border border-slate-300 p-2 dark:border-slate-600">
            <dt className="text-xs font-semibold">{label}</dt>
            <dd className="text-xl font-bold" data-testid={`count-${label.toLowerCase().replace(/\s+/g, "-")}`}>
              {n(value)}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

import { CircleCheck } from "lucide-react";
import { useEffect, useRef } from "react";
import { brand } from "~/copy/brand";
import { REPLY_PROMISE, type SentItem, WAITLIST_NEXT } from "~/shared/forms/success";

/** The note's heading and first words for a form of this kind: what happens next. */
function nextStep(kind: string): { heading: string; body: string } {
  if (kind === "newsletter")
    return {
      heading: "Check your inbox to confirm",
      body: `Your address waits for confirmation: press the link in the e-mail we just sent you. Then ${brand.name} news reaches your inbox about once a month; every e-mail has a one-click unsubscribe link.`,
    };
  if (kind === "waitlist") return { heading: "You are on the waitlist", body: WAITLIST_NEXT };
  return { heading: "Request received", body: `We have your request. ${REPLY_PROMISE}` };
}

/**
 * What stays in the form's place once the thank-you dialog has closed (docs/deviations.md: the
 * dialog alone left a visitor who looked away with an empty form): what happened, in the
 * form's words, a short summary of what was sent, the reference to quote, and a way to
 * send another. A newsletter address waits for its confirmation link (decision record
 * 008), a waitlist entry for Fillway to arrive, and the note says so. Focus moves here.
 */
export function AcceptedNote({
  kind,
  reference,
  summary,
  formId,
  onAnother,
}: {
  kind: string;
  reference: string | null;
  summary: SentItem[];
  formId: string;
  onAnother: () => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const newsletter = kind === "newsletter";
  const next = nextStep(kind);
  return (
    <div
      data-testid="accepted-note"
      className="rounded-2xl border border-brand-600 bg-brand-50 p-5 text-brand-950 sm:p-6 dark:border-brand-400 dark:bg-brand-950 dark:text-brand-50"
    >
      <div className="flex items-start gap-3">
        <CircleCheck aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-brand-700 dark:text-brand-300" />
        <div className="min-w-0">
          <strong ref={heading} tabIndex={-1} className="block text-lg font-extrabold outline-none focus-visible:outline-2">
            {next.heading}
          </strong>
          <span className="mt-1 block">{next.body}</span>
          {summary.length > 0 && (
            <div className="mt-3">
              <p className="font-semibold">{newsletter ? "Address sent" : "What you sent"}</p>
              <dl data-testid="sent-summary" className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-sm">
                {summary.map((item) => (
                  <div key={item.label} className="contents">
                    <dt className="font-medium">{item.label}</dt>
                    <dd className="min-w-0 break-words">{item.value}</dd>
                  </div>
                ))}
              </dl>
            </div>
          )}
          {!newsletter && reference && (
            <span className="mt-2 block">
              Your reference: <strong className="font-mono tracking-wider">{reference}</strong> (quote it if you call us at{" "}
              <a className="link" href={brand.phoneHref}>
                {brand.phone}
              </a>
              ).
            </span>
          )}
        </div>
      </div>
      <button
        type="button"
        onClick={() => {
          onAnother();
          // The empty form is back: focus goes to its first field.
          requestAnimationFrame(() =>
            document.getElementById(formId)?.querySelector<HTMLElement>("input:not([type=hidden]):not([tabindex='-1']), select, textarea")?.focus(),
          );
        }}
        className="btn-secondary mt-4"
      >
        {newsletter ? "Subscribe another address" : "Send another request"}
      </button>
    </div>
  );
}

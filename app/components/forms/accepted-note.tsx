import { CircleCheck } from "lucide-react";
import { useEffect, useRef } from "react";
import { brand } from "~/content/brand";

/** When the team answers a lead (the promise of the contact forms' aside). */
export const REPLY_PROMISE = "Our team replies within one business day, by phone or e-mail.";

/**
 * What stays in the form's place once the thank-you dialog has closed (decisions.md: the
 * dialog alone left a visitor who looked away with an empty form): what happened, in the
 * form's words, the reference to quote, and a way to send another. Focus moves here.
 */
export function AcceptedNote({ kind, reference, formId, onAnother }: { kind: string; reference: string | null; formId: string; onAnother: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const newsletter = kind === "newsletter";
  return (
    <div
      data-testid="accepted-note"
      className="rounded-2xl border border-brand-600 bg-brand-50 p-5 text-brand-950 sm:p-6 dark:border-brand-400 dark:bg-brand-950 dark:text-brand-50"
    >
      <p className="flex items-start gap-3">
        <CircleCheck aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-brand-700 dark:text-brand-300" />
        <span>
          <strong ref={heading} tabIndex={-1} className="block text-lg font-extrabold outline-none focus-visible:outline-2">
            {newsletter ? "You're subscribed" : "Request received"}
          </strong>
          <span className="mt-1 block">
            {newsletter
              ? "One more step: press the link in the e-mail we just sent you to confirm. Then Fillway news reaches your inbox about once a month; every e-mail has a one-click unsubscribe link."
              : `We have your request. ${REPLY_PROMISE}`}
          </span>
          {!newsletter && reference && (
            <span className="mt-2 block">
              Your reference: <strong className="font-mono tracking-wider">{reference}</strong> (quote it if you call us at{" "}
              <a className="link" href={brand.phoneHref}>
                {brand.phone}
              </a>
              ).
            </span>
          )}
        </span>
      </p>
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

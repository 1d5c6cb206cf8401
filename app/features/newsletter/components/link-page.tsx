import type { LinkPageView } from "~/features/newsletter/link-page-view";
import type { ReactNode } from "react";
import { brand } from "~/copy/brand";

/**
 * The page behind a link in a newsletter e-mail (confirm, unsubscribe). Opening the link
 * changes nothing, so a mail scanner that follows it subscribes or unsubscribes nobody;
 * the button does, by a POST to the same address.
 */
export function NewsletterLinkPage({ view, children }: { view: LinkPageView; children?: ReactNode }) {
  return (
    <section aria-labelledby="newsletter-link-title" className="mx-auto max-w-2xl px-4 py-14 sm:px-6 sm:py-20">
      <h1 id="newsletter-link-title" className="text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl dark:text-white">
        {view.title}
      </h1>
      <p className="mt-4 text-lg text-slate-700 dark:text-slate-300">{view.text}</p>
      {view.button ? (
        <form method="post" className="mt-8">
          <button type="submit" className="btn-primary">
            {view.button}
          </button>
        </form>
      ) : null}
      {view.next ? (
        <p className="mt-8 text-slate-700 dark:text-slate-300">
          <a href={view.next.href} className="font-semibold text-brand-700 underline underline-offset-4 dark:text-brand-300">
            {view.next.label}
          </a>
        </p>
      ) : null}
      {children}
      <p className="mt-10 text-sm text-slate-600 dark:text-slate-400">
        Questions about the newsletter? Write to{" "}
        <a href={`mailto:${brand.email}`} className="underline underline-offset-4">
          {brand.email}
        </a>
        .
      </p>
    </section>
  );
}

/** An e-mail of a lead's conversation, as its timeline shows it (timeline.server.ts's MailEntry). */
export interface MailShown {
  direction: "out" | "in";
  from: string;
  to: string;
  subject: string;
  body: string;
  state: "queued" | "sending" | "sent" | "failed" | "received";
  stateText: string;
}

const stateColours: Record<MailShown["state"], string> = {
  queued: "bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-100",
  sending: "bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-100",
  sent: "bg-brand-100 text-brand-900 dark:bg-brand-900 dark:text-brand-100",
  failed: "bg-red-100 text-red-900 dark:bg-red-900 dark:text-red-100",
  received: "bg-sky-100 text-sky-900 dark:bg-sky-900 dark:text-sky-100",
};

/** Its delivery state and its text, folded away under its subject. */
export function MailInTimeline({ mail }: { mail: MailShown }) {
  return (
    <div className="mt-1 space-y-1">
      <p>
        <span className={`inline-block rounded px-1.5 py-0.5 text-xs font-semibold break-words ${stateColours[mail.state]}`} data-testid="mail-state">
          {mail.stateText}
        </span>
      </p>
      <details>
        <summary className="cursor-pointer text-sm">The e-mail</summary>
        <p className="mt-1 text-xs text-slate-600 dark:text-slate-400 break-all">
          From {mail.from} to {mail.to}
        </p>
        <p className="mt-1 whitespace-pre-wrap break-words">{mail.body}</p>
      </details>
    </div>
  );
}

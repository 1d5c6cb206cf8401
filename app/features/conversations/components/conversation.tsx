import { When } from "~/ui/desk/time";
import type { ThreadMessage } from "../thread.server";

const kb = (bytes: number) => `${Math.max(1, Math.round(bytes / 1024))} KB`;

const stateColours: Record<ThreadMessage["state"], string> = {
  queued: "bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-100",
  sending: "bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-100",
  sent: "bg-brand-100 text-brand-900 dark:bg-brand-900 dark:text-brand-100",
  failed: "bg-red-100 text-red-900 dark:bg-red-900 dark:text-red-100",
  received: "bg-sky-100 text-sky-900 dark:bg-sky-900 dark:text-sky-100",
};

/**
 * A lead's (or a contact's) e-mail conversation, oldest first (thread.server.ts): each
 * message's direction, who wrote it and when; a sent one's delivery state; a received
 * one's new text with the quoted history folded under it, and its attachments by name and
 * size (they are not kept). `leadNames` names each message's lead on a contact's page.
 */
export function Conversation({ messages, leadNames }: { messages: ThreadMessage[]; leadNames?: Record<number, string> }) {
  return (
    <section aria-labelledby="conversation" className="mt-8 max-w-2xl">
      <h2 id="conversation" className="mb-2 text-lg font-semibold">
        E-mail conversation
      </h2>
      {messages.length === 0 ? <p className="text-sm">No e-mail yet.</p> : null}
      <ol className="space-y-3">
        {messages.map((m) => (
          <li key={m.id} className="rounded border border-slate-200 p-3 text-sm dark:border-slate-700" data-direction={m.direction}>
            <p className="text-xs text-slate-600 dark:text-slate-400">
              <When iso={m.at} />
              {/* A received e-mail's sender is in its heading line. */}
              {m.direction === "out" && m.author ? ` · by ${m.author}` : ""}
              {leadNames?.[m.leadId] ? ` · about ${leadNames[m.leadId]}` : ""}
            </p>
            <p className="font-medium break-words">
              {m.direction === "out" ? `E-mail to ${m.to}: ${m.subject}` : `E-mail from ${m.from || "the person"}: ${m.subject || "(no subject)"}`}
            </p>
            {m.direction === "out" ? (
              <p className="mt-1">
                <span className={`inline-block rounded px-1.5 py-0.5 text-xs font-semibold break-words ${stateColours[m.state]}`} data-testid="mail-state">
                  {m.stateText}
                </span>
              </p>
            ) : null}
            {m.direction === "out" ? (
              <details className="mt-1">
                <summary className="cursor-pointer">The e-mail</summary>
                <p className="mt-1 text-xs text-slate-600 dark:text-slate-400 break-all">
                  From {m.from} to {m.to}
                </p>
                <p className="mt-1 whitespace-pre-wrap break-words">{m.fresh}</p>
              </details>
            ) : (
              <p className="mt-1 whitespace-pre-wrap break-words">{m.fresh || "(no text)"}</p>
            )}
            {m.quoted ? (
              <details className="mt-1">
                <summary className="cursor-pointer">Earlier messages quoted</summary>
                <p className="whitespace-pre-wrap break-words text-slate-700 dark:text-slate-300">{m.quoted}</p>
              </details>
            ) : null}
            {m.attachments.length ? (
              <p className="mt-1 text-xs break-words">Attachments (not kept): {m.attachments.map((a) => `${a.name} (${kb(a.size)})`).join(", ")}</p>
            ) : null}
          </li>
        ))}
      </ol>
    </section>
  );
}

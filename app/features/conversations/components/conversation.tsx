import { When } from "~/ui/desk/time";

/** A message as the lead's page receives it (desk.server.ts's ConversationMessage, serialised). */
export interface ConversationItem {
  id: number;
  direction: "out" | "in";
  fromAddress: string | null;
  fromName: string | null;
  subject: string | null;
  fresh: string;
  quoted: string;
  html: string | null;
  attachments: { name: string; type: string; size: number }[];
  createdAt: string;
}

const kb = (bytes: number) => `${Math.max(1, Math.round(bytes / 1024))} KB`;

/**
 * The lead's e-mail conversation on its page: each message's new text, the quoted history
 * folded under it, attachments listed by name and size (they are not kept). Without a
 * replies mailbox, it says how replies come in.
 */
export function Conversation({ messages, reading }: { messages: ConversationItem[]; reading: boolean }) {
  return (
    <section aria-labelledby="conversation" className="mt-6">
      <h2 id="conversation" className="mb-2 text-lg font-bold">
        E-mail conversation
      </h2>
      {reading ? null : <p className="mb-2 text-sm">Replies are not read into the desk: an admin turns them on by setting IMAP_URL (see System).</p>}
      {messages.length === 0 ? <p className="text-sm">No e-mail yet.</p> : null}
      <ol className="space-y-3">
        {messages.map((m) => {
          const text = { fresh: m.fresh, quoted: m.quoted };
          return (
            <li key={m.id} className="rounded border border-slate-200 p-3 dark:border-slate-700">
              <p className="text-sm">
                <span className="font-semibold">{m.direction === "in" ? `From ${m.fromName || m.fromAddress || "the person"}` : "Sent by us"}</span>
                {", "}
                <When iso={m.createdAt} />
              </p>
              <p className="font-semibold">{m.subject || "(no subject)"}</p>
              {text.fresh ? <p className="mt-1 whitespace-pre-wrap break-words text-sm">{text.fresh}</p> : null}
              {!text.fresh && m.html ? (
                // Sanitised when it was stored (sanitize.server.ts): structure and links only.
                <div className="mt-1 break-words text-sm" dangerouslySetInnerHTML={{ __html: m.html }} />
              ) : null}
              {text.quoted ? (
                <details className="mt-1 text-sm">
                  <summary>Earlier messages quoted</summary>
                  <p className="whitespace-pre-wrap break-words text-slate-700 dark:text-slate-300">{text.quoted}</p>
                </details>
              ) : null}
              {m.attachments.length ? (
                <p className="mt-1 text-xs">Attachments (not kept): {m.attachments.map((a) => `${a.name} (${kb(a.size)})`).join(", ")}</p>
              ) : null}
            </li>
          );
        })}
      </ol>
    </section>
  );
}

import { Facts } from "~/ui/desk/ui";
import type { MailboxStatus } from "../reader.server";

/**
 * The replies mailbox on the system page: when it was last read to its end (never, until
 * it has been), the messages taken, the last error and its time; without IMAP_URL, how to
 * turn replies on.
 */
export function MailboxStatusSection({ status, when }: { status: MailboxStatus | null; when: (iso: string) => string }) {
  const rows: [string, string][] = status
    ? [
        ["Mailbox", status.mailbox],
        ["Read", `every ${status.pollSeconds} s`],
        ["Last read to the end", status.lastReadAt ? when(status.lastReadAt) : "never: nothing has been read yet"],
        ["Messages taken", `${status.takenTotal} in all, ${status.takenLast} by the last read`],
        ["Last error", status.lastError && status.lastErrorAt ? `${when(status.lastErrorAt)}: ${status.lastError}` : "none"],
      ]
    : [];
  return (
    <section aria-labelledby="replies">
      <h2 id="replies" className="mb-2 text-lg font-bold">
        Replies mailbox
      </h2>
      {status ? (
        <Facts rows={rows} />
      ) : (
        <p className="text-sm">
          Replies to leads are not read into the desk. To turn them on, set <code>IMAP_URL</code> to the mailbox they arrive in (imap:// or imaps://, with its
          user and password), and <code>IMAP_FOLDER</code> and <code>IMAP_POLL_SECONDS</code> if INBOX and a minute do not suit; then restart the server (see
          the operations guide).
        </p>
      )}
    </section>
  );
}

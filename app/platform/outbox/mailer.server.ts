import { mkdir, readdir, rename, stat, unlink, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import nodemailer, { type Transporter } from "nodemailer";
import type { Logger } from "~/platform/logger.server";
import { composeEml } from "./mime.server";

export interface OutgoingMail {
  to: string[];
  /**
   * The display name of From, for a message a member of staff writes ("Ana Ruiz"): the
   * address stays MAIL_FROM's, so the message is sent from the site's domain.
   */
  fromName?: string;
  replyTo?: { name: string; address: string };
  subject: string;
  text: string;
  html: string;
  messageId: string;
  /**
   * Extra headers (List-Unsubscribe, In-Reply-To…); the names are ours, and so are the
   * values but the Message-IDs of a thread, which MimeNode keeps to one line in brackets.
   */
  headers?: Record<string, string>;
  /** The outbox template it was made by, for the log line (which never names recipients). */
  template?: string;
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
  /** Where mail goes, for the start-up log (no password). */
  readonly describe: string;
  close(): void;
}

/**
 * SMTP through a pool of connections when SMTP_URL is set; otherwise every message is
 * written to MAIL_DIR as an .eml file (named by its Message-ID, so a retry rewrites the
 * same file) and logged by Message-ID and template, for a developer to open. Either way
 * the message is composed in one pass (mime.server.ts): MailComposer's tree of nodes and
 * streams cost several times as much.
 */
/** How often the written mail is pruned, at most. */
const PRUNE_EVERY_MS = 3_600_000;

/**
 * Deletes the .eml files older than `keepDays` in `dir`: they hold set-password and
 * newsletter links, and a folder nobody reads would keep them for ever.
 */
export async function pruneMailFiles(dir: string, keepDays: number, now = Date.now()): Promise<number> {
  const cutoff = now - keepDays * 86_400_000;
  let pruned = 0;
  for (const name of await readdir(dir).catch(() => [] as string[])) {
    if (!name.endsWith(".eml")) continue;
    const file = join(dir, name);
    const info = await stat(file).catch(() => null);
    if (
      info &&
      info.mtimeMs < cutoff &&
      (await unlink(file).then(
        () => true,
        () => false,
      ))
    )
      pruned++;
  }
  return pruned;
}

export function createMailer(opts: { smtpUrl?: string; from: string; mailDir: string; log: Logger; keepDays?: number }): Mailer {
  const { smtpUrl, from, log } = opts;
  const compose = (mail: OutgoingMail) => composeEml({ ...mail, from: mail.fromName ? { name: mail.fromName, address: envelopeAddress(from) } : from });
  if (smtpUrl) {
    const transport: Transporter = nodemailer.createTransport({
      url: smtpUrl,
      pool: true,
      maxConnections: 10,
      maxMessages: 500,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    });
    const safe = new URL(smtpUrl);
    safe.password = "";
    safe.username = "";
    return {
      describe: safe.toString(),
      async send(mail) {
        // The transport sends the bytes as they are (its data stream makes every line end
        // CRLF and escapes leading dots), to the envelope's addresses only: never to an
        // address taken from the headers.
        await transport.sendMail({ envelope: { from: envelopeAddress(from), to: mail.to }, raw: compose(mail) });
      },
      close: () => transport.close(),
    };
  }
  const dir = resolve(opts.mailDir);
  // Made once, not once per message (a folder removed meanwhile is made again below).
  let made: Promise<unknown> | null = null;
  let prunedAt = 0;
  return {
    describe: `files in ${dir}`,
    async send(mail) {
      const raw = compose(mail);
      made ??= mkdir(dir, { recursive: true }).catch((error) => {
        made = null;
        throw error;
      });
      await made;
      const name = `${mail.messageId.replace(/[^A-Za-z0-9.@-]/g, "")}.eml`;
      const file = join(dir, name);
      // Written whole or not at all: a crash never leaves half a message behind.
      try {
        await writeFile(`${file}.tmp`, raw);
      } catch (error) {
        // The folder was removed while the server ran: make it again, once.
        if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
        await mkdir(dir, { recursive: true });
        await writeFile(`${file}.tmp`, raw);
      }
      await rename(`${file}.tmp`, file);
      // The message id and template only: recipients and subjects name people.
      log.info({ messageId: mail.messageId, template: mail.template }, "mail written (no SMTP_URL)");
      if (opts.keepDays && Date.now() - prunedAt >= PRUNE_EVERY_MS) {
        prunedAt = Date.now();
        pruneMailFiles(dir, opts.keepDays).catch((error) => log.warn({ err: error }, "pruning written mail failed"));
      }
    },
    close: () => {},
  };
}

/** The bare address of "Name <a@b>" or "a@b". */
function envelopeAddress(mailbox: string): string {
  return /<([^<>]+)>\s*$/.exec(mailbox)?.[1] ?? mailbox.trim();
}

import { type ChildProcess, spawn } from "node:child_process";
import { chmod, chown, mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ImapFlow } from "imapflow";
import { freePort } from "./test-smtp";

/** A Dovecot of its own on a loopback port, with one mailbox, for the reply reader's tests. */
export interface TestImap {
  port: number;
  user: string;
  password: string;
  /** imap://user:password@127.0.0.1:port, for IMAP_URL. */
  url: string;
  /** Puts a raw message into `folder` (created when missing), as a mail server delivering it would. */
  append(raw: string | Buffer, folder?: string): Promise<{ uid: number }>;
  /** Every message in `folder`: UID and flags but the session's \Recent (the reader must leave them as they were). */
  list(folder?: string): Promise<{ uid: number; flags: string[] }[]>;
  createFolder(folder: string): Promise<void>;
  /** Deletes and re-creates `folder`, which gives it a new UIDVALIDITY. */
  recreateFolder(folder: string): Promise<void>;
  /** Stops Dovecot (the mail stays on disk); `start()` brings it back on the same port. */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops Dovecot and removes its folder. */
  close(): Promise<void>;
}

// Dovecot refuses to run its login and mail processes as root: the Debian package's own
// users (dovenull, dovecot) take the login and internal work, and the mail belongs to
// `nobody`, whichever user starts the test.
const MAIL_UID = 65534;
const MAIL_GID = 65534;

function config(dir: string, port: number): string {
  return `protocols = imap
listen = 127.0.0.1
base_dir = ${dir}/run
state_dir = ${dir}/state
instance_name = fillway-test-${port}
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
mail_location = maildir:~/Maildir
default_internal_user = dovecot
default_internal_group = dovecot
default_login_user = dovenull
first_valid_uid = 1
log_path = ${dir}/dovecot.log
passdb {
  driver = passwd-file
  args = scheme=PLAIN ${dir}/passwd
}
userdb {
  driver = static
  args = uid=${MAIL_UID} gid=${MAIL_GID} home=${dir}/home/%u
}
service imap-login {
  inet_listener imap {
    address = 127.0.0.1
    port = ${port}
  }
  inet_listener imaps {
    port = 0
  }
}
service pop3-login {
  inet_listener pop3 {
    port = 0
  }
}
service submission-login {
  inet_listener submission {
    port = 0
  }
}
service lmtp {
  unix_listener lmtp {
    mode = 0600
  }
}
`;
}

/** Resolves once the port takes a connection and greets, or rejects after `ms`. */
async function greeted(port: number, ms: number): Promise<void> {
  const end = Date.now() + ms;
  for (;;) {
    const ok = await new Promise<boolean>((resolve) => {
      const s = connect(port, "127.0.0.1");
      s.once("data", (d) => {
        s.destroy();
        resolve(d.toString().startsWith("* OK"));
      });
      s.once("error", () => resolve(false));
      s.setTimeout(1000, () => {
        s.destroy();
        resolve(false);
      });
    });
    if (ok) return;
    if (Date.now() > end) throw new Error(`dovecot did not answer on port ${port}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Starts `dovecot -F` with a throw-away configuration, password file and maildir under a temporary folder. */
export async function startTestImap(): Promise<TestImap> {
  const dir = await mkdtemp(join(tmpdir(), "fillway-imap-"));
  // Dovecot's own processes (other users) must reach the folder.
  await chmod(dir, 0o755);
  const port = await freePort();
  const user = "replies";
  const password = "test-password";
  await mkdir(join(dir, "run"));
  await mkdir(join(dir, "state"));
  await mkdir(join(dir, "home", user), { recursive: true });
  await chown(join(dir, "home"), MAIL_UID, MAIL_GID);
  await chown(join(dir, "home", user), MAIL_UID, MAIL_GID);
  await writeFile(join(dir, "passwd"), `${user}:{PLAIN}${password}\n`);
  await writeFile(join(dir, "dovecot.conf"), config(dir, port));

  let child: ChildProcess | undefined;
  const start = async () => {
    const proc = spawn("dovecot", ["-F", "-c", join(dir, "dovecot.conf")], { stdio: "ignore" });
    child = proc;
    const exited = new Promise<never>((_, reject) => proc.once("exit", (code) => reject(new Error(`dovecot exited with ${code}`))));
    await Promise.race([greeted(port, 10_000), exited]);
    exited.catch(() => undefined);
  };
  const stop = async () => {
    const proc = child;
    child = undefined;
    if (!proc || proc.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      proc.once("exit", () => resolve());
      proc.kill("SIGTERM");
    });
  };
  await start();

  const client = async <T>(fn: (c: ImapFlow) => Promise<T>): Promise<T> => {
    const c = new ImapFlow({ host: "127.0.0.1", port, secure: false, auth: { user, pass: password }, logger: false });
    await c.connect();
    try {
      return await fn(c);
    } finally {
      await c.logout().catch(() => undefined);
    }
  };
  const ensure = async (c: ImapFlow, folder: string) => {
    if (folder.toUpperCase() === "INBOX") return;
    const list = await c.list();
    if (!list.some((f) => f.path === folder)) await c.mailboxCreate(folder);
  };

  return {
    port,
    user,
    password,
    url: `imap://${user}:${password}@127.0.0.1:${port}`,
    append: (raw, folder = "INBOX") =>
      client(async (c) => {
        await ensure(c, folder);
        const r = await c.append(folder, raw);
        if (r === false || !r.uid) throw new Error("APPEND gave no UID");
        return { uid: r.uid };
      }),
    list: (folder = "INBOX") =>
      client(async (c) => {
        const lock = await c.getMailboxLock(folder, { readOnly: true });
        try {
          const out: { uid: number; flags: string[] }[] = [];
          if ((c.mailbox && typeof c.mailbox === "object" ? c.mailbox.exists : 0) === 0) return out;
          for await (const m of c.fetch("1:*", { uid: true, flags: true }))
            out.push({ uid: m.uid, flags: [...(m.flags ?? [])].filter((f) => f !== "\\Recent").sort() });
          return out;
        } finally {
          lock.release();
        }
      }),
    createFolder: (folder) => client((c) => ensure(c, folder)),
    recreateFolder: (folder) =>
      client(async (c) => {
        await c.mailboxDelete(folder).catch(() => undefined);
        await c.mailboxCreate(folder);
      }),
    stop,
    start,
    async close() {
      await stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** A plain text message, with the headers a test gives (From, To, Subject, Message-ID, In-Reply-To…). */
export function rawMessage(headers: Record<string, string | undefined>, body = "Hello.\r\n"): string {
  const lines = Object.entries({ Date: new Date().toUTCString(), "MIME-Version": "1.0", "Content-Type": "text/plain; charset=utf-8", ...headers })
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k}: ${v}`);
  return `${lines.join("\r\n")}\r\n\r\n${body.replace(/\r?\n/g, "\r\n")}`;
}

import { createServer as createNetServer } from "node:net";
import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

/** A message as the sink received it: the SMTP envelope and the parsed message. */
export interface Received {
  envelopeFrom: string;
  envelopeTo: string[];
  raw: string;
  mail: ParsedMail;
  /** When the sink had it whole (ms since the epoch). */
  at: number;
  /** Accepted after the client's connection had closed (the client was killed waiting for the answer). */
  clientGone: boolean;
}

export interface SmtpSink {
  port: number;
  url: string;
  received: Received[];
  /** Starts listening (a sink made with `down: true` refuses connections until then). */
  up(): Promise<void>;
  close(): Promise<void>;
  /** Resolves when at least `n` messages have arrived, or rejects after `ms`. */
  waitFor(n: number, ms?: number): Promise<Received[]>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createNetServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const addr = s.address();
      s.close(() => resolve(typeof addr === "object" && addr ? addr.port : 0));
    });
  });
}

export interface SmtpSinkOptions {
  port?: number;
  /** Refuse connections until `up()`. */
  down?: boolean;
  /** `false`: only the Message-ID is read from each message (benches). */
  parse?: boolean;
  /** A slow server: each message is accepted (and kept) this long after its data ended (ms). */
  delayMs?: number;
  /** Refuses a recipient with this SMTP reply, e.g. `{ code: 550, message: "no such user" }`. */
  rejectRcpt?: (address: string) => { code: number; message: string } | undefined;
}

/** A local SMTP server that keeps what it receives (no TLS, no auth); `parse: false` only counts Message-IDs. */
export async function startSmtpSink(opts: SmtpSinkOptions = {}): Promise<SmtpSink> {
  const port = opts.port ?? (await freePort());
  const parse = opts.parse ?? true;
  const delayMs = opts.delayMs ?? 0;
  const received: Received[] = [];
  const closed = new Set<string>();
  const waiters: (() => void)[] = [];
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    size: 10 * 1024 * 1024,
    // Tests end with clients still connected (a pooled transport): do not wait for them.
    closeTimeout: 100,
    onClose(session) {
      closed.add(session.id);
    },
    onRcptTo(address, _session, callback) {
      const refusal = opts.rejectRcpt?.(address.address);
      if (!refusal) return callback();
      callback(Object.assign(new Error(refusal.message), { responseCode: refusal.code }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", async () => {
        if (delayMs) await new Promise((r) => setTimeout(r, delayMs));
        const raw = Buffer.concat(chunks).toString("utf8");
        const mail = parse ? await simpleParser(raw) : ({ messageId: /^Message-ID:\s*(<[^>]+>)/im.exec(raw)?.[1] } as unknown as ParsedMail);
        received.push({
          envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          envelopeTo: session.envelope.rcptTo.map((r) => r.address),
          raw,
          mail,
          at: Date.now(),
          clientGone: closed.has(session.id),
        });
        for (const w of waiters.splice(0)) w();
        callback();
      });
    },
  });
  // A client killed mid-message resets its connection: that is the sink's everyday, not an error.
  server.on("error", () => {});
  let listening = false;
  const up = async () => {
    if (listening) return;
    listening = true;
    await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  };
  if (!opts.down) await up();
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    received,
    up,
    close: () => new Promise<void>((resolve) => (listening ? server.close(() => resolve()) : resolve())),
    async waitFor(n, ms = 15_000) {
      const deadline = Date.now() + ms;
      while (received.length < n) {
        if (Date.now() > deadline) throw new Error(`expected ${n} messages, got ${received.length}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100);
        });
      }
      return received;
    },
  };
}

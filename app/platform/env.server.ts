import { isIP } from "node:net";
import { z } from "zod";
import { LEAD_RETENTION_DAYS_DEFAULT, WAITLIST_RETENTION_DAYS_DEFAULT } from "~/shared/retention";
import { parseTotpKey } from "./totp-key.server";
import type { TrustProxy } from "./http/request.server";

/** One plain address (no display name, no line breaks, no list). */
const ADDRESS = /^[^\s@<>(),;:"\\]+@[^\s@<>(),;:"\\]+\.[^\s@<>(),;:"\\]+$/;
/** A comma-separated list of plain addresses. */
const addressList = z
  .string()
  .transform((v) =>
    v
      .split(",")
      .map((a) => a.trim())
      .filter(Boolean),
  )
  .refine((list) => list.length > 0 && list.every((a) => ADDRESS.test(a)), "must be one or more e-mail addresses, comma separated");
/** A mailbox: "name@example.com" or "Name <name@example.com>", on one line. */
const mailbox = z.string().regex(/^(?:[^\r\n<>"]*<[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+)$/, "must be an address or Name <address>");
/** A URL of one of the given schemes with a host. */
const urlOf = (schemes: string[], what: string) =>
  z.string().refine((v) => {
    try {
      const u = new URL(v);
      return schemes.includes(u.protocol) && u.hostname.length > 0;
    } catch {
      return false;
    }
  }, what);

const bool = z.enum(["true", "false", "1", "0"]).transform((v) => v === "true" || v === "1");

const MAX_PROXY_HOPS = 10;

/** TRUST_PROXY: false/0, true (one proxy), a number of proxies, or a list of addresses and networks. */
function parseTrustProxy(raw: string, ctx: z.RefinementCtx): TrustProxy {
  const v = raw.trim().toLowerCase();
  if (v === "false" || v === "0") return { kind: "none" };
  if (v === "true") return { kind: "hops", hops: 1 };
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    if (hops <= MAX_PROXY_HOPS) return { kind: "hops", hops };
  } else {
    const addresses = v
      .split(",")
      .map((a) => a.trim())
      .filter(Boolean);
    const valid = (entry: string) => {
      const [address = "", prefix, extra] = entry.split("/");
      const family = isIP(address);
      if (!family || extra !== undefined) return false;
      return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128));
    };
    if (addresses.length > 0 && addresses.every(valid)) return { kind: "addresses", addresses };
  }
  ctx.addIssue({
    code: "custom",
    message: `must be false, true, a number of proxies (at most ${MAX_PROXY_HOPS}) or their addresses and networks, comma separated`,
  });
  return z.NEVER;
}

/** Every setting of the server; `.env.example` documents each one. */
export const envSchema = z.object({
  NODE_ENV: z.enum(["production", "development", "test"]).default("production"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("127.0.0.1"),
  DATABASE_URL: z
    .string()
    .regex(/^(file:.+|postgres(ql)?:\/\/.+)$/, "must be file:PATH or postgres://…")
    .optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /**
   * Salt for the hash kept instead of a client's IP address. Unset: a random salt made on
   * first start and kept in the key file (settings.server.ts), never a public default.
   */
  IP_HASH_SALT: z.string().min(16).optional(),
  /** The key two-factor secrets are encrypted with: 32 bytes, hex or base64. Unset: the key file's. */
  TOTP_KEY: z
    .string()
    .refine((v) => parseTotpKey(v) !== null, "must be 32 bytes: 64 hex digits or 43 base64 characters")
    .optional(),
  /** Where the installation's secrets are kept (mode 0600). Unset: beside the SQLite file, or data/fillway.key. */
  KEY_FILE: z.string().min(1).optional(),
  /** POSTs a client may make per window on the public forms. */
  RATE_LIMIT_MAX: z.coerce.number().int().positive().default(20),
  RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().positive().default(60),
  /** Days the raw insight events are kept (page views, form steps, Web Vitals); their rollups are kept for ever. */
  INSIGHT_RAW_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  /** Browsers counted as visitors of their own per client address a day; the rest of that address count as one. */
  INSIGHT_VISITORS_PER_ADDRESS: z.coerce.number().int().min(1).max(100_000).default(10),
  /**
   * The proxies in front whose X-Forwarded-For entries are believed: `false` (none), a
   * count (`true` = 1, a load balancer), or their addresses and networks, comma separated.
   */
  TRUST_PROXY: z.string().default("false").transform(parseTrustProxy),
  /** Extra origins the pages may call (a separate API host), space separated. */
  CSP_CONNECT_SRC: z.string().default(""),
  LOG_REQUESTS: bool.default(true),
  /**
   * The public base URL (scheme, host, optional port), for links in pages, e-mails and the
   * desk's set-password links. Unset: http://HOST:PORT. https turns on Strict-Transport-Security.
   */
  SITE_URL: z
    .url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" })
    .transform((v) => v.replace(/\/+$/, ""))
    .optional(),
  /** Staff accounts with the admin role must use two-factor sign-in. */
  DESK_REQUIRE_2FA: bool.default(false),
  /** SMTP server for outgoing mail (smtp:// or smtps://, user and password in the URL). Unset: .eml files in MAIL_DIR. */
  SMTP_URL: urlOf(["smtp:", "smtps:"], "must be smtp://[user:password@]host[:port] or smtps://…").optional(),
  /** The sender of every message. */
  MAIL_FROM: mailbox.default("Fillway <no-reply@fillway.example>"),
  /**
   * The mailbox answers to the desk's e-mails go to (sales@fillway.com): each e-mail a
   * salesperson sends from a lead's page says Reply-To `sales+lead-<id>@fillway.com`, so the
   * answer finds its lead. Unset: Reply-To is the salesperson's own address, and answers
   * stay in their mailbox.
   */
  MAIL_REPLY_TO: z
    .string()
    .regex(ADDRESS, "must be a plain address (sales@fillway.com)")
    .refine((v) => !v.split("@")[0]?.includes("+"), "must be an address without a +tag: the desk adds +lead-<id>")
    .transform((v) => v.toLowerCase())
    .optional(),
  /**
   * The mailbox replies arrive in (imap:// or imaps://, user and password in the URL), read
   * for the leads' conversations (features/conversations): normally MAIL_REPLY_TO's mailbox,
   * where the plus-addresses land. Unset: replies are not read.
   */
  IMAP_URL: urlOf(["imap:", "imaps:"], "must be imap://user:password@host[:port] or imaps://…").optional(),
  /** The folder of IMAP_URL read for replies. */
  IMAP_FOLDER: z.string().min(1).max(200).default("INBOX"),
  /** How often the mailbox is read for new replies (seconds). */
  IMAP_POLL_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /** Where messages are written as .eml files when SMTP_URL is unset. */
  MAIL_DIR: z.string().min(1).default("data/mail"),
  /** Days an .eml file in MAIL_DIR is kept (they hold set-password and newsletter links); pruned hourly as mail is written. */
  MAIL_FILE_KEEP_DAYS: z.coerce.number().int().min(1).max(3650).default(14),
  /** Where images uploaded in the desk are kept (served at /media/uploads/…). */
  MEDIA_DIR: z.string().min(1).default("data/media"),
  /**
   * Who hears about a new lead; a LEADS_NOTIFY_TO_<FORM> variable overrides it for one
   * form (read by loadEnv: one per form of the leads registry, not listed here).
   */
  LEADS_NOTIFY_TO: addressList.default(["sales@fillway.example"]),
  /**
   * Minutes within which a new lead should be answered (a status change, note, call or
   * follow-up); past them its owner and the admins are told once and the inbox marks it.
   */
  LEAD_RESPONSE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(7 * 24 * 60)
    .default(60),
  /**
   * The "not answered yet" e-mails to a member of staff come at most twice in this many
   * minutes: the first at once after a quiet interval, the rest gathered at its end.
   */
  OVERDUE_MAIL_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(15),
  /** A second channel for the system's alerts (a chat tool's incoming webhook): signed JSON; needs ALERT_WEBHOOK_SECRET. */
  ALERT_WEBHOOK_URL: urlOf(["http:", "https:"], "must be an http:// or https:// URL").optional(),
  ALERT_WEBHOOK_SECRET: z.string().min(16, "must be at least 16 characters").optional(),
  /** A CRM's endpoint that receives every lead as signed JSON; needs LEAD_WEBHOOK_SECRET. */
  LEAD_WEBHOOK_URL: urlOf(["http:", "https:"], "must be an http:// or https:// URL").optional(),
  LEAD_WEBHOOK_SECRET: z.string().min(16, "must be at least 16 characters").optional(),
  /** First retry delay of a failed delivery; each further one doubles (with jitter), up to an hour. */
  OUTBOX_RETRY_BASE_SECONDS: z.coerce.number().positive().max(3600).default(30),
  /** A message not delivered within this many hours of being written is marked failed. */
  OUTBOX_GIVE_UP_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 30)
    .default(24),
  /**
   * How many receipts and newsletter confirmations one address is sent within 24 hours.
   * A lead past it is still stored and sent to sales; only the visitor's receipt is left out.
   */
  VISITOR_MAIL_PER_DAY: z.coerce.number().int().min(1).max(100).default(3),
  /**
   * Assignment e-mails (leads given by a colleague, one e-mail a change) one member of staff
   * is sent within an hour; the leads given past it wait in one digest, sent when the hour
   * is up.
   */
  ASSIGNMENT_MAIL_PER_HOUR: z.coerce.number().int().min(1).max(1000).default(10),
  /**
   * Days an enquiry that did not become a customer is kept; then the retention job deletes
   * everything held about its address (features/leads/retention.server.ts). The privacy
   * policy states the default.
   */
  LEAD_RETENTION_DAYS: z.coerce.number().int().min(30).max(3650).default(LEAD_RETENTION_DAYS_DEFAULT),
  /** Days a waitlist entry is kept, the same way. */
  WAITLIST_RETENTION_DAYS: z.coerce.number().int().min(30).max(3650).default(WAITLIST_RETENTION_DAYS_DEFAULT),
  /** How many newsletter e-mails (one issue to its subscribers) are handed to the outbox per minute, at most. */
  NEWSLETTER_RATE_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(600),
  /**
   * Which public comments wait for review in the desk before they show: none (`off`), those
   * with a link or an e-mail address in them (`links`), or every one (`all`).
   */
  COMMENT_MODERATION: z.enum(["off", "links", "all"], "must be off, links or all").default("links"),
  /** Where backups are written (`npm run backup`, and the server's own on SQLite). */
  BACKUP_DIR: z.string().min(1).default("data/backups"),
  /** SQLite: the server takes a backup this often (hours; 0: never, e.g. when a timer runs `npm run backup`). */
  BACKUP_EVERY_HOURS: z.coerce
    .number()
    .min(0)
    .max(24 * 7)
    .default(6),
  /** How many backups are kept; older ones are deleted after each new one. */
  BACKUP_KEEP: z.coerce.number().int().min(1).max(10_000).default(28),
  /** The bearer token that GET /metrics asks for (16+ characters). Unset: /metrics is a 404 and nothing is recorded. */
  METRICS_TOKEN: z.string().min(16, "must be at least 16 characters").optional(),
  /**
   * After SIGTERM, /readyz answers 503 at once while the server goes on serving for this
   * many seconds, so a load balancer that polls it stops sending before the connections close.
   */
  SHUTDOWN_DELAY_SECONDS: z.coerce.number().min(0).max(120).default(0),
});

/** A form's own sales recipients: LEADS_NOTIFY_TO_LEAD_PERSONAL, LEADS_NOTIFY_TO_WAITLIST… */
export const NOTIFY_PREFIX = "LEADS_NOTIFY_TO_";
type NotifyOverrides = { [K in `${typeof NOTIFY_PREFIX}${string}`]?: string[] };

/** The settings as the environment gives them, with SITE_URL's default filled in. */
export type EnvSettings = Omit<z.infer<typeof envSchema>, "SITE_URL"> & { SITE_URL: string } & NotifyOverrides;

export interface LoadEnvOptions {
  /**
   * The LEADS_NOTIFY_TO_<FORM> names there are (the leads registry's `notifyVariables()`,
   * passed by the server at start-up): any other such variable is refused, so a misspelt
   * one does not send a form's leads to the default inbox unnoticed.
   */
  notifyVariables?: readonly string[];
}

/**
 * The settings the server runs with: the IP hash salt is always known, and so is the key
 * of the two-factor secrets when they come from withIpHashSalt (settings.server.ts).
 */
export type Env = EnvSettings & { IP_HASH_SALT: string };

export class EnvError extends Error {}

/** Parses the environment; a missing or malformed variable throws naming it. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env, options: LoadEnvOptions = {}): EnvSettings {
  const picked = Object.fromEntries(Object.keys(envSchema.shape).map((k) => [k, source[k] === "" ? undefined : source[k]]));
  const parsed = envSchema.safeParse(picked);
  const lines = parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
  const overrides = notifyOverrides(source, options.notifyVariables, lines);
  if (!parsed.success || lines.length) {
    throw new EnvError(`Invalid configuration: ${lines.join("; ")}`);
  }
  const { SITE_URL, ...rest } = parsed.data;
  if (rest.ALERT_WEBHOOK_URL && !rest.ALERT_WEBHOOK_SECRET) {
    throw new EnvError("Invalid configuration: ALERT_WEBHOOK_SECRET: must be set when ALERT_WEBHOOK_URL is");
  }
  if (rest.LEAD_WEBHOOK_URL && !rest.LEAD_WEBHOOK_SECRET) {
    throw new EnvError("Invalid configuration: LEAD_WEBHOOK_SECRET: must be set when LEAD_WEBHOOK_URL is");
  }
  return { ...rest, ...overrides, SITE_URL: SITE_URL ?? `http://${rest.HOST.includes(":") ? `[${rest.HOST}]` : rest.HOST}:${rest.PORT}` };
}

/** Every LEADS_NOTIFY_TO_<FORM> variable set, parsed; problems are added to `lines`. */
function notifyOverrides(source: NodeJS.ProcessEnv, known: readonly string[] | undefined, lines: string[]): NotifyOverrides {
  const out: NotifyOverrides = {};
  for (const [name, value] of Object.entries(source)) {
    if (!name.startsWith(NOTIFY_PREFIX) || value === undefined || value === "") continue;
    if (known && !known.includes(name)) {
      lines.push(`${name}: no form has this name; the forms' variables are ${known.join(", ")}`);
      continue;
    }
    const list = addressList.safeParse(value);
    if (list.success) out[name as keyof NotifyOverrides] = list.data;
    else lines.push(`${name}: ${list.error.issues[0]?.message ?? "is not valid"}`);
  }
  return out;
}

import pino from "pino";

export type Logger = pino.Logger;

/**
 * Fields that hold a visitor's (or a staff member's) personal data, wherever a log call
 * puts them, at the top level or one object down (a message and a name at the top level only):
 * replaced by "[redacted]" as the line is
 * written, so no call site can leak them by mistake.
 */
const PERSONAL_FIELDS = [
  "email",
  "name",
  "firstName",
  "lastName",
  "fullName",
  "phone",
  "phoneNumber",
  "message",
  "text",
  "commentBy",
  "address1",
  "address2",
  "to",
  "replyTo",
  "subject",
];
// One level down, all but `message` and `name`: an error's own (`err.message`, `err.name`) are kept.
export const REDACT_PATHS = [...PERSONAL_FIELDS, ...PERSONAL_FIELDS.filter((f) => f !== "message" && f !== "name").map((f) => `*.${f}`)];

/** Query parameters whose value is redacted on any path: tokens, searches, addresses. */
const SECRET_PARAMS = /^(token|t|q|search|email|e|phone|name|code)$/i;
/** Paths whose query string is redacted whole: the desk (its searches) and the newsletter's links (their tokens). */
const PRIVATE_PATHS = /^\/(desk|newsletter)(\/|$)/i;

/**
 * The one rule for tokens in a request target, whatever route carries them. Every secret
 * the site puts in a link is 32 random or HMAC-SHA256 bytes in base64url, 43 characters,
 * alone (a set-password link) or after an id and an expiry (a draft's preview link
 * `id.expiry.mac`, a newsletter link `id.mac`): a run of 32 or more base64url characters
 * with letters of both cases (43 random ones lack a case once in billions). A run of 32
 * or more hex digits (a digest in hex) counts too. A path segment or query value holding
 * one is replaced whole, so a new link with a token is redacted without being listed.
 * Slugs, asset names and ids are lower case or short, and stay.
 */
const BASE64URL_RUN = /[A-Za-z0-9_-]{32,}/g;
const HEX_RUN = /[0-9a-f]{32,}/i;

/** True when `text` holds something shaped like a token the site mints (see above). */
export function looksLikeToken(text: string): boolean {
  if (text.length < 32) return false;
  if (HEX_RUN.test(text)) return true;
  for (const [run] of text.matchAll(BASE64URL_RUN)) if (/[a-z]/.test(run) && /[A-Z]/.test(run)) return true;
  return false;
}

const decoded = (text: string) => {
  try {
    return decodeURIComponent(text.replace(/\+/g, " "));
  } catch {
    return text;
  }
};

/**
 * A request target as it may be logged: a path segment or query value that looks like a
 * token (`looksLikeToken`) replaced by "[redacted]", and the values of query parameters
 * that can hold a token, a search or an address (every value on the desk's and the
 * newsletter's paths); parameter names are kept.
 */
export function redactUrl(target: string): string {
  if (typeof target !== "string") return target;
  let origin = "";
  let rest = target;
  const absolute = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i.exec(target);
  if (absolute) {
    origin = absolute[0];
    rest = target.slice(origin.length);
  }
  const hash = rest.indexOf("#");
  if (hash >= 0) rest = rest.slice(0, hash);
  const q = rest.indexOf("?");
  let path = q >= 0 ? rest.slice(0, q) : rest;
  const query = q >= 0 ? rest.slice(q + 1) : null;
  if (path.length >= 32) {
    path = path
      .split("/")
      .map((segment) => (looksLikeToken(decoded(segment)) ? "[redacted]" : segment))
      .join("/");
  }
  if (query === null) return `${origin}${path}`;
  const all = PRIVATE_PATHS.test(path);
  const parts = query.split("&").map((pair) => {
    const eq = pair.indexOf("=");
    const name = eq >= 0 ? pair.slice(0, eq) : pair;
    const value = eq >= 0 ? pair.slice(eq + 1) : "";
    if (looksLikeToken(decoded(name))) return "[redacted]";
    const text = decoded(value);
    if (value === "" || !(all || SECRET_PARAMS.test(name) || text.includes("@") || looksLikeToken(text))) return pair;
    return `${name}=[redacted]`;
  });
  return `${origin}${path}?${parts.join("&")}`;
}

/** Fields of a log line that hold a request target or an address. */
const URL_FIELDS = ["path", "url", "referer", "referrer", "location"] as const;

export interface LoggerOptions {
  /** Where lines go (stdout when absent): tests capture them. */
  destination?: pino.DestinationStream;
}

/** JSON-lines logs on stdout, personal data and tokens redacted as each line is written. */
export function createLogger(level: string, opts: LoggerOptions = {}): Logger {
  const options: pino.LoggerOptions = {
    level,
    base: { app: "fillway" },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: { paths: REDACT_PATHS, censor: "[redacted]" },
    formatters: {
      log(object) {
        let out: Record<string, unknown> | undefined;
        for (const field of URL_FIELDS) {
          const value = object[field];
          if (typeof value !== "string") continue;
          const clean = redactUrl(value);
          if (clean === value) continue;
          out ??= { ...object };
          out[field] = clean;
        }
        return out ?? object;
      },
    },
  };
  return opts.destination ? pino(options, opts.destination) : pino(options);
}

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
/** Path segments that are tokens: the desk's set-password links. */
const TOKEN_SEGMENT = /^(\/desk\/set-password\/)[^/?#]+/i;

/**
 * A request target as it may be logged: token path segments and the values of query
 * parameters that can hold a token, a search or an address replaced by "[redacted]"
 * (every value on the desk's and the newsletter's paths), the names kept.
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
  path = path.replace(TOKEN_SEGMENT, "$1[redacted]");
  if (query === null) return `${origin}${path}`;
  const all = PRIVATE_PATHS.test(path);
  const parts = query.split("&").map((pair) => {
    const eq = pair.indexOf("=");
    const name = eq >= 0 ? pair.slice(0, eq) : pair;
    const value = eq >= 0 ? pair.slice(eq + 1) : "";
    let decoded = value;
    try {
      decoded = decodeURIComponent(value.replace(/\+/g, " "));
    } catch {}
    if (value === "" || !(all || SECRET_PARAMS.test(name) || decoded.includes("@"))) return pair;
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

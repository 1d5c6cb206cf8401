import { z } from "zod";

const bool = z
  .enum(["true", "false", "1", "0"])
  .transform((v) => v === "true" || v === "1");

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
   * first start and kept in the database (settings.server.ts), never a public default.
   */
  IP_HASH_SALT: z.string().min(16).optional(),
  /** POSTs a client may make per window on the public forms. */
  RATE_LIMIT_MAX: z.coerce.number().int().positive().default(20),
  RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().positive().default(60),
  /** Trust X-Forwarded-For from a load balancer in front. */
  TRUST_PROXY: bool.default(false),
  /** Extra origins the pages may call (a separate API host), space separated. */
  CSP_CONNECT_SRC: z.string().default(""),
  LOG_REQUESTS: bool.default(true),
  /**
   * The public base URL (scheme, host, optional port), for links in pages, e-mails and the
   * desk's set-password links. Unset: http://HOST:PORT. https turns on Strict-Transport-Security.
   */
  SITE_URL: z.url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" })
    .transform((v) => v.replace(/\/+$/, ""))
    .optional(),
  /** Staff accounts with the admin role must use two-factor sign-in. */
  DESK_REQUIRE_2FA: bool.default(false),
});

/** The settings as the environment gives them, with SITE_URL's default filled in. */
export type EnvSettings = Omit<z.infer<typeof envSchema>, "SITE_URL"> & { SITE_URL: string };

/** The settings the server runs with: the IP hash salt is always known. */
export type Env = EnvSettings & { IP_HASH_SALT: string };

export class EnvError extends Error {}

/** Parses the environment; a missing or malformed variable throws naming it. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): EnvSettings {
  const picked = Object.fromEntries(Object.keys(envSchema.shape).map((k) => [k, source[k] === "" ? undefined : source[k]]));
  const parsed = envSchema.safeParse(picked);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
    throw new EnvError(`Invalid configuration: ${lines.join("; ")}`);
  }
  const { SITE_URL, ...rest } = parsed.data;
  return { ...rest, SITE_URL: SITE_URL ?? `http://${rest.HOST.includes(":") ? `[${rest.HOST}]` : rest.HOST}:${rest.PORT}` };
}

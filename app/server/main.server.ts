/**
 * The server's entry, built with the pages into one bundle (build/server/main.js; React
 * Router's index.js beside it re-exports the server build), so the routes and the
 * application server share one copy of every module: one write queue, one rate limiter,
 * one set of metrics hooks. server.js (plain Node) starts build/server/main.js;
 * in development it loads this module through Vite (docs/decisions/023-one-module-graph.md).
 */
import "~/platform/heap.server";
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import { resolve } from "node:path";
import type { ServerBuild } from "react-router";
import * as serverBuild from "virtual:react-router/server-build";
import { syncPosts } from "~/features/content/content.server";
import { mediaDir } from "~/features/content/media.server";
import { DEFAULT_SQLITE_PATH, openDb } from "~/platform/db/db.server";
import { type ServerLock, ServerLockError, takeServerLock } from "~/platform/db/server-lock.server";
import { privateFiles } from "~/platform/files.server";
import { notifyVariables } from "~/features/leads/forms/registry";
import { EnvError, loadEnv } from "~/platform/env.server";
import type { PageCache } from "~/platform/http/page-cache.server";
import { createPageCache } from "~/platform/http/page-cache.server";
import { contentCacheRules } from "~/features/content/cache-rules";
import { createLogger } from "~/platform/logger.server";
import { duplicatedModules } from "~/platform/module-copies.server";
import { outboxMessages } from "~/server/messages.server";
import { startAlerts } from "~/platform/ops/alerts.server";
import { startBackupSchedule } from "~/platform/ops/backup-schedule.server";
import { startCommentChores } from "~/features/content/comment-digest.server";
import { dataDirOf } from "~/platform/ops/backup.server";
import { createMetrics } from "~/platform/ops/metrics.server";
import { createOpsEndpoints, type OpsEndpoints } from "~/platform/ops/ops-http.server";
import { startOutbox } from "~/platform/outbox/worker.server";
import { startLeadSchedule } from "~/features/leads/routing/schedule.server";
import { startRetention } from "~/features/leads/retention.server";
import { startNewsletterSender } from "~/features/newsletter/issues/sender.server";
import { mailboxGauges, startMailboxReader } from "~/features/conversations/reader.server";
import type { Services } from "~/platform/services.server";
import { withIpHashSalt } from "~/platform/settings.server";
import { createSiteApp } from "./compose.server";
import { activeStaff } from "~/features/staff/people.server";
import { sealTotpSecrets } from "~/features/staff/totp-secrets.server";

type Listener = (req: IncomingMessage, res: ServerResponse) => Promise<void> | void;

/** What the process keeps across reloads in development: the database, the outbox, the checks. */
export interface Running {
  services: Services;
  ops: OpsEndpoints;
  pageCache?: PageCache;
}

/** This module as loaded (in development, the current sources' copy). */
export interface ServerEntry {
  listenerFor(running: Running, options: { dev: boolean; clientDir?: string }): Listener;
}

/** A request listener over this module's copy of the routes and the HTTP app. */
export function listenerFor(running: Running, { dev, clientDir }: { dev: boolean; clientDir?: string }): Listener {
  return createSiteApp({ ...running, build: serverBuild as unknown as ServerBuild, clientDir, dev });
}

/** Development: Vite's own answers, and this module loaded afresh from the current sources. */
export interface DevLoader {
  handle(req: IncomingMessage, res: ServerResponse, next: () => void): void;
  load(): Promise<ServerEntry>;
  close(): Promise<void>;
}

export interface StartOptions {
  /** The listening socket, made by server.js (in development Vite's hot reload shares it). */
  server: Server;
  /** The repository's folder: content/posts and public are read from it. */
  root: string;
  /** The build folder (production): its client part is served from memory. */
  buildDir?: string;
  dev?: DevLoader;
}

/**
 * The one Node process: pre-rendered pages and assets from memory, the JSON API, and
 * server-rendered pages.
 */
export async function startServer({ server, root, buildDir, dev }: StartOptions): Promise<void> {
  let env: ReturnType<typeof loadEnv>;
  try {
    env = loadEnv(process.env, { notifyVariables: notifyVariables() });
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  // A module with state loaded twice would split that state (two write queues): refuse to start.
  const twice = duplicatedModules();
  if (twice.length && !dev) throw new Error(`modules loaded twice: ${twice.join(", ")}`);
  const log = createLogger(env.LOG_LEVEL);
  // The database, backups, .eml files and media are private whatever the umask (0640, 0750).
  privateFiles();
  // One server process per SQLite file: a second one exits naming the first.
  const sqliteFile = env.DATABASE_URL?.startsWith("postgres") ? undefined : (env.DATABASE_URL?.slice("file:".length) ?? DEFAULT_SQLITE_PATH);
  let lock: ServerLock | undefined;
  try {
    if (sqliteFile && sqliteFile !== ":memory:") lock = takeServerLock(sqliteFile);
  } catch (error) {
    if (error instanceof ServerLockError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const db = await openDb(env.DATABASE_URL);
  // The installation's secrets (IP hash salt, two-factor key): from the environment, else its key file.
  const fullEnv = await withIpHashSalt(env, db);
  // Two-factor secrets still in plain text are sealed; another key than theirs stops the start.
  await sealTotpSecrets(fullEnv, db);
  // Delivers what leads and the desk write to the outbox (e-mail, the CRM webhook).
  const outbox = startOutbox({ db, env: fullEnv, log, messages: outboxMessages });
  const services: Services = { env: fullEnv, db, log, outbox };
  // Hands newsletter issues to the outbox, one message per confirmed address, at NEWSLETTER_RATE_PER_MINUTE.
  const newsletters = startNewsletterSender({ db, outbox, log, ratePerMinute: fullEnv.NEWSLETTER_RATE_PER_MINUTE });
  // Comments waiting for review: a digest to editors at most hourly; the trash purged after 30 days.
  startCommentChores(services);
  // SQLite: a checked online backup every BACKUP_EVERY_HOURS into BACKUP_DIR.
  const backups = startBackupSchedule({ env: fullEnv, log });
  // The system's checks (outbox, backups, disk), every minute: an e-mail to admins and a banner in the desk.
  const alerts = startAlerts({
    env: fullEnv,
    db,
    log,
    outbox,
    lastBackup: backups.last,
    backupFailure: backups.failure,
    dataDir: dataDirOf(fullEnv),
    admins: (k) => activeStaff(k, ["admin"]),
  });
  services.ops = { alerts, lastBackup: backups.last };
  // Every minute: leads not answered within LEAD_RESPONSE_MINUTES, and the mornings' follow-ups.
  const leadSchedule = startLeadSchedule({ db, env: fullEnv, log, outbox });
  // With IMAP_URL: the replies mailbox, read every IMAP_POLL_SECONDS into the leads' conversations (one instance at a time).
  const replies = startMailboxReader({ db, env: fullEnv, log, outbox });
  // Every six hours: enquiries and waitlist entries past LEAD_RETENTION_DAYS / WAITLIST_RETENTION_DAYS are deleted.
  const stopRetention = startRetention(services);
  // Health, readiness and (with METRICS_TOKEN) metrics; nothing is recorded without the token.
  const metrics = fullEnv.METRICS_TOKEN ? createMetrics({ db, outbox, lastBackup: backups.last, gauges: mailboxGauges(db, fullEnv) }) : undefined;
  const ops = createOpsEndpoints({ env: fullEnv, db, metrics, log });
  const pageCache = metrics ? metrics.countPageCache(createPageCache(contentCacheRules)) : createPageCache(contentCacheRules);
  // News and blog posts are Markdown files: load the new and changed ones into the database.
  await syncPosts(db, {
    dir: resolve(root, "content/posts"),
    publicDir: resolve(root, "public"),
    mediaDir: mediaDir(fullEnv.MEDIA_DIR),
    log,
  });
  const running: Running = { services, ops, pageCache };
  // Headers within 30 s; a body by its rate instead of a fixed time (BODY_RATE in http/body.server.ts), so large uploads finish.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 30_000;
  server.requestTimeout = 0;
  if (dev) {
    // Each request runs on the current sources' copy of the routes and the HTTP app; Vite
    // loads a module again only when it or one of its imports changed.
    const listeners = new WeakMap<ServerEntry, Listener>();
    const current = async () => {
      const entry = await dev.load();
      let listener = listeners.get(entry);
      if (!listener) {
        listener = entry.listenerFor(running, { dev: true });
        listeners.set(entry, listener);
      }
      return listener;
    };
    server.on("request", (req, res) =>
      dev.handle(req, res, () => {
        current().then(
          (listener) => listener(req, res),
          (error) => {
            log.error({ err: error }, "the sources do not load");
            if (!res.headersSent) res.writeHead(500, { "Content-Type": "text/plain; charset=utf-8" });
            res.end("The server's sources do not load; see the log.");
          },
        );
      }),
    );
  } else {
    const dir = resolve(buildDir ?? "build");
    const listener = listenerFor(running, { dev: false, clientDir: resolve(dir, "client") });
    server.on("request", (req, res) => void listener(req, res));
  }
  ops.buildLoaded();

  server.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code === "EADDRINUSE") console.error(`Port ${env.PORT} on ${env.HOST} is already in use; set PORT to a free port.`);
    else console.error(`Could not listen on ${env.HOST}:${env.PORT}: ${error.message}`);
    process.exit(1);
  });
  server.listen(env.PORT, env.HOST, () => {
    const addr = server.address();
    const port = typeof addr === "object" && addr ? addr.port : env.PORT;
    lock?.listening(`${env.HOST}:${port}`);
    log.info({ url: `http://${env.HOST}:${port}`, db: db.describe, ...(dev ? { mode: "development" } : {}) }, "listening");
  });

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    // /readyz answers 503 from now on: a load balancer that polls it stops sending.
    ops.drain();
    const close = () => {
      log.info({ signal }, "shutting down: finishing requests in flight");
      server.close(async () => {
        await dev?.close();
        await leadSchedule.stop();
        await replies.stop();
        stopRetention();
        await newsletters.stop();
        await outbox.stop();
        await backups.stop();
        alerts.stop();
        metrics?.close();
        await db.close();
        lock?.release();
        log.info("stopped");
        process.exit(0);
      });
      server.closeIdleConnections();
      // A request that hangs must not keep the process alive for ever.
      setTimeout(() => process.exit(1), 10_000).unref();
    };
    if (fullEnv.SHUTDOWN_DELAY_SECONDS > 0) {
      log.info({ signal, seconds: fullEnv.SHUTDOWN_DELAY_SECONDS }, "shutting down: not ready, still serving while the load balancer notices");
      setTimeout(close, fullEnv.SHUTDOWN_DELAY_SECONDS * 1000);
    } else close();
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}

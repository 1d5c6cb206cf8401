/**
 * The one Node process: pre-rendered pages and assets from memory, the JSON API, and
 * server-rendered pages. Build first (`npm run build`); `npm start` does both.
 * With `--dev` (`npm run dev`) the same process serves the current sources through Vite
 * with hot reload instead of a build.
 */
import "./app/platform/heap.server";
import { createServer, type RequestListener } from "node:http";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { syncPosts } from "./app/features/content/content.server";
import { openDb } from "./app/platform/db/db.server";
import { EnvError, loadEnv } from "./app/platform/env.server";
import { createApp } from "./app/platform/http/app.server";
import type { DevAssets } from "./app/platform/http/dev.server";
import { createLogger } from "./app/platform/logger.server";
import { mediaDir } from "./app/features/content/media.server";
import { startAlerts } from "./app/platform/ops/alerts.server";
import { messages } from "./app/messages.server";
import { startBackupSchedule } from "./app/platform/ops/backup-schedule.server";
import { createMetrics } from "./app/platform/ops/metrics.server";
import { dataDirOf } from "./app/platform/ops/backup.server";
import { createOpsEndpoints } from "./app/platform/ops/ops-http.server";
import { createPageCache } from "./app/platform/http/page-cache.server";
import { startOutbox } from "./app/platform/outbox/worker.server";
import type { Services } from "./app/platform/services.server";
import { withIpHashSalt } from "./app/platform/settings.server";

const dev = process.argv.includes("--dev");

async function main() {
  let env: ReturnType<typeof loadEnv>;
  try {
    env = loadEnv();
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const log = createLogger(env.LOG_LEVEL);
  const db = await openDb(env.DATABASE_URL);
  // The installation's secrets (IP hash salt, two-factor key): from the environment, else its key file.
  const fullEnv = await withIpHashSalt(env, db);
  // Delivers what leads and the desk write to the outbox (e-mail, the CRM webhook).
  const outbox = startOutbox({ db, env: fullEnv, log, messages });
  const services: Services = { env: fullEnv, db, log, outbox };
  // SQLite: a checked online backup every BACKUP_EVERY_HOURS into BACKUP_DIR.
  const backups = startBackupSchedule({ env: fullEnv, log });
  // The system's checks (outbox, backups, disk), every minute: an e-mail to admins and a banner in the desk.
  const alerts = startAlerts({ env: fullEnv, db, log, lastBackup: backups.last, dataDir: dataDirOf(fullEnv) });
  services.ops = { alerts, lastBackup: backups.last };
  // Health, readiness and (with METRICS_TOKEN) metrics; nothing is recorded without the token.
  const metrics = fullEnv.METRICS_TOKEN ? createMetrics({ db, outbox, lastBackup: backups.last }) : undefined;
  const ops = createOpsEndpoints({ env: fullEnv, db, metrics });
  const pageCache = metrics ? metrics.countPageCache(createPageCache()) : undefined;
  // News and blog posts are Markdown files: load the new and changed ones into the database.
  await syncPosts(db, {
    dir: resolve(import.meta.dirname, "content/posts"),
    publicDir: resolve(import.meta.dirname, "public"),
    mediaDir: mediaDir(fullEnv.MEDIA_DIR),
    log,
  });
  let listener: RequestListener;
  // Headers within 30 s; a body by its rate instead of a fixed time (BODY_RATE in http/body.server.ts), so large uploads finish.
  const server = createServer({ keepAliveTimeout: 65_000, headersTimeout: 30_000, requestTimeout: 0 }, (req, res) => listener(req, res));
  let devAssets: DevAssets | undefined;
  if (dev) {
    const { startDevAssets } = await import("./app/platform/http/dev.server");
    const assets = await startDevAssets(server);
    const app = createApp({ services, build: assets.build, dev: true, ops, pageCache });
    listener = (req, res) => assets.handle(req, res, () => void app(req, res));
    devAssets = assets;
  } else {
    const buildDir = resolve(process.env.BUILD_DIR ?? "build");
    const build = (await import(pathToFileURL(resolve(buildDir, "server/index.js")).href)) as ServerBuild;
    listener = createApp({ services, build, clientDir: resolve(buildDir, "client"), ops, pageCache });
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
        await devAssets?.close();
        await outbox.stop();
        await backups.stop();
        alerts.stop();
        metrics?.close();
        await db.close();
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

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

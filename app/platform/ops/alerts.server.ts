import { statfs } from "node:fs/promises";
import { hostname } from "node:os";
import { existsSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { sql } from "kysely";
import type { Db } from "~/platform/db/db.server";
import type { Env } from "~/platform/env.server";
import type { Logger } from "~/platform/logger.server";
import { escapeHtml, htmlShell, isPlainAddress } from "~/platform/outbox/templates.server";
import type { MessageDraft, Outbox } from "~/platform/outbox/worker.server";
import { defineMessage, Undeliverable } from "~/platform/outbox/messages.server";
import type { BackupFile } from "./backup.server";
import type { BackupFailure } from "./backup-schedule.server";

/**
 * The system's own checks, run every minute in each server process:
 *
 * - `outbox`: a message has been failing to go out (an attempt failed and it still waits)
 *   for 15 minutes or more, or the oldest message waiting to go out was written over 10
 *   minutes ago: the mail server or the CRM is refusing, down or too slow.
 * - `backup-stale`: the newest backup is older than twice BACKUP_EVERY_HOURS.
 * - `backup-failed`: the server's last backup attempt failed (at once, not an interval later).
 * - `disk-low`: less than 10 % of the disk under the data folder is free.
 *
 * When a check turns bad, every admin gets one e-mail through the outbox (one per
 * episode, however many instances see it: the message's idempotency key names the
 * episode), so does ALERT_WEBHOOK_URL when set (a chat tool's incoming webhook, signed;
 * the webhook channel goes out whatever happens to e-mail), the desk shows a banner to
 * admins while it lasts, and the log has a line.
 * While the outbox itself is failing or stuck, e-mail may not arrive, so that line is at
 * error level.
 */

export type AlertId = "outbox" | "backup-stale" | "backup-failed" | "disk-low";

export interface Check {
  id: AlertId;
  title: string;
  ok: boolean;
  /** What was measured, in words. */
  detail: string;
  /** Names this bad spell (the oldest failing message, the last backup…): one e-mail per value. */
  episode?: string;
}

export interface AlertState {
  /** The last result of every check, and when they ran (undefined before the first run). */
  checks: Check[];
  checkedAt?: string;
  /** The checks that are bad now. */
  firing: Check[];
}

export interface Alerts {
  state(): AlertState;
  /** Runs the checks now (the timer does this every minute). */
  run(): Promise<AlertState>;
  stop(): void;
}

export const OUTBOX_FAILING_MS = 15 * 60_000;
export const OUTBOX_WAIT_MS = 10 * 60_000;
export const DISK_FREE_MIN = 0.1;
const TITLES: Record<AlertId, string> = {
  outbox: "Outgoing e-mail and webhooks are failing or late",
  "backup-stale": "The last backup is too old",
  "backup-failed": "The last backup failed",
  "disk-low": "The data disk is almost full",
};

const minutes = (ms: number) => `${Math.round(ms / 60_000)} min`;
const hours = (ms: number) => `${(ms / 3_600_000).toFixed(1)} h`;

export interface AlertOptions {
  env: Env;
  db: Db;
  log: Logger;
  /** Where the alert e-mails and webhook are written. */
  outbox: Outbox;
  lastBackup: () => BackupFile | undefined;
  /** The server's last failed backup attempt, while none has succeeded since. */
  backupFailure?: () => BackupFailure | undefined;
  /** The folder whose disk is watched (the SQLite file's, media and mail live there too). */
  dataDir: string;
  /**
   * Who is e-mailed when a check turns bad: the active admins. The staff feature knows
   * them; the composition root hands its answer in, as the platform reads no feature's table.
   */
  admins: (k: Db["kysely"]) => Promise<{ id: number; email: string }[]>;
  now?: () => number;
  /** When this process started (a missing backup counts from then). */
  startedAt?: number;
  /** Free share of the disk; statfs of dataDir unless given (tests). */
  diskFree?: () => Promise<number>;
  everyMs?: number;
}

async function statfsFree(dir: string): Promise<number> {
  // The folder may not exist yet (no backup taken): its nearest existing parent is on the same disk.
  let at = resolve(dir);
  while (!existsSync(at) && dirname(at) !== at) at = dirname(at);
  const s = await statfs(at);
  return s.blocks > 0 ? s.bavail / s.blocks : 1;
}

export function startAlerts(opts: AlertOptions): Alerts {
  const { env, db, log } = opts;
  const now = opts.now ?? Date.now;
  const startedAt = opts.startedAt ?? now();
  const diskFree = opts.diskFree ?? (() => statfsFree(opts.dataDir));
  let current: AlertState = { checks: [], firing: [] };
  const firing = new Map<AlertId, string>();

  async function checks(): Promise<Check[]> {
    const at = now();
    const out: Check[] = [];
    const rows = (
      await sql<{ failing: string | null; oldest: string | null }>`SELECT
        (SELECT min(created_at) FROM outbox WHERE state IN ('pending', 'sending') AND last_error IS NOT NULL) AS failing,
        (SELECT min(created_at) FROM outbox WHERE state IN ('pending', 'sending')) AS oldest`.execute(db.kysely)
    ).rows[0];
    const failingFor = rows?.failing ? at - Date.parse(rows.failing) : 0;
    const waiting = rows?.oldest ? at - Date.parse(rows.oldest) : 0;
    const failing = failingFor >= OUTBOX_FAILING_MS;
    const slow = waiting > OUTBOX_WAIT_MS;
    out.push({
      id: "outbox",
      title: TITLES.outbox,
      ok: !failing && !slow,
      detail: !rows?.oldest
        ? "nothing is waiting"
        : `the oldest waiting message was written ${minutes(waiting)} ago${rows.failing ? `; a message has been failing for ${minutes(failingFor)}` : ""}`,
      episode: rows?.oldest ?? undefined,
    });
    const interval = env.BACKUP_EVERY_HOURS * 3_600_000;
    if (interval > 0) {
      const last = opts.lastBackup();
      const age = at - (last ? last.takenAt.getTime() : startedAt);
      out.push({
        id: "backup-stale",
        title: TITLES["backup-stale"],
        ok: age <= 2 * interval,
        detail: last ? `the newest backup (${last.name}) is ${hours(age)} old; the interval is ${env.BACKUP_EVERY_HOURS} h` : `no backup in ${env.BACKUP_DIR}`,
        episode: last?.name ?? "none",
      });
    }
    if (opts.backupFailure) {
      const failed = opts.backupFailure();
      out.push({
        id: "backup-failed",
        title: TITLES["backup-failed"],
        ok: !failed,
        detail: failed ? `at ${failed.at.toISOString()}: ${failed.message}` : "the last attempt succeeded",
        episode: failed?.at.toISOString(),
      });
    }
    const free = await diskFree();
    out.push({
      id: "disk-low",
      title: TITLES["disk-low"],
      ok: free >= DISK_FREE_MIN,
      detail: `${(free * 100).toFixed(1)} % free under ${resolve(opts.dataDir)}`,
      episode: `${hostname()}:${new Date(at).toISOString().slice(0, 10)}`,
    });
    return out;
  }

  async function notify(turned: Check[], mailDown: boolean): Promise<void> {
    for (const c of turned) {
      // Never a visitor's data: the checks carry counts, ages and file names.
      if (mailDown) log.error({ alert: c.id, detail: c.detail }, `alert: ${c.title}`);
      else log.warn({ alert: c.id, detail: c.detail }, `alert: ${c.title}`);
    }
    const admins = await opts.admins(db.kysely);
    // One e-mail per episode and admin across every instance: the key is the episode's.
    const drafts: MessageDraft[] = turned.flatMap((c) =>
      admins
        .filter((a) => isPlainAddress(a.email))
        .map((a) => ({
          key: `alert:${c.id}:${c.episode ?? ""}:${a.id}`,
          template: alertMessage.name,
          recipient: a.email,
          staffId: Number(a.id),
          payload: { id: c.id, title: c.title, detail: c.detail },
        })),
    );
    // The second channel: a chat tool's webhook, which an outage of e-mail does not hold up.
    if (env.ALERT_WEBHOOK_URL)
      for (const c of turned)
        drafts.push({ key: `alert:${c.id}:${c.episode ?? ""}:webhook`, template: alertWebhook.name, payload: { id: c.id, title: c.title, detail: c.detail } });
    await opts.outbox.sendNow(drafts, { now: new Date(now()) });
  }

  async function run(): Promise<AlertState> {
    const list = await checks();
    const bad = list.filter((c) => !c.ok);
    const turned = bad.filter((c) => firing.get(c.id) !== (c.episode ?? ""));
    for (const id of [...firing.keys()]) if (!bad.some((c) => c.id === id)) firing.delete(id);
    for (const c of bad) firing.set(c.id, c.episode ?? "");
    const mailDown = bad.some((c) => c.id === "outbox");
    if (turned.length) await notify(turned, mailDown);
    current = { checks: list, firing: bad, checkedAt: new Date(now()).toISOString() };
    return current;
  }

  const every = opts.everyMs ?? 60_000;
  let timer: NodeJS.Timeout | undefined;
  const tick = () => {
    run()
      .catch((error) => log.error({ err: error }, "alert checks failed"))
      .finally(() => {
        if (timer !== undefined) {
          timer = setTimeout(tick, every);
          timer.unref();
        }
      });
  };
  if (every > 0) {
    timer = setTimeout(tick, 0);
    timer.unref();
  }
  return {
    state: () => current,
    run,
    stop() {
      if (timer) clearTimeout(timer);
      timer = undefined;
    },
  };
}

/** The e-mail an admin gets when a check turns bad. */
export const alertMessage = defineMessage({
  name: "ops-alert",
  label: "System alert to an admin",
  render: (ctx) => {
    const to = ctx.row.recipient ?? "";
    if (!isPlainAddress(to)) throw new Undeliverable("the admin's address is not a plain e-mail address");
    const title = typeof ctx.payload.title === "string" ? ctx.payload.title : "A system check failed";
    const detail = typeof ctx.payload.detail === "string" ? ctx.payload.detail : "";
    const subject = `Fillway alert: ${title}`;
    const page = `${ctx.env.SITE_URL}/desk/system`;
    const text = `${title}: ${detail}.\n\nWhat it means and what to do: docs/operations.md, "Alerts". The checks as they are now: ${page}\n`;
    const html = htmlShell(
      subject,
      `<p><strong>${escapeHtml(title)}</strong>: ${escapeHtml(detail)}.</p>
<p>What it means and what to do: <code>docs/operations.md</code>, “Alerts”. <a href="${escapeHtml(page)}">The checks as they are now</a>.</p>`,
    );
    return { mail: { to: [to], subject, text, html, messageId: ctx.row.message_id ?? "", headers: { "Auto-Submitted": "auto-generated" } } };
  },
});

/**
 * The alert as signed JSON to ALERT_WEBHOOK_URL (HMAC-SHA256 of the body under
 * ALERT_WEBHOOK_SECRET, as the CRM webhook is signed). `text` is what a chat tool's incoming
 * webhook shows.
 */
export const alertWebhook = defineMessage({
  name: "ops-alert-webhook",
  channel: "webhook",
  label: "System alert to the alert webhook",
  render: (ctx) => {
    const { ALERT_WEBHOOK_URL: url, ALERT_WEBHOOK_SECRET: secret } = ctx.env;
    if (!url || !secret) throw new Undeliverable("ALERT_WEBHOOK_URL is no longer set");
    const title = typeof ctx.payload.title === "string" ? ctx.payload.title : "A system check failed";
    const detail = typeof ctx.payload.detail === "string" ? ctx.payload.detail : "";
    const page = `${ctx.env.SITE_URL}/desk/system`;
    const body = {
      alert: typeof ctx.payload.id === "string" ? ctx.payload.id : "unknown",
      title,
      detail,
      site: ctx.env.SITE_URL,
      at: ctx.row.created_at,
      text: `Fillway alert: ${title}: ${detail}. ${page}`,
    };
    return { webhook: JSON.stringify(body), to: { url, secret } };
  },
});

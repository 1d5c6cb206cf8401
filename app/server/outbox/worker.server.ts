import { hostname } from "node:os";
import { brand } from "~/content/brand";
import type { Db } from "../db/db.server";
import type { Env } from "../env.server";
import type { Logger } from "../logger.server";
import { kindLabel, typeLabel, whoOf } from "../desk/leads/labels.server";
import { createMailer, type Mailer, type OutgoingMail } from "./mailer.server";
import {
  claimDue,
  type OutboxDraft,
  type OutboxRow,
  type OutboxTiming,
  outboxRows,
  mailDomain,
  recordResults,
  releaseClaims,
  type Result,
} from "./store.server";
import {
  isPlainAddress,
  type LeadForMail,
  leadForMail,
  oneLine,
  passwordResetMail,
  salesNotification,
  signInFailuresMail,
  visitorReceipt,
} from "./templates.server";
import { postWebhook } from "./webhook.server";
import { newsletterTemplates } from "../newsletter/mail.server";

/** What a template turns a row into: an e-mail or a webhook body. */
export type Delivery = { mail: OutgoingMail } | { webhook: string };

export interface TemplateContext {
  env: Env;
  row: OutboxRow;
  lead: LeadForMail | undefined;
  payload: Record<string, unknown>;
}

/** A permanent problem with a message (its lead is gone, its address is not one): no retry helps. */
export class Undeliverable extends Error {}

export type Template = (ctx: TemplateContext) => Delivery | Promise<Delivery>;

export interface Outbox {
  timing: OutboxTiming;
  /** The rows a newly stored lead writes in its own transaction. */
  rowsForLead(kind: string, email: string, leadId: number): ReturnType<typeof outboxRows>;
  /** Rows for any other message (a confirmation, a reset link). */
  rows(drafts: OutboxDraft[], leadId?: number | null): ReturnType<typeof outboxRows>;
  /** Something was written: look for due messages now rather than at the next poll. */
  nudge(): void;
  /** Finishes the attempts in flight and stops. */
  stop(): Promise<void>;
  readonly mailer: Mailer;
  readonly stats: { sent: number; retried: number; failed: number };
}

export interface OutboxOptions {
  db: Db;
  env: Env;
  log: Logger;
  /** Checks for due messages this often when nothing nudges (ms). */
  pollMs?: number;
  /** Messages claimed at once. */
  batch?: number;
  /**
   * While leads are arriving (one stored within the last `busyWindowMs`), the worker
   * yields to them: it claims at most `busyBatch` messages, then pauses `busyPauseMs`
   * before the next round, so delivery goes on at a steady floor (busyBatch per pause)
   * without taking the event loop and the writer from the requests. Once they stop, it
   * delivers the rest at full speed.
   */
  busyBatch?: number;
  busyPauseMs?: number;
  busyWindowMs?: number;
  /** After a nudge, wait this long so a round takes what arrives meanwhile (ms). */
  settleMs?: number;
  /** How long a claim holds before another worker may take the message over (ms). */
  leaseMs?: number;
  /** Extra templates (newsletter, password reset), by name. */
  templates?: Record<string, Template>;
  /** Do not deliver (pre-rendering, tests that only write). */
  paused?: boolean;
}

/** Sales recipients for a form: its LEADS_NOTIFY_TO_<FORM> override, else LEADS_NOTIFY_TO. */
export function notifyFor(env: Env, kind: string): string[] {
  const key = `LEADS_NOTIFY_TO_${kind.toUpperCase().replace(/-/g, "_")}` as keyof Env;
  const override = env[key];
  return Array.isArray(override) && override.length ? (override as string[]) : env.LEADS_NOTIFY_TO;
}

/** The JSON a CRM receives for a lead. */
export function leadWebhookBody(lead: LeadForMail, row: OutboxRow, siteUrl: string): string {
  return JSON.stringify({
    event: "lead.created",
    idempotencyKey: row.idempotency_key,
    lead: {
      id: lead.id,
      submissionId: lead.submissionId,
      kind: lead.kind,
      form: kindLabel(lead.kind),
      type: lead.type,
      typeLabel: typeLabel(lead.type, lead.kind),
      email: lead.email,
      fields: lead.payload,
      page: lead.pagePath,
      createdAt: lead.createdAt,
      deskUrl: `${siteUrl}/desk/leads/${lead.id}`,
    },
    attribution: lead.attribution ?? null,
  });
}

const needLead = (ctx: TemplateContext): LeadForMail => {
  if (!ctx.lead) throw new Undeliverable("the lead no longer exists");
  return ctx.lead;
};

const leadTemplates: Record<string, Template> = {
  "lead-sales": (ctx) => {
    const lead = needLead(ctx);
    const content = salesNotification(lead, ctx.env.SITE_URL);
    const replyTo = isPlainAddress(lead.email) ? { name: oneLine(whoOf(lead.payload), 100), address: lead.email } : undefined;
    return {
      mail: { ...content, to: notifyFor(ctx.env, lead.kind), replyTo, messageId: ctx.row.message_id ?? "", headers: { "X-Fillway-Lead": String(lead.id) } },
    };
  },
  "lead-receipt": (ctx) => {
    const lead = needLead(ctx);
    if (!isPlainAddress(lead.email)) throw new Undeliverable("the visitor's address is not a plain e-mail address");
    const content = visitorReceipt(lead, ctx.env.SITE_URL);
    return {
      mail: {
        ...content,
        to: [lead.email],
        replyTo: { name: `${brand.name} team`, address: brand.email },
        messageId: ctx.row.message_id ?? "",
        headers: { "Auto-Submitted": "auto-replied" },
      },
    };
  },
  "lead-webhook": (ctx) => ({ webhook: leadWebhookBody(needLead(ctx), ctx.row, ctx.env.SITE_URL) }),
  "sign-in-failures": (ctx) => {
    const to = ctx.row.recipient ?? "";
    if (!isPlainAddress(to)) throw new Undeliverable("no address");
    const { step, failures, windowMinutes } = ctx.payload;
    const content = signInFailuresMail(
      { step: step === "code" ? "code" : "password", failures: Number(failures) || 0, windowMinutes: Number(windowMinutes) || 15 },
      ctx.env.SITE_URL,
    );
    return { mail: { ...content, to: [to], messageId: ctx.row.message_id ?? "", headers: { "Auto-Submitted": "auto-generated" } } };
  },
  "password-reset": (ctx) => {
    const to = ctx.row.recipient ?? "";
    const link = typeof ctx.payload.link === "string" ? ctx.payload.link : "";
    if (!isPlainAddress(to) || !link) throw new Undeliverable("no address or no link");
    return {
      mail: { ...passwordResetMail(link, ctx.env.SITE_URL), to: [to], messageId: ctx.row.message_id ?? "", headers: { "Auto-Submitted": "auto-generated" } },
    };
  },
};

/**
 * The outbox worker of this process. It claims due messages in batches, delivers them
 * concurrently (SMTP through the mailer's pool, webhooks over HTTP) and records each
 * outcome; failures come back after an exponential back-off with jitter until their
 * give-up time, then they are marked failed for the desk. Claims and outcomes go through
 * the write queue, so they share the leads' transactions; while leads are arriving the
 * worker takes smaller rounds with pauses between them (decision record 011).
 */
export function startOutbox(opts: OutboxOptions): Outbox {
  const { db, env, log } = opts;
  const pollMs = opts.pollMs ?? 1000;
  const batch = opts.batch ?? 200;
  const leaseMs = opts.leaseMs ?? 5 * 60_000;
  const timing: OutboxTiming = { retryBaseMs: env.OUTBOX_RETRY_BASE_SECONDS * 1000, giveUpMs: env.OUTBOX_GIVE_UP_HOURS * 3_600_000 };
  const domain = mailDomain(env.MAIL_FROM);
  const mailer = createMailer({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, mailDir: env.MAIL_DIR, log });
  const templates: Record<string, Template> = { ...leadTemplates, ...newsletterTemplates(db), ...opts.templates };
  const stats = { sent: 0, retried: 0, failed: 0 };
  const instance = `${hostname()}:${process.pid}`;

  const busyBatch = Math.min(opts.busyBatch ?? 20, batch);
  const busyPauseMs = opts.busyPauseMs ?? 100;
  const busyWindowMs = opts.busyWindowMs ?? 250;
  const settleMs = opts.settleMs ?? 20;

  let stopped = !!opts.paused;
  let timer: NodeJS.Timeout | null = null;
  let timerDue = 0;
  let running: Promise<void> | null = null;
  let again = false;
  let started: Promise<void> = Promise.resolve();
  let lastNudge = 0;
  let wake: (() => void) | null = null;
  if (!stopped && db.dialect === "sqlite") {
    // One process delivers on SQLite: what it had claimed before a crash is due again now.
    started = releaseClaims(db).then(
      (n) => {
        if (n) log.info({ messages: n }, "outbox: messages claimed before a restart are due again");
      },
      (error) => log.error({ err: error }, "outbox: could not release old claims"),
    );
  }

  async function loadLeads(rows: OutboxRow[]): Promise<Map<number, LeadForMail>> {
    const ids = [
      ...new Set(
        rows
          .map((r) => r.lead_id)
          .filter((id): id is number => id !== null)
          .map(Number),
      ),
    ];
    if (!ids.length) return new Map();
    const leads = await db.kysely
      .selectFrom("leads")
      .select(["id", "submission_id", "kind", "type", "email", "payload", "page_path", "created_at"])
      .select(["landing_page", "referrer_host", "utm_source", "utm_medium", "utm_campaign", "utm_term", "utm_content"])
      .where("id", "in", ids)
      .execute();
    return new Map(leads.map((l) => [Number(l.id), leadForMail(l)]));
  }

  async function deliver(row: OutboxRow, lead: LeadForMail | undefined): Promise<Result> {
    try {
      const template = templates[row.template];
      if (!template) throw new Undeliverable(`no template "${row.template}"`);
      let payload: Record<string, unknown> = {};
      try {
        payload = JSON.parse(row.payload) as Record<string, unknown>;
      } catch {
        // An unreadable payload is an empty one; the template says what it misses.
      }
      const delivery = await template({ env, row, lead, payload });
      if ("mail" in delivery) await mailer.send(delivery.mail);
      else {
        if (!env.LEAD_WEBHOOK_URL || !env.LEAD_WEBHOOK_SECRET) throw new Undeliverable("LEAD_WEBHOOK_URL is no longer set");
        await postWebhook(env.LEAD_WEBHOOK_URL, env.LEAD_WEBHOOK_SECRET, delivery.webhook, row.idempotency_key);
      }
      return { id: row.id, ok: true };
    } catch (error) {
      const e = error as Error & { responseCode?: number };
      const message = e.message || String(error);
      return { id: row.id, ok: false, error: message, permanent: error instanceof Undeliverable };
    }
  }

  async function round(limit: number): Promise<number> {
    const claimed = await claimDue(db, limit, leaseMs);
    if (!claimed.length) return 0;
    const leads = await loadLeads(claimed);
    const results = await Promise.all(claimed.map((row) => deliver(row, row.lead_id === null ? undefined : leads.get(Number(row.lead_id)))));
    const byId = new Map(claimed.map((r) => [r.id, r]));
    await recordResults(db, byId, results, timing);
    for (const r of results) {
      const row = byId.get(r.id);
      if (r.ok) {
        stats.sent++;
        log.debug({ id: r.id, template: row?.template, attempt: row?.attempts }, "outbox: delivered");
      } else {
        const failed = r.permanent || (row ? new Date(Date.now() + timing.retryBaseMs).toISOString() > row.give_up_at : false);
        if (failed) stats.failed++;
        else stats.retried++;
        log.warn(
          { id: r.id, template: row?.template, attempt: row?.attempts, error: r.error, instance },
          failed ? "outbox: delivery failed for good" : "outbox: delivery failed, will retry",
        );
      }
    }
    return claimed.length;
  }

  function schedule(ms: number) {
    if (stopped) return;
    if (timer) clearTimeout(timer);
    timerDue = Date.now() + ms;
    timer = setTimeout(tick, ms);
    timer.unref();
  }

  /** A pause that stop() cuts short. */
  function pause(ms: number) {
    return new Promise<void>((resolve) => {
      const t = setTimeout(done, ms);
      t.unref();
      function done() {
        clearTimeout(t);
        wake = null;
        resolve();
      }
      wake = done;
    });
  }

  function tick() {
    timer = null;
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      await started;
      // stop() ends the loop between rounds (and cuts a pause short).
      while (!stopped) {
        again = false;
        const busy = Date.now() - lastNudge < busyWindowMs;
        const limit = busy ? busyBatch : batch;
        let n = 0;
        try {
          n = await round(limit);
        } catch (error) {
          log.error({ err: error }, "outbox: round failed");
          break;
        }
        if (stopped) break;
        if (busy && n > 0) {
          // Leads are arriving: let them have the event loop and the writer for a while.
          await pause(busyPauseMs);
          continue;
        }
        if (n === limit || again) continue;
        break;
      }
    })().finally(() => {
      running = null;
      schedule(pollMs);
    });
  }

  if (!stopped) {
    log.info({ mail: mailer.describe, webhook: env.LEAD_WEBHOOK_URL ? new URL(env.LEAD_WEBHOOK_URL).origin : null }, "outbox: delivering");
    schedule(0);
  }

  return {
    timing,
    mailer,
    stats,
    rows: (drafts, leadId = null) => outboxRows(drafts, leadId, { domain, giveUpMs: timing.giveUpMs }),
    rowsForLead(kind, email, leadId) {
      if (kind === "newsletter") {
        // Double opt-in: the sign-up's one message is the link that confirms it.
        const confirm: OutboxDraft[] = isPlainAddress(email) ? [{ channel: "email", template: "newsletter-confirm", recipient: email }] : [];
        return outboxRows(confirm, leadId, { domain, giveUpMs: timing.giveUpMs });
      }
      const drafts: OutboxDraft[] = [{ channel: "email", template: "lead-sales" }];
      if (isPlainAddress(email)) drafts.push({ channel: "email", template: "lead-receipt" });
      if (env.LEAD_WEBHOOK_URL) drafts.push({ channel: "webhook", template: "lead-webhook" });
      return outboxRows(drafts, leadId, { domain, giveUpMs: timing.giveUpMs });
    },
    nudge() {
      if (stopped) return;
      lastNudge = Date.now();
      if (running) again = true;
      // A timer already due sooner stays: nudges arriving back to back must not push the round away.
      else if (!timer || timerDue > lastNudge + settleMs) schedule(settleMs);
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      wake?.();
      await running;
      mailer.close();
    },
  };
}

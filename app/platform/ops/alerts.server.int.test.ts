import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Db } from "~/platform/db/db.server";
import { openTestDb } from "../../../tests/helpers/test-db";
import { loadEnv } from "~/platform/env.server";
import type { Logger } from "~/platform/logger.server";
import { mailDomain, outboxRows } from "~/platform/outbox/store.server";
import { startOutbox } from "~/platform/outbox/worker.server";
import { outboxMessages } from "~/server/messages.server";
import { type AlertOptions, alertMessage, alertWebhook, startAlerts } from "./alerts.server";
import type { BackupFile } from "./backup.server";
import { activeStaff } from "~/features/staff/people.server";

/** The system's checks on a real database, with a controlled clock, disk and backup list. */

const T0 = Date.UTC(2026, 10, 25, 12);
const MIN = 60_000;
const env = { ...loadEnv({ DATABASE_URL: "file:/tmp/unused.db", BACKUP_EVERY_HOURS: "6" }), IP_HASH_SALT: "a-salt-for-these-tests-only" };

let db: Db;
let clock = T0;
let free = 0.5;
let backup: BackupFile | undefined;
const lines: { level: string; msg: string; alert?: string }[] = [];
const log = {
  error: (o: { alert?: string }, msg: string) => lines.push({ level: "error", msg, alert: o.alert }),
  warn: (o: { alert?: string }, msg: string) => lines.push({ level: "warn", msg, alert: o.alert }),
  info: () => {},
} as unknown as Logger;

const alertsAt = (extra: Partial<AlertOptions> = {}) =>
  startAlerts({
    env,
    db,
    log,
    outbox: startOutbox({ db, env, log, messages: outboxMessages, paused: true }),
    lastBackup: () => backup,
    dataDir: "/tmp",
    now: () => clock,
    startedAt: T0,
    diskFree: async () => free,
    everyMs: 0,
    admins: (k) => activeStaff(k, ["admin"]),
    ...extra,
  });

const alertMails = () =>
  db.kysely.selectFrom("outbox").select(["recipient", "payload", "idempotency_key"]).where("template", "=", "ops-alert").orderBy("id").execute();

async function message(opts: { writtenAt: number; failing: boolean }) {
  const [row] = outboxRows([{ channel: "email", template: "password-reset", recipient: "x@example.com" }], null, {
    domain: mailDomain(env.MAIL_FROM),
    giveUpMs: 86_400_000,
    now: new Date(opts.writtenAt),
  });
  await db.kysely
    .insertInto("outbox")
    .values({ ...row!, ...(opts.failing ? { last_error: "connection refused", attempts: 3 } : {}) })
    .execute();
}

beforeAll(async () => {
  db = await openTestDb();
  const staff = (email: string, role: string, disabled = false) =>
    db.kysely
      .insertInto("staff")
      .values({ email, role, name: null, created_at: new Date(T0).toISOString(), ...(disabled ? { disabled_at: new Date(T0).toISOString() } : {}) })
      .execute();
  await staff("admin-one@fillway.example", "admin");
  await staff("admin-two@fillway.example", "admin");
  await staff("gone@fillway.example", "admin", true);
  await staff("sales@fillway.example", "sales");
});

beforeEach(async () => {
  await db.kysely.deleteFrom("outbox").execute();
  lines.length = 0;
  clock = T0;
  free = 0.5;
  backup = { name: "fillway-20261125T110000000Z.db", path: "/tmp/x", takenAt: new Date(T0 - 60 * MIN), bytes: 1 };
});

afterAll(async () => {
  await db?.close();
});

describe("the system's checks", () => {
  it("are all OK on a healthy system, and nobody is told anything", async () => {
    await message({ writtenAt: T0 - 2 * MIN, failing: false });
    const state = await alertsAt().run();
    expect(state.checks.map((c) => [c.id, c.ok])).toEqual([
      ["outbox", true],
      ["backup-stale", true],
      ["disk-low", true],
    ]);
    expect(state.firing).toEqual([]);
    expect(await alertMails()).toEqual([]);
    expect(lines).toEqual([]);
  });

  it("the oldest message waiting over 10 minutes: one e-mail per active admin, a banner, and an error line (mail may be down)", async () => {
    await message({ writtenAt: T0 - 10 * MIN, failing: true });
    const alerts = alertsAt();
    expect((await alerts.run()).firing).toEqual([]);
    clock = T0 + 1 * MIN;
    const state = await alerts.run();
    expect(state.firing.map((c) => c.id)).toEqual(["outbox"]);
    expect(alerts.state().firing[0]?.detail).toBe("the oldest waiting message was written 11 min ago; a message has been failing for 11 min");
    const mails = await alertMails();
    expect(mails.map((m) => m.recipient)).toEqual(["admin-one@fillway.example", "admin-two@fillway.example"]);
    expect(lines).toEqual([{ level: "error", msg: "alert: Outgoing e-mail and webhooks are failing or late", alert: "outbox" }]);

    // Still the same spell a minute later, and seen by a second instance: no new e-mail.
    clock = T0 + 2 * MIN;
    await alerts.run();
    await alertsAt().run();
    expect(await alertMails()).toHaveLength(2);
  });

  it("a backup older than twice its interval, or none since the start, is an alert; a warning line, as mail works", async () => {
    backup = { name: "fillway-20261124T230000000Z.db", path: "/tmp/x", takenAt: new Date(T0 - 13 * 60 * MIN), bytes: 1 };
    const state = await alertsAt().run();
    expect(state.firing.map((c) => [c.id, c.detail])).toEqual([
      ["backup-stale", "the newest backup (fillway-20261124T230000000Z.db) is 13.0 h old; the interval is 6 h"],
    ]);
    expect(lines).toEqual([{ level: "warn", msg: "alert: The last backup is too old", alert: "backup-stale" }]);
    const [mail] = await alertMails();
    expect(JSON.parse(mail!.payload)).toMatchObject({ id: "backup-stale", title: "The last backup is too old" });

    backup = undefined;
    await db.kysely.deleteFrom("outbox").execute();
    const fresh = alertsAt();
    expect((await fresh.run()).firing).toEqual([]);
    clock = T0 + 12 * 60 * MIN + 1;
    expect((await fresh.run()).firing.map((c) => [c.id, c.detail])).toEqual([["backup-stale", "no backup in data/backups"]]);
  });

  it("a failed backup is an alert at the next check, naming the database and folder, until a backup succeeds", async () => {
    let failure: { at: Date; message: string } | undefined = {
      at: new Date(T0),
      message: "unable to open database file (SQLITE_CANTOPEN), backing up /srv/fillway/data/fillway.db into /srv/fillway/data/backups",
    };
    const alerts = alertsAt({ backupFailure: () => failure });
    const state = await alerts.run();
    expect(state.firing.map((c) => [c.id, c.detail])).toEqual([
      [
        "backup-failed",
        "at 2026-11-25T12:00:00.000Z: unable to open database file (SQLITE_CANTOPEN), backing up /srv/fillway/data/fillway.db into /srv/fillway/data/backups",
      ],
    ]);
    expect((await alertMails()).map((m) => JSON.parse(m.payload).title)).toEqual(["The last backup failed", "The last backup failed"]);
    failure = undefined;
    expect((await alerts.run()).firing).toEqual([]);
    expect(alerts.state().checks.find((c) => c.id === "backup-failed")?.detail).toBe("the last attempt succeeded");
  });

  it("with ALERT_WEBHOOK_URL, each alert also goes once to the webhook, signed, whatever the state of e-mail", async () => {
    const hooked = { ...env, ALERT_WEBHOOK_URL: "https://chat.example/hooks/abc", ALERT_WEBHOOK_SECRET: "a-webhook-secret-for-tests" };
    await message({ writtenAt: T0 - 11 * MIN, failing: true });
    await alertsAt({ env: hooked }).run();
    await alertsAt({ env: hooked }).run();
    const hooks = await db.kysely.selectFrom("outbox").select(["channel", "payload"]).where("template", "=", "ops-alert-webhook").execute();
    expect(hooks).toHaveLength(1);
    expect(hooks[0]?.channel).toBe("webhook");
    const row = await db.kysely.selectFrom("outbox").selectAll().where("template", "=", "ops-alert-webhook").executeTakeFirstOrThrow();
    const delivery = await alertWebhook.render({ db, env: hooked, lead: undefined, payload: JSON.parse(row.payload), row });
    if (!("webhook" in delivery)) throw new Error("not a webhook");
    expect(delivery.to).toEqual({ url: "https://chat.example/hooks/abc", secret: "a-webhook-secret-for-tests" });
    expect(JSON.parse(delivery.webhook)).toMatchObject({
      alert: "outbox",
      title: "Outgoing e-mail and webhooks are failing or late",
      text: expect.stringContaining("Fillway alert: Outgoing e-mail and webhooks are failing or late: the oldest waiting message was written 11 min ago"),
    });
  });

  it("less than 10 % free disk under the data folder is an alert", async () => {
    free = 0.099;
    const state = await alertsAt().run();
    expect(state.firing.map((c) => [c.id, c.detail])).toEqual([["disk-low", "9.9 % free under /tmp"]]);
    free = 0.1;
    expect((await alertsAt().run()).firing).toEqual([]);
  });

  it("turns the alert into an e-mail that says what was measured and where to look", async () => {
    const delivery = await alertMessage.render({
      db: undefined as never,
      env,
      lead: undefined,
      payload: { id: "disk-low", title: "The data disk is almost full", detail: "4.0 % free under /srv/fillway/data" },
      row: { recipient: "admin-one@fillway.example", message_id: "<m@fillway.example>" } as never,
    });
    if (!("mail" in delivery)) throw new Error("not a mail");
    expect(delivery.mail.to).toEqual(["admin-one@fillway.example"]);
    expect(delivery.mail.subject).toBe("Fillway alert: The data disk is almost full");
    expect(delivery.mail.text).toContain("4.0 % free under /srv/fillway/data");
    expect(delivery.mail.text).toContain(`${env.SITE_URL}/desk/system`);
  });
});

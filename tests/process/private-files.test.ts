import { spawnSync } from "node:child_process";
import { chmodSync, chownSync, mkdirSync, mkdtempSync, readdirSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exitCode, start, typeOneLead } from "./server";

/**
 * Everything the server and the tools write is private whatever the umask they were
 * started with (here 000): files 0640 or tighter, folders 0750 or tighter. The database
 * and its journals, the key file, backups, the copy kept before a restore, .eml files and
 * media (any folder the server makes). A tool started as root writes as the owner of the data folder.
 */

const root = resolve(import.meta.dirname, "../..");
let umaskBefore = 0;

beforeAll(() => {
  umaskBefore = process.umask(0);
});
afterAll(() => {
  process.umask(umaskBefore);
});

/** Every file and folder under `dir`, with its mode and owner. */
function walk(dir: string): Array<{ path: string; mode: number; dir: boolean; uid: number }> {
  const out: Array<{ path: string; mode: number; dir: boolean; uid: number }> = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    const st = statSync(path);
    out.push({ path, mode: st.mode & 0o777, dir: st.isDirectory(), uid: st.uid });
    if (st.isDirectory()) out.push(...walk(path));
  }
  return out;
}

const octal = (mode: number) => `0${mode.toString(8)}`;

function expectPrivate(dir: string) {
  const entries = walk(dir);
  const open = entries.filter((e) => (e.mode & 0o027) !== 0 || (!e.dir && (e.mode & 0o111) !== 0)).map((e) => `${e.path} ${octal(e.mode)}`);
  expect(open).toEqual([]);
  return entries;
}

function tool(script: string, args: string[], env: Record<string, string>) {
  const r = spawnSync(process.execPath, ["--import", "tsx", `scripts/${script}.ts`, ...args], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: "silent", ...env },
    encoding: "utf8",
  });
  expect(r.status, `${script} ${args.join(" ")}: ${r.stderr}`).toBe(0);
  return r.stdout;
}

const lead = () => JSON.stringify(typeOneLead("private@example.com"));

describe("files written under umask 000", () => {
  it("are private: the server's database, journals, key, backups and mail, then the tools'", { timeout: 120_000 }, async () => {
    const data = join(mkdtempSync(join(tmpdir(), "fillway-private-")), "data");
    const env = {
      DATABASE_URL: `file:${join(data, "fillway.db")}`,
      MAIL_DIR: join(data, "mail"),
      MEDIA_DIR: join(data, "media"),
      BACKUP_DIR: join(data, "backups"),
    };
    // The first backup is taken at start; a lead writes its notification as an .eml file.
    const server = start({ PORT: "0", HOST: "127.0.0.1", BACKUP_EVERY_HOURS: "6", ...env });
    const base = await server.listening();
    const res = await fetch(`${base}/web/form`, { method: "POST", headers: { "content-type": "application/json" }, body: lead() });
    expect(res.status).toBe(201);
    await expect.poll(() => walk(data).filter((e) => e.path.endsWith(".eml")).length, { timeout: 30_000 }).toBeGreaterThan(0);
    await expect.poll(() => walk(data).filter((e) => e.path.endsWith(".db") && e.path.includes("backups")).length, { timeout: 30_000 }).toBeGreaterThan(0);
    const whileRunning = expectPrivate(data);
    expect(whileRunning.some((e) => e.path.endsWith("fillway.db-wal"))).toBe(true);
    server.child.kill("SIGTERM");
    expect(await exitCode(server.child)).toBe(0);

    // The tools, under the same umask: an account, a backup, a restore (which keeps the database aside).
    tool("desk", ["user", "add", "private@staff.test", "--role", "sales"], env);
    const backup = /^(\S+\.db) /m.exec(tool("backup", [], env))?.[1];
    expect(backup).toBeDefined();
    expect(tool("restore", [backup ?? ""], env)).toMatch(/kept at/);
    const entries = expectPrivate(data);
    const names = entries.map((e) => e.path.slice(data.length + 1));
    expect(names).toEqual(expect.arrayContaining(["fillway.db", "fillway.db.key", "mail", "backups"]));
    expect(statSync(data).mode & 0o777).toBe(0o750);
  });

  // The tool goes on as that user, reading the checkout: every folder above it must let others through.
  const othersReachCheckout = (() => {
    for (let dir = resolve("."); ; dir = dirname(dir)) {
      if (!(statSync(dir).mode & 0o001)) return false;
      if (dirname(dir) === dir) return true;
    }
  })();
  it.skipIf(process.getuid?.() !== 0 || !othersReachCheckout)(
    "and a tool run as root writes as the owner of the data folder (as root, with a checkout other users can reach)",
    { timeout: 60_000 },
    () => {
      // A data folder owned by another user (nobody), as /srv/fillway/data is the service user's.
      const top = mkdtempSync(join(tmpdir(), "fillway-owner-"));
      chmodSync(top, 0o755);
      const data = join(top, "data");
      mkdirSync(data, { mode: 0o750 });
      chownSync(data, 65534, 65534);
      const env = { DATABASE_URL: `file:${join(data, "fillway.db")}`, BACKUP_DIR: join(data, "backups") };
      tool("desk", ["user", "add", "root-run@staff.test", "--role", "sales"], env);
      tool("backup", [], env);
      const entries = expectPrivate(data);
      expect(entries.length).toBeGreaterThan(2);
      expect(entries.filter((e) => e.uid !== 65534).map((e) => e.path)).toEqual([]);
    },
  );
});

import { spawnSync } from "node:child_process";
import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The files in deploy/ are what production runs: each is checked by the tool that reads
 * it, when that tool is on this machine (systemd-analyze, nginx).
 */

const deploy = resolve(import.meta.dirname, "../../deploy");
const has = (cmd: string, args: string[]) => spawnSync(cmd, args).status === 0;

describe.skipIf(!has("systemd-analyze", ["--version"]))("the systemd units", () => {
  it("pass systemd-analyze verify (an instance of the template, the backup service and its timer)", () => {
    const dir = mkdtempSync(join(tmpdir(), "fillway-units-"));
    copyFileSync(join(deploy, "systemd/fillway@.service"), join(dir, "fillway@3001.service"));
    for (const f of ["fillway-backup.service", "fillway-backup.timer"]) copyFileSync(join(deploy, "systemd", f), join(dir, f));
    const r = spawnSync("systemd-analyze", ["verify", "fillway@3001.service", "fillway-backup.service", "fillway-backup.timer"], {
      cwd: dir,
      encoding: "utf8",
    });
    expect(r.stderr).toBe("");
    expect(r.status).toBe(0);
  });

  it("are hardened to an exposure of 4.0 or below (systemd-analyze security), writing private files", () => {
    const dir = mkdtempSync(join(tmpdir(), "fillway-units-"));
    copyFileSync(join(deploy, "systemd/fillway@.service"), join(dir, "fillway@3001.service"));
    copyFileSync(join(deploy, "systemd/fillway-backup.service"), join(dir, "fillway-backup.service"));
    for (const unit of ["fillway@3001.service", "fillway-backup.service"]) {
      const r = spawnSync("systemd-analyze", ["security", "--offline=true", unit], { cwd: dir, encoding: "utf8" });
      const level = /Overall exposure level for \S+: (\d+\.\d+)/.exec(r.stdout)?.[1];
      expect(level, r.stdout + r.stderr).toBeDefined();
      expect(Number(level), unit).toBeLessThanOrEqual(4);
      expect(readFileSync(join(dir, unit), "utf8")).toMatch(/^UMask=0027$/m);
    }
  });

  it("start the server the way the repository does, with its settings from one file", () => {
    const unit = readFileSync(join(deploy, "systemd/fillway@.service"), "utf8");
    expect(unit).toMatch(/^ExecStart=\/usr\/bin\/node server\.js$/m);
    expect(unit).toMatch(/^EnvironmentFile=\/etc\/fillway\/fillway\.env$/m);
    expect(unit).toMatch(/^Environment=PORT=%i$/m);
  });
});

describe.skipIf(!has("nginx", ["-v"]))("the nginx configuration", () => {
  it("passes nginx -t", () => {
    const dir = mkdtempSync(join(tmpdir(), "fillway-nginx-"));
    const main = join(dir, "nginx.conf");
    writeFileSync(
      main,
      `pid ${dir}/nginx.pid;\nerror_log ${dir}/error.log;\nevents {}\nhttp {\n  access_log off;\n  client_body_temp_path ${dir};\n  proxy_temp_path ${dir};\n  include ${join(deploy, "nginx/fillway.conf")};\n}\n`,
    );
    const r = spawnSync("nginx", ["-t", "-c", main, "-p", dir], { encoding: "utf8" });
    expect(r.stderr).toMatch(/test is successful/);
    expect(r.status).toBe(0);
  });
});

/** The shell lines of the fenced block in docs/operations.md that holds `needle`. */
function docBlock(needle: string): string[] {
  const doc = readFileSync(resolve(import.meta.dirname, "../../docs/operations.md"), "utf8");
  const block = [...doc.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1] ?? "").find((b) => b.includes(needle));
  return (block ?? "").split("\n").filter((l) => l.trim() !== "");
}

describe.skipIf(!has("promtool", ["--version"]))("the Prometheus alert rules", () => {
  it("pass promtool check rules and their own rule tests, run as docs/operations.md says", () => {
    const lines = docBlock("promtool check rules");
    expect(lines[0]).toBe("cd /srv/fillway/deploy/prometheus");
    const commands = lines.slice(1);
    expect(commands).toEqual(["promtool check rules fillway-rules.yml", "promtool test rules fillway-rules.test.yml"]);
    for (const line of commands) {
      const [cmd = "", ...args] = line.split(" ");
      const r = spawnSync(cmd, args, { cwd: join(deploy, "prometheus"), encoding: "utf8" });
      expect(r.status, `${line}\n${r.stdout}${r.stderr}`).toBe(0);
      expect(r.stdout).toContain("SUCCESS");
    }
  });
});

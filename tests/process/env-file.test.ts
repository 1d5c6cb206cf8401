import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { loadEnv } from "~/platform/env.server";

/**
 * The settings file is read two ways in production: by the systemd units
 * (`EnvironmentFile=/etc/fillway/fillway.env`) and by a shell before the tools
 * (`set -a; . /etc/fillway/fillway.env; set +a`). `.env.example`, which the install steps
 * copy into place, must give the same values both ways, and the server must accept them.
 */

const example = resolve(import.meta.dirname, "../../.env.example");

/**
 * systemd's EnvironmentFile= rules (systemd.exec(5)): one KEY=VALUE a line, `#` or `;`
 * starts a comment line, blanks around the key and the value are dropped, a value in
 * double quotes keeps its spaces (a backslash escapes `"`, `\`, `$` and a backquote), one
 * in single quotes is taken as written.
 */
function parseEnvironmentFile(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const raw of text.split("\n")) {
    const line = raw.trim();
    if (!line || line.startsWith("#") || line.startsWith(";")) continue;
    const eq = line.indexOf("=");
    if (eq <= 0) throw new Error(`not KEY=VALUE: ${line}`);
    const key = line.slice(0, eq).trim();
    let value = line.slice(eq + 1).trim();
    if (value.startsWith('"') && value.endsWith('"') && value.length >= 2) value = value.slice(1, -1).replace(/\\(["\\$`])/g, "$1");
    else if (value.startsWith("'") && value.endsWith("'") && value.length >= 2) value = value.slice(1, -1);
    out[key] = value;
  }
  return out;
}

/** What bash makes of the file: `set -a; . file; set +a`, then the variables it named. */
function sourceInBash(file: string, names: string[]): Record<string, string> {
  const r = spawnSync(
    "bash",
    ["--norc", "--noprofile", "-c", `set -eu; set -a; . "$1"; set +a; shift; for n in "$@"; do printf '%s=%s\\0' "$n" "\${!n}"; done`, "bash", file, ...names],
    {
      env: { PATH: process.env.PATH ?? "/usr/bin:/bin" },
      stdio: ["ignore", "pipe", "pipe"],
      encoding: "utf8",
    },
  );
  expect(r.stderr).toBe("");
  expect(r.status).toBe(0);
  return Object.fromEntries(
    r.stdout
      .split("\0")
      .filter(Boolean)
      .map((pair) => [pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1)]),
  );
}

describe(".env.example as the production settings file", () => {
  it("gives the same values to bash (set -a; . file) and to systemd's EnvironmentFile", () => {
    const systemd = parseEnvironmentFile(readFileSync(example, "utf8"));
    const names = Object.keys(systemd);
    expect(names.length).toBeGreaterThan(20);
    const bash = sourceInBash(example, names);
    expect(bash).toEqual(systemd);
    // The value with spaces and angle brackets arrives whole.
    expect(systemd.MAIL_FROM).toBe("Fillway <no-reply@fillway.example>");
  });

  it("is accepted by the server as it is", () => {
    const systemd = parseEnvironmentFile(readFileSync(example, "utf8"));
    expect(() => loadEnv(systemd)).not.toThrow();
  });

  it("is put in place and read by the install steps of docs/operations.md as written", () => {
    const doc = readFileSync(resolve(import.meta.dirname, "../../docs/operations.md"), "utf8");
    const block = doc.slice(doc.indexOf("Install on Debian 12"));
    const lines = (block.split("```sh\n")[1] ?? "").split("```")[0]?.split("\n") ?? [];
    const steps = [
      lines.find((l) => l.startsWith("install -D -m 600 .env.example /etc/fillway/fillway.env")),
      lines.find((l) => l.startsWith("set -a; . /etc/fillway/fillway.env; set +a")),
    ];
    expect(steps.every(Boolean), lines.join("\n")).toBe(true);
    // The same commands, with /etc in a folder of the test's own.
    const etc = mkdtempSync(join(tmpdir(), "fillway-etc-"));
    const script = `set -e\n${steps.map((l) => (l ?? "").replaceAll("/etc/fillway", `${etc}/fillway`)).join("\n")}\nprintf '%s' "$MAIL_FROM"`;
    const r = spawnSync("bash", ["--norc", "--noprofile", "-c", script], {
      cwd: resolve(import.meta.dirname, "../.."),
      env: { PATH: process.env.PATH ?? "/usr/bin:/bin" },
      stdio: ["ignore", "pipe", "pipe"],
      encoding: "utf8",
    });
    expect(r.stderr).toBe("");
    expect(r.status).toBe(0);
    expect(r.stdout).toBe("Fillway <no-reply@fillway.example>");
    expect(statSync(join(etc, "fillway/fillway.env")).mode & 0o777).toBe(0o600);
  });
});

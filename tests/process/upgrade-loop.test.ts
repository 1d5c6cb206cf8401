import { spawnSync } from "node:child_process";
import { chmodSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

/**
 * The rolling restart of docs/operations.md ("Upgrading"), run as written in bash, with
 * `systemctl` standing in for systemd: restarting an instance stops its process and starts
 * one that answers /readyz two seconds later, as a server does once migrated and listening.
 * The loop waits for each instance before the next, and stops at the first that does not
 * come back. The test swaps in free ports for 3001-3003 and a short deadline for 120 s.
 */

const doc = readFileSync(resolve(import.meta.dirname, "../../docs/operations.md"), "utf8");
const block = [...doc.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1] ?? "").find((b) => b.includes('systemctl restart "fillway@$p"')) ?? "";

const dir = mkdtempSync(join(tmpdir(), "fillway-upgrade-"));
const log = join(dir, "systemctl.log");

/** A stand-in instance: answers /readyz with 200 from two seconds after it starts. */
writeFileSync(
  join(dir, "instance.cjs"),
  `const start = Date.now();
require("node:http").createServer((req, res) => {
  const ready = req.url === "/readyz" && Date.now() - start > 2000;
  res.writeHead(ready ? 200 : 503).end(ready ? "ready" : "starting");
}).listen(Number(process.argv[2]), "127.0.0.1");
setTimeout(() => process.exit(0), 60_000);
`,
);
writeFileSync(
  join(dir, "systemctl"),
  `#!/bin/sh
# systemctl restart fillway@PORT
port=\${2#fillway@}
for q in $(cat "${dir}/started" 2>/dev/null); do
  curl -fsS "http://127.0.0.1:$q/readyz" >/dev/null 2>&1 || echo "restarted $port while $q was not ready" >> "${log}"
done
echo "restart $port" >> "${log}"
[ -f "${dir}/pid-$port" ] && kill "$(cat "${dir}/pid-$port")" 2>/dev/null
case " $BROKEN " in *" $port "*) exit 0 ;; esac
nohup node "${dir}/instance.cjs" "$port" >/dev/null 2>&1 &
echo $! > "${dir}/pid-$port"
echo "$port" >> "${dir}/started"
`,
);
chmodSync(join(dir, "systemctl"), 0o755);

afterAll(() => {
  spawnSync("sh", ["-c", `for f in ${dir}/pid-*; do kill "$(cat "$f")" 2>/dev/null; done; true`]);
});

function freePort(): Promise<number> {
  return new Promise((done) => {
    const s = createServer().listen(0, "127.0.0.1", () => {
      const { port } = s.address() as { port: number };
      s.close(() => done(port));
    });
  });
}

async function runLoop(broken: number[] = []) {
  const ports = [await freePort(), await freePort(), await freePort()];
  writeFileSync(log, "");
  writeFileSync(join(dir, "started"), "");
  const script = block.replace("3001 3002 3003", ports.join(" ")).replace("timeout 120", "timeout 8").replace("after 120 s", "after 8 s");
  const r = spawnSync("bash", ["-c", script], {
    env: { ...process.env, PATH: `${dir}:${process.env.PATH}`, BROKEN: broken.map((i) => ports[i]).join(" ") },
    encoding: "utf8",
    timeout: 60_000,
  });
  return { ports, status: r.status, stderr: r.stderr, log: readFileSync(log, "utf8").trim().split("\n") };
}

describe.skipIf(spawnSync("curl", ["--version"]).status !== 0)("the documented rolling restart", () => {
  it("is in the docs as a loop that waits for /readyz", () => {
    expect(block).toContain('systemctl restart "fillway@$p"');
    expect(block).toContain("/readyz");
  });

  it("restarts each instance only once the one before answers /readyz", async () => {
    const { ports, status, log } = await runLoop();
    expect(status).toBe(0);
    expect(log).toEqual(ports.map((p) => `restart ${p}`));
  }, 60_000);

  it("stops at the first instance that does not come back, and says which, leaving the rest serving", async () => {
    const { ports, status, stderr, log } = await runLoop([1]);
    expect(status).toBe(1);
    expect(stderr).toContain(`fillway@${ports[1]} is not ready after 8 s: the upgrade stops here`);
    expect(log).toEqual([`restart ${ports[0]}`, `restart ${ports[1]}`]);
  }, 60_000);
});

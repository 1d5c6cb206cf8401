import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

// The server process as an operator meets it: configuration errors, a busy port, SIGTERM.
const dbUrl = () => `file:${join(mkdtempSync(join(tmpdir(), "fillway-proc-")), "t.db")}`;

function start(env: Record<string, string>): { child: ChildProcess; out: () => string; err: () => string } {
  let out = "";
  let err = "";
  const child = spawn(process.execPath, ["--import", "tsx", "server.ts"], {
    env: { ...process.env, LOG_REQUESTS: "false", DATABASE_URL: dbUrl(), MAIL_DIR: mkdtempSync(join(tmpdir(), "fillway-mail-")), ...env },
  });
  child.stdout?.on("data", (d) => {
    out += d;
  });
  child.stderr?.on("data", (d) => {
    out += d;
    err += d;
  });
  return { child, out: () => out, err: () => err };
}

async function exitCode(child: ChildProcess): Promise<number | null> {
  const [code] = (await once(child, "exit")) as [number | null];
  return code;
}

describe("server process", () => {
  it("stops with a message naming a malformed variable", async () => {
    const { child, out } = start({ PORT: "eighty" });
    expect(await exitCode(child)).toBe(1);
    expect(out()).toMatch(/PORT/);
  });

  it("gives a one-line error and a non-zero exit when the port is in use", async () => {
    const blocker = createServer();
    await new Promise<void>((r) => blocker.listen(0, "127.0.0.1", r));
    const port = (blocker.address() as { port: number }).port;
    const { child, err } = start({ PORT: String(port) });
    expect(await exitCode(child)).toBe(1);
    expect(err().trim()).toBe(`Port ${port} on 127.0.0.1 is already in use; set PORT to a free port.`);
    blocker.close();
  });

  it("serves, then shuts down cleanly on SIGTERM", async () => {
    const { child, out } = start({ PORT: "0", LOG_LEVEL: "info" });
    const url = await new Promise<string>((resolve, reject) => {
      const t = setTimeout(() => reject(new Error(`no listen line: ${out()}`)), 20_000);
      child.stdout?.on("data", () => {
        const m = /"url":"(http:[^"]+)"/.exec(out());
        if (m?.[1]) {
          clearTimeout(t);
          resolve(m[1]);
        }
      });
    });
    const res = await fetch(`${url}/faq`, { headers: { "accept-encoding": "br" } });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("<h1");
    expect(res.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    const missing = await fetch(`${url}/no-such-page`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain("Page not found");
    child.kill("SIGTERM");
    expect(await exitCode(child)).toBe(0);
    expect(out()).toMatch(/"msg":"stopped"/);
  });
});

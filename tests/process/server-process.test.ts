import { request } from "node:http";
import { createServer } from "node:net";
import { describe, expect, it } from "vitest";
import { exitCode, start } from "./server";

// The server process as an operator meets it: configuration errors, a busy port, SIGTERM.
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
    const { child, out, listening } = start({ PORT: "0", LOG_LEVEL: "info" });
    const url = await listening();
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

  it("refuses what a probe sends with one JSON line each at info or warn, no stack trace, no 5xx", { timeout: 60_000 }, async () => {
    const { child, out, listening } = start({ PORT: "0", LOG_LEVEL: "info", LOG_REQUESTS: "true" });
    const url = await listening();
    // node:http, not fetch: fetch refuses to send TRACE.
    const send = (method: string, path: string, body?: string, headers: Record<string, string> = {}) =>
      new Promise<{ status: number; allow?: string }>((resolve, reject) => {
        const h =
          body === undefined ? headers : { "content-type": "application/x-www-form-urlencoded", "content-length": String(Buffer.byteLength(body)), ...headers };
        const req = request(`${url}${path}`, { method, headers: h }, (res) => {
          res.resume();
          res.on("end", () => resolve({ status: res.statusCode ?? 0, allow: res.headers.allow }));
        });
        req.on("error", reject);
        req.end(body);
      });
    const sent: [method: string, path: string, body?: string, headers?: Record<string, string>][] = [];
    for (const method of ["OPTIONS", "PROPFIND", "SEARCH", "TRACE"])
      for (const path of ["/faq", "/", "/blog", "/robots.txt", "/no-such-page"]) sent.push([method, path]);
    for (const method of ["POST", "PUT", "PATCH", "DELETE"])
      for (const path of ["/", "/privacy-policy", "/termsandcondition", "/sitemap.xml"]) sent.push([method, path, "a=1"]);
    const form = new URLSearchParams({ _form: "lead-personal", _formId: "contact-form", email: "x@example.com" }).toString();
    sent.push(["POST", "/gasoline", form, { origin: "https://attacker.example" }]);
    const linesBefore = out().trim().split("\n").length;
    for (const [method, path, body, headers] of sent) {
      const res = await send(method, path, body, headers);
      expect(res.status, `${method} ${path}`).toBeLessThan(500);
      expect([400, 405], `${method} ${path}`).toContain(res.status);
      if (res.status === 405) expect(res.allow, `${method} ${path}`).toMatch(/^GET, HEAD/);
    }
    await new Promise((r) => setTimeout(r, 200));
    const lines = out().trim().split("\n").slice(linesBefore);
    expect(lines).toHaveLength(sent.length);
    for (const line of lines) {
      const entry = JSON.parse(line) as { level: number };
      expect([30, 40], line).toContain(entry.level);
    }
    expect(lines.filter((l) => l.includes('"level":40'))).toHaveLength(1);
    child.kill("SIGTERM");
    expect(await exitCode(child)).toBe(0);
  });
});

import http from "node:http";
import { describe, expect, it, vi } from "vitest";
import { asset, form, FORM_TYPE, logLines, POST_ID, request, storedRows, startHostileServer } from "../helpers/hostile";

/** What an outside probe of the whole server tries: every method on every shape of path. */

startHostileServer();

describe("every method on every shape of path", () => {
  // Every method Node's parser takes, but CONNECT, which never reaches the request listener.
  const METHODS = http.METHODS.filter((m) => m !== "CONNECT");
  const shapes = () => [
    "/",
    "/?index",
    "/faq",
    "/gasoline",
    "/blog",
    "/news",
    `/blogdetail/${POST_ID}`,
    "/blogdetail/no-such-post",
    "/robots.txt",
    "/sitemap.xml",
    "/rss.xml",
    "/favicon.svg",
    `/assets/${asset()}`,
    "/assets/no-such.js",
    "/no-such-page",
    "/faq.data",
    "/_root.data",
    "/web/form",
    "/web/getData2?flag=4",
    "/admin/addCommentBlog",
  ];

  it("answers each with no 5xx, no stack trace and nothing stored; refusals are 405 with Allow", { timeout: 120_000 }, async () => {
    const errors = vi.spyOn(console, "error");
    const stderr = vi.spyOn(process.stderr, "write");
    const before = await storedRows();
    const linesBefore = logLines.length;
    try {
      for (const path of shapes()) {
        for (const method of METHODS) {
          const body = method === "GET" || method === "HEAD" ? undefined : "a=1";
          const res = await request(method, path, body ? FORM_TYPE : {}, body);
          const what = `${method} ${path} → ${res.status} ${res.text.slice(0, 120)}`;
          expect(res.status, what).toBeLessThan(500);
          if (res.status === 405) expect(res.headers.allow, what).toMatch(/^[A-Z]+(, [A-Z]+)*$/);
          const page = !/^\/(web|admin|campaign|common)\//.test(path);
          if (page && !["GET", "HEAD", "POST"].includes(method)) {
            expect(res.status, what).toBe(405);
            expect(res.headers.allow, what).toMatch(/^GET, HEAD(, POST)?$/);
          }
        }
      }
      // The probe's exact cases: TRACE on a page, POST to a page without a form or to / without ?index.
      expect((await request("TRACE", "/faq")).status).toBe(405);
      expect((await request("POST", "/", FORM_TYPE, "a=1")).headers.allow).toBe("GET, HEAD");
      expect((await request("POST", "/robots.txt", FORM_TYPE, "a=1")).status).toBe(405);
      expect((await request("OPTIONS", "/gasoline")).headers.allow).toBe("GET, HEAD, POST");
      expect(await storedRows()).toBe(before);
      expect(errors).not.toHaveBeenCalled();
      expect(stderr).not.toHaveBeenCalled();
      for (const line of logLines.slice(linesBefore)) {
        const entry = JSON.parse(line) as { level: number; err?: unknown };
        expect(entry.level, line).toBeLessThanOrEqual(40);
        expect(line).not.toMatch(/\n\s+at /);
      }
    } finally {
      errors.mockRestore();
      stderr.mockRestore();
    }
  });

  it("refuses a cross-site form post with 400 and one warning line, no stack", async () => {
    const linesBefore = logLines.length;
    const res = await request("POST", "/gasoline", { ...FORM_TYPE, origin: "https://attacker.example" }, form({ _form: "lead-personal", _formId: "x" }));
    expect(res.status).toBe(400);
    const lines = logLines.slice(linesBefore).map((l) => JSON.parse(l) as { level: number; msg: string });
    expect(lines).toHaveLength(1);
    expect(lines[0]?.level).toBe(40);
    expect(logLines.slice(linesBefore).join("")).not.toMatch(/\bat .*\(/);
  });
});

import { buildDir } from "../../scripts/bench-lib";
import { join } from "node:path";
import { readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { request, startHostileServer } from "../helpers/hostile";

/** Conditional and range requests, content codings and odd paths (RFC 9110) against the whole server. */

startHostileServer();

describe("conditional requests, ranges, codings and paths (RFC 9110)", () => {
  it("answers 304 to If-None-Match with *, a weak tag or a list that holds the tag", async () => {
    const first = await request("GET", "/faq");
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"/);
    for (const inm of ["*", etag, `W/${etag}`, `"other", ${etag}`, `"a",W/${etag} , "b"`]) {
      const res = await request("GET", "/faq", { "if-none-match": inm });
      expect(res.status, inm).toBe(304);
      expect(res.bytes).toBe(0);
      expect(res.headers.etag).toBe(etag);
    }
    expect((await request("GET", "/faq", { "if-none-match": '"other", W/"else"' })).status).toBe(200);
  });

  it("sends the whole file when If-Range does not match, the range when it does", async () => {
    const media = `/media/${readdirSync(join(buildDir, "client/media")).find((f) => f.endsWith(".webm"))}`;
    const whole = await request("GET", media);
    const etag = String(whole.headers.etag);
    const ranged = await request("GET", media, { range: "bytes=0-9", "if-range": etag });
    expect(ranged.status).toBe(206);
    expect(ranged.bytes).toBe(10);
    for (const ifRange of ['"stale"', `W/${etag}`, "Tue, 01 Jan 2030 00:00:00 GMT"]) {
      const res = await request("GET", media, { range: "bytes=0-9", "if-range": ifRange });
      expect(res.status, ifRange).toBe(200);
      expect(res.bytes).toBe(whole.bytes);
    }
  });

  it("honours q-values in Accept-Encoding", async () => {
    const coding = async (accept: string) => (await request("GET", "/faq", { "accept-encoding": accept })).headers["content-encoding"];
    expect(await coding("gzip, deflate, br")).toBe("br");
    expect(await coding("br;q=0")).toBeUndefined();
    expect(await coding("br;q=0, gzip")).toBe("gzip");
    expect(await coding("br;q=0.1, gzip;q=0.9")).toBe("gzip");
    expect(await coding("*;q=0")).toBeUndefined();
    expect(await coding("identity")).toBeUndefined();
    expect((await request("GET", "/blog", { "accept-encoding": "br;q=0, gzip;q=0" })).headers["content-encoding"]).toBeUndefined();
  });

  it("redirects paths with empty or dot segments to the clean path, never serving the home page", async () => {
    const cases: [string, string][] = [
      ["///faq", "/faq"],
      ["//faq?x=1", "/faq?x=1"],
      ["/blogdetail/..", "/"],
      ["/faq/.", "/faq/"],
      ["/a/../faq", "/faq"],
      ["/%2e%2e/faq", "/faq"],
      ["/\\evil.example", "/evil.example"],
      ["//evil.example/", "/evil.example/"],
    ];
    for (const [path, clean] of cases) {
      const res = await request("GET", path);
      expect(res.status, path).toBe(308);
      expect(res.headers.location, path).toBe(clean);
    }
    expect((await request("GET", "/no-such-page")).status).toBe(404);
  });
});

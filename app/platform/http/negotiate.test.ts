import { describe, expect, it } from "vitest";
import { ifRangeHolds, noneMatchHits, parseTarget, pickEncoding } from "./negotiate";

describe("Accept-Encoding", () => {
  it.each([
    [undefined, null],
    ["", null],
    ["gzip, deflate, br, zstd", "br"],
    ["gzip", "gzip"],
    ["x-gzip", "gzip"],
    ["identity", null],
    ["*", "br"],
    ["br;q=0", null],
    ["br;q=0, gzip", "gzip"],
    ["gzip;q=1.0, br;q=0.5", "gzip"],
    ["gzip;q=0.5, br;q=0.5", "br"],
    ["*;q=0", null],
    ["*;q=0.1, br;q=0", "gzip"],
    ["BR;Q=1", "br"],
    ["br;q=nonsense, gzip", "gzip"],
  ])("%j → %j", (accept, want) => {
    expect(pickEncoding(accept)).toBe(want);
  });
});

describe("If-None-Match and If-Range", () => {
  const etag = '"abc"';
  it.each([
    ['"abc"', true],
    ["*", true],
    ['W/"abc"', true],
    ['"x", "abc"', true],
    ['"x",W/"abc"', true],
    ['"x"', false],
    ['"ab"', false],
    [undefined, false],
  ])("If-None-Match %j → %j", (header, want) => {
    expect(noneMatchHits(header, etag)).toBe(want);
  });

  it("applies a range only for the current strong tag", () => {
    expect(ifRangeHolds(undefined, etag)).toBe(true);
    expect(ifRangeHolds('"abc"', etag)).toBe(true);
    expect(ifRangeHolds('W/"abc"', etag)).toBe(false);
    expect(ifRangeHolds('"old"', etag)).toBe(false);
    expect(ifRangeHolds("Tue, 01 Jan 2030 00:00:00 GMT", etag)).toBe(false);
    expect(ifRangeHolds(['"abc"', '"abc"'], etag)).toBe(false);
  });
});

describe("request target", () => {
  it.each([
    ["/faq", { ok: true, path: "/faq", search: "" }],
    ["/blog?page=2", { ok: true, path: "/blog", search: "?page=2" }],
    ["/a.b/c..d/.well-known", { ok: true, path: "/a.b/c..d/.well-known", search: "" }],
    ["http://example.com/faq?x", { ok: true, path: "/faq", search: "?x" }],
    ["///faq", { ok: false, redirect: "/faq" }],
    ["/blogdetail/..", { ok: false, redirect: "/" }],
    ["/x/%2E%2e/faq?q=1", { ok: false, redirect: "/faq?q=1" }],
    ["/\\\\evil.example/x", { ok: false, redirect: "/evil.example/x" }],
    ["*", { ok: false }],
    ["faq", { ok: false }],
  ])("%j", (raw, want) => {
    expect(parseTarget(raw)).toEqual(want);
  });
});

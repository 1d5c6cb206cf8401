import { parse, serialize } from "cookie";
import { describe, expect, it } from "vitest";
import { loadEnv } from "~/platform/env.server";
import { hasCookie, readCookie, serializeCookie } from "./session.server";

/**
 * The desk's cookies are written and read by the `cookie` package (session.server.ts).
 * What the desk relies on from it, checked against the library itself.
 */

const production = { ...loadEnv({ LOG_LEVEL: "silent", NODE_ENV: "production", SITE_URL: "https://desk.test" }), IP_HASH_SALT: "cookie-test-salt-0123456789" };
const local = { ...loadEnv({ LOG_LEVEL: "silent", NODE_ENV: "development", SITE_URL: "http://localhost:3000" }), IP_HASH_SALT: "cookie-test-salt-0123456789" };
const token = "AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-ab";
const attributes = (header: string) => header.split("; ").slice(1).sort();

describe("the cookie package, as the desk uses it", () => {
  it("serialize writes Max-Age, Path, HttpOnly, SameSite=Lax and Secure as the desk needs", () => {
    expect(serialize("n", "v", { path: "/", httpOnly: true, sameSite: "lax", maxAge: 43_200, secure: true })).toBe(
      "n=v; Max-Age=43200; Path=/; HttpOnly; Secure; SameSite=Lax",
    );
    expect(serialize("n", "", { maxAge: 0 })).toBe("n=; Max-Age=0");
  });

  it("serialize leaves a base64url token as it is (no encoding on the wire)", () => {
    expect(serialize("n", token).split("; ")[0]).toBe(`n=${token}`);
  });

  it("parse keeps the first of two cookies of the same name and trims spaces", () => {
    expect(parse("a=1; n=first ;n=second")).toMatchObject({ a: "1", n: "first" });
  });
});

describe("the desk's session cookie", () => {
  it("is __Host- prefixed, Secure, HttpOnly, SameSite=Lax, Path=/ with its Max-Age in production", () => {
    const header = serializeCookie(production, "desk", token, 43_200.7);
    expect(header.split("; ")[0]).toBe(`__Host-fillway-desk=${token}`);
    expect(attributes(header)).toEqual(["HttpOnly", "Max-Age=43200", "Path=/", "SameSite=Lax", "Secure"]);
    expect(attributes(serializeCookie(production, "desk-2fa", "", -5))).toEqual(["HttpOnly", "Max-Age=0", "Path=/", "SameSite=Lax", "Secure"]);
  });

  it("has no prefix and no Secure over plain HTTP in development", () => {
    const header = serializeCookie(local, "desk", token, 60);
    expect(header.split("; ")[0]).toBe(`fillway-desk=${token}`);
    expect(attributes(header)).toEqual(["HttpOnly", "Max-Age=60", "Path=/", "SameSite=Lax"]);
  });

  it("reads only a token the desk could have set", () => {
    const req = (cookie: string) => new Request("https://desk.test/desk", { headers: { cookie } });
    expect(readCookie(req(`theme=dark; __Host-fillway-desk=${token}`), "__Host-fillway-desk")).toBe(token);
    expect(readCookie(req("__Host-fillway-desk=short"), "__Host-fillway-desk")).toBeNull();
    expect(readCookie(req(`__Host-fillway-desk=${token}<script>`), "__Host-fillway-desk")).toBeNull();
    expect(readCookie(req(`fillway-desk=${token}`), "__Host-fillway-desk")).toBeNull();
    expect(readCookie(new Request("https://desk.test/desk"), "__Host-fillway-desk")).toBeNull();
  });

  it("is found by its exact name only, whatever its value", () => {
    const req = (cookie: string) => new Request("https://desk.test/desk", { headers: { cookie } });
    expect(hasCookie(req("__Host-fillway-desk=stale"), "__Host-fillway-desk")).toBe(true);
    expect(hasCookie(req("__Host-fillway-desk=stale"), "fillway-desk")).toBe(false);
    expect(hasCookie(new Request("https://desk.test/desk"), "fillway-desk")).toBe(false);
  });
});

import { describe, expect, it } from "vitest";
import { loadEnv } from "./env.server";

describe("loadEnv", () => {
  it("has working defaults", () => {
    const env = loadEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.HOST).toBe("127.0.0.1");
    expect(env.DATABASE_URL).toBeUndefined();
  });
  it("names a malformed variable", () => {
    expect(() => loadEnv({ PORT: "eighty" })).toThrow(/PORT/);
    expect(() => loadEnv({ DATABASE_URL: "mysql://x" })).toThrow(/DATABASE_URL/);
  });
  it("accepts SQLite files and PostgreSQL URLs", () => {
    expect(loadEnv({ DATABASE_URL: "file:/tmp/x.db" }).DATABASE_URL).toBe("file:/tmp/x.db");
    expect(loadEnv({ DATABASE_URL: "postgres://u:p@127.0.0.1/db" }).DATABASE_URL).toMatch(/^postgres/);
  });
});

import type { ApiRoute } from "~/platform/api/router.server";
import { describe, expect, it } from "vitest";
import { routes, send, storedRows, startHostileServer, validBodies } from "../helpers/hostile";

/** The same odd body at every write endpoint gets the same answer. */

startHostileServer();

describe("the same body gets the same answer at every write endpoint", () => {
  // Every endpoint a visitor's form writes through (the insight beacon stores no form and has its own tests of bad input).
  const writes = () => routes.filter((r) => r.method !== "GET" && r.path !== "/api/events");
  const valid = (route: ApiRoute) => validBodies(route)[0] as Record<string, unknown>;
  const sendTo = (route: ApiRoute, contentType: string, body: Buffer | string) => send(route.method, route.path, { "content-type": contentType }, body);

  it("415 for a charset other than UTF-8, 400 for bytes that are not UTF-8, 422 for a non-object", async () => {
    for (const route of writes()) {
      const before = await storedRows();
      for (const charset of ["utf-16", "iso-8859-1", "latin1", "us-ascii"]) {
        const res = await sendTo(route, `application/json; charset=${charset}`, JSON.stringify(valid(route)));
        expect(res.status, `${route.path} ${charset}`).toBe(415);
      }
      const invalid = await sendTo(route, "application/json", Buffer.from([0x7b, 0x22, 0x61, 0xff, 0x22, 0x3a, 0x31, 0x7d]));
      expect(invalid.status, route.path).toBe(400);
      expect(invalid.text).not.toContain("\ufffd");
      for (const raw of ["[]", "null", "42", '"text"']) expect((await sendTo(route, "application/json", raw)).status, `${route.path} ${raw}`).toBe(422);
      expect(await storedRows()).toBe(before);
    }
  });

  it("takes a body that starts with a byte-order mark everywhere", async () => {
    for (const route of writes()) {
      const before = await storedRows();
      const res = await sendTo(
        route,
        'application/json; charset="UTF-8"',
        Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(JSON.stringify(valid(route)))]),
      );
      expect(res.status, `${route.path} ${res.text}`).toBeGreaterThanOrEqual(200);
      expect(res.status).toBeLessThan(300);
      expect(await storedRows()).toBe(before + 1);
    }
  });

  it("caps an e-mail's local part at 64 octets and the address at 254 (RFC 5321)", async () => {
    const domain = "@example.com";
    for (const route of writes()) {
      const before = await storedRows();
      for (const email of [
        `${"a".repeat(65)}${domain}`,
        `${"b".repeat(200)}${domain}`,
        `c@${"d".repeat(63)}.${"e".repeat(63)}.${"f".repeat(63)}.${"g".repeat(60)}.com`,
      ]) {
        const res = await sendTo(route, "application/json", JSON.stringify({ ...valid(route), email }));
        expect(res.status, `${route.path} ${email.length}`).toBe(422);
        expect(JSON.parse(res.text).errors.email, route.path).toBeDefined();
      }
      expect(await storedRows()).toBe(before);
      const longest = await sendTo(route, "application/json", JSON.stringify({ ...valid(route), email: `${"a".repeat(64)}${domain}` }));
      expect(longest.status, `${route.path} ${longest.text}`).toBeLessThan(300);
    }
  });
});

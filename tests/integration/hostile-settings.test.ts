import { randomUUID } from "node:crypto";
import { validLead } from "../../scripts/bench-lib";
import { describe, expect, it } from "vitest";
import { asset, form, FORM_TYPE, request, startApp, startHostileServer } from "../helpers/hostile";

/** Settings that change answers: the rate limit without JavaScript, HSTS behind a proxy. */

startHostileServer();

describe("settings that change answers", () => {
  it("answers a no-JavaScript form post over the rate limit with 429 and Retry-After, like the API", async () => {
    const app = await startApp({ RATE_LIMIT_MAX: "2", RATE_LIMIT_WINDOW_SECONDS: "60" });
    try {
      // On PostgreSQL the instances share windows that start on the clock's minute: the
      // three posts go in one window, not across its end (which starts the count again).
      const into = Date.now() % 60_000;
      if (into > 45_000) await new Promise((r) => setTimeout(r, 60_000 - into + 50));
      const post = () => request("POST", "/gasoline", FORM_TYPE, form({ _form: "lead-personal", _formId: "rl", email: "rate@example.com" }), app.base);
      await post();
      await post();
      const limited = await post();
      expect(limited.status).toBe(429);
      expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
      expect(limited.text).toContain("rate@example.com");
      const api = await request("POST", "/web/form", { "content-type": "application/json" }, JSON.stringify(validLead(1, randomUUID())), app.base);
      expect(api.status).toBe(429);
      expect(Number(api.headers["retry-after"])).toBeGreaterThan(0);
    } finally {
      await app.close();
    }
  }, 40_000);

  it("sends Strict-Transport-Security for a year behind a trusted proxy on https, or with an https SITE_URL", async () => {
    expect((await request("GET", "/faq", { "x-forwarded-proto": "https" })).headers["strict-transport-security"]).toBeUndefined();
    const proxied = await startApp({ TRUST_PROXY: "true" });
    const site = await startApp({ SITE_URL: "https://www.fillway.example" });
    try {
      for (const path of ["/faq", "/blog", "/web/getData2?flag=4&limit=1", `/assets/${asset()}`]) {
        expect((await request("GET", path, { "x-forwarded-proto": "https" }, undefined, proxied.base)).headers["strict-transport-security"], path).toBe(
          "max-age=31536000",
        );
        expect(
          (await request("GET", path, { "x-forwarded-proto": "http" }, undefined, proxied.base)).headers["strict-transport-security"],
          path,
        ).toBeUndefined();
        expect((await request("GET", path, {}, undefined, site.base)).headers["strict-transport-security"], path).toBe("max-age=31536000");
      }
    } finally {
      await proxied.close();
      await site.close();
    }
  });
});

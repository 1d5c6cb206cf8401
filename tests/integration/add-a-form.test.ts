import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from "vitest";
import { labelledFields, payloadFields, typeLabel, whoOf } from "~/features/leads/desk/labels.server";
import { contactOf, type FormType, formForBody, notifyVariables, registerForm } from "~/features/leads/forms/registry";
import { SUCCESS_TEXT } from "~/shared/forms/success";
import { createApi } from "~/platform/api/router.server";
import { apiRoutes } from "~/server/compose.server";
import type { Db } from "~/platform/db/db.server";
import { openTestDb } from "../helpers/test-db";
import { loadEnv } from "~/platform/env.server";
import { createLogger } from "~/platform/logger.server";
import { notifyFor } from "~/features/leads/messages.server";
import { callback, callbackSpec } from "./fixtures/callback-form";
import { testServices } from "../helpers/services";

/**
 * docs/forms.md's "Adding a form", done: the callback module (fixtures/callback-form.ts,
 * the doc's module) and its one registry line (`registerForm(callback)`, the run-time
 * form of a line in `builtIn`). Nothing else is edited, and the API, the desk's labels,
 * the contact projection and the sales routing all know the form.
 */
let db: Db;

beforeAll(async () => {
  db = await openTestDb();
  registerForm(callback);
});
afterAll(() => db.close());

describe("adding a form: one module and one registry line", () => {
  it("is stored through the JSON API with its labels and its contact projection", async () => {
    const settings = loadEnv({ NODE_ENV: "test", LOG_LEVEL: "silent", RATE_LIMIT_MAX: "10000", IP_HASH_SALT: "add-a-form-salt-0123456789" });
    const services = testServices({ env: { ...settings, IP_HASH_SALT: "add-a-form-salt-0123456789" }, db, log: createLogger("silent") });
    const api = createApi(services, apiRoutes(services));
    const submissionId = randomUUID();
    const sent = { firstName: "Rosa", email: "rosa@example.com", phone: "2145550100", bestTime: "after 5pm", message: "Two vans", type: 21 };
    expect(formForBody("/web/form", sent)).toBe(callbackSpec);

    const res = await api.handle({
      method: "POST",
      path: "/web/form",
      query: new URLSearchParams(),
      headers: { "content-type": "application/json", "user-agent": "Vitest/4 (add a form)" },
      body: Buffer.from(JSON.stringify({ ...sent, submissionId, pagePath: "/faq" }), "utf8"),
      ip: "203.0.113.21",
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ message: SUCCESS_TEXT, data: { submissionId } });

    const row = await db.kysely.selectFrom("leads").selectAll().where("submission_id", "=", submissionId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ kind: "callback", type: 21, email: "rosa@example.com" });
    const payload = JSON.parse(row.payload) as Record<string, unknown>;
    expect(payload).toEqual(sent);

    // Its labels: the shared fields' and its own, in the desk's order, its own field after the known ones.
    expect(labelledFields(payload).map((f) => [f.label, f.value])).toEqual([
      ["First name", "Rosa"],
      ["E-mail", "rosa@example.com"],
      ["Phone", "2145550100"],
      ["Message", "Two vans"],
      ["Best time to call", "after 5pm"],
    ]);
    expect(payloadFields().map(([key]) => key)).toContain("bestTime");
    expect(typeLabel(21, "callback")).toBe("Callback request (21)");

    // Its contact projection, and the searchable columns stored from it.
    expect(contactOf("callback", payload)).toEqual({ name: "Rosa", business: "", phone: "2145550100", zip: "", city: "", address: "" });
    expect(whoOf(payload, "callback")).toBe("Rosa");
    expect(row).toMatchObject({ name_norm: "rosa", phone_norm: "2145550100", business_norm: null, zip: null, city: null });
  });

  it("has its own sales routing, LEADS_NOTIFY_TO_CALLBACK, and the server refuses a misspelt one", () => {
    expect(notifyVariables()).toContain("LEADS_NOTIFY_TO_CALLBACK");
    expect(notifyVariables()).toContain("LEADS_NOTIFY_TO_WAITLIST");
    const env = loadEnv({ LEADS_NOTIFY_TO_CALLBACK: "calls@fillway.example" }, { notifyVariables: notifyVariables() });
    expect(env.LEADS_NOTIFY_TO_CALLBACK).toEqual(["calls@fillway.example"]);
    expect(notifyFor({ ...env, IP_HASH_SALT: "x" }, "callback")).toEqual(["calls@fillway.example"]);
    expect(notifyFor({ ...env, IP_HASH_SALT: "x" }, "lead-personal")).toEqual(env.LEADS_NOTIFY_TO);
    expect(() => loadEnv({ LEADS_NOTIFY_TO_CALLBACKS: "calls@fillway.example" }, { notifyVariables: notifyVariables() })).toThrow(
      /LEADS_NOTIFY_TO_CALLBACKS: no form has this name/,
    );
  });

  it("derives FormType from the codes the built-in forms declare, with no bound written by hand", () => {
    // Spec section 3's twenty codes are all in it; a form added to builtIn adds its own (21 here, once listed).
    expectTypeOf<1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | 11 | 12 | 13 | 14 | 15 | 16 | 17 | 18 | 19 | 20>().toExtend<FormType>();
    expectTypeOf<FormType>().toExtend<number>();
  });

  it("is the module docs/forms.md shows, word for word but for its import paths", () => {
    const code = (text: string) =>
      text
        .split("\n")
        .map((l) => l.trim())
        .filter((l) => l && !l.startsWith("//") && !l.startsWith("import "))
        .join("\n");
    const doc = readFileSync(new URL("../../docs/forms.md", import.meta.url), "utf8");
    const block = /```ts\n([\s\S]*?)```/.exec(doc)?.[1] ?? "";
    const fixture = readFileSync(new URL("./fixtures/callback-form.ts", import.meta.url), "utf8");
    expect(code(block)).toBe(code(fixture));
  });

  it("refuses a type code no form declares", () => {
    expect(formForBody("/web/form", { type: 22 })).toBeUndefined();
  });
});

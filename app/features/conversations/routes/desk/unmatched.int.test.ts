import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storeLead } from "~/features/leads/store.server";
import type { StaffUser } from "~/features/staff/auth.server";
import { staffContext } from "~/features/staff/desk-guard.server";
import type { Db } from "~/platform/db/db.server";
import { loadEnv } from "~/platform/env.server";
import { requestContextWith } from "~/platform/http/request-context.server";
import { createLogger } from "~/platform/logger.server";
import { openTestDb } from "../../../../../tests/helpers/test-db";
import { action, loader } from "./unmatched";
import { testServices } from "../../../../../tests/helpers/services";

/**
 * The Unmatched replies screen's own checks, whatever the menu shows: sales reads the list
 * but may not file a reply (403 from the action itself); an admin files it on a lead.
 */

let db: Db;
let messageId: number;
let leadId: number;
beforeAll(async () => {
  db = await openTestDb();
  const row = await db.kysely
    .insertInto("unmatched_messages")
    .values({
      message_id: "<stray@example.org>",
      in_reply_to: null,
      refs: null,
      from_address: "stray@example.org",
      from_name: "Stray",
      to_address: "replies@fillway.example",
      subject: "Hello?",
      body_text: "Is this the right address?",
      body_html: null,
      attachments: null,
      created_at: new Date().toISOString(),
      assigned_lead_id: null,
      assigned_at: null,
      assigned_by: null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  messageId = Number(row.id);
  leadId = (await storeLead(db, { kind: "lead-personal", type: 9, email: "lead@example.com", payload: { firstName: "L", email: "lead@example.com" } })).id;
  for (const [id, role] of [
    [1, "admin"],
    [2, "sales"],
  ] as const)
    await db.kysely
      .insertInto("staff")
      .values({ id, email: `${role}@fillway.example`, name: null, role, password_hash: null, created_at: new Date().toISOString() })
      .execute();
});
afterAll(() => db.close());

function context(staff: StaffUser) {
  const env = { ...loadEnv({ LOG_LEVEL: "silent", SITE_URL: "https://desk.test" }), IP_HASH_SALT: "unmatched-test-salt-012345" };
  const ctx = requestContextWith({ services: testServices({ db, env, log: createLogger("silent") }) });
  ctx.set(staffContext, staff);
  return ctx;
}
const admin: StaffUser = { id: 1, email: "admin@fillway.example", name: null, role: "admin", timeZone: null };
const sales: StaffUser = { id: 2, email: "sales@fillway.example", name: null, role: "sales", timeZone: null };

const post = (body: Record<string, string>) =>
  new Request("https://desk.test/desk/replies", {
    method: "POST",
    body: new URLSearchParams(body),
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });
const init = (r: unknown) => (r as { init?: ResponseInit }).init;
const args = (request: Request, staff: StaffUser) => ({ request, context: context(staff), params: {} }) as unknown as Parameters<typeof action>[0];

describe("the Unmatched replies screen", () => {
  it("lists the replies for sales, and refuses them filing one", async () => {
    const list = (await loader(args(new Request("https://desk.test/desk/replies"), sales) as never)) as unknown as {
      data: { rows: { id: number }[]; mayAssign: boolean };
    };
    expect(list.data.rows.map((r) => r.id)).toEqual([messageId]);
    expect(list.data.mayAssign).toBe(false);
    const refused = await action(args(post({ message: String(messageId), lead: String(leadId) }), sales)).catch((e: unknown) => e);
    expect(init(refused)?.status).toBe(403);
    expect((await db.kysely.selectFrom("unmatched_messages").select("assigned_at").executeTakeFirstOrThrow()).assigned_at).toBeNull();
  });

  it("lets an admin file one on a lead, once, and checks the lead's number", async () => {
    expect(init(await action(args(post({ message: String(messageId), lead: "abc" }), admin)))?.status).toBe(422);
    expect(init(await action(args(post({ message: String(messageId), lead: "999999" }), admin)))?.status).toBe(422);
    const done = (await action(args(post({ message: String(messageId), lead: `#${leadId}` }), admin))) as unknown as { data: { done: { lead: number } } };
    expect(done.data.done).toEqual({ lead: leadId });
    expect(init(await action(args(post({ message: String(messageId), lead: String(leadId) }), admin)))?.status).toBe(409);
    const filed = await db.kysely.selectFrom("lead_messages").select(["lead_id", "direction", "staff_id"]).execute();
    expect(filed.map((f) => ({ ...f, lead_id: Number(f.lead_id), staff_id: Number(f.staff_id) }))).toEqual([{ lead_id: leadId, direction: "in", staff_id: 1 }]);
  });
});

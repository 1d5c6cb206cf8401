import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "~/platform/db/db.server";
import { commentCounts, listComments, moderate } from "./desk-comments.server";
import { countMatching, moderateMany } from "./comment-bulk.server";
import { purgeTrash } from "./comment-trash.server";
import { blogWithEditor } from "../../../tests/helpers/content";

/** The comments' trash, decisions over many comments, and spam taking the sender's waiting comments along. */

let db: Db;
let staffId: number;
const post = "t-post";

beforeAll(async () => {
  ({ db, staffId } = await blogWithEditor(post));
});
afterAll(() => db.close());

let n = 0;
async function comment(o: { state?: string; parent?: string; email?: string; ip?: string | null; text?: string } = {}): Promise<string> {
  const id = `t-${++n}`;
  await db.kysely
    .insertInto("comments")
    .values({
      id,
      submission_id: null,
      post_id: post,
      parent_id: o.parent ?? null,
      comment_by: `Visitor ${n}`,
      email: o.email ?? `v${n}@fleet.example`,
      company_name: "Porter",
      text: o.text ?? `Comment ${n}`,
      created_on: new Date(Date.UTC(2026, 2, 1, 0, n)).toISOString(),
      ip_hash: o.ip ?? null,
      state: o.state ?? "visible",
      staff_id: null,
    })
    .execute();
  return id;
}
const stateOf = async (id: string) => (await db.kysely.selectFrom("comments").select("state").where("id", "=", id).executeTakeFirst())?.state ?? "gone";

describe("the trash", () => {
  it("deleting a comment trashes it with its replies; restoring brings each back in its own state", async () => {
    const parent = await comment();
    const shown = await comment({ parent });
    const hidden = await comment({ parent, state: "hidden" });
    const del = await moderate(db, parent, "delete", staffId);
    expect(del).toMatchObject({ ok: true, also: 2 });
    expect([await stateOf(parent), await stateOf(shown), await stateOf(hidden)]).toEqual(["trash", "trash", "trash"]);
    const counts = await commentCounts(db);
    const trash = await listComments(db, "trash", 1, counts);
    expect(trash.rows.map((r) => [r.id, r.trashedWithParent])).toEqual(
      expect.arrayContaining([
        [parent, false],
        [shown, true],
        [hidden, true],
      ]),
    );
    // "All" leaves the trash out.
    expect((await listComments(db, "all", 1, counts)).rows.map((r) => r.id)).not.toContain(parent);
    // A reply taken along cannot come back alone.
    expect(await moderate(db, shown, "untrash", staffId)).toMatchObject({ ok: false, status: 409 });
    expect(await moderate(db, parent, "untrash", staffId)).toMatchObject({ ok: true, also: 2 });
    expect([await stateOf(parent), await stateOf(shown), await stateOf(hidden)]).toEqual(["visible", "visible", "hidden"]);
  });

  it("purges what has been in the trash for 30 days, replies included, and nothing newer", async () => {
    const old = await comment();
    const reply = await comment({ parent: old });
    const recent = await comment();
    await moderate(db, old, "delete", staffId);
    await moderate(db, recent, "delete", staffId);
    const in29 = new Date(Date.now() + 29 * 86_400_000);
    expect(await purgeTrash(db, in29)).toBe(0);
    await db.kysely
      .updateTable("comments")
      .set({ trashed_at: new Date(Date.now() - 31 * 86_400_000).toISOString() })
      .where("id", "in", [old, reply])
      .execute();
    expect(await purgeTrash(db)).toBe(2);
    expect([await stateOf(old), await stateOf(reply), await stateOf(recent)]).toEqual(["gone", "gone", "trash"]);
  });
});

describe("spam", () => {
  it("changes the chosen comment only, and offers the sender's other waiting comments (same e-mail or address hash), no one else's", async () => {
    const first = await comment({ state: "held", email: "Spam@Fleet.example", ip: "hash-a" });
    const sameEmail = await comment({ state: "held", email: "spam@fleet.example ", ip: "hash-b" });
    const sameIp = await comment({ state: "held", email: "other@fleet.example", ip: "hash-a" });
    const someoneElse = await comment({ state: "held", email: "fine@fleet.example", ip: "hash-c" });
    const visible = await comment({ state: "visible", email: "spam@fleet.example" });
    const result = await moderate(db, first, "spam", staffId);
    expect(result).toMatchObject({ ok: true, also: 0 });
    expect(result.ok && [...result.offer].sort()).toEqual([sameEmail, sameIp].sort());
    expect(await Promise.all([first, sameEmail, sameIp, someoneElse, visible].map(stateOf))).toEqual(["spam", "held", "held", "held", "visible"]);
  });

  it("over many comments: changes exactly those chosen, and offers the rest of their senders' waiting comments", async () => {
    const a = await comment({ state: "held", email: "a@junk.example", ip: "hash-x" });
    const b = await comment({ state: "held", email: "b@junk.example", ip: "hash-x" });
    const innocent = await comment({ state: "held", email: "c@office.example", ip: "hash-x" });
    const out = await moderateMany(db, { ids: [a, b] }, "spam", staffId);
    expect(out).toMatchObject({ changed: 2, skipped: 0, offer: [innocent] });
    expect([...out.changedIds].sort()).toEqual([a, b].sort());
    expect(await Promise.all([a, b, innocent].map(stateOf))).toEqual(["spam", "spam", "held"]);
  });
});

describe("decisions over many comments", () => {
  it("applies to the ticked ones, and to every comment of a filter in batches, skipping those it does not fit", async () => {
    await db.kysely.deleteFrom("comments").execute();
    const held = await Promise.all(Array.from({ length: 450 }, () => comment({ state: "held" })));
    const ticked = held.slice(0, 3);
    expect(await moderateMany(db, { ids: ticked }, "approve", staffId)).toMatchObject({ changed: 3, skipped: 0 });
    expect(await countMatching(db, "held")).toBe(447);
    // Approve over "all": the visible ones do not fit and stay.
    expect(await moderateMany(db, { filter: "all" }, "approve", staffId)).toMatchObject({ changed: 447, skipped: 3 });
    expect(await countMatching(db, "visible")).toBe(450);
    expect(await moderateMany(db, { filter: "visible" }, "delete", staffId)).toMatchObject({ changed: 450 });
    expect(await countMatching(db, "all")).toBe(0);
    expect(await countMatching(db, "trash")).toBe(450);
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "~/platform/db/db.server";
import { loadEnv } from "~/platform/env.server";
import { createLogger } from "~/platform/logger.server";
import { type Outbox, startOutbox } from "~/platform/outbox/worker.server";
import { outboxMessages } from "~/server/messages.server";
import { openTestDb } from "../../../tests/helpers/test-db";
import { sendCommentDigest } from "./comment-digest.server";
import { syncPosts } from "./content.server";
import { postFolder } from "../../../tests/helpers/content";

/** Editors hear of comments waiting for review, at most once an hour. */

let db: Db;
let outbox: Outbox;
const post = "d-post";

beforeAll(async () => {
  db = await openTestDb();
  outbox = startOutbox({
    db,
    env: { ...loadEnv({ LOG_LEVEL: "silent" }), IP_HASH_SALT: "digest-test-salt-0123" },
    log: createLogger("silent"),
    messages: outboxMessages,
    paused: true,
  });
  const { dir, publicDir } = postFolder([{ id: post, kind: "blog", date: "2026-03-01" }]);
  expect((await syncPosts(db, { dir, publicDir })).errors).toEqual([]);
  const at = new Date().toISOString();
  await db.kysely
    .insertInto("staff")
    .values([
      { email: "editor@staff.test", name: null, role: "editor", password_hash: null, password_changed_at: null, created_at: at },
      { email: "sales@staff.test", name: null, role: "sales", password_hash: null, password_changed_at: null, created_at: at },
    ])
    .execute();
});
afterAll(() => db.close());

let n = 0;
async function held(at: Date) {
  await db.kysely
    .insertInto("comments")
    .values({
      id: `d-${++n}`,
      submission_id: null,
      post_id: post,
      parent_id: null,
      comment_by: "Sam",
      email: "sam@fleet.example",
      company_name: "Porter",
      text: "See www.fuel.example",
      created_on: at.toISOString(),
      ip_hash: null,
      state: "held",
      staff_id: null,
    })
    .execute();
}
const digests = () => db.kysely.selectFrom("outbox").select(["recipient", "payload"]).where("template", "=", "comment-digest").execute();

describe("the comment digest", () => {
  it("nothing waiting, nothing sent; then one e-mail to each editor, and at most one an hour", async () => {
    const t0 = new Date("2026-04-01T09:00:00Z");
    expect(await sendCommentDigest({ db, outbox }, t0)).toBe(0);
    await held(t0);
    expect(await sendCommentDigest({ db, outbox }, new Date(t0.getTime() + 60_000))).toBe(1);
    expect((await digests()).map((d) => d.recipient)).toEqual(["editor@staff.test"]);
    await held(new Date(t0.getTime() + 10 * 60_000));
    // Another comment within the hour: no second e-mail yet.
    expect(await sendCommentDigest({ db, outbox }, new Date(t0.getTime() + 30 * 60_000))).toBe(0);
    const later = new Date(t0.getTime() + 61 * 60_000 + 60_000);
    expect(await sendCommentDigest({ db, outbox }, later)).toBe(1);
    const all = await digests();
    expect(all).toHaveLength(2);
    expect(JSON.parse(all[1]?.payload ?? "{}")).toMatchObject({ waiting: 2, fresh: 1 });
    // Past the hour but nothing new came in: no reminder of the same comments.
    expect(await sendCommentDigest({ db, outbox }, new Date(later.getTime() + 2 * 3_600_000))).toBe(0);
  });
});

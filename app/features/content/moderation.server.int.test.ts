import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BlogItem } from "~/features/content/types";
import type { Db } from "~/platform/db/db.server";
import { TEAM_NAME } from "~/features/content/comment-moderation";
import { commentCounts, listComments, moderate, teamReply } from "./desk-comments.server";
import { loadEnv } from "~/platform/env.server";
import { addCommentBlog, blogList } from "./api.server";
import { containsLink } from "./moderation.server";
import { blogWithEditor, get, put, testServices } from "../../../tests/helpers/content";

/** Comment moderation against a real database: what waits, what shows, and the desk's decisions. */

let db: Db;
let staffId: number;
const post = "m-post";

beforeAll(async () => {
  ({ db, staffId } = await blogWithEditor(post));
});
afterAll(() => db.close());

let n = 0;
const body = (text: string, email = `v${++n}@fleet.example`) => ({ text, email, commentBy: "Sam", companyName: "Porter Logistics", blogId: post });

async function send(mode: "off" | "links" | "all", b: ReturnType<typeof body>, ip?: string) {
  const res = await addCommentBlog(testServices(db, { COMMENT_MODERATION: mode }), put(b, ip ? { ip } : {}));
  expect(res.status).toBe(201);
  return res.body as { message: string; data: { _id: string; held: boolean } };
}

async function shown(): Promise<string[]> {
  const res = await blogList(testServices(db), get({ flag: "4", blogId: post }));
  const item = (res.body as { data: { data: BlogItem[] } }).data.data[0];
  return (item?.comments ?? []).flatMap((c) => [c.text, ...c.childComments.map((r) => r.text)]);
}

describe("containsLink", () => {
  it.each([
    "See https://cheap.example/x",
    "visit www.cheapfuel.biz today",
    "go to cheap-fuel.com/now",
    "FUEL-DEALS.COM",
    "mail me: bob@fleet.co",
    "bob [at] fleet [dot] com",
  ])("holds %j", (t) => expect(containsLink(t)).toBe(true));
  it.each(["Great post, thanks!", "It works.In fact it is great", "We fuel 3.5 tons at 2am.", "e.g. the diesel price", "Node.js rocks", "Call 214-555-0123"])(
    "lets %j through",
    (t) => expect(containsLink(t)).toBe(false),
  );
});

describe("COMMENT_MODERATION", () => {
  it("defaults to links and refuses a bad value, naming the variable", () => {
    expect(loadEnv({}).COMMENT_MODERATION).toBe("links");
    expect(() => loadEnv({ COMMENT_MODERATION: "some" })).toThrow(/COMMENT_MODERATION: must be off, links or all/);
  });

  it("links: a comment with a link or e-mail address is held and said to await review; others show at once", async () => {
    const held = await send("links", body("Cheaper at https://spam.example"));
    expect(held.message).toBe("Your comment is awaiting review.");
    expect(held.data.held).toBe(true);
    const mail = await send("links", body("Write to me at me@spam.example"));
    expect(mail.data.held).toBe(true);
    const fine = await send("links", body("Plain words only"));
    expect(fine.message).toBe("Your comment has been posted.");
    expect(fine.data.held).toBe(false);
    const list = await shown();
    expect(list).toContain("Plain words only");
    expect(list).not.toContain("Cheaper at https://spam.example");
    expect(list).not.toContain("Write to me at me@spam.example");
  });

  it("off: a link shows at once; all: even plain words wait", async () => {
    expect((await send("off", body("Off mode https://ok.example"))).data.held).toBe(false);
    expect((await send("all", body("All mode, plain"))).data.held).toBe(true);
    const list = await shown();
    expect(list).toContain("Off mode https://ok.example");
    expect(list).not.toContain("All mode, plain");
  });

  it("a reply with a link is held too, and a held comment cannot be replied to", async () => {
    const top = await send("links", body("Top for replies"));
    const reply = await addCommentBlog(testServices(db), put({ ...body("Reply www.spam.example"), commentId: top.data._id, isChildComment: true }));
    expect((reply.body as { data: { held: boolean } }).data.held).toBe(true);
    const heldTop = await send("links", body("Held top http://x.example"));
    const toHeld = await addCommentBlog(testServices(db), put({ ...body("Reply to held"), commentId: heldTop.data._id, isChildComment: true }));
    expect(toHeld.status).toBe(404);
  });
});

describe("the desk's decisions", () => {
  it("approve, hide, restore and delete change what the site shows", async () => {
    const c = await send("links", body("Decide on https://me.example"));
    expect(await shown()).not.toContain("Decide on https://me.example");
    expect((await moderate(db, c.data._id, "approve", staffId)).ok).toBe(true);
    expect(await shown()).toContain("Decide on https://me.example");
    expect((await moderate(db, c.data._id, "approve", staffId)).ok).toBe(false);
    expect((await moderate(db, c.data._id, "hide", staffId)).ok).toBe(true);
    expect(await shown()).not.toContain("Decide on https://me.example");
    expect((await moderate(db, c.data._id, "restore", staffId)).ok).toBe(true);
    expect(await shown()).toContain("Decide on https://me.example");
    expect((await moderate(db, c.data._id, "delete", staffId)).ok).toBe(true);
    // To the trash (comment-trash.server.int.test.ts): off the site, and no other decision until restored.
    expect(await shown()).not.toContain("Decide on https://me.example");
    expect(await moderate(db, c.data._id, "hide", staffId)).toMatchObject({ ok: false, status: 409 });
  });

  it("spam holds later comments from that e-mail address or address hash, whatever the mode; restoring lifts it", async () => {
    const email = "Spammer@Junk.example";
    const first = await send("off", body("First, harmless", email), "198.51.100.7");
    expect((await moderate(db, first.data._id, "spam", staffId)).ok).toBe(true);
    expect(await shown()).not.toContain("First, harmless");
    expect((await send("off", body("Same address, new text", "spammer@junk.example"), "198.51.100.8")).data.held).toBe(true);
    expect((await send("off", body("Same network, new address", "other@junk.example"), "198.51.100.7")).data.held).toBe(true);
    expect((await send("off", body("Someone else entirely"), "198.51.100.9")).data.held).toBe(false);
    expect((await moderate(db, first.data._id, "restore", staffId)).ok).toBe(true);
    expect((await send("off", body("After restore", email), "198.51.100.7")).data.held).toBe(false);
  });

  it("lists held comments first with their post; a team reply shows as Fillway Team with its mark", async () => {
    const held = await send("all", body("Waiting in line"));
    const counts = await commentCounts(db);
    const { rows, total } = await listComments(db, "all", 1, counts);
    expect(total).toBe(counts.held + counts.visible + counts.hidden + counts.spam);
    const firstOther = rows.findIndex((r) => r.state !== "held");
    expect(rows.slice(0, firstOther).every((r) => r.state === "held")).toBe(true);
    expect(rows.slice(firstOther).some((r) => r.state === "held")).toBe(false);
    expect(rows.find((r) => r.id === held.data._id)).toMatchObject({ postTitle: `Title of ${post}`, stateLabel: "Awaiting review" });
    // Page two of the held-first list continues where page one stopped.
    const page2 = await listComments(db, "held", 1, counts);
    expect(page2.rows.every((r) => r.state === "held")).toBe(true);

    expect(await teamReply(db, held.data._id, "Thanks!", { id: staffId, email: "editor@staff.test" })).toMatchObject({ ok: false, status: 409 });
    const visible = await send("off", body("Where do you deliver?"));
    const reply = await teamReply(db, visible.data._id, "All of Dallas County.", { id: staffId, email: "editor@staff.test" });
    expect(reply.ok).toBe(true);
    const res = await blogList(testServices(db), get({ flag: "4", blogId: post }));
    const item = (res.body as { data: { data: BlogItem[] } }).data.data[0];
    const thread = item?.comments.find((c) => c._id === visible.data._id);
    expect(thread?.childComments).toEqual([expect.objectContaining({ commentBy: TEAM_NAME, text: "All of Dallas County.", team: true })]);
    expect(thread).not.toHaveProperty("team");
  });
});

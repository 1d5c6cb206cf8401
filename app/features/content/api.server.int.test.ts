import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from "vitest";
import type { BlogItem } from "~/features/content/types";
import type { Db } from "~/platform/db/db.server";
import { openTestDb } from "../../../tests/helpers/test-db";
import { formForBody } from "~/features/leads/forms/registry";
import { acceptSubmission } from "~/features/leads/accept.server";
import { addCommentBlog, blogList, MAX_LIMIT } from "./api.server";
import { syncPosts } from "./content.server";
import { type FixturePost, get, postFolder, put, testServices } from "../../../tests/helpers/content";

/** The blog calls of spec 7 against a real database (SQLite here, PostgreSQL in CI). */

const fixture: FixturePost[] = [
  { id: "b-alpha", kind: "blog", date: "2026-03-01" },
  { id: "b-bravo", kind: "blog", date: "2026-03-05", title: "Night routes for parcel vans" },
  { id: "b-charlie", kind: "blog", date: "2026-02-01", publishedBy: "2026-03-10" },
  { id: "b-delta", kind: "blog", date: "2026-01-15", title: "A 100% guide to diesel", body: "How DEF_dosing works." },
  { id: "b-echo", kind: "blog", date: "2026-01-10", subTitle: "Why the GEOFENCE matters" },
  { id: "b-foxtrot", kind: "blog", date: "2026-01-05" },
  {
    id: "b-golf",
    kind: "blog",
    date: "2025-12-20",
    body: 'Safe <script>alert(1)</script> text [x](javascript:alert(1)) <img src=x onerror="alert(1)">',
  },
  { id: "a-one", kind: "article", date: "2026-03-03", articleUrl: "https://ledger.example/one" },
  { id: "a-two", kind: "article", date: "2026-02-20" },
  { id: "a-three", kind: "article", date: "2025-11-01" },
  { id: "e-one", kind: "event", date: "2027-01-10" },
  { id: "e-two", kind: "event", date: "2026-12-01" },
];
const newestFirst = ["e-one", "e-two", "b-charlie", "b-bravo", "a-one", "b-alpha", "a-two", "b-delta", "b-echo", "b-foxtrot", "b-golf", "a-three"];

let db: Db;
let services: ReturnType<typeof testServices>;

beforeAll(async () => {
  db = await openTestDb();
  services = testServices(db);
  const { dir, publicDir } = postFolder(fixture);
  const report = await syncPosts(db, { dir, publicDir });
  expect(report.errors).toEqual([]);
});
afterAll(() => db.close());

type ListBody = { data: { data: BlogItem[]; count: number } };
async function list(query: Record<string, string | string[]>) {
  const res = await blogList(services, get({ flag: "4", ...query }));
  return { status: res.status, body: res.body as ListBody };
}
const ids = (b: ListBody) => b.data.data.map((i) => i._id);

describe("GET /web/getData2?flag=4", () => {
  it("lists items shaped as spec 3, newest first by publishedBy over createdOn", async () => {
    const { status, body } = await list({ limit: "50" });
    expect(status).toBe(200);
    expect(body.data.count).toBe(12);
    expect(ids(body)).toEqual(newestFirst);
    const charlie = body.data.data.find((i) => i._id === "b-charlie");
    expect(Object.keys(charlie ?? {}).sort()).toEqual(
      [
        "_id",
        "title",
        "subTitle",
        "description",
        "imageUrl",
        "articleUrl",
        "videoUrl",
        "createdOn",
        "publishedBy",
        "isPublished",
        "isArticle",
        "comments",
      ].sort(),
    );
    expect(charlie).toMatchObject({
      title: "Title of b-charlie",
      description: "<p>Body of b-charlie.</p>",
      imageUrl: { thumbnail: "/media/blog/b-charlie.svg", original: "/media/blog/b-charlie.svg" },
      articleUrl: null,
      createdOn: "2026-02-01T12:00:00.000Z",
      publishedBy: "2026-03-10T12:00:00.000Z",
      isPublished: true,
      isArticle: false,
      comments: [],
    });
  });

  it("defaults to 10 items and counts them all", async () => {
    const { body } = await list({});
    expect(body.data.data).toHaveLength(10);
    expect(body.data.count).toBe(12);
  });

  it.each([
    ["blog posts", { isPublished: "true", isArticle: "false" }, ["b-charlie", "b-bravo", "b-alpha", "b-delta", "b-echo", "b-foxtrot", "b-golf"]],
    ["related articles", { isPublished: "true", isArticle: "true" }, ["a-one", "a-two", "a-three"]],
    ["upcoming events", { isPublished: "false" }, ["e-one", "e-two"]],
    ["everything published", { isPublished: "true" }, newestFirst.filter((i) => !i.startsWith("e-"))],
  ])("filters %s by the flags of spec 4", async (_, q, expected) => {
    const { body } = await list({ ...q, limit: "50" });
    expect(ids(body)).toEqual(expected);
    expect(body.data.count).toBe(expected.length);
  });

  it("gives a related article its external URL", async () => {
    const { body } = await list({ blogId: "a-one" });
    expect(body.data.data[0]).toMatchObject({ articleUrl: "https://ledger.example/one", isArticle: true, isPublished: true });
  });

  it("pages with limit and page: disjoint pages, the same total", async () => {
    const pages = await Promise.all([1, 2, 3].map((p) => list({ limit: "5", page: String(p) })));
    expect(pages.map((p) => ids(p.body))).toEqual([newestFirst.slice(0, 5), newestFirst.slice(5, 10), newestFirst.slice(10)]);
    for (const p of pages) expect(p.body.data.count).toBe(12);
    const beyond = await list({ limit: "5", page: "4" });
    expect(beyond.body.data).toEqual({ data: [], count: 12 });
  });

  it("pages within a filter", async () => {
    const { body } = await list({ isPublished: "true", isArticle: "false", limit: "5", page: "2" });
    expect(ids(body)).toEqual(["b-foxtrot", "b-golf"]);
    expect(body.data.count).toBe(7);
  });

  it.each([
    ["a title word, any case", "NIGHT ROUTES", ["b-bravo"]],
    ["every word in any order", "routes night", ["b-bravo"]],
    ["a stemmed form of a title word", "nights route", ["b-bravo"]],
    ["a subtitle word", "geofence", ["b-echo"]],
    ["a word of the body", "dosing", ["b-delta"]],
    ["a word next to a percent sign", "100%", ["b-delta"]],
    ["words joined by an underscore", "DEF_dosing", ["b-delta"]],
    ["a word nothing has", "hydrogen", []],
    ["one word matching and one not", "night hydrogen", []],
  ])("searches %s", async (_, search, expected) => {
    const { status, body } = await list({ search, limit: "50" });
    expect(status).toBe(200);
    expect(ids(body)).toEqual(expected);
    expect(body.data.count).toBe(expected.length);
  });

  it("reads no search operators: quotes, stars, colons and NEAR are plain text", async () => {
    for (const search of ['"', "*", "night*", "title:night", "NEAR(night routes)", "night OR geofence", "-night", "%", "_"]) {
      const { status } = await list({ search });
      expect(status, search).toBe(200);
    }
    expect((await list({ search: "%" })).body.data.count).toBe(0);
    expect(ids((await list({ search: "title:night" })).body)).toEqual([]);
    expect(ids((await list({ search: '"night" "routes"' })).body)).toEqual(["b-bravo"]);
  });

  it("shows published items only, in every category, whatever the filter asks", async () => {
    const all = await list({ search: "title", limit: "50" });
    // Every item whose title says "Title of …", events (unpublished) left out.
    const titled = newestFirst.filter((id) => !id.startsWith("e-") && id !== "b-bravo" && id !== "b-delta");
    expect(ids(all.body).sort()).toEqual(titled.sort());
    expect((await list({ search: "e-one", limit: "50" })).body.data.count).toBe(0);
    expect((await list({ search: "title", isPublished: "false", limit: "50" })).body.data.count).toBe(0);
    const articles = await list({ search: "title", isPublished: "true", isArticle: "true", limit: "50" });
    expect(ids(articles.body).sort()).toEqual(["a-one", "a-three", "a-two"]);
    for (const item of [...all.body.data.data, ...articles.body.data.data]) expect(item.isPublished).toBe(true);
  });

  it("returns one post by blogId, and 404 for an unknown one", async () => {
    const { body } = await list({ blogId: "b-echo" });
    expect(ids(body)).toEqual(["b-echo"]);
    expect(body.data.count).toBe(1);
    const missing = await blogList(services, get({ flag: "4", blogId: "no-such-post" }));
    expect(missing.status).toBe(404);
  });

  it("serves description HTML sanitised: markup in a post is text, unsafe links are gone", async () => {
    const { body } = await list({ blogId: "b-golf" });
    const html = body.data.data[0]?.description ?? "";
    expect(html).toContain("&lt;script&gt;");
    expect(html).not.toMatch(/<(script|img)|href=/);
  });

  it.each([
    ["limit 0", { limit: "0" }, "limit"],
    [`limit above ${MAX_LIMIT}`, { limit: String(MAX_LIMIT + 1) }, "limit"],
    ["a limit that is not a number", { limit: "ten" }, "limit"],
    ["a negative limit", { limit: "-5" }, "limit"],
    ["a fractional page", { page: "1.5" }, "page"],
    ["page 0", { page: "0" }, "page"],
    ["a huge page", { page: "99999999999" }, "page"],
    ["isPublished yes", { isPublished: "yes" }, "isPublished"],
    ["isArticle 1", { isArticle: "1" }, "isArticle"],
    ["a blogId with a path", { blogId: "../etc/passwd" }, "blogId"],
    ["a blogId with SQL", { blogId: "x' OR '1'='1" }, "blogId"],
    ["a search of 101 characters", { search: "a".repeat(101) }, "search"],
    ["limit given twice", { limit: ["5", "6"] }, "limit"],
  ])("answers 400 naming the parameter for %s", async (_, q, param) => {
    const res = await blogList(services, get({ flag: "4", ...q }));
    expect(res.status).toBe(400);
    expect((res.body as { errors: Record<string, string[]> }).errors[param]?.length).toBeGreaterThan(0);
  });

  it("ignores parameters it does not know (cache busters)", async () => {
    const { status } = await list({ _: "12345", limit: "1" });
    expect(status).toBe(200);
  });
});

const valid = { text: "Great read, thanks.", email: "sam@fleet.example", commentBy: "Sam Porter", companyName: "Porter Logistics" };

async function comment(body: unknown, opts?: Parameters<typeof put>[1]) {
  const res = await addCommentBlog(services, put(body, opts));
  return {
    status: res.status,
    body: res.body as { message: string; data?: { _id: string; parentId: string | null }; errors?: Record<string, string[]> },
    headers: res.headers,
  };
}

async function commentsOf(id: string) {
  const { body } = await list({ blogId: id });
  return body.data.data[0]?.comments ?? [];
}

describe("PUT /admin/addCommentBlog", () => {
  it("keeps the same salted hash of an address for a comment as for a lead, never the address", async () => {
    const ip = "203.0.113.77";
    const res = await comment({ ...valid, blogId: "b-foxtrot", text: "Same visitor" }, { ip });
    expect(res.status).toBe(201);
    const lead = { email: "same@fleet.example", firstName: "Sam", lastName: "Porter", city: "Dallas", zipCode: "75201", phone: "2145550123", type: 1 };
    const spec = formForBody("/web/form", lead);
    if (!spec) throw new Error("no form for the lead");
    expect((await acceptSubmission(services, spec, lead, { ip, wire: true })).status).toBe("stored");
    const c = await db.kysely.selectFrom("comments").select("ip_hash").where("text", "=", "Same visitor").executeTakeFirstOrThrow();
    const l = await db.kysely.selectFrom("leads").select("ip_hash").where("email", "=", "same@fleet.example").executeTakeFirstOrThrow();
    expect(c.ip_hash).toMatch(/^[0-9a-f]{32}$/);
    expect(l.ip_hash).toBe(c.ip_hash);
  });

  it("stores a comment (201) that then appears with the post, without the e-mail", async () => {
    const res = await comment({ ...valid, blogId: "b-alpha" });
    expect(res.status).toBe(201);
    const comments = await commentsOf("b-alpha");
    expect(comments).toHaveLength(1);
    expect(comments[0]).toMatchObject({ _id: res.body.data?._id, commentBy: "Sam Porter", text: "Great read, thanks.", childComments: [] });
    expect(JSON.stringify(comments)).not.toContain("sam@fleet.example");
  });

  it("stores a reply under its comment, and a reply to a reply in the same thread", async () => {
    // A second between the comments: within one millisecond their order would be a tie.
    const t0 = Date.now();
    vi.useFakeTimers({ toFake: ["Date"], now: t0 });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    const top = await comment({ ...valid, blogId: "b-bravo", text: "Question about routes" });
    vi.setSystemTime(t0 + 1_000);
    const reply = await comment({
      ...valid,
      blogId: "b-bravo",
      text: "An answer",
      commentId: top.body.data?._id,
      isChildComment: true,
      commentBy: "Fillway Team",
    });
    expect(reply.status).toBe(201);
    vi.setSystemTime(t0 + 2_000);
    const again = await comment({ ...valid, blogId: "b-bravo", text: "Thanks!", commentId: reply.body.data?._id, isChildComment: true });
    expect(again.status).toBe(201);
    const comments = await commentsOf("b-bravo");
    expect(comments).toHaveLength(1);
    expect(comments[0]?.childComments.map((c) => [c.commentBy, c.text])).toEqual([
      ["Fillway Team", "An answer"],
      ["Sam Porter", "Thanks!"],
    ]);
  });

  it("answers 404 for an unknown post or comment, and for a comment of another post", async () => {
    expect((await comment({ ...valid, blogId: "no-such-post" })).status).toBe(404);
    expect((await comment({ ...valid, blogId: "b-alpha", commentId: "no-such-comment", isChildComment: true })).status).toBe(404);
    const other = await comment({ ...valid, blogId: "b-charlie" });
    const cross = await comment({ ...valid, blogId: "b-alpha", commentId: other.body.data?._id, isChildComment: true });
    expect(cross.status).toBe(404);
  });

  it.each([
    ["nothing at all", {}, { commentBy: "First name required", email: "Email required", companyName: "Company name required", text: "Message is required" }],
    [
      "blank fields",
      { commentBy: "  ", email: " ", companyName: "", text: "\n" },
      { commentBy: "First name required", email: "Email required", companyName: "Company name required", text: "Message is required" },
    ],
    [
      "invalid fields",
      { commentBy: "R2-D2 <b>", email: "not-an-email", companyName: "Acme <Corp>", text: "ok" },
      { commentBy: "Please enter valid firstname", email: "Please enter a valid email", companyName: "Please enter valid companyname" },
    ],
  ])("answers 422 with the messages of spec 5 for %s", async (_, fields, expected) => {
    const res = await comment({ blogId: "b-alpha", ...fields });
    expect(res.status).toBe(422);
    for (const [field, message] of Object.entries(expected)) expect(res.body.errors?.[field]).toEqual([message]);
  });

  it("accepts real names (apostrophes, hyphens, accents)", async () => {
    const res = await comment({ ...valid, commentBy: "Zoë O'Brien-Núñez", companyName: "Smith & Sons", blogId: "b-alpha" });
    expect(res.status).toBe(201);
  });

  it("requires the comment replied to when isChildComment is true", async () => {
    const res = await comment({ ...valid, blogId: "b-alpha", isChildComment: true });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors ?? {})).toEqual(["commentId"]);
  });

  it("refuses unknown fields and wrong types", async () => {
    const extra = await comment({ ...valid, blogId: "b-alpha", isAdmin: true });
    expect(extra.status).toBe(422);
    expect(extra.body.errors?.isAdmin).toBeDefined();
    // A number for the text is its text, "true" a boolean (the wire contract); these are neither.
    const typed = await comment({ ...valid, blogId: "b-alpha", text: { body: "Hi" }, isChildComment: "yes" });
    expect(typed.status).toBe(422);
    expect(Object.keys(typed.body.errors ?? {}).sort()).toEqual(["isChildComment", "text"]);
  });

  it("reads its body as the lead endpoints do: 415 for another type or charset, 400 for bad bytes, 422 for a non-object", async () => {
    expect((await comment(null, { contentType: "text/plain", raw: JSON.stringify({ ...valid, blogId: "b-alpha" }) })).status).toBe(415);
    for (const charset of ["utf-16", "iso-8859-1", "latin1"]) {
      const res = await comment(null, { contentType: `application/json; charset=${charset}`, raw: JSON.stringify({ ...valid, blogId: "b-alpha" }) });
      expect(res.status, charset).toBe(415);
    }
    expect((await comment(null, { raw: "{" })).status).toBe(400);
    // Invalid UTF-8 is refused, not read with U+FFFD in its place.
    expect((await comment(null, { raw: Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d]) })).status).toBe(400);
    expect((await comment(null, { raw: "[1,2]" })).status).toBe(422);
    expect((await comment(null, { raw: "null" })).status).toBe(422);
    expect((await comment(null, { contentType: "application/json; charset=utf-8", raw: JSON.stringify({ ...valid, blogId: "b-foxtrot" }) })).status).toBe(201);
    // A leading byte-order mark is allowed, as on the lead endpoints.
    const bom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(JSON.stringify({ ...valid, text: "With a BOM", blogId: "b-foxtrot" }))]);
    expect((await comment(null, { raw: bom })).status).toBe(201);
  });

  it("accepts a filled honeypot quietly and stores nothing", async () => {
    const res = await comment({ ...valid, blogId: "b-delta", website: "https://spam.example" });
    expect(res.status).toBe(201);
    expect(await commentsOf("b-delta")).toEqual([]);
  });

  it("stores a replayed submission once and answers 200 the second time", async () => {
    const submissionId = "0b9d2f4e-8c1a-4f7e-9a51-3f2b6c7d8e90";
    const first = await comment({ ...valid, blogId: "b-echo", submissionId, pagePath: "/blogdetail/b-echo" });
    const second = await comment({ ...valid, blogId: "b-echo", submissionId, pagePath: "/blogdetail/b-echo" });
    expect([first.status, second.status]).toEqual([201, 200]);
    expect(second.body.data?._id).toBe(first.body.data?._id);
    expect(await commentsOf("b-echo")).toHaveLength(1);
  });

  it("keeps hostile text exactly as typed, for the page to escape", async () => {
    const text = `<script>alert(1)</script><img src=x onerror="alert(1)"> & "quotes"`;
    const res = await comment({ ...valid, blogId: "b-foxtrot", text });
    expect(res.status).toBe(201);
    expect((await commentsOf("b-foxtrot")).map((c) => c.text)).toContain(text);
  });

  it("limits a client's submissions with 429 and Retry-After", async () => {
    const strict = testServices(db, { RATE_LIMIT_MAX: "2" });
    const send = () => addCommentBlog(strict, put({ ...valid, blogId: "b-alpha" }, { ip: "203.0.113.9" }));
    expect((await send()).status).toBe(201);
    expect((await send()).status).toBe(201);
    const third = await send();
    expect(third.status).toBe(429);
    expect(Number(third.headers?.["Retry-After"])).toBeGreaterThan(0);
  });
});

import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "~/platform/db/db.server";
import { openTestDb } from "../../../tests/helpers/test-db";
import { syncPosts } from "./content.server";
import { listPosts } from "./posts.server";
import { postFolder } from "../../../tests/helpers/content";

/** Loading content/posts into the database at start (spec: marketing publishes by adding a file). */

let db: Db;
beforeAll(async () => {
  db = await openTestDb();
});
afterAll(() => db.close());

const titleOf = async (id: string) => (await db.kysely.selectFrom("posts").select("title").where("id", "=", id).executeTakeFirst())?.title;

describe("syncing post files", () => {
  const comments = {
    "s-one": [
      {
        id: "seed-1",
        by: "Dana Whitfield",
        company: "Trinity Parcel",
        email: "dana@parcel.example",
        text: "First!",
        date: "2026-01-02T10:00:00Z",
        replies: [{ id: "seed-1-r", by: "Fillway Team", company: "Fillway", email: "hello@fillway.example", text: "Thanks", date: "2026-01-02T11:00:00Z" }],
      },
    ],
  };

  it("inserts new files, skips unchanged ones, applies changed ones, keeps edits made in place", async () => {
    const folder = postFolder(
      [
        { id: "s-one", kind: "blog", date: "2026-01-01" },
        { id: "s-two", kind: "event", date: "2027-01-01" },
      ],
      comments,
    );
    const first = await syncPosts(db, folder);
    expect(first).toMatchObject({ inserted: ["s-one", "s-two"], updated: [], unchanged: 0, errors: [] });

    const second = await syncPosts(db, folder);
    expect(second).toMatchObject({ inserted: [], updated: [], unchanged: 2 });

    // A back office edits a row in place: a restart must not undo it.
    await db.kysely.updateTable("posts").set({ title: "Edited in the back office" }).where("id", "=", "s-two").execute();
    await syncPosts(db, folder);
    expect(await titleOf("s-two")).toBe("Edited in the back office");

    // Marketing edits the file: the file wins for that post only.
    folder.write({ id: "s-one", kind: "blog", date: "2026-01-01", title: "New title" });
    const third = await syncPosts(db, folder);
    expect(third).toMatchObject({ inserted: [], updated: ["s-one"], unchanged: 1 });
    expect(await titleOf("s-one")).toBe("New title");
    expect(await titleOf("s-two")).toBe("Edited in the back office");
  });

  it("seeds demo comments once, with the post, and never brings a deleted one back", async () => {
    const { items } = await listPosts(db, { blogId: "s-one", limit: 1, offset: 0 });
    expect(items[0]?.comments).toEqual([
      {
        _id: "seed-1",
        commentBy: "Dana Whitfield",
        text: "First!",
        createdOn: "2026-01-02T10:00:00.000Z",
        childComments: [{ _id: "seed-1-r", commentBy: "Fillway Team", text: "Thanks", createdOn: "2026-01-02T11:00:00.000Z" }],
      },
    ]);
    await db.kysely.deleteFrom("comments").where("id", "in", ["seed-1-r"]).execute();
    await db.kysely.deleteFrom("comments").where("id", "in", ["seed-1"]).execute();
    const folder = postFolder([{ id: "s-one", kind: "blog", date: "2026-01-01", title: "Changed again" }], comments);
    await syncPosts(db, folder);
    const after = await listPosts(db, { blogId: "s-one", limit: 1, offset: 0 });
    expect(after.items[0]?.comments).toEqual([]);
  });

  it("skips a broken file with a reason and still loads the others", async () => {
    const folder = postFolder([
      { id: "s-good", kind: "blog", date: "2026-01-01" },
      { id: "s-article-without-url", kind: "blog", date: "2026-01-01" },
    ]);
    const broken = join(folder.dir, "s-article-without-url.md");
    writeFileSync(broken, readFileSync(broken, "utf8").replace("kind: blog", "kind: article"));
    writeFileSync(join(folder.dir, "s-dup.md"), readFileSync(join(folder.dir, "s-good.md"), "utf8"));
    writeFileSync(join(folder.dir, "_draft.md"), "not even front matter");
    writeFileSync(join(folder.dir, "README.md"), "# How to write a post");
    writeFileSync(
      join(folder.dir, "s-missing-image.md"),
      readFileSync(join(folder.dir, "s-good.md"), "utf8")
        .replace(/s-good/g, "s-missing-image")
        .replace("/media/blog/s-missing-image.svg", "/media/blog/nope.svg"),
    );
    const report = await syncPosts(db, folder);
    expect(report.inserted).toEqual(["s-good"]);
    expect(report.errors.map((e) => [e.file.split("/").pop(), e.message])).toEqual([
      ["s-article-without-url.md", "articleUrl is required for kind: article"],
      ["s-dup.md", expect.stringContaining('id "s-good" is already used')],
      ["s-missing-image.md", expect.stringContaining("image /media/blog/nope.svg does not exist")],
    ]);
  });

  it("tolerates a missing folder", async () => {
    const report = await syncPosts(db, { dir: "/nonexistent/posts" });
    expect(report).toEqual({ inserted: [], updated: [], unchanged: 0, kept: [], errors: [] });
  });
});

import { randomUUID } from "node:crypto";
import AxeBuilder from "@axe-core/playwright";
import Database from "better-sqlite3";
import { parsePostFile } from "../../app/features/content/post-file.server";
import { expect, hydrated, test } from "./fixtures";

/**
 * A post written with what the Markdown pipeline added (nested lists, a table, an image)
 * reads as it should on its page, and stays accessible in both themes.
 */

const source = (id: string) => `---
id: ${id}
kind: blog
title: "Fuel plans compared: a table"
subTitle: Three plans, side by side.
date: 2026-03-12
image: /media/blog/choosing-a-fillway-plan.svg
---
What each plan includes:

- Pay per delivery
  - no monthly fee
  - a delivery fee per fill
- Monthly

| Plan | Monthly fee | Delivery fee |
|---|---|---|
| Pay per delivery | $0 | $7.99 |
| Monthly | $19.99 | $0 |

![A Fillway truck beside a parked sedan](/media/blog/choosing-a-fillway-plan.svg)
`;

test("a post's nested lists, table and image render and pass axe in both themes", async ({ browser }) => {
  const file = process.env.E2E_DATABASE_URL?.replace(/^file:/, "");
  test.skip(!file || process.env.E2E_DATABASE_URL?.startsWith("postgres") === true, "needs the SQLite file of the test server");
  const id = `e2e-markdown-${randomUUID().slice(0, 8)}`;
  const post = parsePostFile(source(id));
  const db = new Database(file!);
  db.prepare(
    `INSERT INTO posts (id, title, sub_title, description_html, body_text, image_thumbnail, image_original, created_on, is_published, is_article, updated_at)
     VALUES (@id, @title, @subTitle, @descriptionHtml, @bodyText, @imageThumbnail, @imageOriginal, @createdOn, 1, 0, @now)`,
  ).run({ ...post, now: new Date().toISOString() });
  try {
    for (const colorScheme of ["light", "dark"] as const) {
      const context = await browser.newContext({ colorScheme });
      const page = await context.newPage();
      await page.goto(`/blogdetail/${id}`);
      await hydrated(page);
      const body = page.getByTestId("post-body");
      await expect(body.getByRole("list").first().getByRole("listitem").first().getByRole("listitem")).toHaveText([
        "no monthly fee",
        "a delivery fee per fill",
      ]);
      const table = body.getByRole("table");
      await expect(table.getByRole("columnheader")).toHaveText(["Plan", "Monthly fee", "Delivery fee"]);
      await expect(table.getByRole("row")).toHaveCount(3);
      await expect(table.getByRole("row").nth(2).getByRole("cell")).toHaveText(["Monthly", "$19.99", "$0"]);
      const image = body.getByRole("img", { name: "A Fillway truck beside a parked sedan" });
      await image.scrollIntoViewIfNeeded();
      await expect.poll(() => image.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
      const results = await new AxeBuilder({ page })
        .include("[data-testid=post-body]")
        .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
        .analyze();
      expect(
        results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
        colorScheme,
      ).toEqual([]);
      await context.close();
    }
  } finally {
    db.prepare("DELETE FROM posts WHERE id = ?").run(id);
    db.close();
  }
});

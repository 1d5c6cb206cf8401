import { randomBytes } from "node:crypto";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { createStaff, signIn, testDb } from "./desk-fixtures";
import { expect, hydrated, test } from "./fixtures";
import { rawMailsTo } from "./mail-fixtures";

/**
 * Newsletters from the desk as an editor does it, on a wide and a phone screen: write an
 * issue, preview it as the e-mail, send a test to oneself (it arrives), send it to every
 * confirmed subscriber after a confirmation naming how many, and watch the counts reach
 * them; and the subscribers screen's totals and "send the confirmation again".
 */

const tag = () => randomBytes(4).toString("hex");

/** No axe violation on the page (the e-mail in its frame is the e-mail's own markup, checked by mail clients, not here). */
async function axeClean(page: Page) {
  await hydrated(page);
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).exclude("iframe").analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

/** Sign-ups written straight into the test server's database. */
async function signUps(status: "subscribed" | "pending", n: number) {
  const db = await testDb();
  const at = new Date().toISOString();
  const t = tag();
  const emails = Array.from({ length: n }, (_, i) => `nl-${status}-${t}-${i}@example.com`);
  await db.kysely
    .insertInto("leads")
    .values(
      emails.map((email) => ({
        kind: "newsletter",
        type: 4,
        email,
        email_norm: email,
        payload: "{}",
        status,
        page_path: "/",
        created_at: at,
        confirmed_at: status === "subscribed" ? at : null,
      })),
    )
    .execute();
  return emails;
}

// One at a time: both screens' tests send to every confirmed subscriber and count the waiting ones.
test.describe.configure({ mode: "serial" });

for (const [name, viewport] of [
  ["1280 px", { width: 1280, height: 900 }],
  ["390 px", { width: 390, height: 844 }],
] as const) {
  test.describe(`at ${name}`, () => {
    test.use({ viewport });

    test("an editor writes, previews, tests and sends an issue, then sees it delivered", async ({ page, context }) => {
      const editor = await createStaff("editor");
      await signIn(context, editor);
      const readers = await signUps("subscribed", 3);
      const subject = `Spring fuel news ${tag()}`;

      await page.goto("/desk/newsletters");
      await axeClean(page);
      await page.getByRole("link", { name: "Write an issue" }).click();
      await page.getByLabel("Subject").fill(subject);
      await page.getByLabel("Body (Markdown)").fill("Hello **fleet managers**.\n\nDiesel deliveries now reach *Plano*.");
      await page.getByRole("button", { name: "Save and preview" }).click();
      await expect(page.getByRole("status")).toHaveText("The issue is saved.");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(subject);
      await axeClean(page);

      // The preview is the e-mail itself: its HTML and its plain text, with the unsubscribe foot.
      // (Read from the frame's document: a sandboxed frame runs no script, not even the test's.)
      const frame = page.getByTitle("The e-mail as HTML");
      await expect(frame).toBeVisible();
      const html = (await frame.getAttribute("srcdoc")) ?? "";
      expect(html).toContain("<strong>fleet managers</strong>");
      expect(html).not.toMatch(/<script|\son[a-z]+=/i);
      // The preview is made for no subscriber: its link is the sample one, which changes nothing.
      expect(html).toMatch(/<a href="https?:\/\/[^"]+\/newsletter\/unsubscribe\?sample=1">Unsubscribe with one click<\/a>/);
      await page.getByText("The e-mail as plain text").click();
      await expect(page.getByTestId("preview-text")).toContainText("Unsubscribe with one click: ");

      await page.getByRole("button", { name: "Send a test to me" }).click();
      await expect(page.getByRole("status")).toHaveText(`A test is on its way to ${editor.email}.`);
      await expect.poll(() => rawMailsTo(editor.email, `[Test] ${subject}`).length, { timeout: 15_000 }).toBe(1);
      expect(rawMailsTo(editor.email, `[Test] ${subject}`)[0]).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);

      // Sending asks first, naming how many addresses it goes to.
      const send = page.getByRole("button", { name: /^Send to [\d,]+ subscribers?…$/ });
      expect(Number((await send.textContent())?.replace(/\D/g, ""))).toBeGreaterThanOrEqual(3);
      await send.click();
      // The number asked about is counted when asking (other tests may add subscribers meanwhile).
      const question = page.getByRole("alert");
      await expect(question).toContainText(`Send “${subject}” to `);
      const n = Number(/to ([\d,]+) confirmed subscribers now\?/.exec((await question.textContent()) ?? "")?.[1]?.replace(/,/g, ""));
      expect(n).toBeGreaterThanOrEqual(3);
      await page.getByRole("button", { name: `Yes, send to ${n.toLocaleString("en-US")} subscribers` }).click();

      // The counts are read again while it sends, until every address has it.
      await expect(page.getByTestId("count-sent")).toHaveText(n.toLocaleString("en-US"), { timeout: 30_000 });
      await expect(page.getByTestId("count-queued")).toHaveText("0");
      await expect(page.getByTestId("count-failed")).toHaveText("0");
      for (const email of readers) expect(rawMailsTo(email, subject)).toHaveLength(1);
      await expect(page.getByTestId("issue-state")).toHaveText("Sent");

      await page.getByRole("link", { name: "All issues" }).click();
      await expect(page.getByRole("table", { name: "Newsletter issues, newest first" }).getByRole("row", { name: new RegExp(subject) })).toContainText("Sent");
    });

    test("the subscribers screen shows sign-ups by state and sends a waiting address its confirmation again", async ({ page, context }) => {
      const sales = await createStaff("sales");
      await signIn(context, sales);
      const [waiting] = await signUps("pending", 1);
      const db = await testDb();
      const pending = async () =>
        Number(
          (
            await db.kysely
              .selectFrom("leads")
              .select((eb) => eb.fn.countAll<number>().as("n"))
              .where("kind", "=", "newsletter")
              .where("status", "=", "pending")
              .executeTakeFirstOrThrow()
          ).n,
        ).toLocaleString("en-US");

      // Other tests sign up meanwhile: the total shown lies between the database's counts before and after the page was made.
      const low = Number((await pending()).replace(/,/g, ""));
      await page.goto(`/desk/subscribers?q=${encodeURIComponent(waiting as string)}`);
      await axeClean(page);
      const high = Number((await pending()).replace(/,/g, ""));
      const totals = page.getByRole("definition").first();
      await expect(page.getByText("Waiting for confirmation", { exact: true }).first()).toBeVisible();
      const shown = Number(((await totals.textContent()) ?? "").replace(/\D/g, ""));
      expect(shown).toBeGreaterThanOrEqual(Math.min(low, high));
      expect(shown).toBeLessThanOrEqual(Math.max(low, high));
      await page.getByRole("button", { name: new RegExp(`^Send the confirmation again to ${waiting}`) }).click();
      await expect(page.getByRole("status")).toHaveText(`The confirmation is on its way to ${waiting} again.`);
      await expect.poll(() => rawMailsTo(waiting as string, "Confirm your Fillway newsletter subscription").length, { timeout: 15_000 }).toBe(1);
      // Up to the day's limit per address (3), each once the one before has arrived; then one more is refused with the reason.
      const again = page.getByRole("button", { name: new RegExp(`^Send the confirmation again to ${waiting}`) });
      for (let sent = 2; sent <= 3; sent++) {
        await again.click();
        await expect.poll(() => rawMailsTo(waiting as string, "Confirm your Fillway newsletter subscription").length, { timeout: 15_000 }).toBe(sent);
      }
      await again.click();
      const refused = page.getByRole("alert");
      await expect(refused).toContainText(`${waiting} has had 3 e-mails from us within a day, the most we send one address; try again tomorrow`);
    });
  });
}

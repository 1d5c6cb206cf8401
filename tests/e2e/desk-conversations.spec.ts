import { randomBytes, randomUUID } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { createStaff, expectAxeClean, signIn, testDb } from "./desk-fixtures";
import { expect, hydrated, test } from "./fixtures";

/**
 * A salesperson on a phone writes to a lead from its page: picks a template, is told the
 * lead has no business for {business}, is refused while the field is left, writes it
 * out, sends, and sees the e-mail in the conversation as it goes, then the answer after it. An admin keeps the templates.
 */

const tag = () => randomBytes(4).toString("hex");

/** The .eml files the test server wrote (E2E_MAIL_DIR) whose Subject is `subject`. */
function mailsWithSubject(subject: string): string[] {
  const dir = process.env.E2E_MAIL_DIR ?? "";
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .map((f) => readFileSync(join(dir, f), "utf8"))
    .filter((raw) => raw.includes(`Subject: ${subject}`));
}

test("on a phone, a salesperson writes to a lead from a template, fills the field it lacks, sends, and sees it and the answer in the conversation", async ({
  page,
  context,
  request,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const db = await testDb();
  const name = `Sam ${tag()}`;
  const sales = await createStaff("sales", { name });
  const templateName = `First contact ${tag()}`;
  const at = new Date().toISOString();
  await db.kysely
    .insertInto("mail_templates")
    .values({
      name: templateName,
      subject: "Fuel for {business}",
      body: "Hello {first name},\n\nThanks for your enquiry {reference}. We deliver **every weekday**.\n\n{my name}",
      updated_by: null,
      created_at: at,
      updated_at: at,
    })
    .execute();

  // A visitor sends the contact form: a name, no business.
  const submissionId = randomUUID();
  const email = `visitor-${tag()}@conversation.test`;
  const sent = await request.post("/web/form", {
    data: { firstName: "Vera", lastName: "Quill", email, zipCode: "85001", phone: "6025550100", type: 9, submissionId },
  });
  expect(sent.status()).toBe(201);
  const lead = await db.kysely.selectFrom("leads").select("id").where("submission_id", "=", submissionId).executeTakeFirstOrThrow();

  await signIn(context, sales);
  await page.goto(`/desk/leads/${lead.id}`);
  await hydrated(page);
  const write = page.getByRole("region", { name: "Write an e-mail" });
  await expect(write).toContainText(`To: ${email}`);
  // No MAIL_REPLY_TO on the test server: the form says where answers go.
  await expect(write).toContainText(`Answers go to your own mailbox (${sales.email}) and will not come back into the desk.`);

  await write.getByLabel("Template", { exact: true }).selectOption({ label: templateName });
  await write.getByRole("button", { name: "Use template" }).click();
  await expect(write.getByTestId("mail-missing")).toContainText("This lead has no {business}.");
  const subject = write.getByLabel("Subject");
  const body = write.getByLabel("Text (Markdown or plain text)");
  await expect(subject).toHaveValue("Fuel for {business}");
  await expect(body).toHaveValue(`Hello Vera,\n\nThanks for your enquiry #${submissionId.slice(0, 8).toUpperCase()}. We deliver **every weekday**.\n\n${name}`);
  await expectAxeClean(page);

  // Sent as it is, it is refused, and nothing typed is lost.
  await body.fill(`${await body.inputValue()}\n\nP.S. Call me back.`);
  await write.getByRole("button", { name: "Send the e-mail" }).click();
  await expect(write.getByRole("alert")).toContainText("Not sent: {business} is still in the e-mail. Write it out or remove it.");
  await expect(subject).toHaveValue("Fuel for {business}");
  await expect(body).toHaveValue(/P\.S\. Call me back\.$/);

  await subject.fill("Fuel for your trucks");
  await write.getByRole("button", { name: "Send the e-mail" }).click();
  await expect(page.getByRole("status").filter({ hasText: `E-mail to ${email} queued` })).toBeVisible();
  const thread = page.getByRole("region", { name: "E-mail conversation" });
  const entry = thread.getByRole("listitem").filter({ hasText: `E-mail to ${email}: Fuel for your trucks` });
  await expect(entry).toContainText(name);
  await expect(entry.getByTestId("mail-state")).toHaveText(/Queued|Being sent|Sent/);
  // The outbox writes it (no SMTP_URL on the test server); the page shows it sent.
  await expect.poll(() => mailsWithSubject("Fuel for your trucks").length, { timeout: 15_000 }).toBe(1);
  const mail = mailsWithSubject("Fuel for your trucks")[0] ?? "";
  expect(mail).toContain(`From: ${name} <`);
  expect(mail).toMatch(new RegExp(`Message-ID: <lead-${lead.id}\\.[0-9a-f]{16}@`));
  await expect
    .poll(
      async () => {
        await page.reload();
        return page.getByRole("region", { name: "E-mail conversation" }).getByTestId("mail-state").first().textContent();
      },
      { timeout: 15_000 },
    )
    .toBe("Sent");
  // The next e-mail answers it.
  await expect(page.getByRole("region", { name: "Write an e-mail" }).getByLabel("Subject")).toHaveValue("Re: Fuel for your trucks");

  // The answer, as the replies reader stores it, follows it in the same thread: its new
  // text, the quoted history folded, the attachment by name and size, no raw HTML.
  await db.kysely
    .insertInto("lead_messages")
    .values({
      lead_id: lead.id,
      direction: "in",
      message_id: `<answer-${tag()}@conversation.test>`,
      in_reply_to: null,
      refs: null,
      from_address: email,
      from_name: "Vera Quill",
      to_address: `sales+lead-${lead.id}@fillway.example`,
      subject: "Re: Fuel for your trucks",
      body_text: "Tuesday suits us.\n\nOn Mon, Sam wrote:\n> Would Tuesday suit you?",
      body_html: "<p>Tuesday suits us.</p><p><b>bold-html-marker</b></p>",
      staff_id: null,
      outbox_id: null,
      attachments: JSON.stringify([{ name: "site-plan.pdf", type: "application/pdf", size: 20480 }]),
      created_at: new Date().toISOString(),
    })
    .execute();
  await page.reload();
  const answer = page.getByRole("region", { name: "E-mail conversation" }).getByRole("listitem").last();
  await expect(answer).toContainText(`E-mail from Vera Quill <${email}>: Re: Fuel for your trucks`);
  // The sender is named once, in that line.
  expect(((await answer.textContent()) ?? "").split("Vera Quill")).toHaveLength(2);
  await expect(answer).toContainText("Tuesday suits us.");
  await expect(answer).toContainText("site-plan.pdf (20 KB)");
  await expect(answer.getByText("Would Tuesday suit you?")).toBeHidden();
  await expect(answer).not.toContainText("bold-html-marker");

  // Nothing scrolls sideways on the phone, and the page passes axe in both themes.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectAxeClean(page);
  await page.emulateMedia({ colorScheme: "dark" });
  await page.reload();
  await hydrated(page);
  await page.getByRole("region", { name: "E-mail conversation" }).getByText("The e-mail").first().click();
  await page.getByRole("region", { name: "E-mail conversation" }).getByText("Earlier messages quoted").first().click();
  await expectAxeClean(page);

  // The send is in the audit log; the contact's page shows it too.
  const audited = await db.kysely.selectFrom("audit_log").select("action").where("staff_id", "=", sales.id).where("action", "=", "lead.mail").execute();
  expect(audited).toHaveLength(1);
  await page.goto(`/desk/contacts/${lead.id}`);
  const onContact = page.getByRole("region", { name: "E-mail conversation" });
  await expect(onContact.getByRole("listitem").first()).toContainText(`by ${name} (${sales.email})`);
  await expect(onContact.getByRole("listitem").first()).toContainText(`E-mail to ${email}: Fuel for your trucks`);
  await expect(onContact.getByRole("listitem").last()).toContainText("Tuesday suits us.");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectAxeClean(page);
});

test("on a phone, an admin writes, changes and deletes a template; a field that does not exist is refused; sales cannot open the screen", async ({
  page,
  context,
  browser,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const admin = await createStaff("admin");
  await signIn(context, admin);
  await page.goto("/desk/templates");
  await hydrated(page);
  await page.getByRole("link", { name: "New template" }).click();
  const name = `Quote follow-up ${tag()}`;
  await page.getByLabel("Name (what sales picks it by)").fill(name);
  await page.getByLabel("Subject").fill("Your quote {reference}");
  await page.getByLabel("Text (Markdown or plain text)").fill("Hello {firstname},");
  await page.getByRole("button", { name: "Save the template" }).click();
  await expect(page.getByRole("alert")).toContainText("The text names {firstname}, which is no field.");
  await expect(page.getByLabel("Name (what sales picks it by)")).toHaveValue(name);
  await page.getByLabel("Text (Markdown or plain text)").fill("Hello {first name},");
  await page.getByRole("button", { name: "Save the template" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Template saved." })).toBeVisible();
  await expect(page.getByRole("link", { name })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectAxeClean(page);

  // Changed: the list shows the new subject.
  await page.getByRole("link", { name }).click();
  await expect(page.getByLabel("Subject")).toHaveValue("Your quote {reference}");
  await page.getByLabel("Subject").fill("Your quote {reference}, {first name}");
  await page.getByRole("button", { name: "Save the template" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Template saved." })).toBeVisible();
  await expect(page.getByRole("region", { name: "E-mail templates" })).toContainText("Your quote {reference}, {first name}");

  await page.getByRole("link", { name }).click();
  await page.getByRole("button", { name: "Delete this template" }).click();
  await page.getByRole("button", { name: `Yes, delete “${name}”` }).click();
  await expect(page.getByRole("status").filter({ hasText: "Template deleted." })).toBeVisible();
  await expect(page.getByRole("link", { name })).toHaveCount(0);
  const db = await testDb();
  const actions = await db.kysely.selectFrom("audit_log").select("action").where("staff_id", "=", admin.id).orderBy("id").execute();
  expect(actions.map((a) => a.action)).toEqual(["template.save", "template.save", "template.delete"]);

  const salesContext = await browser.newContext();
  await signIn(salesContext, await createStaff("sales"));
  const salesPage = await salesContext.newPage();
  const refused = await salesPage.goto("/desk/templates");
  expect(refused?.status()).toBe(403);
  await salesContext.close();
});

test("without JavaScript, picking a template and sending are plain form posts", async ({ browser, request }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
  const db = await testDb();
  const sales = await createStaff("sales", { name: `Nia ${tag()}` });
  const templateName = `Plain ${tag()}`;
  const at = new Date().toISOString();
  await db.kysely
    .insertInto("mail_templates")
    .values({ name: templateName, subject: "For {business}", body: "Hello {first name}", updated_by: null, created_at: at, updated_at: at })
    .execute();
  const submissionId = randomUUID();
  const email = `plain-${tag()}@conversation.test`;
  const posted = await request.post("/web/form", {
    data: { firstName: "Pia", lastName: "Noscript", email, zipCode: "85001", phone: "6025550101", type: 9, submissionId },
  });
  expect(posted.status()).toBe(201);
  const lead = await db.kysely.selectFrom("leads").select("id").where("submission_id", "=", submissionId).executeTakeFirstOrThrow();

  await signIn(context, sales);
  const page = await context.newPage();
  await page.goto(`/desk/leads/${lead.id}`);
  const write = page.getByRole("region", { name: "Write an e-mail" });
  await write.getByLabel("Template", { exact: true }).selectOption({ label: templateName });
  await write.getByRole("button", { name: "Use template" }).click();
  await expect(write.getByTestId("mail-missing")).toContainText("This lead has no {business}.");
  await expect(write.getByLabel("Text (Markdown or plain text)")).toHaveValue("Hello Pia");
  await write.getByLabel("Subject").fill("For your fleet");
  await write.getByRole("button", { name: "Send the e-mail" }).click();
  await expect(page).toHaveURL(new RegExp(`/desk/leads/${lead.id}\\?mailed=1$`));
  await expect(page.getByRole("status").filter({ hasText: `E-mail to ${email} queued` })).toBeVisible();
  await expect(page.getByRole("region", { name: "E-mail conversation" })).toContainText(`E-mail to ${email}: For your fleet`);
  await context.close();
});

import { randomBytes } from "node:crypto";
import AxeBuilder from "@axe-core/playwright";
import { type Browser, expect, request, test } from "@playwright/test";
import { rawMailsTo } from "./mail-fixtures";
import { createStaff, signIn, testDb } from "./desk-fixtures";

/**
 * Newsletter double opt-in in the browser against the real server and database: the
 * sign-up is pending, the e-mailed link opens a page whose GET confirms nothing and whose
 * button confirms (with and without JavaScript), a mail client's one-click POST without
 * cookies unsubscribes, a forged link is a clear 4xx page, the address subscribes again,
 * the desk's export holds confirmed addresses only; axe in both themes.
 */

const tag = () => randomBytes(4).toString("hex");

/** The raw confirmation e-mails the server wrote for `email`. */
async function confirmationsFor(email: string, count = 1): Promise<string[]> {
  let found: string[] = [];
  await expect
    .poll(
      () => {
        found = rawMailsTo(email, "Confirm your Fillway newsletter");
        return found.length;
      },
      { timeout: 15_000 },
    )
    .toBe(count);
  return found;
}

/** A header of a raw message, unfolded. */
function header(raw: string, name: string): string | undefined {
  const head = raw.split(/\r?\n\r?\n/)[0] ?? "";
  return new RegExp(`^${name}:(.*(?:\\r?\\n[ \\t].*)*)`, "im")
    .exec(head)?.[1]
    ?.replace(/\r?\n[ \t]+/g, " ")
    .trim();
}

/** The path and query of the newest link to `page` in the messages (text part; quoted-printable soft breaks undone). */
function linkIn(raws: string[], page: "confirm" | "unsubscribe", id?: number): string {
  const links = raws
    .map((raw) => raw.replace(/=\r?\n/g, "").replace(/=3D/g, "="))
    .flatMap((raw) => [...raw.matchAll(new RegExp(`https?://[^\\s<>"]+/newsletter/${page}\\?token=([\\w-]+)\\.([\\w-]{43})`, "g"))])
    .filter((m) => id === undefined || m[1] === String(id))
    .map((m) => new URL(m[0]))
    .sort((a, b) => Number(b.searchParams.get("token")?.split(".")[0]) - Number(a.searchParams.get("token")?.split(".")[0]));
  const link = links[0];
  if (!link) throw new Error(`no ${page} link`);
  return link.pathname + link.search;
}

async function statusOf(email: string): Promise<string[]> {
  const db = await testDb();
  return (await db.kysely.selectFrom("leads").select("status").where("email", "=", email).orderBy("id").execute()).map((r) => r.status);
}

async function axeBothThemes(browser: Browser, path: string, expectStatus: number) {
  for (const colorScheme of ["light", "dark"] as const) {
    const context = await browser.newContext({ colorScheme });
    const page = await context.newPage();
    expect((await page.goto(path))?.status()).toBe(expectStatus);
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).analyze();
    expect(results.violations.map((v) => `${colorScheme} ${path}: ${v.id} ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
    await context.close();
  }
}

test("subscribe, confirm with the button (a GET confirms nothing), unsubscribe by one-click POST, subscribe again without JavaScript", async ({
  page,
  browser,
}) => {
  // The whole life of a subscription with four axe runs: about 30 s on a quiet machine.
  test.setTimeout(90_000);
  const email = `reader-${tag()}@news.test`;
  await page.goto("/careers");
  const form = page.locator("#newsletter-3");
  await form.scrollIntoViewIfNeeded();
  await expect(form).toHaveAttribute("data-ready", "true", { timeout: 15_000 });
  await form.getByLabel("Email").fill(email);
  await form.getByRole("button", { name: "Subscribe" }).click();
  await expect(page.getByTestId("accepted-note")).toContainText("press the link in the e-mail");
  await expect.poll(() => statusOf(email)).toEqual(["pending"]);

  const [mail] = await confirmationsFor(email);
  expect(header(mail ?? "", "List-Unsubscribe")).toMatch(
    /^<http:\/\/127\.0\.0\.1:\d+\/newsletter\/unsubscribe\?token=\d+\.[\w-]{43}>, <mailto:\S+\?subject=unsubscribe>$/,
  );
  expect(header(mail ?? "", "List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");

  // Opening the link, as a mail scanner would, confirms nothing.
  const confirm = linkIn([mail ?? ""], "confirm");
  const opened = await page.goto(confirm);
  expect(opened?.status()).toBe(200);
  expect(opened?.headers()["x-robots-tag"]).toContain("noindex");
  expect(opened?.headers()["cache-control"]).toBe("no-store");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Confirm your subscription");
  await expect(page.locator("meta[name=robots]")).toHaveAttribute("content", /noindex/);
  expect(await statusOf(email)).toEqual(["pending"]);
  await axeBothThemes(browser, confirm, 200);
  await page.getByRole("button", { name: "Confirm my subscription" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Subscription confirmed");
  expect(await statusOf(email)).toEqual(["subscribed"]);

  // The unsubscribe page: a GET shows one button and changes nothing.
  const unsubscribe = linkIn([mail ?? ""], "unsubscribe");
  await page.goto(unsubscribe);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Unsubscribe from the newsletter");
  await expect(page.locator("main").getByRole("button")).toHaveText(["Unsubscribe"]);
  expect(await statusOf(email)).toEqual(["subscribed"]);
  await axeBothThemes(browser, unsubscribe, 200);

  // RFC 8058: the mail client's POST, with no cookie and no Origin.
  const client = await request.newContext();
  const oneClick = await client.post(new URL(unsubscribe, page.url()).toString(), {
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    data: "List-Unsubscribe=One-Click",
  });
  expect(oneClick.status()).toBe(200);
  expect(await oneClick.text()).toContain("You&#x27;re unsubscribed");
  await client.dispose();
  expect(await statusOf(email)).toEqual(["unsubscribed"]);
  await page.goto(unsubscribe);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Already unsubscribed");
  // The old confirmation link does not bring the address back.
  await page.goto(confirm);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("This confirmation link has expired");

  // Subscribing again, this time with JavaScript off: the plain form, the plain button.
  const noJs = await browser.newContext({ javaScriptEnabled: false });
  const plain = await noJs.newPage();
  await plain.goto("/careers?utm_source=flyer&utm_campaign=fall");
  const plainForm = plain.locator("#newsletter-3");
  await plainForm.getByLabel("Email").fill(email);
  const [posted] = await Promise.all([
    plain.waitForResponse((r) => r.request().method() === "POST"),
    plainForm.getByRole("button", { name: "Subscribe" }).click(),
  ]);
  expect(posted.status()).toBe(200);
  await expect.poll(() => statusOf(email)).toEqual(["unsubscribed", "pending"]);
  const db = await testDb();
  const again = await db.kysely.selectFrom("leads").selectAll().where("email", "=", email).orderBy("id", "desc").executeTakeFirstOrThrow();
  expect([again.landing_page, again.utm_source, again.utm_campaign]).toEqual(["/careers", "flyer", "fall"]);
  const mails = await confirmationsFor(email, 2);
  await plain.goto(linkIn(mails, "confirm", Number(again.id)));
  await expect(plain.getByRole("heading", { level: 1 })).toHaveText("Confirm your subscription");
  await plain.getByRole("button", { name: "Confirm my subscription" }).click();
  await expect(plain.getByRole("heading", { level: 1 })).toHaveText("Subscription confirmed");
  expect(await statusOf(email)).toEqual(["unsubscribed", "subscribed"]);
  await noJs.close();
});

test("a forged or cut link is a clear 4xx page that changes nothing", async ({ page, browser }) => {
  const forged = `/newsletter/unsubscribe?token=1.${"A".repeat(43)}`;
  const answer = await page.goto(forged);
  expect(answer?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("We don't know this unsubscribe link");
  await expect(page.locator("main form")).toHaveCount(0);
  const posted = await page.request.post(forged, { headers: { "Content-Type": "application/x-www-form-urlencoded" }, data: "List-Unsubscribe=One-Click" });
  expect(posted.status()).toBe(404);
  expect((await page.goto("/newsletter/confirm?token=12"))?.status()).toBe(400);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("This confirmation link is incomplete");
  expect((await page.goto("/newsletter/confirm"))?.status()).toBe(400);
  expect((await page.goto("/newsletter/subscribe?token=1"))?.status()).toBe(404);
  await axeBothThemes(browser, forged, 404);
});

test("a web mail client's one-click POST from its own page unsubscribes; every other cross-site post is still refused", async ({ page, context }) => {
  const email = `webmail-${tag()}@example.com`;
  expect((await page.request.post("/web/suscribe", { data: { email, type: 4 } })).status()).toBe(201);
  const [mail] = await confirmationsFor(email);
  await page.request.post(linkIn([mail ?? ""], "confirm"), { form: {} });
  expect(await statusOf(email)).toEqual(["subscribed"]);
  const unsubscribe = linkIn([mail ?? ""], "unsubscribe");
  const webmail = { Origin: "https://mail.example", "Sec-Fetch-Site": "cross-site", "Content-Type": "application/x-www-form-urlencoded" };

  // A forged token from the web client's page: refused, nothing changes.
  const forged = await page.request.post(`/newsletter/unsubscribe?token=1.${"A".repeat(43)}`, { headers: webmail, data: "List-Unsubscribe=One-Click" });
  expect(forged.status()).toBe(404);
  expect(await forged.text()).toContain("We don't know this unsubscribe link");
  // The page's own button (no body) sent from another site is a cross-site form post: refused.
  const button = await page.request.post(unsubscribe, { headers: webmail, data: "" });
  expect(button.status()).toBe(400);
  // The one-click body on the confirmation link is not a one-click unsubscribe: refused.
  const confirm = await page.request.post(linkIn([mail ?? ""], "confirm"), { headers: webmail, data: "List-Unsubscribe=One-Click" });
  expect(confirm.status()).toBe(400);
  // More than the one field is not a one-click unsubscribe either.
  const padded = await page.request.post(unsubscribe, { headers: webmail, data: "List-Unsubscribe=One-Click&next=%2F" });
  expect(padded.status()).toBe(400);
  expect(await statusOf(email)).toEqual(["subscribed"]);

  // The one-click POST itself, with the web client's Origin: a short 200 and the address is out.
  const oneClick = await page.request.post(unsubscribe, { headers: webmail, data: "List-Unsubscribe=One-Click" });
  expect(oneClick.status()).toBe(200);
  expect(oneClick.headers()["content-type"]).toContain("text/plain");
  expect(oneClick.headers()["cache-control"]).toBe("no-store");
  expect(await oneClick.text()).toBe(
    `You're unsubscribed. ${email} will get no more newsletters from Fillway. Messages about a request you send us still reach you.`,
  );
  expect(await statusOf(email)).toEqual(["unsubscribed"]);
  // The same body as multipart/form-data, which RFC 8058 also allows, is taken too.
  const { "Content-Type": _, ...webmailOrigin } = webmail;
  const multipart = await page.request.post(unsubscribe, { headers: webmailOrigin, multipart: { "List-Unsubscribe": "One-Click" } });
  expect(multipart.status()).toBe(200);
  expect(await statusOf(email)).toEqual(["unsubscribed"]);

  // A desk action from another site, with a valid session, is still refused.
  const admin = await createStaff("admin");
  await signIn(context, admin);
  const planted = `planted-${tag()}@staff.test`;
  const desk = await page.request.post("/desk/accounts", {
    headers: { Origin: "https://mail.example", "Sec-Fetch-Site": "cross-site" },
    form: { intent: "add", email: planted, role: "admin" },
    maxRedirects: 0,
  });
  expect(desk.status()).toBe(400);
  const db = await testDb();
  expect(await db.kysely.selectFrom("staff").select("id").where("email", "=", planted).executeTakeFirst()).toBeUndefined();
});

test("the desk shows each sign-up's state and exports confirmed addresses only", async ({ page, context }) => {
  const sales = await createStaff("sales");
  await signIn(context, sales);
  const domain = `export-${tag()}.test`;
  const confirmed = `confirmed@${domain}`;
  const pending = `pending@${domain}`;
  const gone = `gone@${domain}`;
  for (const email of [confirmed, pending, gone]) {
    const res = await page.request.post("/web/suscribe", { data: { email, type: 4 } });
    expect(res.status()).toBe(201);
  }
  const db = await testDb();
  const idOf = async (email: string) => Number((await db.kysely.selectFrom("leads").select("id").where("email", "=", email).executeTakeFirstOrThrow()).id);
  for (const email of [confirmed, gone]) {
    const [mail] = await confirmationsFor(email);
    await page.request.post(linkIn([mail ?? ""], "confirm", await idOf(email)), { form: {} });
  }
  const [goneMail] = await confirmationsFor(gone);
  await page.request.post(linkIn([goneMail ?? ""], "unsubscribe"), { form: { "List-Unsubscribe": "One-Click" } });
  expect([...(await statusOf(confirmed)), ...(await statusOf(pending)), ...(await statusOf(gone))]).toEqual(["subscribed", "pending", "unsubscribed"]);

  await page.goto(`/desk/subscribers?q=${encodeURIComponent(`pending@${domain}`)}`);
  await expect(page.locator("tbody tr")).toHaveCount(1);
  await expect(page.locator("tbody tr").first()).toContainText("Waiting for confirmation");
  await page.goto(`/desk/subscribers?status=subscribed&q=${encodeURIComponent(confirmed)}`);
  await expect(page.locator("tbody tr").first()).toContainText("Confirmed");

  for (const q of [`confirmed@${domain}`, `pending@${domain}`, `gone@${domain}`]) {
    const csv = await page.request.get(`/desk/subscribers/export.csv?q=${encodeURIComponent(q)}`);
    const lines = (await csv.text())
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(
      lines.slice(1).map((l) => l.split(",")[2]),
      q,
    ).toEqual(q === confirmed ? [confirmed] : []);
    // When the address confirmed: the evidence of its consent.
    if (q === confirmed) expect(lines[1]?.split(",")[7]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
  }
  // Even asked for pending ones, the export holds confirmed addresses only.
  const asked = await page.request.get(`/desk/subscribers/export.csv?status=pending&q=${encodeURIComponent(pending)}`);
  expect(
    (await asked.text())
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n"),
  ).toHaveLength(1);
});

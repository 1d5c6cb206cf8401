import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "~/platform/db/db.server";
import { loadEnv } from "~/platform/env.server";
import { createLogger } from "~/platform/logger.server";
import { type Outbox, startOutbox } from "~/platform/outbox/worker.server";
import { outboxMessages } from "~/server/messages.server";
import { openTestDb } from "../../../tests/helpers/test-db";
import { createAccount, tokenAccount } from "./accounts.server";
import { sendInvitation } from "./invitations.server";
import { staffInvitation } from "./messages.server";

/** A new account's invitation goes by e-mail through the outbox, and can be sent again. */

let db: Db;
const env = { ...loadEnv({ SITE_URL: "https://fillway.test" }), IP_HASH_SALT: "test-salt" };
let outbox: Outbox;

beforeAll(async () => {
  db = await openTestDb();
  outbox = startOutbox({ db, env, log: createLogger("silent"), messages: outboxMessages, paused: true });
});
afterAll(() => db.close());

async function invitations(to: string) {
  const rows = await db.kysely.selectFrom("outbox").selectAll().where("template", "=", "staff-invitation").where("recipient", "=", to).orderBy("id").execute();
  return Promise.all(
    rows.map(async (row) => {
      const payload = JSON.parse(row.payload ?? "{}") as Record<string, unknown>;
      const out = await staffInvitation.render({ row, payload, env } as unknown as Parameters<typeof staffInvitation.render>[0]);
      if (!("mail" in out)) throw new Error("not an e-mail");
      return { link: String(payload.link), mail: out.mail };
    }),
  );
}

describe("staff invitations", () => {
  it("the invitation names who sent it and the role, and its link sets the password; sending again retires the first link", async () => {
    const { account } = await createAccount(db, env, { email: "new.editor@fillway.test", role: "editor", name: "Ana Ruiz" });
    await sendInvitation({ db, env, outbox }, account, { id: 1, name: "Sam Lee" });
    const [first] = await invitations(account.email);
    expect(first?.mail.to).toEqual([account.email]);
    expect(first?.mail.subject).toBe("You are invited to the Fillway desk");
    expect(first?.mail.text).toContain("Sam Lee added you to the Fillway desk as editor.");
    expect(first?.mail.text).toContain(first?.link);
    const token = (link: string) => link.split("/").at(-1) ?? "";
    expect((await tokenAccount(db, token(first!.link), "set-password"))?.email).toBe(account.email);

    await sendInvitation({ db, env, outbox }, account, { id: 1, name: "Sam Lee" });
    const all = await invitations(account.email);
    expect(all).toHaveLength(2);
    expect(await tokenAccount(db, token(first!.link), "set-password")).toBeNull();
    expect((await tokenAccount(db, token(all[1]!.link), "set-password"))?.email).toBe(account.email);
  });

  it("a reset's e-mail says the old password no longer works", async () => {
    const { account } = await createAccount(db, env, { email: "reset.me@fillway.test", role: "sales" });
    await sendInvitation({ db, env, outbox }, account, { id: 1, name: "Sam Lee" }, { reset: true });
    const [mail] = await invitations(account.email);
    expect(mail?.mail.text).toContain("Sam Lee reset your Fillway desk account (role: sales). Your old password no longer works.");
  });
});

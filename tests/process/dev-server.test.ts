import { randomUUID } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDb } from "../../app/platform/db/db.server";
import { exitCode, type Started, start } from "./server";

// `npm run dev`: the same server, the current sources through Vite, the lead path as in production.
describe("development server", () => {
  const file = join(mkdtempSync(join(tmpdir(), "fillway-dev-")), "t.db");
  let server: Started;
  let url: string;

  beforeAll(async () => {
    server = start({ PORT: "0", DATABASE_URL: `file:${file}` }, ["--dev"]);
    url = await server.listening(60_000);
  }, 70_000);

  afterAll(async () => {
    server.child.kill("SIGTERM");
    expect(await exitCode(server.child), server.out()).toBe(0);
  });

  const storedEmails = async () => {
    const db = await openDb(`file:${file}`);
    try {
      return (await db.kysely.selectFrom("leads").select("email").execute()).map((r) => r.email);
    } finally {
      await db.close();
    }
  };

  it("stores a lead posted to the API", async () => {
    const res = await fetch(`${url}/web/form`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        email: "dev-api@fleetco.com",
        firstName: "Dana",
        lastName: "Reyes",
        city: "Dallas",
        zipCode: "75201",
        message: "",
        type: 1,
        phone: "2145550123",
        submissionId: randomUUID(),
      }),
    });
    expect(res.status).toBe(201);
    expect(await storedEmails()).toContain("dev-api@fleetco.com");
  });

  it("renders a page from the sources and stores a form posted without JavaScript", { timeout: 60_000 }, async () => {
    const page = await fetch(`${url}/gasoline`);
    expect(page.status).toBe(200);
    const html = await page.text();
    // Modules come from Vite (hot reload), not from a build.
    expect(html).toContain("virtual:react-router/inject-hmr-runtime");
    expect(html).toContain('"/app/routes/gasoline.tsx"');
    const form = new URLSearchParams({
      _form: "lead-personal",
      _formId: "contact-form",
      firstName: "Dana",
      lastName: "Reyes",
      email: "dev-form@fleetco.com",
      phone: "2145550123",
      city: "Dallas",
      zipCode: "75201",
      message: "",
      type: "1",
    });
    const res = await fetch(`${url}/gasoline`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded", origin: url }, body: form });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("Thank you!!");
    expect(await storedEmails()).toContain("dev-form@fleetco.com");
  });
});

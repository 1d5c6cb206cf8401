import { describe, expect, it } from "vitest";
import { loadEnv } from "./env.server";

describe("loadEnv", () => {
  it("has working defaults", () => {
    const env = loadEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.HOST).toBe("127.0.0.1");
    expect(env.DATABASE_URL).toBeUndefined();
  });
  it("names a malformed variable", () => {
    expect(() => loadEnv({ PORT: "eighty" })).toThrow(/PORT/);
    expect(() => loadEnv({ DATABASE_URL: "mysql://x" })).toThrow(/DATABASE_URL/);
  });
  it("accepts SQLite files and PostgreSQL URLs", () => {
    expect(loadEnv({ DATABASE_URL: "file:/tmp/x.db" }).DATABASE_URL).toBe("file:/tmp/x.db");
    expect(loadEnv({ DATABASE_URL: "postgres://u:p@127.0.0.1/db" }).DATABASE_URL).toMatch(/^postgres/);
  });
});

describe("delivery settings", () => {
  it("names a malformed SMTP_URL, LEAD_WEBHOOK_URL or address list", () => {
    expect(() => loadEnv({ SMTP_URL: "mail.example.com:25" })).toThrow(/SMTP_URL/);
    expect(() => loadEnv({ SMTP_URL: "http://mail.example.com" })).toThrow(/SMTP_URL/);
    expect(() => loadEnv({ LEAD_WEBHOOK_URL: "ftp://crm.example.com", LEAD_WEBHOOK_SECRET: "0123456789abcdef" })).toThrow(/LEAD_WEBHOOK_URL/);
    expect(() => loadEnv({ LEAD_WEBHOOK_URL: "https://crm.example.com/hook" })).toThrow(/LEAD_WEBHOOK_SECRET/);
    expect(() => loadEnv({ LEADS_NOTIFY_TO: "sales@fillway.example, not an address" })).toThrow(/LEADS_NOTIFY_TO/);
    expect(() => loadEnv({ LEADS_NOTIFY_TO_FLEET: "a@b.c\r\nBcc: x@y.z" })).toThrow(/LEADS_NOTIFY_TO_FLEET/);
    expect(() => loadEnv({ MAIL_FROM: "Fillway <no-reply@fillway.example>\r\nBcc: x@y.z" })).toThrow(/MAIL_FROM/);
  });
  it("reads recipients as lists and keeps working without SMTP", () => {
    const env = loadEnv({ LEADS_NOTIFY_TO: "a@fillway.example, b@fillway.example", SMTP_URL: "smtps://u:p@mail.example.com:465" });
    expect(env.LEADS_NOTIFY_TO).toEqual(["a@fillway.example", "b@fillway.example"]);
    expect(env.SMTP_URL).toBe("smtps://u:p@mail.example.com:465");
    expect(loadEnv({}).SMTP_URL).toBeUndefined();
    expect(loadEnv({}).MAIL_DIR).toBe("data/mail");
  });
  it("reads every LEADS_NOTIFY_TO_<FORM> given, and refuses a name no form has when the forms are named", () => {
    const forms = ["LEADS_NOTIFY_TO_LEAD_PERSONAL", "LEADS_NOTIFY_TO_WAITLIST"];
    const env = loadEnv({ LEADS_NOTIFY_TO_WAITLIST: "ops@fillway.example, b@fillway.example" }, { notifyVariables: forms });
    expect(env.LEADS_NOTIFY_TO_WAITLIST).toEqual(["ops@fillway.example", "b@fillway.example"]);
    expect(() => loadEnv({ LEADS_NOTIFY_TO_WAITLST: "ops@fillway.example" }, { notifyVariables: forms })).toThrow(
      /LEADS_NOTIFY_TO_WAITLST: no form has this name; the forms' variables are LEADS_NOTIFY_TO_LEAD_PERSONAL, LEADS_NOTIFY_TO_WAITLIST/,
    );
    expect(() => loadEnv({ LEADS_NOTIFY_TO_WAITLIST: "not an address" }, { notifyVariables: forms })).toThrow(/LEADS_NOTIFY_TO_WAITLIST/);
  });
});

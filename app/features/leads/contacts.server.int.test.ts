import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Api, createApi as createApiOf } from "~/platform/api/router.server";
import type { ApiResponse } from "~/platform/api/types";
import type { Db } from "~/platform/db/db.server";
import { loadEnv } from "~/platform/env.server";
import { createLogger } from "~/platform/logger.server";
import type { Services } from "~/platform/services.server";
import { apiRoutes } from "~/server/compose.server";
import { CONSENT_VERSION } from "~/shared/forms/consent";
import { streamText } from "../../../tests/helpers/leads";
import { openTestDb } from "../../../tests/helpers/test-db";
import { clampShownAt, takeConsent, UNKNOWN_CONSENT } from "./consent.server";
import { contactLeads } from "./desk/contact-screen.server";
import { consentLine, factColumns } from "./desk/export-values.server";
import { csvCell, csvStream, leadCsvHeader } from "./desk/export.server";
import { leadKindsIn, saveLeadWork } from "./desk/query.server";
import { storeLead } from "./store.server";
import { leadForMail } from "./mail.server";
import { leadWebhookBody } from "./messages.server";
import { testServices } from "../../../tests/helpers/services";

/**
 * Contacts (leads of one person by e-mail or phone, in any format), the consent stored
 * with each lead, and the export's columns, on the test database (SQLite here,
 * PostgreSQL in the CI leg).
 */

let db: Db;
let api: Api;

beforeAll(async () => {
  db = await openTestDb();
  const settings = loadEnv({ NODE_ENV: "test", LOG_LEVEL: "silent", RATE_LIMIT_MAX: "10000", IP_HASH_SALT: "contacts-test-salt-0123" });
  const services: Services = testServices({ env: { ...settings, IP_HASH_SALT: "contacts-test-salt-0123" }, db, log: createLogger("silent") });
  api = createApiOf(services, apiRoutes(services));
});
afterAll(() => db.close());

const tag = () => randomUUID().slice(0, 8);

function post(body: Record<string, unknown>): Promise<ApiResponse> {
  return api.handle({
    method: "POST",
    path: "/web/form",
    query: new URLSearchParams(),
    headers: { "content-type": "application/json", "user-agent": "Vitest/4 (integration)" },
    body: Buffer.from(JSON.stringify(body), "utf8"),
    ip: "203.0.113.9",
  });
}

const row = (submissionId: string) =>
  db.kysely
    .selectFrom("leads")
    .select(["id", "contact_id", "consent_version", "consent_shown_at", "created_at"])
    .where("submission_id", "=", submissionId)
    .executeTakeFirstOrThrow();

const personal = (email: string, phone: string) => ({
  kind: "lead-personal",
  type: 9,
  email,
  payload: { firstName: "Rae", lastName: "Turner", email, phone, zipCode: "75201", type: 9 },
});

describe("contacts", () => {
  it("makes the leads with the same e-mail address, in any case, one contact", async () => {
    const t = tag();
    const first = await storeLead(db, personal(`Rae.${t}@Example.com`, "2145550000"));
    const second = await storeLead(db, { kind: "quote-short", type: 19, email: `rae.${t}@example.COM`, payload: { email: `rae.${t}@example.COM`, type: 19 } });
    const ids = (await contactLeads(db, first.id)).map((l) => Number(l.id));
    expect(ids).toEqual([second.id, first.id]);
    const stored = await db.kysely.selectFrom("leads").select(["id", "contact_id"]).where("id", "in", [first.id, second.id]).orderBy("id").execute();
    expect(stored.map((r) => (r.contact_id === null ? null : Number(r.contact_id)))).toEqual([null, first.id]);
  });

  it("makes the leads with the same phone number, however it is written, one contact, and a newsletter sign-up none", async () => {
    const t = tag();
    const digits = `972${String(Date.now()).slice(-7)}`;
    const written = `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
    const first = await storeLead(db, personal(`one-${t}@phone.test`, written));
    await storeLead(db, { kind: "newsletter", type: 4, email: `one-${t}@phone.test`, payload: { email: `one-${t}@phone.test`, type: 4 } });
    const second = await storeLead(db, {
      kind: "quote-short",
      type: 19,
      email: `two-${t}@phone.test`,
      payload: { email: `two-${t}@phone.test`, phoneNumber: `+1 ${digits.slice(0, 3)}.${digits.slice(3, 6)}.${digits.slice(6)}`, type: 19 },
    });
    const other = await storeLead(db, personal(`three-${t}@phone.test`, "2145559999"));
    const leads = await contactLeads(db, first.id);
    expect(leads.map((l) => Number(l.id))).toEqual([second.id, first.id]);
    expect(leads.map((l) => l.kind)).not.toContain("newsletter");
    const contactOfOther = await db.kysely.selectFrom("leads").select("contact_id").where("id", "=", other.id).executeTakeFirstOrThrow();
    expect(contactOfOther.contact_id === null ? null : Number(contactOfOther.contact_id)).not.toBe(first.id);
  });

  it("joins a lead with one contact's address and another's phone to the older contact, and shows all three", async () => {
    const t = tag();
    const phone = `469${String(Date.now()).slice(-7)}`;
    const a = await storeLead(db, personal(`a-${t}@join.test`, "2145551111"));
    const b = await storeLead(db, personal(`b-${t}@join.test`, phone));
    const c = await storeLead(db, personal(`a-${t}@join.test`, phone));
    const stored = await db.kysely.selectFrom("leads").select(["id", "contact_id"]).where("id", "=", c.id).executeTakeFirstOrThrow();
    expect(Number(stored.contact_id)).toBe(a.id);
    expect((await contactLeads(db, a.id)).map((l) => Number(l.id)).sort((x, y) => x - y)).toEqual([a.id, b.id, c.id]);
  });
});

describe("consent", () => {
  const body = (t: string, extra: Record<string, unknown> = {}) => ({
    type: 9,
    firstName: "Cy",
    lastName: "Consent",
    email: `cy-${t}@consent.test`,
    phone: "2145550199",
    zipCode: "75201",
    submissionId: randomUUID(),
    ...extra,
  });

  it("stores the version and the time the line was shown", async () => {
    const shownAt = new Date(Date.now() - 5 * 60_000).toISOString();
    const sent = body(tag(), { consent: { version: CONSENT_VERSION, shownAt } });
    expect((await post(sent)).status).toBe(201);
    const r = await row(sent.submissionId);
    expect(r.consent_version).toBe(CONSENT_VERSION);
    expect(r.consent_shown_at).toBe(shownAt);
  });

  it("clamps a shown time after receipt, or more than a day before, to the receipt", async () => {
    for (const shownAt of [new Date(Date.now() + 3_600_000).toISOString(), new Date(Date.now() - 2 * 86_400_000).toISOString(), "yesterday", null]) {
      const sent = body(tag(), { consent: { version: CONSENT_VERSION, shownAt } });
      expect((await post(sent)).status).toBe(201);
      const r = await row(sent.submissionId);
      const lag = Math.abs(Date.parse(r.consent_shown_at ?? "") - Date.parse(r.created_at));
      expect(lag, String(shownAt)).toBeLessThan(5_000);
    }
    const receipt = Date.UTC(2026, 10, 23, 12);
    expect(clampShownAt("2026-11-23T11:00:00.000Z", receipt)).toBe("2026-11-23T11:00:00.000Z");
    expect(clampShownAt("2026-11-23T12:00:01.000Z", receipt)).toBe("2026-11-23T12:00:00.000Z");
    expect(clampShownAt("2026-11-22T11:59:59.000Z", receipt)).toBe("2026-11-23T12:00:00.000Z");
  });

  it("says not recorded for a lead sent through the API without it, and refuses a version never shown", async () => {
    const sent = body(tag());
    expect((await post(sent)).status).toBe(201);
    const r = await row(sent.submissionId);
    expect(r.consent_version).toBeNull();
    expect(consentLine(r.consent_version, r.consent_shown_at)).toBe("Not recorded");
    const bad = await post(body(tag(), { consent: { version: "consent-1999-01" } }));
    expect(bad.status).toBe(422);
    expect(JSON.stringify(bad.body)).toContain(UNKNOWN_CONSENT);
    expect(takeConsent({ a: 1 })).toEqual({ body: { a: 1 }, consent: null });
  });

  it("goes to the CRM with the lead (version 1, fields added), null when not recorded", async () => {
    const t = tag();
    const shown = { version: CONSENT_VERSION, shownAt: "2026-11-23T11:00:00.000Z" };
    const withIt = await storeLead(db, { ...personal(`w-${t}@hook.test`, "2145550142"), consent: shown });
    const without = await storeLead(db, personal(`w-${t}@hook.test`, "2145550142"));
    const body = async (id: number) => {
      const row = await db.kysely.selectFrom("leads").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
      return JSON.parse(leadWebhookBody(leadForMail(row), "key", "https://fillway.test"));
    };
    expect(await body(withIt.id)).toMatchObject({ version: 1, consent: shown, lead: { contactId: withIt.id } });
    expect(await body(without.id)).toMatchObject({ version: 1, consent: null, lead: { contactId: withIt.id } });
  });
});

async function csvOf(q: string, timeZone?: string, staff = new Map()) {
  const text = await streamText(csvStream(db, { leads: { q } }, staff, undefined, timeZone));
  return text.slice(1).split("\r\n").filter(Boolean);
}

describe("the leads CSV", () => {
  it("has one column per fact across forms, values in words, times in the exporter's zone, owner, notes, consent and contact", async () => {
    const t = tag();
    const last = `Csvson${t}`;
    const personalLead = await storeLead(db, {
      ...personal(`p-${t}@csv.test`, "2145550123"),
      payload: { firstName: "Ida", lastName: last, email: `p-${t}@csv.test`, phone: "2145550123", zipCode: "75201", type: 9 },
      consent: { version: CONSENT_VERSION, shownAt: "2026-07-01T14:59:00.000Z" },
    });
    const quote = await storeLead(db, {
      kind: "quote-business",
      type: 19,
      email: `p-${t}@csv.test`,
      payload: {
        businessName: `${last} Fuel`,
        email: `p-${t}@csv.test`,
        phoneNumber: "4695550100",
        deliveryWindowStartTime: 21_600_000,
        deliveryWindowEndTime: 36_000_000,
        long: -96.8044,
        lat: 32.7767,
        type: 19,
      },
    });
    await db.kysely.updateTable("leads").set({ created_at: "2026-07-01T15:00:00.000Z", assignee_id: 77 }).where("id", "=", quote.id).execute();
    await saveLeadWork(db, quote.id, { note: "Called back" }, 77);
    const staff = new Map([[77, { id: 77, email: "olive@fillway.test", name: "Olive Owner", role: "sales", disabled: false }]]);
    const [header, ...lines] = await csvOf(`p-${t}@csv.test`, "America/Chicago", staff);
    const names = header?.split(",") ?? [];
    // The columns of the forms the database's leads come from (a business quote among them).
    expect(names).toEqual(leadCsvHeader("America/Chicago", factColumns(await leadKindsIn(db, {}))).map(csvCell));
    for (const name of [
      "Phone",
      "E-mail",
      "Business",
      "Delivery window",
      "Received (America/Chicago)",
      "Consent shown (America/Chicago)",
      "Owner",
      "Notes",
      "Contact",
    ]) {
      expect(names, name).toContain(name);
    }
    expect(names.some((n) => /\(quote\)|\(contact form\)|Type code/.test(n))).toBe(false);
    expect(lines).toHaveLength(2);
    // Rows newest first: the personal lead (stored now), then the quote (moved to July).
    const cells = (line: string | undefined) => line?.match(/("([^"]|"")*"|[^,]*)(,|$)/g)?.map((c) => c.replace(/,$/, "")) ?? [];
    const at = (line: string | undefined, name: string) => cells(line)[names.indexOf(name)];
    const [p, q] = lines;
    expect(at(q, "Phone")).toBe("4695550100");
    expect(at(p, "Phone")).toBe("2145550123");
    expect(at(q, "Business")).toBe(`${last} Fuel`);
    expect(at(q, "Delivery window")).toBe("06:00–10:00");
    expect(at(q, "Received (America/Chicago)")).toBe("2026-07-01 10:00");
    expect(at(q, "Status")).toBe("New");
    expect(at(q, "Type")).toMatch(/ \(19\)$/);
    expect(at(q, "Form")).not.toMatch(/^quote-business$/);
    expect(at(q, "Owner")).toBe("Olive Owner");
    expect(at(q, "Notes")).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}: Called back$/);
    expect(at(q, "Longitude")).toBe("-96.8044");
    expect(at(q, "Consent version")).toBe("not recorded");
    expect(at(p, "Consent version")).toBe(CONSENT_VERSION);
    expect(at(p, "Consent shown (America/Chicago)")).toBe("2026-07-01 09:59");
    expect(at(p, "Contact")).toBe(String(personalLead.id));
    expect(at(q, "Contact")).toBe(String(personalLead.id));
  });

  it("names UTC by default, and keeps numbers while neutralising formulas", async () => {
    expect(leadCsvHeader()).toContain("Received (UTC)");
    for (const n of ["-96.8044", "+1", "-2", "1e5", "-.5", "32.7767", "0"]) expect(csvCell(n), n).toBe(n);
    for (const f of ["=1+1", "+1+1", "-2+3", "-A1", "@SUM(A1)", "\t=1", "\r=1", "+cmd|' /C calc'!A0"])
      expect(csvCell(f).replace(/^"/, "").startsWith("'"), f).toBe(true);
  });
});

import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { parseLeadFilters } from "../../app/features/leads/desk/filters.server";
import { listLeads } from "../../app/features/leads/desk/query.server";
import { db, POST_ID, request, storedRows, startHostileServer } from "../helpers/hostile";

/**
 * The wire contract against the real server (the production build on a loopback socket):
 * what API clients written against the specification send (numbers as text, text as
 * numbers, "true") is stored, with the specification's messages where it is still wrong,
 * and a lead whose form has no city field is found by its town.
 */

startHostileServer();

const year = new Date().getFullYear();

async function call(method: string, path: string, body?: unknown) {
  const res = await request(method, path, { "content-type": "application/json" }, body === undefined ? undefined : JSON.stringify(body));
  return { status: res.status, body: res.text ? (JSON.parse(res.text) as Record<string, unknown>) : {} };
}

async function payloadOf(submissionId: string) {
  const row = await db.kysely.selectFrom("leads").select(["kind", "type", "payload", "city"]).where("submission_id", "=", submissionId).executeTakeFirst();
  return row && { kind: row.kind, type: Number(row.type), city: row.city, payload: JSON.parse(row.payload) as Record<string, unknown> };
}

const businessQuote = (over: Record<string, unknown> = {}) => ({
  type: "19",
  email: `quote-${randomUUID().slice(0, 8)}@example.com`,
  businessName: "Panhandle Paving",
  phoneNumber: "8065550123",
  businessAddress: "1 Main St, Amarillo, TX 79101",
  address2: "1 Main St",
  city: "Amarillo",
  state: "TX",
  zipCode: 79101,
  lat: 35.2078,
  long: -101.8338,
  employeeSize: "100",
  fleetSize: "12",
  gallons: " 3000 ",
  numberOfLocation: "2",
  frequency: "weekly",
  fuelType: "Gasoline",
  tankType: "Over Ground",
  deliveryWindowStartTime: "28800000",
  deliveryWindowEndTime: "43200000",
  campaignStartDate: String(new Date(year, 0, 1).getTime()),
  campaignEndDate: String(new Date(year, 11, 31, 23, 59, 59, 999).getTime()),
  submissionId: randomUUID(),
  ...over,
});

describe("API clients that write numbers as text, text as numbers and booleans as text", () => {
  it('stores "type":"1", "4" and "19" on /web/form, /web/suscribe and /campaign/createCampaign', async () => {
    const lead = {
      type: "1",
      firstName: "Dana",
      lastName: "Reyes",
      email: "dana-wire@example.com",
      phone: "2145550123",
      zipCode: "75201",
      submissionId: randomUUID(),
    };
    expect((await call("POST", "/web/form", lead)).status).toBe(201);
    expect(await payloadOf(lead.submissionId)).toMatchObject({ kind: "lead-personal", type: 1, payload: { type: 1 } });

    const news = { type: "4", email: "news-wire@example.com", submissionId: randomUUID() };
    expect((await call("POST", "/web/suscribe", news)).status).toBe(201);
    expect(await payloadOf(news.submissionId)).toMatchObject({ kind: "newsletter", type: 4 });

    const quote = {
      type: " 19 ",
      email: "ana-wire@example.com",
      phoneNumber: 2145550147,
      businessAddress: "400 Elm St",
      zipCode: "75202",
      submissionId: randomUUID(),
    };
    expect((await call("POST", "/campaign/createCampaign", quote)).status).toBe(201);
    expect(await payloadOf(quote.submissionId)).toMatchObject({ kind: "quote-short", type: 19, payload: { phoneNumber: "2145550147" } });
  });

  it("stores a business quote whose numbers, windows and dates are text and whose latitude and longitude are numbers, as numbers and text", async () => {
    const body = businessQuote();
    const res = await call("POST", "/campaign/createCampaign", body);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const stored = await payloadOf(body.submissionId);
    expect(stored?.kind).toBe("quote-business");
    expect(stored?.payload).toMatchObject({
      type: 19,
      zipCode: "79101",
      lat: "35.2078",
      long: "-101.8338",
      employeeSize: 100,
      fleetSize: 12,
      gallons: 3000,
      numberOfLocation: 2,
      deliveryWindowStartTime: 28_800_000,
      deliveryWindowEndTime: 43_200_000,
      campaignStartDate: new Date(year, 0, 1).getTime(),
    });
  });

  it('still takes fleetSize "30" on the business contact form, and 30', async () => {
    for (const fleetSize of ["30", 30]) {
      const body = {
        type: "13",
        email: "ops-wire@example.com",
        phone: "2145550147",
        zipCode: "75201",
        bussinessName: "Lone Star Logistics",
        companySize: "50-100",
        fleetSize,
        fuelType: "Diesel/DEF other",
        submissionId: randomUUID(),
      };
      expect((await call("POST", "/web/form", body)).status).toBe(201);
      expect((await payloadOf(body.submissionId))?.payload).toMatchObject({ fleetSize: "30", type: 13 });
    }
  });

  it("refuses what is not a number with the specification's message and stores nothing", async () => {
    const before = await storedRows();
    const cases: [string, Record<string, unknown>, Record<string, string[]>][] = [
      [
        "/web/form",
        { type: "19abc", email: "x@example.com", firstName: "A", lastName: "B", phone: "2145550123", zipCode: "75201" },
        { type: ["Unknown form type"] },
      ],
      ["/web/suscribe", { type: "4x", email: "x@example.com" }, { type: ["Unknown form type"] }],
      ["/campaign/createCampaign", businessQuote({ type: "19abc" }), { type: ["Unknown form type"] }],
      ["/campaign/createCampaign", businessQuote({ employeeSize: "100 people" }), { employeeSize: ["Please select employee size"] }],
      ["/campaign/createCampaign", businessQuote({ gallons: "lots" }), { gallons: ["Please enter gallons"] }],
      ["/campaign/createCampaign", businessQuote({ numberOfLocation: "" }), { numberOfLocation: ["Number of location is required"] }],
      ["/campaign/createCampaign", businessQuote({ deliveryWindowStartTime: "8am" }), { deliveryWindowStartTime: ["Please select a delivery window"] }],
      ["/campaign/createCampaign", businessQuote({ zipCode: "7910a" }), { zipCode: ["Must be only digits"] }],
    ];
    for (const [path, body, errors] of cases) {
      const res = await call("POST", path, body);
      expect(res.status, `${path} ${JSON.stringify(body)}`).toBe(422);
      expect(res.body.errors).toMatchObject(errors);
    }
    expect(await storedRows()).toBe(before);
  });

  it('stores a reply sent with "isChildComment":"true" in any letter case, and lists posts with isPublished=TRUE', async () => {
    const comment = {
      text: "Does the overnight window work for yard trucks?",
      email: "c@example.com",
      commentBy: "Ana Ruiz",
      companyName: "Ruiz Paving",
      blogId: POST_ID,
    };
    const parent = await call("PUT", "/admin/addCommentBlog", comment);
    expect(parent.status).toBe(201);
    const parentId = (parent.body.data as { _id: string })._id;
    for (const isChildComment of ["true", "TRUE", "True"]) {
      const reply = await call("PUT", "/admin/addCommentBlog", { ...comment, text: `It does (${isChildComment}).`, commentId: parentId, isChildComment });
      expect(reply.status, JSON.stringify(reply.body)).toBe(201);
      expect(reply.body.data).toMatchObject({ parentId });
    }
    const noParent = await call("PUT", "/admin/addCommentBlog", { ...comment, isChildComment: "TRUE" });
    expect(noParent).toMatchObject({ status: 422, body: { errors: { commentId: ["Choose the comment to reply to"] } } });
    const notBoolean = await call("PUT", "/admin/addCommentBlog", { ...comment, isChildComment: "yes" });
    expect(notBoolean).toMatchObject({ status: 422, body: { errors: { isChildComment: ["Must be true or false"] } } });

    for (const q of ["isPublished=TRUE", "isPublished=True&isArticle=FALSE", "isPublished=true&limit=%205%20"]) {
      const list = await call("GET", `/web/getData2?flag=4&${q}`);
      expect(list.status, q).toBe(200);
      expect(
        (list.body.data as { data: { _id: string }[] }).data.map((p) => p._id),
        q,
      ).toContain(POST_ID);
    }
    expect((await call("GET", "/web/getData2?flag=4&isPublished=maybe")).status).toBe(400);
  });

  it('finds a business lead from "1 Main St, Amarillo, TX" (ZIP 79101) by "amarillo" in the desk\'s search, and shows its city', async () => {
    const body = {
      type: 13,
      email: "amarillo-wire@example.com",
      phone: "8065550100",
      zipCode: "79101",
      bussinessName: "Panhandle Freight",
      bussinessAddress: "1 Main St, Amarillo, TX",
      companySize: "10-50",
      fleetSize: "10",
      fuelType: "Diesel/DEF other",
      submissionId: randomUUID(),
    };
    expect((await call("POST", "/web/form", body)).status).toBe(201);
    const filters = parseLeadFilters(new URLSearchParams("q=amarillo"));
    if (!filters.ok) throw new Error(filters.errors.join("; "));
    const rows = (await listLeads(db, filters.filters)).rows;
    const found = rows.find((r) => r.email === body.email);
    expect(found).toMatchObject({ city: "Amarillo" });
  });
});

import { beforeAll, describe, expect, it } from "vitest";
import { safeParse } from "zod/v4/core";
import { type FormSpec, resolveSchema, type Values, validateValues } from "~/shared/forms/form-spec";
import { pageFormType } from "./form-types";
import { fleetSignupSpec } from "./kinds/fleet";
import { businessLeadSpec } from "./kinds/lead-business";
import { personalLeadSpec } from "./kinds/lead-personal";
import { saasLeadSpec } from "./kinds/lead-saas";
import { newsletterSpec } from "./kinds/newsletter";
import { quoteBusinessPayload, quoteBusinessRules, quoteBusinessSpec } from "./kinds/quote-business";
import { quoteShortSpec } from "./kinds/quote-short";
import { formByKind, formForBody, forms, formTypeCodes, formTypes } from "./registry";
import * as rules from "./schemas";

const quoteBusinessSchema = quoteBusinessRules(rules);

beforeAll(async () => {
  for (const spec of [newsletterSpec, personalLeadSpec, businessLeadSpec, saasLeadSpec, fleetSignupSpec, quoteShortSpec, quoteBusinessSpec]) {
    await resolveSchema(spec);
  }
});

/** Validates `valid` with one field changed, and returns that field's first message. */
function messageFor(spec: FormSpec, valid: Values, field: string, value: string, shownOn = spec.fieldOf?.(field) ?? field) {
  const r = validateValues(spec, { ...valid, [field]: value });
  if (r.ok) return undefined;
  return r.errors[shownOn]?.[0];
}

type Case = [field: string, value: string, message: string];

function checkAll(spec: FormSpec, valid: Values, cases: Case[]) {
  it("accepts a complete, valid form", () => {
    const r = validateValues(spec, valid);
    expect(r.ok ? "ok" : r.errors).toBe("ok");
  });
  for (const [field, value, message] of cases) {
    it(`${field} = ${JSON.stringify(value)} → "${message}"`, () => {
      expect(messageFor(spec, valid, field, value)).toBe(message);
    });
  }
}

describe("newsletter (spec 5)", () => {
  const valid = { email: "dana@fleetco.com", type: "4" };
  checkAll(newsletterSpec, valid, [
    ["email", "dana@", "Email Should be valid"],
    ["email", "", "Email Is Required"],
    ["email", "   ", "Email Is Required"],
  ]);
  it("takes types 1, 3 and 4 only", () => {
    for (const t of ["1", "3", "4"]) expect(validateValues(newsletterSpec, { ...valid, type: t }).ok).toBe(true);
    for (const t of ["2", "17", "x", ""]) expect(validateValues(newsletterSpec, { ...valid, type: t }).ok).toBe(false);
  });
});

const person = {
  firstName: "Dana",
  lastName: "O'Neill",
  email: "dana@fleetco.com",
  phone: "2145550147",
  city: "Dallas",
  zipCode: "75201",
  message: "We run 40 vans out of one depot.\nNights work best.",
  type: "1",
};

describe("personal lead form (spec 5)", () => {
  checkAll(personalLeadSpec, person, [
    ["firstName", "Dana2", "Please enter valid firstname"],
    ["firstName", "", "First name required"],
    ["lastName", "O'Neill!", "Please enter valid lastname"],
    ["lastName", "", "Last name required"],
    ["email", "dana.fleetco.com", "Please enter a valid email"],
    ["email", "", "Email required"],
    ["phone", "214-555-01", "Must be only digits"],
    ["phone", "", "phone is required"],
    ["zipCode", "752O1", "Must be only digits"],
    ["zipCode", "", "ZipCode is required"],
  ]);
  it("leaves message and city optional", () => {
    expect(validateValues(personalLeadSpec, { ...person, message: "", city: "" }).ok).toBe(true);
  });
  it("accepts letters of any alphabet and spaces in names", () => {
    expect(validateValues(personalLeadSpec, { ...person, firstName: "José María", lastName: "Nguyễn" }).ok).toBe(true);
  });
  it("refuses a phone longer than 10 characters", () => {
    expect(messageFor(personalLeadSpec, person, "phone", "21455501470")).toBe("Must be at most 10 characters");
  });
  it("refuses control characters and 10,000-character strings", () => {
    expect(messageFor(personalLeadSpec, person, "city", "Dal\u0000las")).toMatch(/special characters/);
    expect(messageFor(personalLeadSpec, person, "message", "x".repeat(10_000))).toBe("Must be at most 2000 characters");
    expect(messageFor(personalLeadSpec, person, "firstName", "D".repeat(10_000))).toBe("Must be at most 60 characters");
  });
  it("takes only personal-layout type codes", () => {
    expect(messageFor(personalLeadSpec, person, "type", "5")).toBe("Unknown form type");
    expect(messageFor(personalLeadSpec, person, "type", "16")).toBeUndefined();
  });
});

describe("business lead form (spec 5)", () => {
  const valid = {
    bussinessName: "Lone Star Logistics",
    email: "ops@lonestar.com",
    phone: "2145550147",
    zipCode: "75201",
    bussinessAddress: "2100 Ross Avenue, Dallas, TX",
    companySize: "50-100",
    fleetSize: "20",
    fuelType: "Red diesel plus DEF with gasoline",
    message: "",
    type: "13",
  };
  checkAll(businessLeadSpec, valid, [
    ["email", "ops@lonestar", "Please enter a valid email"],
    ["email", "", "Email required"],
    ["zipCode", "7520a", "Must be only digits"],
    ["zipCode", "", "ZipCode is required"],
    // docs/deviations.md: the businessName rule validates the wire field bussinessName.
    ["bussinessName", "Lone Star <script>", "Please enter valid businessName"],
    ["bussinessName", "", "businessName name required"],
    ["companySize", "", "Please enter company size"],
    ["companySize", "5000", "Please enter company size"],
    ["fleetSize", "", "Please enter fleet size"],
    ["fuelType", "", "Please select fuel type"],
    ["phone", "", "phone is required"],
  ]);
  it("leaves the message optional and sends no names", () => {
    const r = validateValues(businessLeadSpec, valid);
    expect(r.ok && Object.keys(r.payload)).not.toContain("firstName");
  });
  it("offers the options of spec 5", () => {
    for (const size of ["10-50", "50-100", "100-200"]) expect(messageFor(businessLeadSpec, valid, "companySize", size)).toBeUndefined();
    for (const size of ["10", "20", "30"]) expect(messageFor(businessLeadSpec, valid, "fleetSize", size)).toBeUndefined();
  });
});

describe("SaaS contact form (type 18)", () => {
  const valid = { firstName: "Priya", lastName: "Shah", email: "priya@fuelco.com", city: "", zipCode: "10001", message: "", type: "18" };
  checkAll(saasLeadSpec, valid, [
    ["firstName", "", "First name required"],
    ["lastName", "", "Last name required"],
    ["email", "x", "Please enter a valid email"],
    ["zipCode", "", "ZipCode is required"],
    ["type", "1", "Unknown form type"],
  ]);
});

describe("fleet scheduled-fueling sign-up (spec 5)", () => {
  const valid = {
    firstName: "Marcus",
    lastName: "Reed",
    email: "marcus@reedhaul.com",
    phone: "2145550147",
    companyName: "Reed Hauling",
    city: "Dallas",
    stateId: "TX",
    zipCode: "75201",
    fleetSize: "11-50",
    fleetType: "Semi trucks",
    type: "17",
  };
  checkAll(fleetSignupSpec, valid, [
    ["email", "marcus@", "Please enter a valid email"],
    ["email", "", "Email required"],
    ["firstName", "M4rcus", "Please enter valid firstname"],
    ["firstName", "", "First name required"],
    ["lastName", "", "Last name Required"],
    ["companyName", "Reed <Hauling>", "Please enter valid companyname"],
    ["companyName", "", "Company name required"],
    ["city", "", "City name required"],
    ["phone", "call me", "Phone number is not valid"],
    ["phone", "", "Phone number required"],
    ["fleetSize", "", "fleetsize is required"],
    ["fleetType", "", "fleettype is required"],
    ["stateId", "", "Please select a state"],
  ]);
  it("asks for the 10 digits of a phone number on our page", () => {
    expect(messageFor(fleetSignupSpec, valid, "phone", "2145550147")).toBeUndefined();
    for (const p of ["555-0147", "+442071838"]) expect(messageFor(fleetSignupSpec, valid, "phone", p)).toBe(rules.PHONE_LENGTH);
  });
});

/** What the API reads a body with: the wire rules. */
async function wireParse(spec: FormSpec, body: Record<string, unknown>) {
  const schema = spec.wireSchema ? await spec.wireSchema() : await resolveSchema(spec);
  return safeParse(schema, body);
}

describe("our pages ask for 5 and 10 digits; the API keeps the specification's rule", () => {
  const personal = { firstName: "Dana", lastName: "Lee", email: "dana@fleetco.com", phone: "2145550147", zipCode: "75201", type: "2" };
  it("a ZIP code or phone number typed part-way is told what is missing on the page", () => {
    for (const spec of [personalLeadSpec, businessLeadSpec, saasLeadSpec, fleetSignupSpec]) {
      const r = validateValues(spec, { ...spec.initial, zipCode: "752" });
      expect(r.ok ? [] : r.errors.zipCode, spec.kind).toEqual([rules.ZIP_LENGTH]);
    }
    for (const [spec, field] of [
      [personalLeadSpec, "phone"],
      [businessLeadSpec, "phone"],
      [quoteShortSpec, "phoneNumber"],
    ] as const) {
      const r = validateValues(spec, { ...spec.initial, [field]: "21455" });
      expect(r.ok ? [] : r.errors[field], spec.kind).toEqual([rules.PHONE_LENGTH]);
    }
  });
  it("the API accepts what the specification's form would send, and no more digits", async () => {
    const body = { ...personal, type: 2, zipCode: "752", phone: "21455" };
    expect((await wireParse(personalLeadSpec, body)).success).toBe(true);
    expect((await wireParse(personalLeadSpec, { ...body, zipCode: "752011" })).success).toBe(false);
    expect((await wireParse(personalLeadSpec, { ...body, zipCode: "75a" })).success).toBe(false);
  });
});

describe("the API reads values the way a client of the specification may write them, and stores the normal form", () => {
  const business = {
    bussinessName: "Lone Star Logistics",
    email: "ops@lonestar.com",
    phone: "2145550147",
    zipCode: "75201",
    companySize: "50-100",
    fleetSize: "20",
    fuelType: "Red diesel plus DEF with gasoline",
    type: 13,
  };
  it("the business lead: fleetSize as a number, choices in any letter case", async () => {
    const r = await wireParse(businessLeadSpec, { ...business, fleetSize: 30, fuelType: "red diesel plus def with gasoline", zipCode: 75201 });
    expect(r.success ? r.data : r.error?.issues).toMatchObject({ fleetSize: "30", fuelType: "Red diesel plus DEF with gasoline", zipCode: "75201" });
    expect((await wireParse(businessLeadSpec, { ...business, fleetSize: 31 })).success).toBe(false);
    expect((await wireParse(businessLeadSpec, { ...business, fuelType: "kerosene" })).success).toBe(false);
  });
  const fleet = {
    firstName: "Marcus",
    lastName: "Reed",
    email: "marcus@reedhaul.com",
    phone: "555-0147",
    companyName: "Reed Hauling",
    city: "Dallas",
    fleetSize: 12,
    fleetType: "Semi trucks",
    type: 17,
  };
  it("the fleet sign-up: a state by code or name, in any letter case, stored as its code", async () => {
    for (const stateId of ["TX", "tx", "Texas", "TEXAS", " texas "]) {
      const r = await wireParse(fleetSignupSpec, { ...fleet, stateId });
      expect(r.success ? r.data : r.error?.issues, stateId).toMatchObject({ stateId: "TX", fleetSize: "12" });
    }
    expect((await wireParse(fleetSignupSpec, { ...fleet, stateId: "" })).success).toBe(true);
    expect((await wireParse(fleetSignupSpec, fleet)).success).toBe(true);
    expect((await wireParse(fleetSignupSpec, { ...fleet, stateId: "Texarkana" })).success).toBe(false);
    expect((await wireParse(fleetSignupSpec, { ...fleet, stateId: 48 })).success).toBe(false);
  });
  it("the business quote: numbers as text, choices and the state in any case", async () => {
    const r = await wireParse(quoteBusinessSpec, { ...quoteBusinessPayload(businessQuote), fleetSize: "25", state: "texas", tankType: "over ground" });
    expect(r.success ? r.data : r.error?.issues).toMatchObject({ fleetSize: 25, state: "TX", tankType: "Over Ground" });
  });
});

describe("short quote form", () => {
  const valid = {
    firstName: "Ana",
    lastName: "Lopez",
    email: "ana@buildright.com",
    phoneNumber: "2145550147",
    businessAddress: "400 Elm Street, Dallas, TX",
    city: "",
    zipCode: "75202",
    descriptionQuote: "",
    type: "19",
  };
  checkAll(quoteShortSpec, valid, [
    ["email", "ana", "Please enter a valid email"],
    ["email", "", "Email required"],
    ["phoneNumber", "214 555", "Must be only digits"],
    ["phoneNumber", "", "phoneNumber is required"],
    ["zipCode", "", "ZipCode is required"],
    ["businessAddress", "", "Business address is required"],
    ["firstName", "", "First name required"],
  ]);
  it("sends the first and last name (docs/deviations.md)", () => {
    const r = validateValues(quoteShortSpec, valid);
    expect(r.ok && r.payload).toMatchObject({ firstName: "Ana", lastName: "Lopez", type: 19 });
  });
});

const businessQuote: Values = {
  businessName: "BuildRight Construction",
  email: "fleet@buildright.com",
  phoneNumber: "2145550147",
  address2: "400 Elm Street",
  address1: "Dallas",
  city: "Dallas",
  state: "TX",
  zipCode: "75202",
  county: "Dallas County",
  country: "US",
  lat: "32.7811",
  long: "-96.7996",
  employeeSize: "200-500",
  fleetSize: "35",
  gallons: "1200",
  numberOfLocation: "3",
  frequency: "weekly",
  fuelType: "Diesel Clear/Red",
  tankType: "Over Ground",
  deliveryWindow: "20-24",
  descriptionQuote: "",
  type: "19",
};

describe("business quote form (spec 5)", () => {
  checkAll(quoteBusinessSpec, businessQuote, [
    ["email", "fleet@", "Please enter a valid email"],
    ["email", "", "Email required"],
    ["zipCode", "75-02", "Must be only digits"],
    ["zipCode", "", "ZipCode is required"],
    ["businessName", "Build#Right", "Please enter valid businessName"],
    ["businessName", "", "businessName name required"],
    ["frequency", "", "Please select Frequency"],
    ["employeeSize", "", "Please select employee size"],
    ["fleetSize", "", "Please enter fleet size"],
    ["fleetSize", "many", "Please enter fleet size"],
    ["gallons", "", "Please enter gallons"],
    ["tankType", "", "Please select tank type"],
    ["fuelType", "", "Please select fuel type"],
    ["phoneNumber", "214.555.01", "Must be only digits"],
    ["phoneNumber", "", "phoneNumber is required"],
    ["numberOfLocation", "3a", "Must be only digits"],
    ["numberOfLocation", "", "Number of location is required"],
    ["deliveryWindow", "", "Please select a delivery window"],
    ["address2", "", "Please enter the street address"],
  ]);
  it("leaves descriptionQuote optional and sends every field of section 3", () => {
    const r = validateValues(quoteBusinessSpec, businessQuote);
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    expect(Object.keys(r.payload).sort()).toEqual(
      [
        "businessName",
        "email",
        "phoneNumber",
        "businessAddress",
        "address1",
        "address2",
        "city",
        "state",
        "zipCode",
        "county",
        "country",
        "lat",
        "long",
        "employeeSize",
        "fleetSize",
        "gallons",
        "numberOfLocation",
        "frequency",
        "fuelType",
        "tankType",
        "deliveryWindowStartTime",
        "deliveryWindowEndTime",
        "campaignStartDate",
        "campaignEndDate",
        "type",
      ].sort(),
    );
    expect(r.payload).toMatchObject({
      businessAddress: "400 Elm Street, Dallas, TX 75202",
      employeeSize: 500,
      fleetSize: 35,
      gallons: 1200,
      numberOfLocation: 3,
      lat: "32.7811",
      long: "-96.7996",
      deliveryWindowStartTime: 72_000_000,
      deliveryWindowEndTime: 86_400_000,
    });
  });
  it("refuses a delivery window that is not one of the six 4-hour windows", () => {
    const payload = quoteBusinessPayload(businessQuote);
    const bad = quoteBusinessSchema.safeParse({ ...payload, deliveryWindowStartTime: 3_600_000, deliveryWindowEndTime: 18_000_000 });
    expect(bad.success).toBe(false);
    const skew = quoteBusinessSchema.safeParse({ ...payload, deliveryWindowEndTime: 0 });
    expect(skew.error?.issues[0]?.message).toBe("Please select a delivery window");
  });
  it("refuses lat/long that are not coordinates, and numbers sent as text", () => {
    const payload = quoteBusinessPayload(businessQuote);
    expect(quoteBusinessSchema.safeParse({ ...payload, lat: "north" }).success).toBe(false);
    expect(quoteBusinessSchema.safeParse({ ...payload, lat: 32.7 }).success).toBe(false);
    expect(quoteBusinessSchema.safeParse({ ...payload, gallons: "1200" }).success).toBe(false);
  });
});

describe("unknown fields", () => {
  it("are refused by every schema, by name", async () => {
    for (const spec of [newsletterSpec, personalLeadSpec, businessLeadSpec, saasLeadSpec, fleetSignupSpec, quoteShortSpec, quoteBusinessSpec]) {
      const r = safeParse(await resolveSchema(spec), { isAdmin: true });
      expect(r.success).toBe(false);
      expect(r.error?.issues.some((i) => i.code === "unrecognized_keys" && i.keys.includes("isAdmin"))).toBe(true);
    }
  });
});

describe("form type table", () => {
  it("covers the twenty codes of spec section 3 with a layout each, and every code a form declares", () => {
    const declared = [...new Set(forms.flatMap((f) => (f.layout ? Object.keys(f.types ?? {}).map(Number) : [])))].sort((a, b) => a - b);
    expect(formTypeCodes).toEqual(declared);
    expect(formTypeCodes).toEqual(expect.arrayContaining(Array.from({ length: 20 }, (_, i) => i + 1)));
    for (const code of formTypeCodes) expect(formTypes[code]?.layout).toBeTruthy();
  });
  it("gives each page of spec 2.4 its code", () => {
    expect(pageFormType).toMatchObject({
      "/": 1,
      "/faq": 1,
      "/careers": 1,
      "/our-process": 2,
      "/leaderShip-team": 3,
      "/fueling-the-future": 4,
      "/fuel-management-software": 5,
      "/gui-fleet": 6,
      "/geofencing": 7,
      "/diesel-on-demand": 8,
      "/gasoline": 9,
      "/autonomous-fleet-equipment": 10,
      "/our-fuel-techs-and-sefaty": 11,
      "/environmental-impact": 12,
      "/business-fleets-trucking-and-construction-companies": 13,
      "/automated-fleet": 14,
      "/retail-and-rurface-parking-lots": 15,
      "/investors": 16,
      "/chargeitup": 16,
      "/saas/home": 18,
      "/saas/geofence": 18,
      "/saas/fuelmanagement": 18,
      "/saas/fleetmanagement": 18,
      "/edm-pa": 20,
    });
  });
  it("shows business fields exactly where spec 2.4 says", () => {
    const business = formTypeCodes.filter((t) => formTypes[t]?.layout === "business");
    expect(business).toEqual([5, 13, 14, 20]);
  });
});

describe("form registry", () => {
  const onWebForm = (type: unknown) => formForBody("/web/form", { type })?.kind;
  it("finds a /web/form body's form by its type code", () => {
    for (const t of [1, 7, 9, 15]) expect(onWebForm(t)).toBe("lead-personal");
    for (const t of [5, 13, 14, 20]) expect(onWebForm(t)).toBe("lead-business");
    expect(onWebForm(17)).toBe("fleet");
    expect(onWebForm(18)).toBe("lead-saas");
    // 19 is the detailed quote's, on its own endpoint; the next free code is no form's.
    for (const t of [19, Math.max(...formTypeCodes) + 1, 0, "9", undefined]) expect(onWebForm(t)).toBeUndefined();
  });
  it("tells the two quote forms apart and gives other endpoints their one form", () => {
    expect(formForBody("/campaign/createCampaign", { businessName: "Acme" })).toBe(quoteBusinessSpec);
    expect(formForBody("/campaign/createCampaign", { firstName: "Ana" })).toBe(quoteShortSpec);
    expect(formForBody("/web/suscribe", { type: 99 })).toBe(newsletterSpec);
    expect(formForBody("/web/nothing", {})).toBeUndefined();
  });
  it("names every form once by its kind, for the no-JavaScript posts", () => {
    expect(new Set(forms.map((f) => f.kind)).size).toBe(forms.length);
    for (const f of forms) expect(formByKind(f.kind)).toBe(f);
    expect(formByKind("__proto__")).toBeUndefined();
    expect(formByKind(undefined)).toBeUndefined();
  });
});

import { describe, expect, it } from "vitest";
import { campaignDates, quoteBusinessPayload } from "./forms/kinds/quote-business";
import { receiptSummary, salesNotification } from "./mail.server";
import { receiptFieldNames, salesFields } from "./mail-fields.server";

/** A business quote as /getafleet sends it, with the fields the form fills in by itself. */
const quote = quoteBusinessPayload(
  {
    businessName: "Ross Avenue Movers",
    email: "fleet@example.com",
    phoneNumber: "2145550199",
    address2: "2100 Ross Avenue",
    address1: "Dallas",
    city: "Dallas",
    state: "TX",
    zipCode: "75201",
    county: "Dallas County",
    country: "US",
    lat: "32.78",
    long: "-96.80",
    employeeSize: "50-100",
    fleetSize: "30",
    gallons: "4000",
    numberOfLocation: "2",
    frequency: "weekly",
    fuelType: "Gasoline",
    tankType: "Over Ground",
    deliveryWindow: "08-12",
    descriptionQuote: "",
    type: "19",
  },
  new Date(2026, 5, 1),
);

const lead = {
  id: 7,
  submissionId: "abcdef12-0000",
  kind: "quote-business",
  type: 19,
  email: "fleet@example.com",
  pagePath: "/getafleet",
  createdAt: "2026-06-01T10:00:00.000Z",
};

describe("the visitor's receipt", () => {
  it("names the fields the visitor filled in, as the form named them, and none the form filled in by itself", () => {
    const names = receiptFieldNames(quote);
    expect(names).toEqual([
      "Business name",
      "E-mail",
      "Phone",
      "Street address",
      "City",
      "County",
      "State",
      "ZIP code",
      "Employees",
      "Fleet size",
      "Fuel type",
      "Tank type",
      "Gallons",
      "Number of locations",
      "Delivery frequency",
      "Delivery window",
    ]);
    for (const machine of ["Latitude", "Longitude", "Place name", "Country", "Campaign starts", "Campaign ends", "Business address"]) {
      expect(names).not.toContain(machine);
    }
    const sent = receiptSummary({ ...lead, payload: quote }).find((f) => f.label === "Fields sent");
    expect(sent?.value).toMatch(/^Business name, E-mail, Phone, Street address/);
  });

  it("the short quote's typed business address is named", () => {
    expect(receiptFieldNames({ email: "a@example.com", phoneNumber: "2145550199", zipCode: "75201", businessAddress: "1 Main St" })).toEqual([
      "E-mail",
      "Phone",
      "Business address",
      "ZIP code",
    ]);
  });
});

describe("the note to sales", () => {
  it("gives every field in words: one map position, one quote period, no desk qualifiers", () => {
    const fields = salesFields(quote);
    const labels = fields.map((f) => f.label);
    expect(labels).not.toContain("Latitude");
    expect(labels).not.toContain("Campaign starts");
    expect(labels).not.toContain("Phone (quote)");
    expect(fields.find((f) => f.key === "position")).toMatchObject({ label: "Map position (latitude, longitude)", value: "32.78, -96.80" });
    const { campaignStartDate, campaignEndDate } = campaignDates(new Date(2026, 5, 1));
    expect(campaignStartDate).toBe(quote.campaignStartDate);
    expect(campaignEndDate).toBe(quote.campaignEndDate);
    expect(fields.find((f) => f.key === "campaign")?.value).toBe("January 1, 2026 to December 31, 2026");
    expect(fields.find((f) => f.key === "address1")).toMatchObject({ label: "Place (from the address suggestion)", value: "Dallas" });
    expect(fields.find((f) => f.key === "phoneNumber")).toMatchObject({ label: "Phone", value: "2145550199" });
    const mail = salesNotification({ ...lead, payload: quote }, "https://www.fillway.com");
    expect(mail.text).toContain("Map position (latitude, longitude): 32.78, -96.80");
    expect(mail.text).not.toMatch(/Latitude|Campaign starts|Place name/);
  });
});

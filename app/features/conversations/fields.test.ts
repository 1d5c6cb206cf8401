import { describe, expect, it } from "vitest";
import { fieldList, fillFields, remainingFields, unknownFields } from "./fields";

describe("template fields", () => {
  it("fills the fields the lead has, in any case and spacing, and lists those it lacks once each", () => {
    const { text, missing } = fillFields("Hi {First Name}, about {business} and { business } ({reference}) — {owner name}", {
      "first name": "Dana",
      reference: "#3F9A2C1B",
      "owner name": "  ",
    });
    expect(text).toBe("Hi Dana, about {business} and { business } (#3F9A2C1B) — {owner name}");
    expect(missing).toEqual(["business", "owner name"]);
  });

  it("leaves braces that name no field alone, and names them for the template's check", () => {
    expect(fillFields("{firstname} {}", { "first name": "Dana" }).text).toBe("{firstname} {}");
    expect(unknownFields("Hello {firstname}, {my name} {Firstname}")).toEqual(["{firstname}", "{Firstname}"]);
    expect(unknownFields("Hello {first name}")).toEqual([]);
  });

  it("finds the fields still written as markers, and names them for a sentence", () => {
    expect(remainingFields("Dear {name},\n{ MY  NAME }")).toEqual(["name", "my name"]);
    expect(remainingFields("Dear Dana")).toEqual([]);
    expect(fieldList(["business"])).toBe("{business}");
    expect(fieldList(["business", "name", "reference"])).toBe("{business}, {name} and {reference}");
  });
});

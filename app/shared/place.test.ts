import { describe, expect, it } from "vitest";
import { cityInAddress, leadCity, placeLookup } from "./place";

const places = placeLookup([
  { zip: "79101", city: "Amarillo", stateCode: "TX" },
  { zip: "79015", city: "Canyon", stateCode: "TX" },
  { zip: "10001", city: "New York", stateCode: "NY" },
  { zip: "20001", city: "Washington", stateCode: "DC" },
  { zip: "98101", city: "Seattle", stateCode: "WA" },
  { zip: "64105", city: "Kansas City", stateCode: "MO" },
  { zip: "66101", city: "Kansas City", stateCode: "KS" },
]);

describe("a lead's city from its address or ZIP code", () => {
  it("reads the city an address names before its state, with or without a ZIP code or a comma", () => {
    expect(cityInAddress("1 Main St, Amarillo, TX", places)).toBe("Amarillo");
    expect(cityInAddress("1 Main St, Amarillo, TX 79101", places)).toBe("Amarillo");
    expect(cityInAddress("1 Main St, Suite 200, amarillo, Texas, USA", places)).toBe("Amarillo");
    expect(cityInAddress("1 Main St, Amarillo TX 79101-1234", places)).toBe("Amarillo");
    expect(cityInAddress("350 5th Ave, New York, NY", places)).toBe("New York");
    expect(cityInAddress("1600 Pennsylvania Ave NW, Washington, DC 20500", places)).toBe("Washington");
    expect(cityInAddress("1 Grand Blvd, Kansas City, Missouri", places)).toBe("Kansas City");
  });

  it("takes the ZIP code's state when the address names none, and no city the data does not know", () => {
    expect(cityInAddress("1 Main St, Amarillo", places, "TX")).toBe("Amarillo");
    expect(cityInAddress("1 Main St, Amarillo", places, "WA")).toBeUndefined();
    expect(cityInAddress("1 Main St, Springfield, TX", places)).toBeUndefined();
    expect(cityInAddress("1 Main St", places)).toBeUndefined();
    expect(cityInAddress("", places)).toBeUndefined();
  });

  it("keeps the typed city first, then the address's, then the ZIP code's", () => {
    expect(leadCity({ city: " Canyon ", address: "1 Main St, Amarillo, TX", zip: "79101" }, places)).toBe("Canyon");
    expect(leadCity({ city: "", address: "1 Main St, Canyon, TX", zip: "79101" }, places)).toBe("Canyon");
    expect(leadCity({ address: "1 Main St", zip: "79101" }, places)).toBe("Amarillo");
    expect(leadCity({ zip: "98101" }, places)).toBe("Seattle");
    expect(leadCity({ zip: "00000" }, places)).toBeNull();
    expect(leadCity({}, places)).toBeNull();
  });
});

import { describe, expect, it } from "vitest";
import { countyDisplayName, searchCities, searchZips, zipIndex } from "./zip-data.server";

describe("county names", () => {
  it("reads GeoNames county names the way people write them", () => {
    expect(countyDisplayName("Dallas", "TX")).toBe("Dallas County");
    expect(countyDisplayName("Orleans", "LA")).toBe("Orleans Parish");
    expect(countyDisplayName("Plaquemines Parish", "LA")).toBe("Plaquemines Parish");
    expect(countyDisplayName("Norfolk (city)", "VA")).toBe("City of Norfolk");
    expect(countyDisplayName("Colonial Heights (city", "VA")).toBe("City of Colonial Heights");
    expect(countyDisplayName("Carson City (city)", "NV")).toBe("Carson City");
    expect(countyDisplayName("James City", "VA")).toBe("James City County");
    expect(countyDisplayName("Nome (CA)", "AK")).toBe("Nome Census Area");
    expect(countyDisplayName("Kenai Peninsula", "AK")).toBe("Kenai Peninsula Borough");
    expect(countyDisplayName("Anchorage Municipality", "AK")).toBe("Anchorage Municipality");
    expect(countyDisplayName("City and County of San Francisco", "CA")).toBe("City and County of San Francisco");
    expect(countyDisplayName("District of Columbia", "DC")).toBe("District of Columbia");
    expect(countyDisplayName("", "TX")).toBe("");
  });
});

describe("ZIP index", () => {
  it("holds the real US ZIP codes, without military codes", async () => {
    const index = await zipIndex();
    expect(index.byZip.size).toBeGreaterThan(40_000);
    expect(index.byZip.get("10001")).toMatchObject({ city: "New York", stateCode: "NY", county: "New York County" });
    expect([...index.byZip.values()].every((p) => p.stateCode)).toBe(true);
  });
  it("finds cities by prefix and ZIPs by prefix", async () => {
    const index = await zipIndex();
    expect(searchCities(index, "  SAN   ANTO")[0]).toMatchObject({ city: "San Antonio", stateCode: "TX" });
    expect(searchCities(index, "")).toEqual([]);
    expect(
      searchZips(index, "902")
        .flatMap((c) => c.places.map((p) => p.zip))
        .every((z) => z.startsWith("902")),
    ).toBe(true);
    expect(searchZips(index, "99999")).toEqual([]);
  });
});
